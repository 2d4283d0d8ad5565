import dayjs, { type Dayjs } from 'dayjs';
import { REPORT_MAX_DAYS } from '@chelian/contracts';
import { beijingToday } from '../../shared/format/beijingTime.ts';
import { R } from '../messages.ts';

export type DayRange = [Dayjs, Dayjs];

export const dayText = (d: Dayjs) => d.format('YYYY-MM-DD');

/** 今天 / 昨天 / 近7天 / 近30天 (each ending today, except 昨天). */
export function quickRanges(today = beijingToday()): Array<{ label: string; value: DayRange }> {
  return [
    { label: R.filters.today, value: [today, today] },
    { label: R.filters.yesterday, value: [today.subtract(1, 'day'), today.subtract(1, 'day')] },
    { label: R.filters.last7, value: [today.subtract(6, 'day'), today] },
    { label: R.filters.last30, value: [today.subtract(29, 'day'), today] },
  ];
}

/** Days in the range, both ends counted. */
export const rangeDays = ([from, to]: DayRange) => to.startOf('day').diff(from.startOf('day'), 'day') + 1;

export const rangeTooLong = (range: DayRange) => rangeDays(range) > REPORT_MAX_DAYS;

/** A range from the address (?startDate=…&endDate=…), else the last 7 days. */
export function rangeFromParams(params: URLSearchParams, today = beijingToday()): DayRange {
  const from = dayjs(params.get('startDate') ?? '', 'YYYY-MM-DD', true);
  const to = dayjs(params.get('endDate') ?? '', 'YYYY-MM-DD', true);
  if (from.isValid() && to.isValid() && !to.isBefore(from)) return [from, to];
  return quickRanges(today)[2].value;
}
