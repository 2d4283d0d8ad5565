import { distanceMeters } from '@chelian/geo/coords.ts';
import type { TrackPoint } from '../api/types.ts';
import { M } from '../messages.ts';

export interface Stop {
  /** index of the first and last point of the stay */
  from: number;
  to: number;
  start: number;
  end: number;
  lon: number;
  lat: number;
}

export interface Overspeed {
  from: number;
  to: number;
  start: number;
  end: number;
  maxSpeed: number;
}

export interface TrackSummary {
  distanceKm: number;
  durationMs: number;
  maxSpeed: number;
  stops: Stop[];
  overspeeds: Overspeed[];
}

/** Below this speed a vehicle counts as standing. */
export const STOP_SPEED_KMH = 3;
/** A jump this far between two reports in this little time is a bad fix, not a drive. */
const MAX_PLAUSIBLE_KMH = 300;

/**
 * Distance driven: the odometer when the terminal reports one that only grows over the track,
 * else the sum of the legs (implausible jumps left out).
 */
export function trackDistanceKm(points: readonly TrackPoint[]): number {
  const odo = points.filter((p) => p.mileage !== null && p.mileage !== undefined && p.mileage > 0);
  if (odo.length >= 2 && odo.length >= points.length * 0.8) {
    const delta = odo.at(-1)!.mileage! - odo[0].mileage!;
    let monotonic = true;
    for (let i = 1; i < odo.length && monotonic; i++) monotonic = odo[i].mileage! >= odo[i - 1].mileage!;
    if (monotonic && delta >= 0) return Math.round(delta * 100) / 100;
  }
  let meters = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const d = distanceMeters([a.lon, a.lat], [b.lon, b.lat]);
    const hours = Math.max(1, b.gpsTime - a.gpsTime) / 3_600_000;
    if (d / 1000 / hours <= MAX_PLAUSIBLE_KMH) meters += d;
  }
  return Math.round(meters / 10) / 100;
}

/** Stays of at least `minMs` below walking speed (one per stay, with where and how long). */
export function findStops(points: readonly TrackPoint[], minMs: number): Stop[] {
  const stops: Stop[] = [];
  let i = 0;
  while (i < points.length) {
    if (points[i].speed >= STOP_SPEED_KMH) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < points.length && points[j + 1].speed < STOP_SPEED_KMH) j++;
    // the stay lasts until the vehicle is next seen moving (or the track ends)
    const end = j + 1 < points.length ? points[j + 1].gpsTime : points[j].gpsTime;
    if (end - points[i].gpsTime >= minMs) stops.push({ from: i, to: j, start: points[i].gpsTime, end, lon: points[i].lon, lat: points[i].lat });
    i = j + 1;
  }
  return stops;
}

/** Stretches driven above `limitKmh`. */
export function findOverspeeds(points: readonly TrackPoint[], limitKmh: number): Overspeed[] {
  const out: Overspeed[] = [];
  let i = 0;
  while (i < points.length) {
    if (points[i].speed <= limitKmh) {
      i++;
      continue;
    }
    let j = i;
    let max = points[i].speed;
    while (j + 1 < points.length && points[j + 1].speed > limitKmh) max = Math.max(max, points[++j].speed);
    out.push({ from: i, to: j, start: points[i].gpsTime, end: points[j].gpsTime, maxSpeed: max });
    i = j + 1;
  }
  return out;
}

export function summarize(points: readonly TrackPoint[], opts: { stopMinutes: number; overspeedKmh: number }): TrackSummary {
  let maxSpeed = 0;
  for (const p of points) if (p.speed > maxSpeed) maxSpeed = p.speed;
  return {
    distanceKm: trackDistanceKm(points),
    durationMs: points.length ? points.at(-1)!.gpsTime - points[0].gpsTime : 0,
    maxSpeed,
    stops: findStops(points, opts.stopMinutes * 60_000),
    overspeeds: findOverspeeds(points, opts.overspeedKmh),
  };
}

/** The index of the last point at or before `time` (binary search). */
export function indexAt(points: readonly TrackPoint[], time: number): number {
  let lo = 0;
  let hi = points.length - 1;
  if (hi < 0 || time <= points[0].gpsTime) return 0;
  if (time >= points[hi].gpsTime) return hi;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid].gpsTime <= time) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Where the vehicle was at `time`: between two reports, on the straight line between them. */
export function positionAt(points: readonly TrackPoint[], time: number): { lon: number; lat: number; course: number; speed: number; index: number } | null {
  if (points.length === 0) return null;
  const i = indexAt(points, time);
  const a = points[i];
  const b = points[i + 1];
  if (!b || b.gpsTime <= a.gpsTime || time <= a.gpsTime) return { lon: a.lon, lat: a.lat, course: a.direction, speed: a.speed, index: i };
  const f = Math.min(1, (time - a.gpsTime) / (b.gpsTime - a.gpsTime));
  return { lon: a.lon + (b.lon - a.lon) * f, lat: a.lat + (b.lat - a.lat) * f, course: a.direction, speed: a.speed, index: i };
}

/** 3小时25分 / 12分钟 / 40秒 */
export function durationText(ms: number): string {
  const s = Math.round(ms / 1000);
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return M.playback.days(d, h);
  if (h > 0) return M.playback.hours(h, m);
  if (m > 0) return M.playback.minutesOnly(m);
  return M.playback.secondsOnly(s);
}
