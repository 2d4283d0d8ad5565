import { describe, expect, it } from 'vitest';
import { beijingClock, beijingDateTime, beijingDaySpan, beijingToday } from './beijingDay.ts';

describe('Beijing time, whatever the browser zone', () => {
  it("gives Beijing's day, date-time and clock of an instant", () => {
    const at = Date.parse('2026-05-01T16:05:07Z'); // 00:05:07 on 05-02 in Beijing
    expect(beijingToday(at).format('YYYY-MM-DD')).toBe('2026-05-02');
    expect(beijingDateTime(at)).toBe('2026-05-02 00:05:07');
    expect(beijingClock(at)).toBe('00:05:07');
  });

  it('spans a Beijing day from its midnight', () => {
    expect(beijingDaySpan('2026-05-02')).toEqual({ start: Date.parse('2026-05-01T16:00:00Z'), end: Date.parse('2026-05-02T15:59:59.999Z') });
  });
});
