import { describe, expect, it } from 'vitest';
import { dailyActivity } from './dailyActivity.ts';

// 2026-11-25 23:00 Beijing = 15:00 UTC
const EVENING = Date.UTC(2026, 10, 25, 15, 0, 0);
const min = (n: number) => EVENING + n * 60_000;

describe('daily activity from a cumulative step counter', () => {
  it('credits differences to the day of the later reading, across midnight and a reset', () => {
    const days = dailyActivity([
      { at: min(0), steps: 5000 },
      { at: min(30), steps: 5600 }, // 23:30: +600 in 30 min (active)
      { at: min(55), steps: 5650 }, // 23:55: +50 in 25 min (rest)
      { at: min(65), steps: 80 }, // 00:05 next day: the collar reset at midnight → 80 counted
      { at: min(95), steps: 900 }, // +820
    ]);
    // 23:55–00:05 is rest: five minutes each side of midnight.
    expect(days.get('2026-11-25')).toMatchObject({ steps: 650, activeMinutes: 30, restMinutes: 30, resets: 0 });
    // The collar's own midnight reset is not marked 清零 (it happens every day).
    expect(days.get('2026-11-26')).toMatchObject({ steps: 900, activeMinutes: 30, restMinutes: 5, resets: 0 });
  });

  it('gives a day at most its 1 440 minutes, whatever time the readings fall on', () => {
    // Every 25 minutes for three days from 23:00, so a stretch crosses each midnight.
    const readings = Array.from({ length: (3 * 24 * 60) / 25 }, (_, i) => ({ at: min(i * 25), steps: i * (i % 3 ? 500 : 100) }));
    const whole = dailyActivity(readings).get('2026-11-26')!;
    expect(whole.activeMinutes + whole.restMinutes).toBe(1440);
  });

  it('counts a reset within one day (a reboot, a new battery) and credits the new count from 0', () => {
    const days = dailyActivity([
      { at: min(0), steps: 3000 },
      { at: min(10), steps: 3400 },
      { at: min(20), steps: 150 }, // rebooted: 150 since
      { at: min(30), steps: 450 },
    ]);
    expect(days.get('2026-11-25')).toMatchObject({ steps: 400 + 150 + 300, resets: 1 });
  });

  it('sorts readings that arrived out of order by device time', () => {
    const inOrder = dailyActivity([
      { at: min(0), steps: 100 },
      { at: min(10), steps: 300 },
      { at: min(20), steps: 700 },
    ]);
    const shuffled = dailyActivity([
      { at: min(20), steps: 700 },
      { at: min(0), steps: 100 },
      { at: min(10), steps: 300 },
    ]);
    expect(shuffled).toEqual(inOrder);
    expect(inOrder.get('2026-11-25')!.steps).toBe(600);
  });

  it('ignores a jump by millions and measures on from the old value', () => {
    const days = dailyActivity([
      { at: min(0), steps: 1000 },
      { at: min(10), steps: 4_000_000 },
      { at: min(20), steps: 1500 },
    ]);
    expect(days.get('2026-11-25')).toMatchObject({ steps: 500, ignored: 1, resets: 0 });
  });

  it('takes a jump as the new baseline when the counter carries on from it', () => {
    const days = dailyActivity([
      { at: min(0), steps: 1000 },
      { at: min(10), steps: 3_000_000 },
      { at: min(20), steps: 3_000_400 },
    ]);
    expect(days.get('2026-11-25')).toMatchObject({ steps: 400, ignored: 1 });
  });

  it('survives garbage (negative, NaN) and an empty list', () => {
    expect(dailyActivity([]).size).toBe(0);
    const days = dailyActivity([
      { at: min(0), steps: -5 },
      { at: min(1), steps: NaN },
      { at: min(2), steps: 10 },
      { at: min(3), steps: 40 },
    ]);
    expect(days.get('2026-11-25')!.steps).toBe(30);
  });

  it('adds up active and rest time from readings seconds apart (lost mode, heartbeats)', () => {
    // 20 minutes of readings every 15 s: 10 walking (+30 steps each, 120/min), then 10 resting (+1 each).
    const readings = Array.from({ length: 81 }, (_, i) => ({ at: EVENING + i * 15_000, steps: i <= 40 ? i * 30 : 1200 + (i - 40) }));
    expect(dailyActivity(readings).get('2026-11-25')).toMatchObject({ steps: 1240, activeMinutes: 10, restMinutes: 10 });
  });
});
