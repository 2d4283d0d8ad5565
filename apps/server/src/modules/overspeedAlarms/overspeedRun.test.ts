import { describe, expect, it } from 'vitest';
import { overspeedEpisodes, type SpeedFence } from '../reports/overspeed.ts';
import { newRun, stepOverspeed, type OverspeedRule, type RunFix } from './overspeedRun.ts';

// 23:50 Beijing: the tracks cross midnight, where the report splits an episode.
const base = Date.parse('2026-05-02T23:50:00+08:00');
// A school zone of 500 m around (114.05, 22.6) limited to 40 km/h.
const school: SpeedFence = { fence: { id: 1, kind: 'circle', center: [114.05, 22.6], radiusMeters: 500 }, name: '学校', limitKmh: 40 };

/** Every fix fed in order: the episodes raised (start and end at the moment they qualified). */
function raised(fixes: readonly RunFix[], rule: OverspeedRule) {
  const run = newRun();
  return fixes.map((f) => stepOverspeed(run, f, rule)).filter((e) => e !== null);
}

/** The report over the whole track: the same fixes numbered as its query numbers them. */
const reported = (fixes: readonly RunFix[], rule: OverspeedRule) =>
  overspeedEpisodes(
    fixes.map((f, i) => ({ seq: i + 1, ...f })),
    rule.fences,
    rule.vehicleLimit,
    rule.minSeconds,
  );

/** A deterministic track around the limits: speeds 30–130, through the school zone, with silences. */
function track(seed: number, count: number): RunFix[] {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  let at = base;
  let speed = 80;
  return Array.from({ length: count }, () => {
    at += rand() < 0.03 ? 400_000 : 5_000 + Math.floor(rand() * 10) * 1000;
    speed = Math.max(30, Math.min(130, speed + (rand() - 0.5) * 30));
    return { at, lon: rand() < 0.2 ? 114.05 : 114.2, lat: 22.6, speed: Math.round(speed) };
  });
}

describe('平台超速报警 judged fix by fix (stepOverspeed)', () => {
  it('raises once per episode the report lists, when it has lasted the minimum, at its start', () => {
    const fixes = [100, 101, 105, 99, 110, 120, 130, 135, 90].map((speed, i) => ({ at: base + i * 5000, lon: 114.2, lat: 22.6, speed }));
    const rule = { fences: [], vehicleLimit: null, minSeconds: 10 };
    const run = newRun();
    const when = fixes.map((f) => stepOverspeed(run, f, rule)?.startAt ?? null);
    // 101 at 5 s to 105 at 10 s lasts 5 s: too short; the run from 110 (20 s) qualifies at 130 (30 s), once.
    expect(when).toEqual([null, null, null, null, null, null, base + 20_000, null, null]);
    expect(raised(fixes, rule).map((e) => e.startAt)).toEqual(reported(fixes, rule).map((e) => e.startAt));
  });

  it('ignores a fix sent again or older than the newest (the report counts one fix per time)', () => {
    const rule = { fences: [], vehicleLimit: 80, minSeconds: 0 };
    const run = newRun();
    expect(stepOverspeed(run, { at: base, lon: 114.2, lat: 22.6, speed: 90 }, rule)?.startAt).toBe(base);
    expect(stepOverspeed(run, { at: base, lon: 114.2, lat: 22.6, speed: 90 }, rule)).toBeNull();
    expect(stepOverspeed(run, { at: base - 1000, lon: 114.2, lat: 22.6, speed: 90 }, rule)).toBeNull();
    expect(run.seq).toBe(1);
  });

  it('agrees with the report on many tracks: limits, fences, silences, midnight and minimum durations', () => {
    let episodes = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const fixes = track(seed, 300);
      for (const rule of [
        { fences: [], vehicleLimit: null, minSeconds: 10 },
        { fences: [school], vehicleLimit: 90, minSeconds: 0 },
        { fences: [school], vehicleLimit: null, minSeconds: 30 },
      ]) {
        const expected = reported(fixes, rule).map((e) => [e.day, e.startAt, e.limitKmh, e.source]);
        expect(
          raised(fixes, rule).map((e) => [e.day, e.startAt, e.limitKmh, e.source]),
          `seed ${seed} ${JSON.stringify(rule.vehicleLimit)}`,
        ).toEqual(expected);
        episodes += expected.length;
      }
    }
    expect(episodes).toBeGreaterThan(200); // the tracks do speed
  });
});
