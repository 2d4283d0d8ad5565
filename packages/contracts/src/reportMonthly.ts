/**
 * 月度汇总 (data-report, menu 20011): one row per vehicle and month, summed from the daily figures
 * (daily_terminal_stats). Months are Beijing calendar months 'YYYY-MM' (a month starts at 16:00 UTC
 * of the day before its first day). Answers GET (query) and POST (form) alike.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { AlarmTypeCountSchema } from './alarms.ts';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { reportFilterFields, vehicleFields } from './reports.ts';
import { Nullable, PageQuery, pageOf } from './schemas.ts';

/** At most this many months in one query (and one export). */
export const MONTHLY_MAX_MONTHS = 12;

const { startDate: _s, endDate: _e, ...scopeFields } = reportFilterFields;

/** The monthly summary's filters (also an export's params): a month range instead of days. */
export const monthlyFilterFields = {
  /** 'YYYY-MM', default: five months before endMonth */
  startMonth: Type.Optional(Type.String({ maxLength: 7 })),
  /** 'YYYY-MM', default: this month; a later month is read as this one */
  endMonth: Type.Optional(Type.String({ maxLength: 7 })),
  ...scopeFields,
};
const MonthlyQuery = Type.Intersect([PageQuery, Type.Object(monthlyFilterFields)]);
export type MonthlyQuery = Static<typeof MonthlyQuery>;

/** One vehicle and month. */
export const MonthlyRowSchema = Type.Object({
  ...vehicleFields,
  month: Type.String(),
  /** km, 2 decimals */
  mileageKm: Type.Number(),
  drivingSeconds: Type.Integer(),
  maxSpeed: Type.Number(),
  /** days of the month with at least one position */
  activeDays: Type.Integer(),
  onlineSeconds: Type.Integer(),
  /** onlineSeconds over the month's seconds passed since the terminal's hand-over (this month: so far), 0–1, 4 decimals; null: none passed (the vehicle came later) */
  onlineRate: Nullable(Type.Number()),
  alarmCount: Type.Integer(),
  /** per type, most first */
  alarmTypes: Type.Array(AlarmTypeCountSchema),
});
export type MonthlyRow = Static<typeof MonthlyRowSchema>;

/** One month of the whole selection (the chart). */
export const MonthlyTotalSchema = Type.Object({
  month: Type.String(),
  mileageKm: Type.Number(),
  drivingSeconds: Type.Integer(),
  onlineRate: Nullable(Type.Number()),
  alarmCount: Type.Integer(),
});
export type MonthlyTotal = Static<typeof MonthlyTotalSchema>;

const MonthlyPageSchema = pageOf(MonthlyRowSchema, {
  totals: Type.Object({
    mileageKm: Type.Number(),
    drivingSeconds: Type.Integer(),
    maxSpeed: Type.Number(),
    onlineSeconds: Type.Integer(),
    onlineRate: Nullable(Type.Number()),
    alarmCount: Type.Integer(),
    alarmTypes: Type.Array(AlarmTypeCountSchema),
    vehicles: Type.Integer(),
  }),
  /** every month of the range, oldest first */
  months: Type.Array(MonthlyTotalSchema),
});
export type MonthlyPage = Static<typeof MonthlyPageSchema>;

export const monthlyReportEndpoints = {
  /** newest month first, then by plate */
  monthly: endpoint({
    method: 'GET|POST',
    path: '/car/v1/accelerate/report/monthly/monthlyReport.json',
    tag: '数据报表',
    summary: '查询月度汇总',
    permission: 'report:monthly',
    input: MonthlyQuery,
    answer: MonthlyPageSchema,
  }),
};

export const MONTHLY_ERRORS = defineErrors('reportMonthly', {
  badMonth: { msg: '请求参数错误：{field} 月份格式应为 YYYY-MM', status: 400 },
  rangeTooLong: '查询月份范围不能超过{months}个月',
});
