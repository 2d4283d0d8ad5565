import { COMMON_ERRORS, PLATE_COLORS, TERMINAL_ERRORS, type ErrorEntry } from '@chelian/contracts';
import { AppError } from '../../http/errors.ts';
import { SHEET_LIMITS, type SheetRefusal } from './sheetLimits.ts';
import { sheetPool } from './sheetPool.ts';

const MB = 1024 * 1024;
const REFUSALS: Record<SheetRefusal, [ErrorEntry, Record<string, number>?]> = {
  unreadable: [TERMINAL_ERRORS.fileUnreadable],
  tooManyRows: [TERMINAL_ERRORS.tooManyRows, { max: SHEET_LIMITS.rows }],
  tooManyCells: [TERMINAL_ERRORS.sheetTooManyCells, { max: SHEET_LIMITS.cells }],
  unzippedTooLarge: [TERMINAL_ERRORS.sheetUnzippedTooLarge, { max: SHEET_LIMITS.unzippedBytes / MB }],
  timeout: [TERMINAL_ERRORS.sheetParseTimeout],
  queueFull: [TERMINAL_ERRORS.importQueueFull],
  failed: [COMMON_ERRORS.internal],
};

/**
 * The rows of the first sheet of an .xlsx or a CSV file, every cell as trimmed text, blank rows
 * left out; parsed in the sheet worker within SHEET_LIMITS (sheetParse.ts), refused with the
 * limit's message.
 */
export async function readSheet(content: Buffer, fileName: string): Promise<string[][]> {
  const outcome = await sheetPool.parse(content, fileName);
  if (outcome.ok) return outcome.rows;
  const [entry, params] = REFUSALS[outcome.reason];
  throw new AppError(entry, { params });
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
  for (const [code, name] of Object.entries(PLATE_COLORS))
    if (value === name || value === code || `${value}色` === name) return Number(code);
  return undefined;
}

/** A row with a plate or a name makes a vehicle; one with only a terminal adds it to the stock. */
export const makesVehicle = (r: SheetRecord) => !!(r.plate || r.name);
