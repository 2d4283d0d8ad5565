import { describe, expect, it } from 'vitest';
import type { Fence } from '@chelian/geo';
import { NEW_ZONE_STATE, beyondEdgeMeters, stepZone, type ZoneFix, type ZoneState } from './zoneSmoothing.ts';

const HOME: Fence<number> = { id: 1, kind: 'circle', center: [114.0579, 22.5431], radiusMeters: 30 }; // raised to 50 m
const M_LAT = 1 / 111_320;
/** A fix `north` metres north of home. */
const at = (i: number, north: number, accuracy?: number): ZoneFix => ({
  time: i * 60_000,
  lon: 114.0579,
  lat: 22.5431 + north * M_LAT,
  accuracy,
});

function run(zone: Fence, fixes: ZoneFix[]) {
  let state: ZoneState = NEW_ZONE_STATE;
  const events: string[] = [];
  for (const f of fixes) {
    const r = stepZone(state, zone, f);
    state = r.state;
    if (r.event) events.push(`${r.event}@${f.time / 60_000}`);
  }
  return { events, state };
}

describe('safe zones without flapping', () => {
  it('raises nothing for a pet scattering around the edge (minimum radius 50 m, margin 20 m)', () => {
    const edge = [40, 55, 48, 66, 45, 69, 52, 60, 41, 68, 58];
    expect(
      run(
        HOME,
        edge.map((m, i) => at(i, m)),
      ).events,
    ).toEqual([]);
    expect(beyondEdgeMeters([114.0579, 22.5431 + 60 * M_LAT], HOME)).toBeCloseTo(10, 0);
  });

  it('exits after two fixes in a row clearly outside, and enters after two inside', () => {
    const { events } = run(HOME, [at(0, 10), at(1, 90), at(2, 20), at(3, 90), at(4, 120), at(5, 150), at(6, 10), at(7, 20)]);
    expect(events).toEqual(['exit@4', 'enter@7']);
  });

  it('widens the margin to a poor fix’s accuracy and skips fixes that arrive out of order', () => {
    // 90 m north with an accuracy of 60 m is within 50 + 60: not outside.
    expect(run(HOME, [at(0, 0), at(1, 90, 60), at(2, 90, 60), at(3, 95, 60)]).events).toEqual([]);
    const late = run(HOME, [at(0, 0), at(2, 200), at(1, 0), at(3, 200)]);
    expect(late.events).toEqual(['exit@3']);
  });

  it('measures polygons by the distance to their edge', () => {
    const d = 100 * M_LAT;
    const yard: Fence<number> = {
      id: 2,
      kind: 'polygon',
      rings: [
        [
          [114.0579 - d, 22.5431 - d],
          [114.0579 + d, 22.5431 - d],
          [114.0579 + d, 22.5431 + d],
          [114.0579 - d, 22.5431 + d],
        ],
      ],
    };
    expect(beyondEdgeMeters([114.0579, 22.5431], yard)).toBeLessThan(-80);
    const { events } = run(yard, [at(0, 0), at(1, 110), at(2, 112), at(3, 150), at(4, 160)]);
    expect(events).toEqual(['exit@4']);
  });
});
