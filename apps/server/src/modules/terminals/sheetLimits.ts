/**
 * Bounds on an uploaded import sheet (vehicles, terminals, 智能工牌 staff, 新国标 records), each
 * checked as early as it can be: the upload's size while it arrives, the zip's inflated bytes and
 * elements while they stream, rows and cells before the sheet is loaded, and the whole parse in a
 * worker thread with its own heap and clock (sheetPool.ts). docs/security.md lists them.
 */
export const SHEET_LIMITS = {
  /** The uploaded file as sent (an .xlsx is compressed): a full 10 000-row template is well under 1 MB. */
  fileBytes: 5 * 1024 * 1024,
  /** Every zip entry inflated, together: a zip bomb is stopped here, while it inflates. */
  unzippedBytes: 64 * 1024 * 1024,
  /** Entries in the zip (an Excel workbook has a dozen or two). */
  zipEntries: 200,
  /** Data rows a sheet may hold: the import template's row limit. */
  rows: 10_000,
  /** Row elements a worksheet may hold before it is loaded at all: the rows, the header and some blank rows. */
  rowElements: 10_050,
  /** Cells of every worksheet and shared strings together (10 000 rows × 50 columns). */
  cells: 500_000,
  /** Columns read from each row; more are ignored. */
  columns: 50,
  /** A parse's time in its worker, from the moment it is handed over; the worker is then ended. */
  parseMs: 20_000,
  /** The worker's V8 old-generation heap; a parse past it ends the worker, not the server. */
  workerHeapMb: 384,
  /** Parses waiting for the worker; beyond that, an upload is refused at once. */
  queued: 8,
} as const;

/** Why a sheet was refused; the worker sends this back, the server turns it into a catalogue error. */
export type SheetRefusal = 'unreadable' | 'tooManyRows' | 'tooManyCells' | 'unzippedTooLarge' | 'timeout' | 'queueFull' | 'failed';

export class SheetRefused extends Error {
  constructor(readonly reason: SheetRefusal) {
    super(reason);
  }
}
