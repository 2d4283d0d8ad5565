import dayjs, { type Dayjs } from 'dayjs';
import { MONTHLY_MAX_MONTHS } from '@chelian/contracts';
import { beijingToday } from '../../shared/format/beijingTime.ts';

/** First and last month (each a Dayjs on the month's first day), both included. */
export type MonthRange = [Dayjs, Dayjs];

export const monthText = (d: Dayjs) => d.format('YYYY-MM');

/** Months in the range, both ends counted. */
export const rangeMonths = ([from, to]: MonthRange) => (to.year() - from.year()) * 12 + to.month() - from.month() + 1;

export const monthsTooLong = (range: MonthRange) => rangeMonths(range) > MONTHLY_MAX_MONTHS;

/** 本月 / 近3个月 / 近6个月 / 近12个月, each ending with this (Beijing) month. */
export function quickMonths(
  labels: { thisMonth: string; last3: string; last6: string; last12: string },
  today = beijingToday(),
): Array<{ label: string; value: MonthRange }> {
  const month = today.startOf('month');
  const last = (n: number): MonthRange => [month.subtract(n - 1, 'month'), month];
  return [
    { label: labels.thisMonth, value: last(1) },
    { label: labels.last3, value: last(3) },
    { label: labels.last6, value: last(6) },
    { label: labels.last12, value: last(12) },
  ];
}

/**
 * The months a link asks for: ?startMonth=2026-03&endMonth=2026-05, or the months of
 * ?startDate=…&endDate=… (the deep link every report takes); else the last six months.
 */
export function monthRangeFromParams(params: URLSearchParams, today = beijingToday()): MonthRange {
  const read = (month: string, day: string) => {
    const m = dayjs(params.get(month) ?? '', 'YYYY-MM', true);
    if (m.isValid()) return m.startOf('month');
    const d = dayjs(params.get(day) ?? '', 'YYYY-MM-DD', true);
    return d.isValid() ? d.startOf('month') : null;
  };
  const from = read('startMonth', 'startDate');
  const to = read('endMonth', 'endDate');
  if (from && to && !to.isBefore(from) && rangeMonths([from, to]) <= MONTHLY_MAX_MONTHS) return [from, to];
  const month = today.startOf('month');
  return [month.subtract(5, 'month'), month];
}
