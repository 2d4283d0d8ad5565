import ExcelJS from 'exceljs';
import { SHEET_LIMITS, SheetRefused } from './sheetLimits.ts';
import { checkXlsxBounds } from './sheetZip.ts';

/**
 * An uploaded sheet's rows, every cell as trimmed text, within SHEET_LIMITS. Runs in the sheet
 * worker (sheet.worker.ts), never on the server's event loop: refusals are SheetRefused reasons,
 * which the server turns into its catalogue's messages (sheetRows.ts).
 */

/**
 * Text a CSV may be: no NUL and no other control byte but tab, CR, LF (a binary file — an image,
 * a PDF, an old .xls — is refused, whatever its name says).
 */
function looksLikeText(content: Buffer): boolean {
  const head = content.subarray(0, 8192);
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  return true;
}

/** The rows of the first sheet of an .xlsx or a CSV file, blank rows left out; which one is told by the bytes, not the name. */
export async function parseSheet(content: Buffer, fileName: string): Promise<string[][]> {
  const isZip = content.length > 4 && content[0] === 0x50 && content[1] === 0x4b; // 'PK': an xlsx is a zip
  if (!isZip && (/\.xlsx?$/i.test(fileName) || !looksLikeText(content))) throw new SheetRefused('unreadable');
  const rows = isZip ? await readXlsx(content) : readCsv(decodeText(content));
  if (rows.length - 1 > SHEET_LIMITS.rows) throw new SheetRefused('tooManyRows');
  return rows;
}

const isBlank = (row: string[]) => row.every((c) => c === '');

async function readXlsx(content: Buffer): Promise<string[][]> {
  await checkXlsxBounds(content);
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new SheetRefused('unreadable');
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  // Row numbers may jump (<row r="1000000">) past the elements counted before loading.
  if (sheet.rowCount > SHEET_LIMITS.rowElements) throw new SheetRefused('tooManyRows');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(row.cellCount, SHEET_LIMITS.columns); c++) cells.push(cellText(row.getCell(c).value));
    if (!isBlank(cells)) rows.push(cells);
  });
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // Excel dates carry no zone; they are the wall-clock time the operator typed (Beijing).
    return value.toISOString().slice(0, 19).replace('T', ' ');
  }
  // 15-digit IMEIs typed into Excel become numbers; print them without exponent.
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('text' in value) return String(value.text).trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value).trim();
}

/** UTF-8 (with or without BOM), else GB18030: Excel in China saves CSV in the local code page. */
export function decodeText(content: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(content).replace(/^\uFEFF/, '');
  if (!utf8.includes('\uFFFD')) return utf8;
  return new TextDecoder('gb18030').decode(content);
}

/**
 * RFC 4180: quoted fields may hold commas, quotes ("") and line breaks. Blank rows are dropped as
 * they are read and cells past SHEET_LIMITS.columns are not kept, so a file of line breaks or of
 * commas costs no memory; reading stops one row past the row limit.
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    if (row.length < SHEET_LIMITS.columns) row.push(field.trim());
    field = '';
  };
  const endRow = () => {
    endField();
    if (!isBlank(row)) rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length && rows.length <= SHEET_LIMITS.rows + 1; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  if (field !== '' || row.length) endRow();
  return rows;
}
