import { describe, expect, it } from 'vitest';
import { effectiveShiftId, shiftSpanOn } from './shiftSpan.ts';

const at = (iso: string) => Date.parse(`${iso}+08:00`);
// 2026-11-26 is a Thursday (ISO 4).
const night = {
  weekdays: [1, 2, 3, 4, 5],
  holidays: [] as string[],
  workdays: [] as string[],
  periods: [{ start: '22:00', end: '06:00' }],
};

describe('shiftSpanOn', () => {
  it('a night period runs from its start to the next morning', () => {
    expect(shiftSpanOn(night, '2026-11-26')).toEqual({ start: at('2026-11-26T22:00:00'), end: at('2026-11-27T06:00:00') });
  });

  it("from the first period's start to the last one's end, a night period last", () => {
    const split = {
      ...night,
      periods: [
        { start: '08:00', end: '12:00' },
        { start: '20:00', end: '02:30' },
      ],
    };
    expect(shiftSpanOn(split, '2026-11-26')).toEqual({ start: at('2026-11-26T08:00:00'), end: at('2026-11-27T02:30:00') });
    const day = {
      ...night,
      periods: [
        { start: '13:00', end: '17:00' },
        { start: '08:00', end: '12:00' },
      ],
    };
    expect(shiftSpanOn(day, '2026-11-26')).toEqual({ start: at('2026-11-26T08:00:00'), end: at('2026-11-26T17:00:00') });
  });

  it('a day not worked has none; a special working day wins over a holiday and the weekend; a holiday the next day does not cancel the night', () => {
    expect(shiftSpanOn(night, '2026-11-28')).toBeNull(); // Saturday
    expect(shiftSpanOn({ ...night, holidays: ['2026-11-26'] }, '2026-11-26')).toBeNull();
    expect(shiftSpanOn({ ...night, holidays: ['2026-11-28'], workdays: ['2026-11-28'] }, '2026-11-28')).toEqual({
      start: at('2026-11-28T22:00:00'),
      end: at('2026-11-29T06:00:00'),
    });
    expect(shiftSpanOn({ ...night, holidays: ['2026-11-27'] }, '2026-11-26')?.end).toBe(at('2026-11-27T06:00:00'));
    expect(shiftSpanOn({ ...night, periods: [] }, '2026-11-26')).toBeNull();
  });
});

describe('effectiveShiftId', () => {
  const teams = [
    { teamId: 1, shiftId: 7 },
    { teamId: 2, shiftId: null },
  ];
  it("the person's own shift, else their team's, else none", () => {
    expect(effectiveShiftId({ shiftId: 3, teamId: 1 }, teams)).toBe(3);
    expect(effectiveShiftId({ shiftId: null, teamId: 1 }, teams)).toBe(7);
    expect(effectiveShiftId({ shiftId: null, teamId: 2 }, teams)).toBeNull();
    expect(effectiveShiftId({ shiftId: null, teamId: null }, teams)).toBeNull();
  });
});
