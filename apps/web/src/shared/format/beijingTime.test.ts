import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  beijingAxisTime,
  beijingClock,
  beijingDate,
  beijingDateTime,
  beijingDaySpan,
  beijingFormat,
  beijingLongDate,
  beijingPickerValue,
  beijingToday,
  pickedInstant,
} from './beijingTime.ts';

describe('Beijing time, whatever the browser zone', () => {
  const at = Date.parse('2026-05-01T16:05:07Z'); // 00:05:07 on 05-02 in Beijing

  it("gives Beijing's day, date-time and clock of an instant", () => {
    expect(beijingToday(at).format('YYYY-MM-DD')).toBe('2026-05-02');
    expect(beijingDateTime(at)).toBe('2026-05-02 00:05:07');
    expect(beijingClock(at)).toBe('00:05:07');
    expect(beijingDate(at)).toBe('2026-05-02');
  });

  it('writes every display pattern from the same Beijing wall time', () => {
    const cases: Array<[Parameters<typeof beijingFormat>[1], string]> = [
      ['YYYY-MM-DD HH:mm:ss', '2026-05-02 00:05:07'],
      ['YYYY-MM-DD', '2026-05-02'],
      ['YYYY-MM', '2026-05'],
      ['YYYY', '2026'],
      ['HH:mm:ss', '00:05:07'],
      ['HH:mm', '00:05'],
    ];
    for (const [pattern, text] of cases) expect(beijingFormat(at, pattern)).toBe(text);
    expect(beijingFormat(at)).toBe('2026-05-02 00:05:07');
    // A date with a time is shown whole on every page: no month-day or minute-only shape exists.
    // @ts-expect-error 'MM-DD HH:mm:ss' is not a display pattern
    beijingFormat(at, 'MM-DD HH:mm:ss');
  });

  it('crosses the year at Beijing midnight, not UTC midnight', () => {
    expect(beijingFormat(Date.parse('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
    expect(beijingFormat(Date.parse('2026-12-31T15:59:59Z'))).toBe('2026-12-31 23:59:59');
  });

  it('spans a Beijing day from its midnight', () => {
    expect(beijingDaySpan('2026-05-02')).toEqual({
      start: Date.parse('2026-05-01T16:00:00Z'),
      end: Date.parse('2026-05-02T15:59:59.999Z'),
    });
  });

  it("round-trips an instant through a picker value that shows Beijing's wall time", () => {
    const value = beijingPickerValue(at + 250);
    expect(value.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-05-02 00:05:07');
    expect(pickedInstant(value)).toBe(at + 250);
  });

  it("reads a picked date and time as Beijing's", () => {
    expect(pickedInstant(dayjs('2026-05-02T08:00:00'))).toBe(Date.parse('2026-05-02T00:00:00Z'));
    expect(pickedInstant(beijingToday(at))).toBe(beijingDaySpan('2026-05-02').start);
  });

  it('gives a UTC-labelled chart axis the Beijing wall time, and a heading the Beijing date', () => {
    expect(new Date(beijingAxisTime(at)).toISOString()).toBe('2026-05-02T00:05:07.000Z');
    expect(beijingLongDate(at)).toBe('2026年5月2日星期六');
  });
});
