import { describe, expect, it } from 'vitest';
import { GB_RULES, gbPositionStep, overspeedSettled, type GbPositionState } from './gbRules.ts';

const start: GbPositionState = { overspeeding: false, noFixSince: null, fixFailed: false };
const at = Date.UTC(2026, 0, 1, 2, 0, 0);
const fix = (speed: number, t = at) => ({ valid: true, lat: 31.23, lon: 121.47, speed, at: t });
const noFix = (t: number) => ({ valid: false, lat: 31.23, lon: 121.47, speed: 0, at: t });

describe('GB position alarms', () => {
  it('raises overspeed once per episode above 25 km/h; the episode ends 3 km/h below', () => {
    let s = start;
    const run = (speed: number) => {
      const r = gbPositionStep(s, fix(speed));
      s = r.state;
      return r.raise;
    };
    expect(run(25)).toEqual([]);
    expect(run(25.5)).toEqual(['gbOverspeed']);
    expect(run(30)).toEqual([]);
    expect(run(23)).toEqual([]);
    expect(s.overspeeding).toBe(true);
    expect(run(22)).toEqual([]);
    expect(s.overspeeding).toBe(false);
    expect(run(26)).toEqual(['gbOverspeed']);
  });

  it('raises a positioning failure after 5 minutes of reports without a fix, once, until a fix returns', () => {
    let s = start;
    const step = (p: ReturnType<typeof noFix>) => {
      const r = gbPositionStep(s, p);
      s = r.state;
      return r.raise;
    };
    expect(step(noFix(at))).toEqual([]);
    expect(step(noFix(at + 4 * 60_000))).toEqual([]);
    expect(step(noFix(at + GB_RULES.noFixMinutes * 60_000))).toEqual(['positioningFailure']);
    expect(step(noFix(at + 10 * 60_000))).toEqual([]);
    expect(step(fix(10, at + 11 * 60_000))).toEqual([]);
    expect(s).toEqual(start);
    expect(step(noFix(at + 12 * 60_000))).toEqual([]);
    expect(step(noFix(at + 17 * 60_000))).toEqual(['positioningFailure']);
  });

  it('counts a 0,0 position as no fix', () => {
    const r = gbPositionStep(start, { valid: true, lat: 0, lon: 0, speed: 40, at });
    expect(r.raise).toEqual([]);
    expect(r.state.noFixSince).toBe(at);
  });

  it('a report settles the overspeed episode unless its speed is in the hysteresis band', () => {
    expect([10, 22, 22.1, 25, 25.1, 40].map((v) => overspeedSettled(fix(v)))).toEqual([true, true, false, false, true, true]);
    expect(overspeedSettled(noFix(at))).toBe(true);
    // the same after either state: that is what settled means
    for (const v of [10, 22, 25.1, 40]) {
      const calm = gbPositionStep(start, fix(v)).state.overspeeding;
      expect(gbPositionStep({ ...start, overspeeding: true }, fix(v)).state.overspeeding).toBe(calm);
    }
  });
});
