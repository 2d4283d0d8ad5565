import { countedStepMeters, trackDistanceKm as distanceByMileageRule } from '@chelian/geo/trackDistance.ts';
import {
  DRIFT_MAX_METERS,
  MIN_TRIP_METERS,
  MIN_TRIP_SECONDS,
  PARKED_MIN_SECONDS,
  STAY_MIN_SECONDS,
  STOP_SPEED_KMH,
  type Track,
} from '@chelian/contracts';

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
  terminalId: '',
  vehicleId: null,
  plate: '',
  start: 0,
  end: 0,
  base: 0,
  length: 0,
  time: new Float64Array(0),
  lon: new Float64Array(0),
  lat: new Float64Array(0),
  speed: new Float64Array(0),
  course: new Int16Array(0),
  mileage: new Float64Array(0),
  flags: new Uint8Array(0),
};

export { STOP_SPEED_KMH };

/**
 * Distance driven, by the daily mileage's rule (packages/geo trackDistance.ts): the odometer when
 * two or more points carry one, else the legs, without drift while standing and implausible jumps.
 */
const STILL = { belowKmh: STOP_SPEED_KMH, maxMeters: DRIFT_MAX_METERS };
export const trackDistanceKm = (track: Track): number => distanceByMileageRule(track, STILL);

/**
 * Stays of at least `minMs` below walking speed (one per stay, with where and how long), by the stay
 * report's rule (docs/reports.md, apps/server/src/modules/reports/staysSql.ts), so playback lists
 * the stops the reports count: a run of points below STOP_SPEED_KMH lasting until the vehicle is
 * next seen moving, of at least STAY_MIN_SECONDS (the track's last run always counts: it is still
 * going); a run and the next are one stay when the movement between them is shorter than
 * MIN_TRIP_SECONDS (first to last point seen moving) and MIN_TRIP_METERS (its steps as the mileage
 * counts them) and a stay of the chain before it lasted PARKED_MIN_SECONDS.
 */
export function findStops(track: Track, minMs: number): Stop[] {
  return mergeShortMovements(track, stillRuns(track)).filter((s) => s.end - s.start >= minMs);
}

/** The runs below STOP_SPEED_KMH that are stays before merging: STAY_MIN_SECONDS or more, or the track's last. */
function stillRuns(track: Track): Stop[] {
  const { length, speed, time } = track;
  const runs: Stop[] = [];
  let i = 0;
  while (i < length) {
    if (speed[i] >= STOP_SPEED_KMH) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < length && speed[j + 1] < STOP_SPEED_KMH) j++;
    // the stay lasts until the vehicle is next seen moving (or the track ends)
    const last = j + 1 >= length;
    const end = last ? time[j] : time[j + 1];
    if (last || end - time[i] >= STAY_MIN_SECONDS * 1000)
      runs.push({ from: i, to: j, start: time[i], end, lon: track.lon[i], lat: track.lat[i] });
    i = j + 1;
  }
  return runs;
}

function mergeShortMovements(track: Track, runs: Stop[]): Stop[] {
  const merged: Stop[] = [];
  let parkedInChain = false;
  for (const run of runs) {
    const before = merged[merged.length - 1];
    const short = before !== undefined && isShortMovement(track, before.to, run.from);
    if (short && parkedInChain) {
      merged[merged.length - 1] = { ...before, to: run.to, end: run.end };
    } else {
      if (!short) parkedInChain = false;
      merged.push(run);
    }
    if (run.end - run.start >= PARKED_MIN_SECONDS * 1000) parkedInChain = true;
  }
  return merged;
}

/** Whether the movement from the stay ending at point `left` to the one starting at point `arrived` is too short to be a trip. */
function isShortMovement(track: Track, left: number, arrived: number): boolean {
  if (track.time[arrived - 1] - track.time[left + 1] >= MIN_TRIP_SECONDS * 1000) return false;
  let meters = 0;
  for (let k = left + 1; k <= arrived; k++) meters += countedStepMeters(track, k, STILL);
  return meters < MIN_TRIP_METERS;
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
  return [
    [w, s],
    [e, n],
  ];
}
