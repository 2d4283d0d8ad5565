import ExcelJS from 'exceljs';
import { PLATE_COLORS, type Vehicle } from '@chelian/contracts';
import { beijingWallText } from '@chelian/contracts/beijingTime.ts';

const beijing = (ms: number | null) => (ms === null ? '' : beijingWallText(ms).slice(0, 16).replace('T', ' '));
const plateColor = (code: number) => (code === 0 ? '' : (PLATE_COLORS[code as keyof typeof PLATE_COLORS] ?? ''));

/** The first header of each column matches the import template, so an export can be edited and imported again. */
const COLUMNS: Array<[header: string, width: number, value: (v: Vehicle) => string]> = [
  ['设备号', 18, (v) => v.terminalId],
  ['协议', 10, (v) => v.protocolName],
  ['型号', 12, (v) => v.model],
  ['SIM卡号', 16, (v) => v.sim],
  ['车牌号', 12, (v) => v.plate],
  ['车牌颜色', 10, (v) => plateColor(v.plateColor)],
  ['名称', 14, (v) => v.name],
  ['类型', 8, (v) => v.typeName],
  ['分组', 14, (v) => v.groupName],
  ['司机', 10, (v) => v.driver],
  ['司机电话', 14, (v) => v.driverPhone],
  ['服务到期', 18, (v) => beijing(v.serviceExpiresAt)],
  ['备注', 20, (v) => v.remark],
  ['所属账户', 14, (v) => v.accountName],
  ['服务状态', 10, (v) => v.terminalStatusName],
  ['在线', 6, (v) => (v.terminalId ? (v.online ? '在线' : '离线') : '')],
  ['最后通信', 18, (v) => beijing(v.lastSeenAt)],
];

/** Vehicles as an .xlsx sheet, times in Beijing time, identifiers as text (leading zeros kept). */
export async function vehiclesWorkbook(vehicles: Vehicle[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('车辆列表');
  sheet.columns = COLUMNS.map(([header, width]) => ({ header, width, style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  for (const v of vehicles) sheet.addRow(COLUMNS.map(([, , value]) => value(v)));
  return Buffer.from(await book.xlsx.writeBuffer());
}
