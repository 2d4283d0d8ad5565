import { describe, expect, it } from 'vitest';
import type { TrackPoint } from '../api/types.ts';
import { durationText, findOverspeeds, findStops, indexAt, positionAt, summarize, trackDistanceKm } from './trackAnalysis.ts';

const MIN = 60_000;
const pt = (minute: number, speed: number, lon = 114 + minute / 1000, mileage: number | null = null): TrackPoint => ({
  gpsTime: minute * MIN, lat: 22.5, lon, speed, direction: 90, acc: true, mileage,
});

describe('track analysis', () => {
  const track = [pt(0, 40), pt(1, 0), pt(2, 0), pt(3, 0), pt(10, 0), pt(11, 70), pt(12, 130), pt(13, 125), pt(14, 60), pt(15, 0), pt(16, 0)];

  it('finds stays of at least the given length, lasting until the vehicle moves again', () => {
    const stops = findStops(track, 5 * MIN);
    expect(stops).toEqual([{ from: 1, to: 4, start: 1 * MIN, end: 11 * MIN, lon: track[1].lon, lat: 22.5 }]);
    expect(findStops(track, 60 * MIN)).toEqual([]);
    expect(findStops(track, 1 * MIN).at(-1)).toMatchObject({ from: 9, to: 10, end: 16 * MIN });
  });

  it('finds stretches above the limit with their top speed', () => {
    expect(findOverspeeds(track, 120)).toEqual([{ from: 6, to: 7, start: 12 * MIN, end: 13 * MIN, maxSpeed: 130 }]);
  });

  it('measures distance by odometer when it only grows, else by the legs without implausible jumps', () => {
    expect(trackDistanceKm([pt(0, 10, 114, 100), pt(1, 10, 114.01, 100.8), pt(2, 10, 114.02, 101.5)])).toBe(1.5);
    const legs = trackDistanceKm([pt(0, 10, 114), pt(1, 10, 114.01), pt(2, 10, 120)]); // the last fix jumps 600 km in a minute
    expect(legs).toBeGreaterThan(1);
    expect(legs).toBeLessThan(1.1);
    expect(summarize(track, { stopMinutes: 5, overspeedKmh: 120 })).toMatchObject({ durationMs: 16 * MIN, maxSpeed: 130 });
  });

  it('finds the point at a time and interpolates between reports', () => {
    expect(indexAt(track, -5)).toBe(0);
    expect(indexAt(track, 10.5 * MIN)).toBe(4);
    expect(indexAt(track, 99 * MIN)).toBe(10);
    const p = positionAt([pt(0, 10, 114), pt(1, 10, 115)], 0.5 * MIN)!;
    expect(p.lon).toBeCloseTo(114.5);
    expect(positionAt([], 0)).toBeNull();
    expect(durationText(3 * 3600_000 + 25 * MIN)).toBe('3小时25分');
    expect(durationText(40_000)).toBe('40秒');
  });
});
