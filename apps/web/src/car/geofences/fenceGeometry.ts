import type { Geofence } from '@chelian/contracts';
import { circleRing, radiusBetween, type LL } from '../../shared/map/fenceDraw.ts';

// Shared with every map that draws fences (智能工牌's areas).
export { circleRing, radiusBetween };

/** The outline(s) of a fence in WGS-84, closed. */
export function fenceRings(f: Pick<Geofence, 'kind' | 'center' | 'radius' | 'rings'>): LL[][] {
  if (f.kind === 'circle' && f.center && f.radius) return [circleRing(f.center, f.radius)];
  return f.rings.map((r) => (r.length && (r[0][0] !== r.at(-1)![0] || r[0][1] !== r.at(-1)![1]) ? [...r, r[0]] : r));
}

/** All the points of a fence, to fit the map to it. */
export function fencePoints(f: Pick<Geofence, 'kind' | 'center' | 'radius' | 'rings'>): LL[] {
  return fenceRings(f).flat();
}

/** Where a label goes: the circle's centre, or the polygon's vertex average. */
export function fenceLabelPoint(f: Pick<Geofence, 'kind' | 'center' | 'rings'>): LL | null {
  if (f.kind === 'circle') return f.center;
  const ring = f.rings[0];
  if (!ring?.length) return null;
  const sum = ring.reduce<LL>((s, p) => [s[0] + p[0], s[1] + p[1]], [0, 0]);
  return [sum[0] / ring.length, sum[1] / ring.length];
}
