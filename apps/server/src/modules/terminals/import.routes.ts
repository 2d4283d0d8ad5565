import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { Type, type Static } from 'typebox';
import ExcelJS from 'exceljs';
import type { ImportResult, ImportRowCheck, ImportVerifyResult } from '@chelian/contracts';
import { responseOf } from '../../http/contract.ts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError } from '../../http/errors.ts';
import { splitList } from '../../http/listInput.ts';
import { permission } from '../accounts/permissions.ts';
import { importRecords, summary, verifyRecords, type ImportOptions } from './import.service.ts';
import { MAX_IMPORT_ROWS, readSheet, recordsOf, type SheetRecord } from './sheetRows.ts';

const RowCheckSchema = responseOf<ImportRowCheck>()(Type.Object({ row: Type.Integer(), terminalId: Type.String(), plate: Type.String(), ok: Type.Boolean(), errors: Type.Array(Type.String()) }));
const VerifyResult = responseOf<ImportVerifyResult>()(Type.Object({ total: Type.Integer(), valid: Type.Integer(), invalid: Type.Integer(), rows: Type.Array(RowCheckSchema) }));
const ImportResultSchema = responseOf<ImportResult>()(Type.Object({ total: Type.Integer(), terminals: Type.Integer(), vehicles: Type.Integer() }));

const VerifyFields = Type.Object({
  terminalIds: Type.Optional(Type.String({ maxLength: 200_000 })),
  plates: Type.Optional(Type.String({ maxLength: 200_000 })),
  protocol: Type.Optional(Type.String({ maxLength: 16 })),
  rows: Type.Optional(Type.Array(Type.Object({
    terminalId: Type.Optional(Type.String({ maxLength: 24 })),
    plate: Type.Optional(Type.String({ maxLength: 16 })),
    protocol: Type.Optional(Type.String({ maxLength: 16 })),
  }), { maxItems: MAX_IMPORT_ROWS })),
});
// Form or JSON bodies are validated; a multipart upload (a file to check) is read by the handler.
const VerifyBody = { content: { 'application/x-www-form-urlencoded': { schema: VerifyFields }, 'application/json': { schema: VerifyFields } } };
const ImportQuery = Type.Object({ accountId: Type.Optional(Type.Integer({ minimum: 1 })), protocol: Type.Optional(Type.String({ maxLength: 16 })) });
const TemplateQuery = Type.Object({ format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')])) });

/** The uploaded sheet and its form fields (fields may precede the file, or ride in the query). */
async function upload(request: FastifyRequest): Promise<{ records: SheetRecord[]; opts: ImportOptions }> {
  const file: MultipartFile | undefined = await request.file();
  if (!file) throw new AppError('badRequest', '请选择要上传的文件');
  const content = await file.toBuffer();
  const field = (name: string) => {
    const f = file.fields[name] as { value?: unknown } | undefined;
    return typeof f?.value === 'string' && f.value !== '' ? f.value : undefined;
  };
  const query = request.query as Static<typeof ImportQuery>;
  const accountText = field('accountId');
  const accountId = accountText === undefined ? query.accountId : Number(accountText);
  if (accountId !== undefined && (!Number.isSafeInteger(accountId) || accountId < 1)) throw new AppError('badRequest', '请求参数错误：accountId 格式不正确');
  const protocol = field('protocol') ?? query.protocol;
  if (protocol !== undefined && protocol.length > 16) throw new AppError('badRequest', '请求参数错误：protocol 过长');
  return { records: recordsOf(await readSheet(content, file.filename)), opts: { accountId, protocol } };
}

/** Batch import (Excel or CSV) and the check that runs before it. */
export function importRoutes(ctx: AppContext, app: FastifyInstance) {
  app.post('/car/v4/api/vehicle/vehicleVerify.json', { schema: { body: VerifyBody, querystring: ImportQuery, response: { 200: VerifyResult } } }, async (request) => {
    const user = caller(request);
    if (request.isMultipart()) {
      const { records, opts } = await upload(request);
      return summary(await verifyRecords(ctx.db, user, records, opts));
    }
    const body = (request.body ?? {}) as Static<typeof VerifyFields>;
    let records: SheetRecord[];
    if (body.rows) records = body.rows.map((r, i) => ({ row: i + 1, terminalId: r.terminalId?.trim(), plate: r.plate?.trim(), protocol: r.protocol }));
    else {
      const ids = splitList(body.terminalIds, MAX_IMPORT_ROWS);
      const plates = splitList(body.plates, MAX_IMPORT_ROWS);
      records = Array.from({ length: Math.max(ids.length, plates.length) }, (_, i) => ({ row: i + 1, terminalId: ids[i], plate: plates[i] }));
    }
    if (records.length === 0) throw new AppError('badRequest', '请填写要校验的设备号或车牌号');
    return summary(await verifyRecords(ctx.db, user, records, { protocol: body.protocol || undefined }));
  });

  const runImport = async (request: FastifyRequest) => {
    const { records, opts } = await upload(request);
    return importRecords(ctx.db, ctx.bus, caller(request), records, opts);
  };
  app.post('/car/v4/api/vehicle/import.json', { config: { permission: permission('car:vehicle:import') }, schema: { querystring: ImportQuery, response: { 200: ImportResultSchema } } }, runImport);
  app.post('/car/v4/api/terminal/import.json', { config: { permission: permission('system:terminal:import') }, schema: { querystring: ImportQuery, response: { 200: ImportResultSchema } } }, runImport);

  app.get('/car/v4/api/vehicle/importTemplate.json', { config: { raw: true }, schema: { querystring: TemplateQuery } }, async (request, reply) => {
    // The first header alias of each column in sheetRows.ts.
    const headers = ['设备号', '协议', '型号', 'SIM卡号', '车牌号', '名称', '类型', '分组', '司机', '司机电话', '服务到期', '备注'];
    const example = ['013800138000', 'JT808', 'JT701', '1440012345678', '粤B12345', '', '车辆', '默认分组', '张三', '13800138000', '2027-12-31', ''];
    const name = encodeURIComponent('车辆导入模板');
    if ((request.query as Static<typeof TemplateQuery>).format === 'csv') {
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename*=UTF-8''${name}.csv`)
        .send(`\uFEFF${headers.join(',')}\n${example.join(',')}\n`);
    }
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('车辆导入');
    sheet.addRow(headers).font = { bold: true };
    sheet.addRow(example);
    sheet.columns.forEach((c) => (c.width = 16));
    sheet.getColumn(1).numFmt = '@'; // identifiers stay text: leading zeros survive
    return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${name}.xlsx`).send(Buffer.from(await book.xlsx.writeBuffer()));
  });
}
