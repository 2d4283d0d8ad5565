import ExcelJS from 'exceljs';
import { ELEC_GB_ERRORS, GB_BATTERY_TYPES, GB_USE_TYPES, TERMINAL_ERRORS, type GbBike } from '@chelian/contracts';
import { AppError } from '../../http/errors.ts';

/** The registry sheet's columns: the import template's headers, in order; an export adds the read-only ones after them. */
export const GB_COLUMNS = [
  ['frameNo', '车架号', 20],
  ['bikeCode', '整车编码', 18],
  ['plate', '号牌', 12],
  ['motorNo', '电机号', 16],
  ['brand', '品牌', 10],
  ['model', '型号', 12],
  ['cccCert', 'CCC证书编号', 20],
  ['batteryType', '电池类型', 12],
  ['batteryCapacity', '电池容量(Ah)', 12],
  ['batteryVoltage', '电池电压(V)', 12],
  ['batteryCode', '电池编码', 18],
  ['chargerCode', '充电器编码', 18],
  ['terminalId', '定位模块IMEI', 18],
  ['iccid', 'ICCID', 22],
  ['ownerName', '车主姓名', 10],
  ['ownerPhone', '车主手机', 14],
  ['ownerIdNo', '车主身份证号', 20],
  ['useType', '使用性质', 10],
  ['positioningConsent', '定位授权', 10],
] as const;
export type GbColumn = (typeof GB_COLUMNS)[number][0];
export type GbRecord = { row: number } & Partial<Record<GbColumn, string>>;

const EXPORT_ONLY = [
  ['备案状态', 10],
  ['合规问题', 36],
  ['在线', 6],
  ['所属账户', 14],
] as const;
const ALIASES: Partial<Record<GbColumn, string[]>> = {
  plate: ['车牌号', '车牌'],
  terminalId: ['IMEI', '设备号', '模块IMEI'],
  ownerPhone: ['手机号', '联系电话'],
  ownerIdNo: ['身份证号'],
};

/** Header row → named records (row numbers as the sheet's, header = 1); unknown headers are refused. */
export function gbRecordsOf(rows: string[][]): GbRecord[] {
  const [header = [], ...body] = rows;
  const index = new Map<GbColumn, number>();
  const unknown: string[] = [];
  header.forEach((h, i) => {
    const name = h.replace(/[\s*＊]/g, '');
    const col = GB_COLUMNS.find(([key, title]) => title === name || key === name || ALIASES[key]?.includes(name));
    if (!col) {
      if (name !== '' && !EXPORT_ONLY.some(([t]) => t === name)) unknown.push(h.trim());
    } else if (index.has(col[0])) throw new AppError(TERMINAL_ERRORS.headerDuplicate, { params: { column: h.trim() } });
    else index.set(col[0], i);
  });
  if (!index.has('frameNo')) throw new AppError(ELEC_GB_ERRORS.frameNoMissing, { detail: '表头缺少“车架号”列' });
  if (unknown.length) throw new AppError(TERMINAL_ERRORS.headerUnknown, { params: { columns: unknown.slice(0, 5).join('、') } });
  return body.map((cells, i) => {
    const record: GbRecord = { row: i + 2 };
    for (const [key, col] of index) record[key] = cells[col] ?? '';
    return record;
  });
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function book(name: string, headers: Array<readonly [string, number]>, rows: string[][]): Promise<Buffer> {
  const b = new ExcelJS.Workbook();
  const sheet = b.addWorksheet(name);
  // every cell text: IMEIs, ICCIDs and identity numbers keep all their digits
  sheet.columns = headers.map(([header, width]) => ({ header, width, style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await b.xlsx.writeBuffer());
}

export async function gbTemplate(): Promise<{ type: string; content: Buffer }> {
  const example = [
    'YD2025A00012345',
    'GB3201250001',
    '苏A12345',
    'M48V35012345',
    '雅迪',
    'DE3',
    '2024011119001234',
    GB_BATTERY_TYPES.lithium,
    '20',
    '48',
    'BT48V20A0001',
    'CH48V0001',
    '868120145230001',
    '89860012345678901234',
    '张三',
    '13800138000',
    '11010519491231002X',
    GB_USE_TYPES.personal,
    '是',
  ];
  return {
    type: XLSX,
    content: await book(
      '备案导入',
      GB_COLUMNS.map(([, t, w]) => [t, w] as const),
      [example],
    ),
  };
}

const num = (n: number | null) => (n === null ? '' : String(n));

/** Registrations as the template's columns plus state, compliance, online and account. */
export async function gbWorkbook(bikes: GbBike[]): Promise<Buffer> {
  const rows = bikes.map((b) => [
    b.frameNo,
    b.bikeCode,
    b.plate,
    b.motorNo,
    b.brand,
    b.model,
    b.cccCert,
    b.batteryTypeName,
    num(b.batteryCapacity),
    num(b.batteryVoltage),
    b.batteryCode,
    b.chargerCode,
    b.terminalId,
    b.iccid,
    b.ownerName,
    b.ownerPhone,
    b.ownerIdNo,
    b.useTypeName,
    b.positioningConsent ? '是' : '否',
    b.stateName,
    b.issues.join('；') || '合规',
    b.terminalId ? (b.online ? '在线' : '离线') : '',
    b.accountName,
  ]);
  return book('备案车辆', [...GB_COLUMNS.map(([, t, w]) => [t, w] as const), ...EXPORT_ONLY], rows);
}

export const XLSX_TYPE = XLSX;
