import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { monthRangeFromParams, monthsTooLong, monthText, quickMonths, rangeMonths } from './monthRange.ts';

const today = dayjs('2026-11-25');
const text = (r: [dayjs.Dayjs, dayjs.Dayjs]) => r.map(monthText);

describe('month ranges', () => {
  it('reads the months of a link, or of its days, else the last six months', () => {
    expect(text(monthRangeFromParams(new URLSearchParams('startMonth=2026-03&endMonth=2026-05'), today))).toEqual(['2026-03', '2026-05']);
    expect(text(monthRangeFromParams(new URLSearchParams('startDate=2026-04-30&endDate=2026-05-01'), today))).toEqual([
      '2026-04',
      '2026-05',
    ]);
    expect(text(monthRangeFromParams(new URLSearchParams(''), today))).toEqual(['2026-06', '2026-11']);
    expect(text(monthRangeFromParams(new URLSearchParams('startMonth=2026-05&endMonth=2026-03'), today))).toEqual(['2026-06', '2026-11']);
    expect(text(monthRangeFromParams(new URLSearchParams('startMonth=2024-01&endMonth=2026-03'), today))).toEqual(['2026-06', '2026-11']);
  });

  it('counts months across a year and offers the quick ranges', () => {
    expect(rangeMonths([dayjs('2025-12-01'), dayjs('2026-11-01')])).toBe(12);
    expect(monthsTooLong([dayjs('2025-11-01'), dayjs('2026-11-01')])).toBe(true);
    const quick = quickMonths({ thisMonth: '本月', last3: '近3个月', last6: '近6个月', last12: '近12个月' }, today);
    expect(quick.map((q) => [q.label, ...text(q.value)])).toEqual([
      ['本月', '2026-11', '2026-11'],
      ['近3个月', '2026-09', '2026-11'],
      ['近6个月', '2026-06', '2026-11'],
      ['近12个月', '2025-12', '2026-11'],
    ]);
  });
});
