import { distanceMeters } from '@chelian/geo/coords.ts';
import type { Geofence } from '@chelian/contracts';

type LL = [number, number];
const EARTH = 6_371_008.8;

/** A circle as a polygon ring (for drawing; the server tests circles exactly by distance). */
export function circleRing(center: LL, radiusMeters: number, steps = 64): LL[] {
  const [lon, lat] = center;
  const ring: LL[] = [];
  const latR = (lat * Math.PI) / 180;
  const d = radiusMeters / EARTH;
  for (let i = 0; i <= steps; i++) {
    const bearing = (i / steps) * 2 * Math.PI;
    const lat2 = Math.asin(Math.sin(latR) * Math.cos(d) + Math.cos(latR) * Math.sin(d) * Math.cos(bearing));
    const lon2 = (lon * Math.PI) / 180 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(latR), Math.cos(d) - Math.sin(latR) * Math.sin(lat2));
    ring.push([(lon2 * 180) / Math.PI, (lat2 * 180) / Math.PI]);
  }
  return ring;
}

/** The outline(s) of a fence in WGS-84, closed. */
export function fenceRings(f: Pick<Geofence, 'kind' | 'center' | 'radius' | 'rings'>): LL[][] {
  if (f.kind === 'circle' && f.center && f.radius) return [circleRing(f.center, f.radius)];
  return f.rings.map((r) => (r.length && (r[0][0] !== r.at(-1)![0] || r[0][1] !== r.at(-1)![1]) ? [...r, r[0]] : r));
}

/** All the points of a fence, to fit the map to it. */
export function fencePoints(f: Pick<Geofence, 'kind' | 'center' | 'radius' | 'rings'>): LL[] {
  return fenceRings(f).flat();
}

export const radiusBetween = (center: LL, edge: LL) => Math.round(distanceMeters(center, edge));

/** Where a label goes: the circle's centre, or the polygon's vertex average. */
export function fenceLabelPoint(f: Pick<Geofence, 'kind' | 'center' | 'rings'>): LL | null {
  if (f.kind === 'circle') return f.center;
  const ring = f.rings[0];
  if (!ring?.length) return null;
  const sum = ring.reduce<LL>((s, p) => [s[0] + p[0], s[1] + p[1]], [0, 0]);
  return [sum[0] / ring.length, sum[1] / ring.length];
}
