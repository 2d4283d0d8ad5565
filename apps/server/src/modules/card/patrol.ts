import { beijingMidnight, type PatrolStatus } from '@chelian/contracts';
import { distanceMeters } from '@chelian/geo';
import { lowerBound } from './attendance.ts';

/**
 * Patrol (巡更) scoring, pure: a plan's window is one run; each checkpoint of its route is done
 * when an assignee is within its radius (or heard its beacon) inside the window, late when that
 * happens only within `lateMinutes` after the window, missed otherwise. The run is missed if any
 * checkpoint is, late if any is late, else done; 'pending' until the late allowance has passed.
 */

export interface PatrolPoint {
  id: number;
  lat: number;
  lon: number;
  radius: number;
  beacon: string;
}

/** The assignees' positions of the day, merged and time-sorted. */
export interface PatrolTrack {
  times: ArrayLike<number>;
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
  /** beacon heard with the position ('' when none), as beaconKey gives it */
  beacon: ArrayLike<string>;
  /** who sent it (index into the caller's list) */
  who: ArrayLike<number>;
}

export interface Visit {
  checkpointId: number;
  status: PatrolStatus;
  visitedAt: number | null;
  who: number | null;
}

export interface RunResult {
  status: PatrolStatus;
  visits: Visit[];
}

const MINUTE = 60_000;

export function atCheckpoint(p: PatrolPoint, lat: number, lon: number, beacon: string): boolean {
  if (p.beacon && beacon && p.beacon.toLowerCase().replace(/[^0-9a-f]/g, '') === beacon) return true;
  return distanceMeters([lon, lat], [p.lon, p.lat]) <= p.radius;
}

export function scoreRun(
  day: string,
  window: { start: number; end: number },
  lateMinutes: number,
  points: readonly PatrolPoint[],
  track: PatrolTrack,
  now: number,
): RunResult {
  const midnight = beijingMidnight(day);
  const start = midnight + window.start * MINUTE;
  const end = midnight + window.end * MINUTE;
  const lateEnd = end + lateMinutes * MINUTE;
  const from = lowerBound(track.times, start);
  const to = lowerBound(track.times, lateEnd + 1);
  const visits = points.map((p): Visit => {
    for (let i = from; i < to; i++) {
      if (atCheckpoint(p, track.lat[i]!, track.lon[i]!, track.beacon[i]!)) {
        const t = track.times[i]!;
        return { checkpointId: p.id, status: t <= end ? 'done' : 'late', visitedAt: t, who: track.who[i]! };
      }
    }
    return { checkpointId: p.id, status: now < lateEnd ? 'pending' : 'missed', visitedAt: null, who: null };
  });
  const has = (s: PatrolStatus) => visits.some((v) => v.status === s);
  const status: PatrolStatus = has('missed') ? 'missed' : has('pending') ? 'pending' : has('late') ? 'late' : 'done';
  return { status, visits };
}
