import { describe, expect, it } from 'vitest';
import { chargeSessions } from './battery.service.ts';

const p = (minute: number, voltage: number, charging: boolean | null) => ({
  time: minute * 60_000,
  voltage,
  percent: Math.round(voltage),
  charging,
});

describe('charge sessions from the battery trend', () => {
  it('finds each run of charging points, and one still open at the end', () => {
    const sessions = chargeSessions([
      p(0, 44, false),
      p(5, 45, true),
      p(10, 47, true),
      p(15, 48, false),
      p(20, 48, null),
      p(25, 46, true),
      p(30, 49, true),
    ]);
    expect(sessions).toEqual([
      { start: 5 * 60_000, end: 10 * 60_000, startPercent: 45, endPercent: 47, startVoltage: 45, endVoltage: 47 },
      { start: 25 * 60_000, end: null, startPercent: 46, endPercent: 49, startVoltage: 46, endVoltage: 49 },
    ]);
  });

  it('finds none without charging', () => {
    expect(chargeSessions([p(0, 44, false), p(5, 44, null)])).toEqual([]);
  });
});
