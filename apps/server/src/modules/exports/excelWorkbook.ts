import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../auth/session.service.ts';
import { exportsQueries, type ExportRow } from './exports.queries.ts';

export interface ReportFile {
  fileName: string;
  content: Buffer;
}

export interface ReportDefinition {
  /** Shown in the download centre. */
  title: string;
  /** Checked when the export is queued (permission, filters): a refusal answers the request itself. */
  validate?(ctx: AppContext, user: SessionUser, params: Record<string, unknown>): Promise<void>;
  generate(ctx: AppContext, job: ExportRow): Promise<ReportFile>;
}

/** Report types the export queue can produce; later modules register theirs (mileage, alarms…). */
const registry = new Map<string, ReportDefinition>();

export function registerReport(type: string, def: ReportDefinition) {
  registry.set(type, def);
}

export function reportDefinition(type: string): ReportDefinition | undefined {
  return registry.get(type);
}

export function reportTypes(): Array<{ value: string; label: string }> {
  return [...registry].map(([value, def]) => ({ value, label: def.title }));
}

export type SheetColumn = { header: string; key: string; width?: number };

/**
 * Writes rows to a one-sheet workbook with a bold header: every report's file format. Rows are
 * written as the windows arrive (ExcelJS's streaming writer), so only the compressed file and one
 * window are in memory, never every row and its cells.
 */
export async function workbook(sheetName: string, columns: SheetColumn[], rows: object[] | AsyncIterable<object[]>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = '车联';
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ ...c, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  for await (const window of Array.isArray(rows) ? [rows] : rows) for (const row of window) sheet.addRow(row).commit();
  await sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

// The account's users: the first real report, useful to every administrator.
registerReport('userList', {
  title: '用户列表',
  async generate(ctx, job) {
    const rows = await exportsQueries.usersOfSubtree(ctx.db, job.account_id);
    const content = await workbook('用户列表', [
      { header: '用户名', key: 'username' },
      { header: '姓名', key: 'name' },
      { header: '所属账户', key: 'account', width: 24 },
      { header: '角色', key: 'role' },
      { header: '手机号', key: 'phone' },
      { header: '最近登录', key: 'lastLogin', width: 22 },
    ], rows.map((r) => ({ ...r, phone: r.phone ? `${r.phone.slice(0, 3)}****${r.phone.slice(-4)}` : '', lastLogin: r.last_login_at?.toISOString().replace('T', ' ').slice(0, 19) ?? '' })));
    return { fileName: `用户列表-${job.id}.xlsx`, content };
  },
});
