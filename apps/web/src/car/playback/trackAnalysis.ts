import { distanceMeters } from '@chelian/geo/coords.ts';
import { STOP_SPEED_KMH, type Track } from '@chelian/contracts';

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

export const EMPTY_TRACK: Track = {
  terminalId: '', vehicleId: null, plate: '', start: 0, end: 0, base: 0, length: 0, time: new Float64Array(0), lon: new Float64Array(0),
  lat: new Float64Array(0), speed: new Float64Array(0), course: new Int16Array(0), mileage: new Float64Array(0), flags: new Uint8Array(0),
};

export { STOP_SPEED_KMH };
/** A jump this far between two reports in this little time is a bad fix, not a drive. */
const MAX_PLAUSIBLE_KMH = 300;

/**
 * Distance driven: the odometer when the terminal reports one that only grows over the track,
 * else the sum of the legs (implausible jumps left out).
 */
export function trackDistanceKm(track: Track): number {
  const { length, mileage, time, lon, lat } = track;
  let known = 0;
  let first = NaN;
  let last = NaN;
  let monotonic = true;
  for (let i = 0; i < length; i++) {
    const m = mileage[i];
    if (!(m > 0)) continue; // NaN (none reported) or a zero placeholder
    if (known > 0 && m < last) monotonic = false;
    if (known === 0) first = m;
    last = m;
    known++;
  }
  if (known >= 2 && known >= length * 0.8 && monotonic) return Math.round((last - first) * 100) / 100;
  let meters = 0;
  for (let i = 1; i < length; i++) {
    const d = distanceMeters([lon[i - 1], lat[i - 1]], [lon[i], lat[i]]);
    const hours = Math.max(1, time[i] - time[i - 1]) / 3_600_000;
    if (d / 1000 / hours <= MAX_PLAUSIBLE_KMH) meters += d;
  }
  return Math.round(meters / 10) / 100;
}

/** Stays of at least `minMs` below walking speed (one per stay, with where and how long). */
export function findStops(track: Track, minMs: number): Stop[] {
  const { length, speed, time } = track;
  const stops: Stop[] = [];
  let i = 0;
  while (i < length) {
    if (speed[i] >= STOP_SPEED_KMH) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < length && speed[j + 1] < STOP_SPEED_KMH) j++;
    // the stay lasts until the vehicle is next seen moving (or the track ends)
    const end = j + 1 < length ? time[j + 1] : time[j];
    if (end - time[i] >= minMs) stops.push({ from: i, to: j, start: time[i], end, lon: track.lon[i], lat: track.lat[i] });
    i = j + 1;
  }
  return stops;
}

/** Stretches driven above `limitKmh`. */
export function findOverspeeds(track: Track, limitKmh: number): Overspeed[] {
  const { length, speed, time } = track;
  const out: Overspeed[] = [];
  let i = 0;
  while (i < length) {
    if (speed[i] <= limitKmh) {
      i++;
      continue;
    }
    let j = i;
    let max = speed[i];
    while (j + 1 < length && speed[j + 1] > limitKmh) max = Math.max(max, speed[++j]);
    out.push({ from: i, to: j, start: time[i], end: time[j], maxSpeed: max });
    i = j + 1;
  }
  return out;
}

export function summarize(track: Track, opts: { stopMinutes: number; overspeedKmh: number }): TrackSummary {
  let maxSpeed = 0;
  for (let i = 0; i < track.length; i++) if (track.speed[i] > maxSpeed) maxSpeed = track.speed[i];
  return {
    distanceKm: trackDistanceKm(track),
    durationMs: track.length ? track.time[track.length - 1] - track.time[0] : 0,
    maxSpeed,
    stops: findStops(track, opts.stopMinutes * 60_000),
    overspeeds: findOverspeeds(track, opts.overspeedKmh),
  };
}

/** The index of the last point at or before `time` (binary search over the time column). */
export function indexAt(times: Float64Array, time: number): number {
  let lo = 0;
  let hi = times.length - 1;
  if (hi < 0 || time <= times[0]) return 0;
  if (time >= times[hi]) return hi;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (times[mid] <= time) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Where the vehicle was at `time`: between two reports, on the straight line between them. */
export function positionAt(track: Track, time: number): { lon: number; lat: number; course: number; speed: number; index: number } | null {
  if (track.length === 0) return null;
  const { time: times, lon, lat } = track;
  const i = indexAt(times, time);
  const at = { course: track.course[i], speed: track.speed[i], index: i };
  if (i + 1 >= track.length || times[i + 1] <= times[i] || time <= times[i]) return { lon: lon[i], lat: lat[i], ...at };
  const f = Math.min(1, (time - times[i]) / (times[i + 1] - times[i]));
  return { lon: lon[i] + (lon[i + 1] - lon[i]) * f, lat: lat[i] + (lat[i + 1] - lat[i]) * f, ...at };
}

/** The track's extent in WGS-84, [[west, south], [east, north]], or null when it is empty. */
export function trackBounds(track: Track): [[number, number], [number, number]] | null {
  if (track.length === 0) return null;
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < track.length; i++) {
    w = Math.min(w, track.lon[i]);
    e = Math.max(e, track.lon[i]);
    s = Math.min(s, track.lat[i]);
    n = Math.max(n, track.lat[i]);
  }
  return [[w, s], [e, n]];
}

