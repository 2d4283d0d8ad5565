import { describe, expect, it } from 'vitest';
import { addDays, beijingDayOf, beijingDayStart, beijingWallInstant, beijingWallText, daysBetween, isDay } from './beijingTime.ts';

/** Beijing wall-clock time → epoch ms. */
const bj = (text: string) => Date.parse(`${text}+08:00`);

describe('Beijing wall time', () => {
  it('reads a day or a wall time as the instant Beijing shows it', () => {
    expect(beijingDayStart('2026-03-02')).toBe(Date.parse('2026-03-02T00:00:00+08:00'));
    expect(beijingWallInstant('2026-03-02T08:30:15.250')).toBe(Date.parse('2026-03-02T08:30:15.250+08:00'));
    expect(beijingDayStart('2026-03-02 10:00')).toBeNaN();
    expect(beijingWallInstant('not a day')).toBeNaN();
  });

  it('writes an instant as Beijing’s wall clock', () => {
    expect(beijingWallText(Date.parse('2026-03-01T16:30:00Z'))).toBe('2026-03-02T00:30:00.000');
  });
});

describe('Beijing days', () => {
  it('dates an instant by its Beijing day: midnight is 16:00 UTC', () => {
    expect(beijingDayOf(bj('2026-05-02T23:59:59.999'))).toBe('2026-05-02');
    expect(beijingDayOf(bj('2026-05-03T00:00:00'))).toBe('2026-05-03');
    expect(beijingDayOf(Date.parse('2026-05-02T15:59:59.999Z'))).toBe('2026-05-02');
    expect(beijingDayOf(Date.parse('2026-05-02T16:00:00Z'))).toBe('2026-05-03');
    expect(beijingDayOf(new Date('2026-05-02T16:00:00Z'))).toBe('2026-05-03');
    expect(beijingDayOf(bj('2027-01-01T00:00:00'))).toBe('2027-01-01'); // still 2026 in UTC
    expect(beijingDayOf(0)).toBe('1970-01-01');
  });

  it('starts each day where the day before it ends', () => {
    const start = beijingDayStart('2026-05-03');
    expect(beijingDayOf(start)).toBe('2026-05-03');
    expect(beijingDayOf(start - 1)).toBe('2026-05-02');
  });

  it('counts calendar days across months, leap days and years', () => {
    expect(addDays('2026-05-02', 1)).toBe('2026-05-03');
    expect(addDays('2026-05-31', 1)).toBe('2026-06-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-05-02', 0)).toBe('2026-05-02');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-05-02', '2026-05-02')).toEqual(['2026-05-02']);
    expect(daysBetween('2026-05-03', '2026-05-02')).toEqual([]);
  });

  it('knows a real day from a day-shaped text', () => {
    expect(isDay('2026-05-02')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-5-2')).toBe(false);
    expect(isDay('2026-05-02 00:00')).toBe(false);
  });
});
