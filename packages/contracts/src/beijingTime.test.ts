import { describe, expect, it } from 'vitest';
import { beijingDayStart, beijingWallInstant, beijingWallText } from './beijingTime.ts';

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
