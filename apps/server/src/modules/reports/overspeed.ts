import { OVERSPEED_DEFAULT_LIMIT_KMH, type LimitSource } from '@chelian/contracts';
import { isInsideFence, type Fence } from '@chelian/geo';
import { beijingDayOf } from '@chelian/contracts/beijingTime.ts';

/**
 * 超速 episodes from one vehicle's valid fixes (pure: the queries read the fixes and fences).
 * Rules (docs/reports.md): the limit of a fix is the lowest of the vehicle's fences with a limit
 * that contain it, else the vehicle's own, else OVERSPEED_DEFAULT_LIMIT_KMH; a fix is over when
 * its speed is above that limit. An episode is a run of consecutive valid fixes over the limit,
 * with the same limit, within one Beijing day and without a silence longer than MAX_GAP_MS; it
 * lasts from its first to its last fix and counts when that is at least minSeconds.
 */

/** Longer than this between two fixes, the terminal was off or out of coverage (as the daily driving time). */
export const MAX_GAP_MS = 300_000;

export interface SpeedFence {
  fence: Fence<number>;
  name: string;
  limitKmh: number;
}

/** A valid fix above the lowest limit that could apply to the vehicle; `seq` numbers all its valid fixes in time order. */
export interface CandidateFix {
  seq: number;
  at: number;
  lon: number;
  lat: number;
  speed: number;
}

export interface AppliedLimit {
  limitKmh: number;
  source: LimitSource;
  fenceName: string;
}

export interface Episode extends AppliedLimit {
  day: string;
  startAt: number;
  endAt: number;
  maxSpeed: number;
  lon: number;
  lat: number;
  points: number;
}

/** The limit at a point: the strictest fence that holds it wins over the vehicle's, which wins over the default. */
export function limitAt(lon: number, lat: number, fences: readonly SpeedFence[], vehicleLimit: number | null): AppliedLimit {
  let best: SpeedFence | null = null;
  for (const f of fences) if ((!best || f.limitKmh < best.limitKmh) && isInsideFence([lon, lat], f.fence)) best = f;
  if (best) return { limitKmh: best.limitKmh, source: 'fence', fenceName: best.name };
  if (vehicleLimit !== null) return { limitKmh: vehicleLimit, source: 'vehicle', fenceName: '' };
  return { limitKmh: OVERSPEED_DEFAULT_LIMIT_KMH, source: 'default', fenceName: '' };
}

/** The lowest limit any fix of this vehicle could have: fixes at or below it are never over. */
export function lowestLimit(fences: readonly SpeedFence[], vehicleLimit: number | null): number {
  return Math.min(vehicleLimit ?? OVERSPEED_DEFAULT_LIMIT_KMH, ...fences.map((f) => f.limitKmh));
}

const sameLimit = (a: AppliedLimit, b: AppliedLimit) => a.limitKmh === b.limitKmh && a.source === b.source && a.fenceName === b.fenceName;

/** The episodes of one vehicle's candidate fixes (in time order), the short ones left out. */
export function overspeedEpisodes(
  fixes: readonly CandidateFix[],
  fences: readonly SpeedFence[],
  vehicleLimit: number | null,
  minSeconds: number,
): Episode[] {
  const episodes: Episode[] = [];
  const keep = (e: Episode | null) => {
    if (e && (e.endAt - e.startAt) / 1000 >= minSeconds) episodes.push(e);
  };
  let current: Episode | null = null;
  let prev: CandidateFix | null = null;
  for (const fix of fixes) {
    const limit = limitAt(fix.lon, fix.lat, fences, vehicleLimit);
    if (fix.speed <= limit.limitKmh) {
      keep(current);
      current = null;
      prev = null;
      continue;
    }
    const day = beijingDayOf(fix.at);
    if (current && prev && fix.seq === prev.seq + 1 && fix.at - prev.at <= MAX_GAP_MS && current.day === day && sameLimit(current, limit)) {
      current.endAt = fix.at;
      current.maxSpeed = Math.max(current.maxSpeed, fix.speed);
      current.points += 1;
    } else {
      keep(current);
      current = { ...limit, day, startAt: fix.at, endAt: fix.at, maxSpeed: fix.speed, lon: fix.lon, lat: fix.lat, points: 1 };
    }
    prev = fix;
  }
  keep(current);
  return episodes;
}
