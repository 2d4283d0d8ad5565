import { describe, expect, it } from 'vitest';
import { beijingMidnight, clockMinutes, isoWeekday, isWorkday, periodSpan } from './cardShift.ts';

// 2026-11-26 is a Thursday (ISO 4); 2026-11-29 a Sunday.
const weekdays = { weekdays: [1, 2, 3, 4, 5], holidays: new Set<string>(), workdays: new Set<string>() };

describe('the shift rule', () => {
  it('reads clocks as minutes of the day', () => {
    expect(clockMinutes('00:00')).toBe(0);
    expect(clockMinutes('08:30')).toBe(510);
    expect(clockMinutes('23:59')).toBe(1439);
  });

  it('a period ending at or before its start ends the next day', () => {
    expect(periodSpan({ start: '08:00', end: '12:00' })).toEqual({ start: 480, end: 720 });
    expect(periodSpan({ start: '22:00', end: '06:00' })).toEqual({ start: 1320, end: 1800 });
    expect(periodSpan({ start: '20:00', end: '00:00' })).toEqual({ start: 1200, end: 1440 });
  });

  it('Beijing midnight and the ISO weekday of a day, the same when asked again', () => {
    expect(beijingMidnight('2026-11-26')).toBe(Date.parse('2026-11-26T00:00:00+08:00'));
    expect(beijingMidnight('2026-11-26')).toBe(Date.parse('2026-11-25T16:00:00Z'));
    expect(['2026-11-23', '2026-11-26', '2026-11-29', '2024-02-29'].map(isoWeekday)).toEqual([1, 4, 7, 4]);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });

  it('special working days win over holidays, holidays over the weekly pattern', () => {
    expect(isWorkday(weekdays, '2026-11-26')).toBe(true);
    expect(isWorkday(weekdays, '2026-11-29')).toBe(false);
    expect(isWorkday({ ...weekdays, holidays: new Set(['2026-11-26']) }, '2026-11-26')).toBe(false);
    expect(isWorkday({ ...weekdays, workdays: new Set(['2026-11-29']) }, '2026-11-29')).toBe(true);
    expect(isWorkday({ ...weekdays, holidays: new Set(['2026-11-29']), workdays: new Set(['2026-11-29']) }, '2026-11-29')).toBe(true);
  });
});
