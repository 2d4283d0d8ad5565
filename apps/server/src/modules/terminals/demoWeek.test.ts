import { describe, expect, it } from 'vitest';
import { CITIES, Rng, StreetDriver } from '@chelian/simulator';
import { demoPast } from './demoWeek.ts';

/** Metres between two fixes (equirectangular: enough across a few hundred metres). */
const metres = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  Math.hypot((b.lon - a.lon) * Math.cos((a.lat * Math.PI) / 180) * 111_320, (b.lat - a.lat) * 111_320);

describe('demoPast', () => {
  it('reports a drive from where the vehicle stood: ACC turning is reported at once, not at the parked interval', () => {
    const { positions } = demoPast(
      {
        terminalPk: 1,
        driver: new StreetDriver({ city: CITIES[0]!, rng: new Rng(7), parkSeconds: [300, 2400] }),
        spans: () => [[420, 1200]],
        movingEverySeconds: 30,
        parkedEverySeconds: 300,
      },
      Date.parse('2026-12-06T12:00:00+08:00'),
    );
    const departures = positions.filter(
      (p, i) => i > 0 && p.acc && !positions[i - 1]!.acc && p.gpsTime - positions[i - 1]!.gpsTime < 3_600_000,
    );
    expect(departures.length).toBeGreaterThan(20);
    for (const p of departures) {
      const before = positions[positions.indexOf(p) - 1]!;
      // the ACC-on fix comes within the generator's 5 s step of the vehicle starting, still near where it stood
      expect(metres(before, p), new Date(p.gpsTime).toISOString()).toBeLessThan(50);
    }
    // within a day's span: with ACC on a fix every 30 s, parked every 300 s at most
    const gaps = positions
      .slice(1)
      .map((p, i) => [positions[i]!.acc, (p.gpsTime - positions[i]!.gpsTime) / 1000] as const)
      .filter(([, s]) => s < 3600);
    expect(Math.max(...gaps.filter(([acc]) => acc).map(([, s]) => s))).toBe(30);
    expect(Math.max(...gaps.filter(([acc]) => !acc).map(([, s]) => s))).toBe(300);
  });
});
