import { describe, expect, it } from 'vitest';
import { onlineHours } from './onlineHours.ts';

const H = 3_600_000;
const DAY_START = Date.parse('2026-05-09T16:00:00Z'); // 2026-05-10 00:00 Beijing
const at = (h: number, m = 0) => new Date(DAY_START + h * H + m * 60_000);

describe('online vehicles per hour', () => {
  it('counts a span in every hour it touches, not the hour it ends exactly on', () => {
    const events = [
      { terminal_id: 1, at: at(2, 30), online: true },
      { terminal_id: 1, at: at(4), online: false },
    ];
    expect(onlineHours([{ terminal_id: 1, online: false }], events, DAY_START, DAY_START + 6 * H).slice(0, 7)).toEqual([
      0, 0, 1, 1, 0, 0, 0,
    ]);
  });

  it('takes the state before the first transition as its opposite, and a quiet terminal as it is now', () => {
    const events = [{ terminal_id: 1, at: at(1, 10), online: false }];
    const fleet = [
      { terminal_id: 1, online: false },
      { terminal_id: 2, online: true },
      { terminal_id: 3, online: false },
    ];
    expect(onlineHours(fleet, events, DAY_START, DAY_START + 3 * H + 1).slice(0, 5)).toEqual([2, 2, 1, 1, 0]);
  });

  it('counts a vehicle online for an instant, and nothing before the day has begun', () => {
    const events = [
      { terminal_id: 1, at: at(5, 20), online: true },
      { terminal_id: 1, at: at(5, 20), online: false },
    ];
    expect(onlineHours([{ terminal_id: 1, online: false }], events, DAY_START, DAY_START + 8 * H)[5]).toBe(1);
    expect(onlineHours([{ terminal_id: 1, online: true }], [], DAY_START, DAY_START)).toEqual(new Array(24).fill(0));
  });
});
