import ExcelJS from 'exceljs';
import { fail } from '../../http/errors.ts';

export const MAX_IMPORT_ROWS = 5000;

const UNREADABLE = '无法读取文件，请上传 Excel(.xlsx) 或 CSV 文件';

/** The rows of the first sheet of an .xlsx or a CSV file, every cell as trimmed text. */
export async function readSheet(content: Buffer, fileName: string): Promise<string[][]> {
  const isZip = content.length > 4 && content[0] === 0x50 && content[1] === 0x4b; // 'PK': an xlsx is a zip
  const rows = isZip ? await readXlsx(content) : /\.xlsx?$/i.test(fileName) ? fail_(UNREADABLE) : readCsv(decodeText(content));
  const nonEmpty = rows.filter((r) => r.some((c) => c !== ''));
  if (nonEmpty.length - 1 > MAX_IMPORT_ROWS) throw fail(`一次最多导入${MAX_IMPORT_ROWS}行`);
  return nonEmpty;
}

function fail_(msg: string): never {
  throw fail(msg);
}

async function readXlsx(content: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw fail(UNREADABLE);
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  if (sheet.rowCount > MAX_IMPORT_ROWS + 50) throw fail(`一次最多导入${MAX_IMPORT_ROWS}行`);
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
  name: ['名称', '车辆名称', '资产名称', 'name'],
  type: ['类型', '资产类型', 'type'],
  group: ['分组', '车辆分组', 'group'],
  driver: ['司机', '驾驶员', 'driver'],
  driverPhone: ['司机电话', '联系电话', 'driverPhone'],
  serviceExpiresAt: ['服务到期', '到期时间', '服务到期时间', 'serviceExpiresAt'],
  remark: ['备注', 'remark'],
} as const;

export type ColumnKey = keyof typeof COLUMNS;
export type SheetRecord = { row: number } & Partial<Record<ColumnKey, string>>;

/** Header row → named records; row numbers are the sheet's (header = 1). */
export function recordsOf(rows: string[][]): SheetRecord[] {
  const [header = [], ...body] = rows;
  const index = new Map<ColumnKey, number>();
  header.forEach((h, i) => {
    const name = h.replace(/[\s*＊]/g, '').toLowerCase();
    for (const [key, aliases] of Object.entries(COLUMNS) as Array<[ColumnKey, readonly string[]]>) {
      if (!index.has(key) && aliases.some((a) => a.toLowerCase() === name)) index.set(key, i);
    }
  });
  if (!index.has('terminalId') && !index.has('plate') && !index.has('name')) throw fail('文件缺少表头：至少需要“设备号”或“车牌号”列');
  return body.map((cells, i) => {
    const record: SheetRecord = { row: i + 2 };
    for (const [key, col] of index) record[key] = cells[col] ?? '';
    return record;
  });
}
