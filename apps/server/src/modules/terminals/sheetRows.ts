import ExcelJS from 'exceljs';
import { PLATE_COLORS, TERMINAL_ERRORS } from '@chelian/contracts';
import { AppError } from '../../http/errors.ts';

export const MAX_IMPORT_ROWS = 10_000;

const tooManyRows = () => new AppError(TERMINAL_ERRORS.tooManyRows, { params: { max: MAX_IMPORT_ROWS } });

/**
 * Text a CSV may be: no NUL and no other control byte but tab, CR, LF (a binary file — an image,
 * a PDF, an old .xls — is refused, whatever its name says).
 */
function looksLikeText(content: Buffer): boolean {
  const head = content.subarray(0, 8192);
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  return true;
}

/** The rows of the first sheet of an .xlsx or a CSV file, every cell as trimmed text; which one is told by the bytes, not the name. */
export async function readSheet(content: Buffer, fileName: string): Promise<string[][]> {
  const isZip = content.length > 4 && content[0] === 0x50 && content[1] === 0x4b; // 'PK': an xlsx is a zip
  if (!isZip && (/\.xlsx?$/i.test(fileName) || !looksLikeText(content))) throw new AppError(TERMINAL_ERRORS.fileUnreadable);
  const rows = isZip ? await readXlsx(content) : readCsv(decodeText(content));
  const nonEmpty = rows.filter((r) => r.some((c) => c !== ''));
  if (nonEmpty.length - 1 > MAX_IMPORT_ROWS) throw tooManyRows();
  return nonEmpty;
}

async function readXlsx(content: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new AppError(TERMINAL_ERRORS.fileUnreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  if (sheet.rowCount > MAX_IMPORT_ROWS + 50) throw tooManyRows();
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(row.cellCount, 50); c++) cells.push(cellText(row.getCell(c).value));
    rows.push(cells);
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
    if ('richText' in value) return value.richText.map((t) => t.text).join('').trim();
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

/** RFC 4180: quoted fields may hold commas, quotes ("") and line breaks. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field.trim());
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field.trim());
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field.trim());
    rows.push(row);
  }
  return rows;
}

/** Column headers accepted for each field (Chinese as in our template, or the API names). */
export const COLUMNS = {
  terminalId: ['设备号', '终端号', '设备IMEI', 'IMEI', '终端手机号', 'terminalId'],
  protocol: ['协议', '设备协议', 'protocol'],
  model: ['型号', '设备型号', 'model'],
  sim: ['SIM卡号', 'SIM', 'sim'],
  plate: ['车牌号', '车牌', 'plate'],
  plateColor: ['车牌颜色', 'plateColor'],
  name: ['名称', '车辆名称', '资产名称', 'name'],
  type: ['类型', '资产类型', 'type'],
  group: ['分组', '车辆分组', 'group'],
  driver: ['司机', '驾驶员', 'driver'],
  driverPhone: ['司机电话', '联系电话', 'driverPhone'],
  serviceExpiresAt: ['服务到期', '到期时间', '服务到期时间', 'serviceExpiresAt'],
  remark: ['备注', 'remark'],
} as const;

export type ColumnKey = keyof typeof COLUMNS;

/** Columns of the list's export that an import reads past (so an export can be edited and imported again). */
const EXPORT_ONLY = new Set(['所属账户', '服务状态', '在线', '最后通信']);
export type SheetRecord = { row: number } & Partial<Record<ColumnKey, string>>;

/** Header row → named records; row numbers are the sheet's (header = 1). */
export function recordsOf(rows: string[][]): SheetRecord[] {
  const [header = [], ...body] = rows;
  const index = new Map<ColumnKey, number>();
  const unknown: string[] = [];
  header.forEach((h, i) => {
    const name = h.replace(/[\s*＊]/g, '').toLowerCase();
    const key = (Object.keys(COLUMNS) as ColumnKey[]).find((k) => COLUMNS[k].some((a) => a.toLowerCase() === name));
    if (key === undefined) {
      if (name !== '' && !EXPORT_ONLY.has(h.trim())) unknown.push(h.trim());
    } else if (index.has(key)) throw new AppError(TERMINAL_ERRORS.headerDuplicate, { params: { column: h.trim() } });
    else index.set(key, i);
  });
  if (!index.has('terminalId') && !index.has('plate') && !index.has('name')) throw new AppError(TERMINAL_ERRORS.headerMissing);
  if (unknown.length) throw new AppError(TERMINAL_ERRORS.headerUnknown, { params: { columns: unknown.slice(0, 5).join('、') } });
  return body.map((cells, i) => {
    const record: SheetRecord = { row: i + 2 };
    for (const [key, col] of index) record[key] = cells[col] ?? '';
    return record;
  });
}

/** A plate colour cell: its name (蓝色 or 蓝) or its JT/T 808 code; '' is 0 (not given). */
export function plateColorOf(text: string | undefined): number | undefined {
  const value = (text ?? '').trim();
  if (value === '') return 0;
  for (const [code, name] of Object.entries(PLATE_COLORS)) if (value === name || value === code || `${value}色` === name) return Number(code);
  return undefined;
}

/** A row with a plate or a name makes a vehicle; one with only a terminal adds it to the stock. */
export const makesVehicle = (r: SheetRecord) => !!(r.plate || r.name);
