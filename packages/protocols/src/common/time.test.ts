import { describe, expect, it } from 'vitest';
import { utcMillis } from './time.ts';

describe('utcMillis', () => {
  it('matches Date.UTC, also when dates alternate (the last date is cached)', () => {
    const cases: [number, number, number, number, number, number][] = [
      [2024, 5, 1, 4, 30, 45],
      [2024, 5, 1, 23, 59, 59],
      [1999, 12, 31, 0, 0, 0],
      [2024, 5, 1, 0, 0, 1],
      [2024, 2, 29, 12, 0, 0],
      [2024, 5, 1, 4, 30, 45],
    ];
    for (const [y, mo, d, h, mi, s] of cases) {
      expect(utcMillis(y, mo, d, h, mi, s)).toBe(Date.UTC(y, mo - 1, d, h, mi, s));
    }
  });

  it('rejects out-of-range fields whatever was converted before', () => {
    expect(utcMillis(2024, 5, 1, 0, 0, 0)).toBe(Date.UTC(2024, 4, 1));
    expect(utcMillis(2024, 5, 1, 24, 0, 0)).toBe(-1);
    expect(utcMillis(2024, 5, 1, 0, 60, 0)).toBe(-1);
    expect(utcMillis(2024, 5, 1, 0, 0, -1)).toBe(-1);
    expect(utcMillis(2024, 4, 31, 0, 0, 0)).toBe(-1);
    expect(utcMillis(2024, 4, 31, 0, 0, 0)).toBe(-1); // the invalid date, now cached
    expect(utcMillis(2023, 2, 29, 0, 0, 0)).toBe(-1);
    expect(utcMillis(2024, 13, 1, 0, 0, 0)).toBe(-1);
    expect(utcMillis(2024, 0, 1, 0, 0, 0)).toBe(-1);
    expect(utcMillis(2024, 4, 30, 1, 2, 3)).toBe(Date.UTC(2024, 3, 30, 1, 2, 3));
  });
});
