import { describe, expect, it } from 'vitest';
import { TRACK_FLAG } from '@chelian/contracts';
import type { Track } from '@chelian/contracts';
import { pointRow } from './TrackPointTable.tsx';
import { durationText } from '../../shared/format/duration.ts';
import { EMPTY_TRACK, findOverspeeds, findStops, indexAt, positionAt, summarize, trackBounds, trackDistanceKm } from './trackAnalysis.ts';

const MIN = 60_000;
interface P {
  minute: number;
  speed: number;
  lon?: number;
  mileage?: number | null;
}
/** A track in the decoder's column form, from a few readable points. */
const trackOf = (points: P[]): Track => ({
  ...EMPTY_TRACK,
  terminalId: '013800000001',
  plate: '粤B00001',
  length: points.length,
  time: Float64Array.from(points, (p) => p.minute * MIN),
  lon: Float64Array.from(points, (p) => p.lon ?? 114 + p.minute / 1000),
  lat: Float64Array.from(points, () => 22.5),
  speed: Float64Array.from(points, (p) => p.speed),
  course: Int16Array.from(points, () => 90),
  mileage: Float64Array.from(points, (p) => p.mileage ?? NaN),
  flags: Uint8Array.from(points, () => TRACK_FLAG.valid | TRACK_FLAG.accKnown | TRACK_FLAG.accOn),
});
const pt = (minute: number, speed: number, lon?: number, mileage?: number | null): P => ({ minute, speed, lon, mileage });

describe('track analysis over columns', () => {
  const track = trackOf([
    pt(0, 40),
    pt(1, 0),
    pt(2, 0),
    pt(3, 0),
    pt(10, 0),
    pt(11, 70),
    pt(12, 130),
    pt(13, 125),
    pt(14, 60),
    pt(15, 0),
    pt(16, 0),
  ]);

  it('finds stays of at least the given length, lasting until the vehicle moves again', () => {
    const stops = findStops(track, 5 * MIN);
    expect(stops).toEqual([{ from: 1, to: 4, start: 1 * MIN, end: 11 * MIN, lon: track.lon[1], lat: 22.5 }]);
    expect(findStops(track, 60 * MIN)).toEqual([]);
    expect(findStops(track, 1 * MIN).at(-1)).toMatchObject({ from: 9, to: 10, end: 16 * MIN });
  });

  it('keeps one stay across a short movement after parking, as the stay report does', () => {
    // lon 114 + x/100 000 ≈ x·1.03 m east at this latitude
    const at = (m: number) => 114 + m / 103_000;
    // Parked 20 minutes, one noisy 8 km/h fix 20 m off, parked again: one stay.
    const noisy = trackOf([
      pt(0, 40, at(0)),
      pt(1, 0, at(500)),
      pt(20, 0, at(500)),
      pt(21, 8, at(520)),
      pt(22, 0, at(520)),
      pt(40, 0, at(520)),
      pt(41, 50, at(1500)),
    ]);
    expect(findStops(noisy, 5 * MIN)).toMatchObject([{ from: 1, to: 5, start: 1 * MIN, end: 41 * MIN }]);
    // A real move of 600 m in 4 minutes splits it.
    const moved = trackOf([
      pt(0, 0, at(0)),
      pt(20, 0, at(0)),
      pt(21, 12, at(200)),
      pt(22, 12, at(400)),
      pt(23, 12, at(600)),
      pt(24, 0, at(600)),
      pt(40, 0, at(600)),
    ]);
    expect(findStops(moved, 5 * MIN).map((s) => [s.start / MIN, s.end / MIN])).toEqual([
      [0, 21],
      [24, 40],
    ]);
    // Stands of a traffic jam (2 minutes each, 30 m apart) are not parking: they stay apart.
    const jam = trackOf([
      pt(0, 20, at(0)),
      pt(1, 0, at(100)),
      pt(3, 5, at(130)),
      pt(4, 0, at(160)),
      pt(6, 5, at(190)),
      pt(7, 0, at(220)),
      pt(9, 30, at(900)),
    ]);
    expect(findStops(jam, 1 * MIN)).toHaveLength(3);
  });

  it('finds stretches above the limit with their top speed', () => {
    expect(findOverspeeds(track, 120)).toEqual([{ from: 6, to: 7, start: 12 * MIN, end: 13 * MIN, maxSpeed: 130 }]);
  });

  it('measures distance by the daily mileage rule: odometer increases, else the legs without drift and implausible jumps', () => {
    expect(trackDistanceKm(trackOf([pt(0, 10, 114, 100), pt(1, 10, 114.01, 100.8), pt(2, 10, 114.02, 101.5)]))).toBe(1.5);
    // as the daily mileage: a reset (the odometer going back) is left out, the increases after it count
    expect(trackDistanceKm(trackOf([pt(0, 10, 114, 100), pt(1, 10, 114.01, 99), pt(2, 10, 114.02, 101.5)]))).toBe(2.5);
    // a zero is a placeholder, not a reading: the legs count
    expect(trackDistanceKm(trackOf([pt(0, 10, 114, 0), pt(1, 10, 114.01, 0), pt(2, 10, 114.02, 0)]))).toBeGreaterThan(2);
    // drift while standing (both points below the stop speed, ~31 m apart) adds nothing; leaving the stop does
    expect(trackDistanceKm(trackOf([pt(0, 0, 114), pt(1, 0, 114.0003), pt(2, 0, 114), pt(3, 20, 114.01)]))).toBe(1.03);
    // a terminal that reports speed 0 while it moves (steps of 50 m or more) still has its distance
    expect(trackDistanceKm(trackOf([pt(0, 0, 114), pt(1, 0, 114.001), pt(2, 0, 114.002)]))).toBe(0.21);
    expect(trackDistanceKm(trackOf([pt(0, 10, 114, 100), pt(1, 10, 114.01, null), pt(2, 10, 114.02, null)]))).toBeGreaterThan(2);
    const legs = trackDistanceKm(trackOf([pt(0, 10, 114), pt(1, 10, 114.01), pt(2, 10, 120)])); // the last fix jumps 600 km in a minute
    expect(legs).toBeGreaterThan(1);
    expect(legs).toBeLessThan(1.1);
    expect(summarize(track, { stopMinutes: 5, overspeedKmh: 120 })).toMatchObject({ durationMs: 16 * MIN, maxSpeed: 130 });
    expect(summarize(EMPTY_TRACK, { stopMinutes: 5, overspeedKmh: 120 })).toEqual({
      distanceKm: 0,
      durationMs: 0,
      maxSpeed: 0,
      stops: [],
      overspeeds: [],
    });
  });

  it('finds the point at a time and interpolates between reports', () => {
    expect(indexAt(track.time, -5)).toBe(0);
    expect(indexAt(track.time, 10.5 * MIN)).toBe(4);
    expect(indexAt(track.time, 99 * MIN)).toBe(10);
    const p = positionAt(trackOf([pt(0, 10, 114), pt(1, 10, 115)]), 0.5 * MIN)!;
    expect(p.lon).toBeCloseTo(114.5);
    expect(p).toMatchObject({ index: 0, course: 90, speed: 10 });
    expect(positionAt(track, 99 * MIN)).toMatchObject({ index: 10, lon: track.lon[10] });
    expect(positionAt(EMPTY_TRACK, 0)).toBeNull();
    expect(durationText(3 * 3600_000 + 25 * MIN)).toBe('3小时25分');
    expect(durationText(40_000)).toBe('40秒');
  });

  it('gives the extent to fit, and table rows built from the columns', () => {
    expect(trackBounds(trackOf([pt(0, 1, 114.2), pt(1, 1, 113.9)]))).toEqual([
      [113.9, 22.5],
      [114.2, 22.5],
    ]);
    expect(trackBounds(EMPTY_TRACK)).toBeNull();
    const t = trackOf([pt(0, 45.5, 114.123456, 12345.6), pt(1, 0, 114, null)]);
    t.flags[1] = TRACK_FLAG.valid;
    expect(pointRow(t, 0)).toMatchObject({
      index: 1,
      speed: 45.5,
      direction: expect.any(String),
      mileage: 12345.6,
      acc: '点火',
    });
    expect(pointRow(t, 0).address).toEqual({ lon: 114.123456, lat: 22.5, mac: '013800000001' });
    expect(pointRow(t, 1)).toMatchObject({ index: 2, mileage: '—', acc: '—' });
  });
});
