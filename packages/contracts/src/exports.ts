/**
 * The download centre (system centre): Excel exports queued by any page, made by the jobs role,
 * listed and downloaded by their owner only.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable, OneOf, OneOfChecked, PageQuery, pageOf } from './schemas.ts';
import { REPORT_EXPORT_TYPES } from './reports.ts';

/** Past this many rows an export asks to narrow the range (Excel's own limit is 1 048 576 a sheet). */
export const MAX_EXPORT_ROWS = 1_000_000;

/** Up to this many rows a report's Excel file downloads at once (exportDirect); past it, through the queue (create). */
export const DIRECT_EXPORT_MAX_ROWS = 10_000;

/** What the download centre makes: the user list or a report (REPORT_EXPORT_TYPES). */
export const EXPORT_TYPES = ['userList', ...Object.values(REPORT_EXPORT_TYPES)] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const ExportRecordSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  reportType: OneOf(EXPORT_TYPES),
  status: OneOf(EXPORT_STATUSES),
  created: Type.Number(),
  finished: Nullable(Type.Number()),
  fileName: Type.String(),
  size: Type.Integer(),
  /** why it failed, in Chinese */
  error: Type.String(),
});
export type ExportRecord = Static<typeof ExportRecordSchema>;

const ExportRecordPageSchema = pageOf(ExportRecordSchema);

const base = '/car/v1/accelerate/export';

const ExportInput = Type.Object({
  /** One of EXPORT_TYPES; another is answered by the service's EXPORT_ERRORS.unknownType. */
  reportType: OneOfChecked(EXPORT_TYPES, { minLength: 1, maxLength: 40 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  params: Type.Optional(Type.String({ maxLength: 10_000 })),
});

export const exportEndpoints = {
  /** reportType: userList or a REPORT_EXPORT_TYPES value; params: the report's filters as JSON text */
  create: endpoint({
    method: 'POST',
    path: `${base}/exportDataReport.json`,
    tag: '下载中心',
    summary: '创建导出任务',
    input: ExportInput,
    answer: ExportRecordSchema,
  }),
  /**
   * The same export's file at once, for a small result: at most the server's direct limit
   * (DIRECT_EXPORT_MAX_ROWS by default) rows, else export.tooLargeForDirect (queue it with create).
   */
  direct: endpoint({
    method: 'POST',
    path: `${base}/exportDataReportFile.json`,
    tag: '下载中心',
    summary: '直接导出报表',
    input: ExportInput,
    produces: 'excel',
  }),
  list: endpoint({
    method: 'GET',
    path: `${base}/listExportRecord.json`,
    tag: '下载中心',
    summary: '查询导出记录',
    permission: 'center:download',
    input: PageQuery,
    answer: ExportRecordPageSchema,
  }),
  /** The file itself; the session may come in the query, so a plain link (iframe) downloads it. */
  download: endpoint({
    method: 'GET',
    path: `${base}/download.json`,
    tag: '下载中心',
    summary: '下载导出文件',
    permission: 'center:download',
    input: Type.Object({ id: Id(), sessionId: Type.Optional(Type.String({ maxLength: 128 })) }),
    produces: 'excel',
  }),
};

export const EXPORT_ERRORS = defineErrors('export', {
  unknownType: '不支持的报表类型',
  badParams: { msg: '报表参数格式错误', status: 400 },
  fileNotFound: { msg: '文件不存在或无权下载', status: 404 },
  notReady: '文件尚未生成完成，请稍后再试',
  tooManyRows: '导出数据超过{rows}行，请缩小查询范围',
  tooLargeForDirect: '导出数据超过{rows}行，请通过导出任务导出',
  userDisabled: '用户已停用',
  failed: '报表生成失败，请稍后重试',
});
