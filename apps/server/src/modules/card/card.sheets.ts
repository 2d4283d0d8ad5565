import ExcelJS from 'exceljs';
import type { CardReport, CardReportRow, Staff } from '@chelian/contracts';

type Column<T> = [header: string, width: number, value: (row: T) => string | number];

/** The first columns match the import template (工号, 姓名, 岗位, 电话, 班组), so an export can be edited and imported again. */
const STAFF_COLUMNS: Array<Column<Staff>> = [
  ['工号', 12, (s) => s.staffNo],
  ['姓名', 10, (s) => s.name],
  ['岗位', 12, (s) => s.job],
  ['电话', 14, (s) => s.phone],
  ['班组', 14, (s) => s.teamName],
  ['备注', 20, (s) => s.remark],
  ['工牌', 18, (s) => s.terminalId],
  ['班次', 12, (s) => s.shiftName],
  ['状态', 10, (s) => s.stateName],
  ['所属账户', 14, (s) => s.accountName],
];

const REPORT_COLUMNS: Array<Column<CardReportRow>> = [
  ['工号', 12, (r) => r.staffNo],
  ['姓名', 10, (r) => r.name],
  ['班组', 14, (r) => r.teamName],
  ['应出勤时段', 10, (r) => r.workPeriods],
  ['到岗', 8, (r) => r.arrived],
  ['进行中', 8, (r) => r.ongoing],
  ['正常', 8, (r) => r.normal],
  ['迟到', 8, (r) => r.late],
  ['早退', 8, (r) => r.early],
  ['缺勤', 8, (r) => r.absent],
  ['离岗次数', 10, (r) => r.offPostCount],
  ['离岗时长（分钟）', 14, (r) => r.offPostMinutes],
  ['巡更完成', 10, (r) => r.patrolDone],
  ['巡更超时', 10, (r) => r.patrolLate],
  ['漏巡', 8, (r) => r.patrolMissed],
  ['佩戴时长（分钟）', 14, (r) => r.wearMinutes],
  ['报警次数', 10, (r) => r.alarms],
];

async function book<T>(name: string, columns: Array<Column<T>>, rows: T[], title?: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(name);
  if (title) sheet.addRow([title]).font = { bold: true };
  const header = sheet.addRow(columns.map(([h]) => h));
  header.font = { bold: true };
  columns.forEach(([, width], i) => (sheet.getColumn(i + 1).width = width));
  for (const r of rows) sheet.addRow(columns.map(([, , value]) => value(r)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const staffWorkbook = (staff: Staff[]) => book('人员列表', STAFF_COLUMNS, staff);

export const reportWorkbook = (report: CardReport) =>
  book('工牌统计', REPORT_COLUMNS, report.rows, `工牌统计报表 ${report.startDate} 至 ${report.endDate}`);

/** Excel's answer headers for a file named in Chinese. */
export const excelHeaders = (name: string) => ({
  'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`,
});
