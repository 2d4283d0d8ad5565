import { EXPORT_ERRORS, MAX_EXPORT_ROWS, type ErrorEntry, type ExportType } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import type { Permission } from '../../core/permissions.ts';
import type { ExportRow } from './exports.queries.ts';
import { writeXlsx } from './xlsxStream.ts';

/**
 * The download centre's Excel files: what one kind of export is (ExportKind), the one workbook
 * format every file has, and reading a report's rows window by window (or through a cursor) into it.
 */

export interface ExportFile {
  fileName: string;
  /** The file's bytes, or a workbook still to be written (see WorkbookSource). */
  content: Buffer | WorkbookSource;
}

/** One kind of export the queue can make; the list of them is given to the exports service. */
export interface ExportKind {
  /** The reportType the web asks for. */
  type: ExportType;
  /** Shown in the download centre. */
  title: string;
  /**
   * What the caller's role must hold: the permissions of the list the file exports (and
   * report:export for a report). The exports service checks them when the file is asked for and
   * again when it is made, so no kind can leave them out.
   */
  permissions: readonly Permission[];
  /** Checked when the export is queued (filters, scope): a refusal answers the request itself. */
  validate?(ctx: AppContext, user: SessionUser, params: Record<string, unknown>): Promise<void>;
  generate(ctx: AppContext, job: ExportRow): Promise<ExportFile>;
}

export type SheetColumn = { header: string; key: string; width?: number };

/** Where a workbook's bytes go as they are made: the download centre's stored parts, or memory. */
export interface ByteSink {
  write(chunk: Buffer): void;
  /** Resolves once what was written so far is stored: the writer waits for it between windows, so memory holds about one window. */
  drain(): Promise<void>;
}

/** The most rows a workbook may have, and the failure past them. */
export type RowLimit = { rows: number; error: ErrorEntry };

/**
 * A one-sheet workbook not yet written: the rows are read (window by window, from a cursor or
 * pages) only when it is written to a sink, so the caller decides where the bytes go and how
 * many rows it takes (the queue: Excel's limit; a direct download: a small one).
 */
export interface WorkbookSource {
  /** Writes the file into `sink`; returns the number of data rows. */
  writeTo(sink: ByteSink, limit?: RowLimit): Promise<number>;
}

const EXCEL_LIMIT: RowLimit = { rows: MAX_EXPORT_ROWS, error: EXPORT_ERRORS.tooManyRows };

/**
 * Every export's file format: one sheet with a bold, frozen header (xlsxStream.ts). Rows are
 * written as the windows arrive and each window's bytes are stored before the next window is
 * read: memory holds one window and one part of the file, never every row. Past the limit's rows
 * the writing stops (the cursor is closed) with its error.
 */
export function workbook(sheetName: string, columns: SheetColumn[], rows: object[] | AsyncIterable<object[]>): WorkbookSource {
  return {
    async writeTo(sink, limit = EXCEL_LIMIT) {
      const count = await writeXlsx((chunk) => sink.write(chunk), {
        name: sheetName,
        columns,
        rows: Array.isArray(rows)
          ? (async function* one() {
              yield rows;
            })()
          : rows,
        beforeWindow: (sofar, window) => {
          if (sofar + window.length > limit.rows) throw new AppError(limit.error, { params: { rows: limit.rows } });
        },
        afterWindow: () => sink.drain(),
      });
      await sink.drain();
      return count;
    },
  };
}

/** A sink that keeps the bytes in memory (small files: a direct download, tests). */
export function memorySink(): ByteSink & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  return { write: (chunk) => void chunks.push(chunk), drain: async () => {}, bytes: () => Buffer.concat(chunks) };
}

/** The bytes of a file, whichever way its kind made it. */
export async function fileBytes(content: Buffer | WorkbookSource, limit?: RowLimit): Promise<Buffer> {
  if (Buffer.isBuffer(content)) return content;
  const sink = memorySink();
  await content.writeTo(sink, limit);
  return sink.bytes();
}

const WINDOW = 2000;

/**
 * A report's rows through a server-side cursor, WINDOW at a time: the whole query runs once, and
 * memory holds one window (Db.cursor). For a report whose SQL reads everything in one statement.
 */
export function cursorWindows<T>(db: Db, query: { sql: string; params: unknown[] }): AsyncGenerator<T[]> {
  return db.cursor<T>(query.sql, query.params, WINDOW);
}

/**
 * A report's rows, read WINDOW at a time through its page query (limit/offset), so the limit is
 * Excel's own: past MAX_EXPORT_ROWS the caller is asked to narrow the range. For reports whose
 * page reads more per row (trips) or are small; a long list reads through cursorWindows.
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
