import { describe, expect, it } from 'vitest';
import { isOngoing, minMinutesFromParams, stayPlayback } from './stayRows.ts';

describe('stay report rows', () => {
  it('opens playback five minutes either side of the stay', () => {
    expect(stayPlayback({ startAt: 1_000_000_000, endAt: 1_000_600_000 })).toEqual({ start: 999_700_000, end: 1_000_900_000 });
  });

  it('reads the shortest stay from the address only when it is one of the choices', () => {
    expect(minMinutesFromParams(new URLSearchParams('minMinutes=10'))).toBe(10);
    expect(minMinutesFromParams(new URLSearchParams('minMinutes=7'))).toBe(5);
    expect(minMinutesFromParams(new URLSearchParams('minMinutes=abc'))).toBe(5);
    expect(minMinutesFromParams(new URLSearchParams())).toBe(5);
  });

  it('calls an open stay ongoing only on its Beijing day', () => {
    const now = Date.parse('2026-11-22T16:30:00Z'); // already 11-23 in Beijing
    expect(isOngoing({ open: true, day: '2026-11-23' }, now)).toBe(true);
    expect(isOngoing({ open: true, day: '2026-11-22' }, now)).toBe(false);
    expect(isOngoing({ open: false, day: '2026-11-23' }, now)).toBe(false);
  });
});
