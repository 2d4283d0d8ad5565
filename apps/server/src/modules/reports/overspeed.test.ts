import { describe, expect, it } from 'vitest';
import { limitAt, lowestLimit, overspeedEpisodes, type CandidateFix, type SpeedFence } from './overspeed.ts';

const base = Date.parse('2026-05-02T10:00:00+08:00');
// A school zone: a circle of 500 m around (114.05, 22.6) limited to 40 km/h.
const school: SpeedFence = { fence: { id: 1, kind: 'circle', center: [114.05, 22.6], radiusMeters: 500 }, name: '学校', limitKmh: 40 };
const outside = 114.2;
const fixes = (speeds: number[], lon = outside, stepS = 10, firstSeq = 1): CandidateFix[] =>
  speeds.map((speed, i) => ({ seq: firstSeq + i, at: base + i * stepS * 1000, lon, lat: 22.6, speed }));
const spans = (e: ReturnType<typeof overspeedEpisodes>) =>
  e.map((x) => [(x.startAt - base) / 1000, (x.endAt - base) / 1000, x.maxSpeed, x.limitKmh, x.source, x.points]);

describe('overspeed episodes', () => {
  it('takes the strictest fence holding the fix, else the vehicle, else the default', () => {
    expect(limitAt(114.05, 22.6, [school], 80)).toEqual({ limitKmh: 40, source: 'fence', fenceName: '学校' });
    expect(limitAt(outside, 22.6, [school], 80)).toEqual({ limitKmh: 80, source: 'vehicle', fenceName: '' });
    expect(limitAt(outside, 22.6, [school], null)).toEqual({ limitKmh: 100, source: 'default', fenceName: '' });
    // A fence wins over the vehicle even when its limit is higher.
    expect(limitAt(114.05, 22.6, [{ ...school, limitKmh: 120 }], 80).limitKmh).toBe(120);
    expect(lowestLimit([school], 80)).toBe(40);
    expect(lowestLimit([], null)).toBe(100);
  });

  it('runs from the first to the last fix above the limit, and leaves out the short ones', () => {
    // 0s 110, 10s 120, 20s 95 (under), 30s 105 (alone: 0 s), 40s 100 (at the limit: not over), 50s 130, 60s 101, 70s 101
    const speeds = [110, 120, 95, 105, 100, 130, 101, 101];
    expect(spans(overspeedEpisodes(fixes(speeds), [], null, 10))).toEqual([
      [0, 10, 120, 100, 'default', 2],
      [50, 70, 130, 100, 'default', 3],
    ]);
    expect(overspeedEpisodes(fixes(speeds), [], null, 0).length).toBe(3);
    expect(overspeedEpisodes(fixes(speeds), [], null, 30).length).toBe(0);
  });

  it('breaks at a valid fix between two candidates, at a long silence and at midnight', () => {
    const gapInSeq = [...fixes([110, 110]), ...fixes([110, 110], outside, 10, 4).map((f) => ({ ...f, at: f.at + 20_000 }))];
    expect(spans(overspeedEpisodes(gapInSeq, [], null, 0))).toEqual([
      [0, 10, 110, 100, 'default', 2],
      [20, 30, 110, 100, 'default', 2],
    ]);
    const silence = fixes([110, 110, 110], outside, 301);
    expect(overspeedEpisodes(silence, [], null, 0).length).toBe(3);
    const midnight = Date.parse('2026-05-02T23:59:50+08:00');
    const across = [0, 10, 20].map((s, i) => ({ seq: i + 1, at: midnight + s * 1000, lon: outside, lat: 22.6, speed: 120 }));
    expect(overspeedEpisodes(across, [], null, 0).map((x) => [x.day, x.points])).toEqual([
      ['2026-05-02', 1],
      ['2026-05-03', 2],
    ]);
  });

  it('starts a new episode where the limit changes (entering a fence while still too fast)', () => {
    const run = [...fixes([90, 90], outside), ...fixes([60, 60], 114.05, 10, 3).map((f) => ({ ...f, at: f.at + 20_000 }))];
    const e = overspeedEpisodes(run, [school], 80, 0);
    expect(spans(e)).toEqual([
      [0, 10, 90, 80, 'vehicle', 2],
      [20, 30, 60, 40, 'fence', 2],
    ]);
    expect(e[1].fenceName).toBe('学校');
  });
});
