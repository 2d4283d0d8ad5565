import { describe, expect, it } from 'vitest';
import { cityByName } from './cities.ts';
import { StreetDriver } from './driver.ts';
import { Rng } from './random.ts';
import { SimVehicle } from './vehicle.ts';

const T0 = Date.UTC(2026, 2, 1, 2, 0, 0);
function vehicle(seed: number, alarmRate = 0) {
  const rng = new Rng(seed);
  return new SimVehicle(new StreetDriver({ city: cityByName('成都')!, rng: rng.fork(1), startParked: false }), rng.fork(2), { alarmRate });
}

describe('simulated vehicle', () => {
  it('stamps reports in whole, strictly increasing seconds even when asked faster', () => {
    const v = vehicle(1);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const now = T0 + i * 300;
      v.advance(now);
      times.push(v.report(now).time);
    }
    expect(times.every((t) => t % 1000 === 0)).toBe(true);
    expect(times.every((t, i) => i === 0 || t > times[i - 1])).toBe(true);
  });

  it('raises an alarm once, keeps it while it lasts, then clears it', () => {
    const v = vehicle(2);
    v.advance(T0);
    v.raise('sos', T0, 20);
    const first = v.report(T0);
    expect(first.alarms).toContain('sos');
    expect(first.raised).toContain('sos');
    v.advance(T0 + 10_000);
    const during = v.report(T0 + 10_000);
    expect(during.alarms).toContain('sos');
    expect(during.raised).not.toContain('sos');
    v.advance(T0 + 30_000);
    expect(v.report(T0 + 30_000).alarms).not.toContain('sos');
  });

  it('reports oil cut and comes to a standstill under it', () => {
    const v = vehicle(3);
    v.advance(T0);
    v.advance(T0 + 60_000);
    v.oilCut = true;
    v.advance(T0 + 80_000);
    expect(v.report(T0 + 80_000)).toMatchObject({ oilCut: true, speedKmh: 0 });
  });

  it('raises random alarms over a day at the default rate, overspeed only when speeding', () => {
    const v = vehicle(4, 1);
    const seen = new Set<string>();
    for (let s = 0; s < 24 * 3600; s += 10) {
      const now = T0 + s * 1000;
      v.advance(now);
      const r = v.report(now);
      r.alarms.forEach((a) => seen.add(a));
      expect(r.alarms.includes('overspeed')).toBe(r.speedKmh > 90);
    }
    expect(seen.size).toBeGreaterThanOrEqual(2);
  });
});
