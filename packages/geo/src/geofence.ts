// Geofences for the server's enter/exit alarms. Fences are in WGS-84 like stored positions;
// a fence drawn on a GCJ-02 map is converted before it is saved, not here.
import { distanceMeters, type LonLat } from './coords.ts';

export type FenceId = string | number;

export interface CircleFence<Id extends FenceId = FenceId> {
  readonly id: Id;
  readonly kind: 'circle';
  readonly center: LonLat;
  readonly radiusMeters: number;
}

export interface PolygonFence<Id extends FenceId = FenceId> {
  readonly id: Id;
  readonly kind: 'polygon';
  /** Outer ring first, then holes; rings may be closed or open. */
  readonly rings: ReadonlyArray<readonly LonLat[]>;
}

export type Fence<Id extends FenceId = FenceId> = CircleFence<Id> | PolygonFence<Id>;

export interface FenceTransition<Id extends FenceId = FenceId> {
  readonly fenceId: Id;
  readonly kind: 'enter' | 'exit';
}

export function pointInCircle(point: LonLat, center: LonLat, radiusMeters: number): boolean {
  return distanceMeters(point, center) <= radiusMeters;
}

/**
 * Ray casting with the even-odd rule over all rings, so a point in a hole is outside.
 * Planar in degrees, which is exact enough for fences (edges of a few kilometres).
 */
export function pointInPolygon(point: LonLat, rings: ReadonlyArray<readonly LonLat[]>): boolean {
  const [x, y] = point;
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < xi + ((y - yi) * (xj - xi)) / (yj - yi)) inside = !inside;
    }
  }
  return inside;
}

export function isInsideFence(point: LonLat, fence: Fence): boolean {
  return fence.kind === 'circle' ? pointInCircle(point, fence.center, fence.radiusMeters) : pointInPolygon(point, fence.rings);
}

export interface FenceTransitionResult<Id extends FenceId> {
  readonly events: FenceTransition<Id>[];
  /** The state to pass as `previousInside` with the vehicle's next position. */
  readonly inside: Map<Id, boolean>;
}

/**
 * Enter/exit events for one vehicle's new position. Pure: the caller keeps `inside` for the
 * next position (per vehicle, persisted across restarts). A fence without a previous state
 * (just attached, or the vehicle's first position) only records where the vehicle is:
 * a vehicle already parked inside a new fence has not "entered" it. Fences no longer in
 * `fences` are dropped from the state without an event.
 */
export function fenceTransitions<Id extends FenceId>(
  previousInside: ReadonlyMap<Id, boolean>,
  point: LonLat,
  fences: ReadonlyArray<Fence<Id>>,
): FenceTransitionResult<Id> {
  const events: FenceTransition<Id>[] = [];
  const inside = new Map<Id, boolean>();
  for (const fence of fences) {
    const now = isInsideFence(point, fence);
    const before = previousInside.get(fence.id);
    if (before !== undefined && before !== now) events.push({ fenceId: fence.id, kind: now ? 'enter' : 'exit' });
    inside.set(fence.id, now);
  }
  return { events, inside };
}
