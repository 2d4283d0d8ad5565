import { MONTHLY_ERRORS, MONTHLY_MAX_MONTHS, REPORT_ERRORS, type MonthlyQuery } from '@chelian/contracts';
import { addDays, beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { monthlyQueries } from './monthly.queries.ts';
import type { ReportFilter } from './reports.queries.ts';
import { dailyReportFilter, type RowWindow } from './reports.service.ts';

/** The monthly summary's filters: a month range instead of days (an export's params too). */
export type MonthlyInput = Omit<MonthlyQuery, 'current' | 'pageSize'>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' n months later (or earlier). */
export function addMonths(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

function month(value: string | undefined, field: string, fallback: string): string {
  const text = value?.trim();
  if (!text) return fallback;
  if (!MONTH.test(text)) throw new AppError(MONTHLY_ERRORS.badMonth, { params: { field } });
  return text;
}

/**
 * The months asked for, as the report filter's days: the first day of the first month to the
 * last day of the last (clamped to today by reportFilter; today brought up to date). Months are Beijing months, as the days.
 */
export async function monthlyFilter(q: Db, user: SessionUser, input: MonthlyInput, now = Date.now()): Promise<ReportFilter> {
  const thisMonth = beijingDayOf(now).slice(0, 7);
  const end = month(input.endMonth, 'endMonth', thisMonth);
  const start = month(input.startMonth, 'startMonth', addMonths(end, -5));
  if (end < start) throw new AppError(REPORT_ERRORS.endBeforeStart);
  if (monthsBetween(start, end) > MONTHLY_MAX_MONTHS)
    throw new AppError(MONTHLY_ERRORS.rangeTooLong, { params: { months: MONTHLY_MAX_MONTHS } });
  const lastDay = addDays(`${addMonths(end, 1)}-01`, -1);
  return dailyReportFilter(q, user, { ...input, startDate: `${start}-01`, endDate: lastDay }, now, 12 * 31);
}

/** 月度汇总's page: the rows asked for, the whole selection's totals and each month's (the chart). */
export async function monthlyPage(q: Db, user: SessionUser, input: MonthlyInput, win: RowWindow) {
  const filter = await monthlyFilter(q, user, input);
  return monthlyQueries.page(q, filter, win.limit, win.offset);
}
