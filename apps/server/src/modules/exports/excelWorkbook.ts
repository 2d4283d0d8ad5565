import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { EXPORT_ERRORS, MAX_EXPORT_ROWS } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import type { ExportRow } from './exports.queries.ts';

/**
 * The download centre's Excel files: what one kind of export is (ExportKind), the one workbook
 * format every file has, and reading a report's rows window by window into it.
 */

export interface ExportFile {
  fileName: string;
  content: Buffer;
}

/** One kind of export the queue can make; the list of them is given to the exports service. */
export interface ExportKind {
  /** The reportType the web asks for (REPORT_EXPORT_TYPES, userList). */
  type: string;
  /** Shown in the download centre. */
  title: string;
  /** Checked when the export is queued (permission, filters): a refusal answers the request itself. */
  validate?(ctx: AppContext, user: SessionUser, params: Record<string, unknown>): Promise<void>;
  generate(ctx: AppContext, job: ExportRow): Promise<ExportFile>;
}

export type SheetColumn = { header: string; key: string; width?: number };

/**
 * Writes rows to a one-sheet workbook with a bold header: every export's file format. Rows are
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

const WINDOW = 5000;

/**
 * A report's rows, read WINDOW at a time through its page query (limit/offset), so the limit is
 * Excel's own: past MAX_EXPORT_ROWS the caller is asked to narrow the range.
 */
export async function* windows<T>(page: (limit: number, offset: number) => Promise<T[]>): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += WINDOW) {
    const rows = await page(WINDOW, offset);
    if (offset + rows.length > MAX_EXPORT_ROWS) throw new AppError(EXPORT_ERRORS.tooManyRows, { params: { rows: MAX_EXPORT_ROWS } });
    yield rows;
    if (rows.length < WINDOW) return;
  }
}

export async function* mapWindows<T, U>(source: AsyncIterable<T[]>, map: (rows: T[]) => U[] | Promise<U[]>): AsyncGenerator<U[]> {
  for await (const rows of source) yield await map(rows);
}
