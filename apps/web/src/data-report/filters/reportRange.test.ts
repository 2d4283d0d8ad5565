import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { beijingToday } from '../../shared/format/beijingTime.ts';
import { dayText, quickRanges, rangeDays, rangeFromParams, rangeTooLong } from './reportRange.ts';

const now = dayjs('2026-11-22');

describe('report date ranges', () => {
  it('offers today, yesterday, the last 7 and 30 days', () => {
    expect(quickRanges(now).map((q) => [q.label, dayText(q.value[0]), dayText(q.value[1]), rangeDays(q.value)])).toEqual([
      ['今天', '2026-11-22', '2026-11-22', 1],
      ['昨天', '2026-11-21', '2026-11-21', 1],
      ['近7天', '2026-11-16', '2026-11-22', 7],
      ['近30天', '2026-10-24', '2026-11-22', 30],
    ]);
  });

  it('takes today from Beijing time: 16:30 UTC is already the next day there', () => {
    expect(dayText(beijingToday(Date.parse('2026-11-22T16:30:00Z')))).toBe('2026-11-23');
    expect(dayText(beijingToday(Date.parse('2026-11-22T15:59:00Z')))).toBe('2026-11-22');
  });

  it('reads a range from the address and refuses more than 31 days', () => {
    const range = rangeFromParams(new URLSearchParams('startDate=2026-05-01&endDate=2026-05-31'), now);
    expect([dayText(range[0]), dayText(range[1]), rangeTooLong(range)]).toEqual(['2026-05-01', '2026-05-31', false]);
    expect(rangeTooLong([dayjs('2026-05-01'), dayjs('2026-06-01')])).toBe(true);
    expect(rangeFromParams(new URLSearchParams('startDate=2026-05-09&endDate=2026-05-01'), now).map(dayText)).toEqual([
      '2026-11-16',
      '2026-11-22',
    ]);
    expect(rangeFromParams(new URLSearchParams('startDate=junk'), now).map(dayText)).toEqual(['2026-11-16', '2026-11-22']);
  });
});
