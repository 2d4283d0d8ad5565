/**
 * Safe zones without flapping (docs/pet.md): a pet at the edge of its zone must not raise exit and
 * entry alarms in turn as its fixes scatter. The rule:
 *  - a home circle has a radius of at least MIN_ZONE_RADIUS_M;
 *  - a fix counts as OUTSIDE only when it lies beyond the edge by more than the margin
 *    max(MIN_MARGIN_M, the fix's own accuracy capped at MAX_MARGIN_M); it counts as INSIDE only
 *    when it lies inside the zone; a fix in the band between counts as neither and changes nothing;
 *  - the state flips (and one exit or entry alarm is raised) only after CONFIRM_FIXES fixes in a
 *    row on the other side; a fix older than the last one handled (out of order) is skipped.
 * At the normal 5-minute interval an exit is confirmed on the second fix outside; in lost mode
 * (15 s) within half a minute.
 */
import { distanceMeters, pointInPolygon, type Fence, type LonLat } from '@chelian/geo';

export const MIN_ZONE_RADIUS_M = 50;
export const MIN_MARGIN_M = 20;
export const MAX_MARGIN_M = 100;
export const CONFIRM_FIXES = 2;

export interface ZoneState {
  inside: boolean | null;
  /** fixes in a row on the other side of `inside` */
  streak: number;
  lastTime: number;
}

export interface ZoneFix {
  time: number;
  lon: number;
  lat: number;
  /** metres, when the collar gave it */
  accuracy?: number | null;
  /** kept by the collar out of coverage and sent later (the catalogue's blindArea, @chelian/protocols/positionAttributes.ts): what it raises is 补传 */
  blind?: boolean;
}

export const NEW_ZONE_STATE: ZoneState = Object.freeze({ inside: null, streak: 0, lastTime: -Infinity });

const M_PER_DEG_LAT = 111_320;

/** Metres from a point to a segment, on a local flat projection (zones are a few hundred metres). */
function segmentDistance(p: LonLat, a: LonLat, b: LonLat): number {
  const kx = M_PER_DEG_LAT * Math.cos((p[1] * Math.PI) / 180);
  const ax = (a[0] - p[0]) * kx,
    ay = (a[1] - p[1]) * M_PER_DEG_LAT;
  const bx = (b[0] - p[0]) * kx,
    by = (b[1] - p[1]) * M_PER_DEG_LAT;
  const dx = bx - ax,
    dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** How far beyond the zone's edge the point is, in metres (≤ 0 inside). */
export function beyondEdgeMeters(point: LonLat, zone: Fence): number {
  if (zone.kind === 'circle') return distanceMeters(point, zone.center) - Math.max(MIN_ZONE_RADIUS_M, zone.radiusMeters);
  let edge = Infinity;
  for (const ring of zone.rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) edge = Math.min(edge, segmentDistance(point, ring[j]!, ring[i]!));
  return pointInPolygon(point, zone.rings) ? -edge : edge;
}

/** The next state after a fix, and the alarm it raises ('exit' / 'enter'), if any. */
export function stepZone(state: ZoneState, zone: Fence, fix: ZoneFix): { state: ZoneState; event: 'exit' | 'enter' | null } {
  if (!Number.isFinite(fix.lon) || !Number.isFinite(fix.lat) || fix.time <= state.lastTime) return { state, event: null };
  const margin = Math.min(MAX_MARGIN_M, Math.max(MIN_MARGIN_M, fix.accuracy ?? 0));
  const beyond = beyondEdgeMeters([fix.lon, fix.lat], zone);
  const side = beyond <= 0 ? true : beyond > margin ? false : null;
  if (side === null) return { state: { ...state, lastTime: fix.time }, event: null };
  // The first clear fix sets the state without an alarm.
  if (state.inside === null) return { state: { inside: side, streak: 0, lastTime: fix.time }, event: null };
  if (side === state.inside) return { state: { inside: side, streak: 0, lastTime: fix.time }, event: null };
  const streak = state.streak + 1;
  if (streak < CONFIRM_FIXES) return { state: { inside: state.inside, streak, lastTime: fix.time }, event: null };
  return { state: { inside: side, streak: 0, lastTime: fix.time }, event: side ? 'enter' : 'exit' };
}
