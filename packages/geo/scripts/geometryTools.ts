// Small geometry helpers for the build: Douglas–Peucker simplification of closed rings,
// quantisation, and planar area (in square degrees, used only to rank regions by size).
import { openRing, type Point, type Polygon, type Ring } from './echartsGeoJson.ts';

function squaredSegmentDistance(p: Point, a: Point, b: Point): number {
  let x = a[0];
  let y = a[1];
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = b[0];
      y = b[1];
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = p[0] - x;
  dy = p[1] - y;
  return dx * dx + dy * dy;
}

/** Marks the points to keep between `first` and `last` (iterative, so long rings cannot overflow the stack). */
function douglasPeucker(points: readonly Point[], first: number, last: number, sqTolerance: number, keep: Uint8Array): void {
  const stack: Array<[number, number]> = [[first, last]];
  while (stack.length > 0) {
    const [start, end] = stack.pop()!;
    let maxDistance = sqTolerance;
    let index = -1;
    for (let i = start + 1; i < end; i++) {
      const distance = squaredSegmentDistance(points[i], points[start], points[end]);
      if (distance > maxDistance) {
        maxDistance = distance;
        index = i;
      }
    }
    if (index >= 0) {
      keep[index] = 1;
      stack.push([start, index], [index, end]);
    }
  }
}

/**
 * Simplifies an open ring. The ring is split at its first point and the point farthest from
 * it so both halves have distinct end points. Returns undefined when fewer than three
 * points survive (an islet smaller than the tolerance).
 */
export function simplifyRing(ring: Ring, tolerance: number): Ring | undefined {
  if (tolerance <= 0 || ring.length <= 4) return ring;
  const closed = [...ring, ring[0]];
  let far = 1;
  let farDistance = -1;
  for (let i = 1; i < ring.length; i++) {
    const d = (ring[i][0] - ring[0][0]) ** 2 + (ring[i][1] - ring[0][1]) ** 2;
    if (d > farDistance) {
      farDistance = d;
      far = i;
    }
  }
  const keep = new Uint8Array(closed.length);
  keep[0] = keep[far] = keep[closed.length - 1] = 1;
  const sqTolerance = tolerance * tolerance;
  douglasPeucker(closed, 0, far, sqTolerance, keep);
  douglasPeucker(closed, far, closed.length - 1, sqTolerance, keep);
  const kept = closed.filter((_, i) => keep[i] === 1);
  return openRing(kept);
}

function keepDefined(rings: ReadonlyArray<Ring | undefined>): Ring[] {
  return rings.filter((ring): ring is Ring => ring !== undefined);
}

export function simplifyPolygons(polygons: readonly Polygon[], tolerance: number): Polygon[] {
  const result: Polygon[] = [];
  for (const polygon of polygons) {
    const outer = simplifyRing(polygon[0], tolerance);
    if (!outer) continue;
    const holes = keepDefined(polygon.slice(1).map((hole) => simplifyRing(hole, tolerance)));
    result.push([outer, ...holes]);
  }
  return result;
}

/** Maps every point (e.g. a datum conversion) and rounds to `1/scale` degree. */
export function mapPolygons(polygons: readonly Polygon[], map: (point: Point) => Point, scale: number): Polygon[] {
  const result: Polygon[] = [];
  const mapRing = (ring: Ring): Ring | undefined =>
    openRing(
      ring.map((point): Point => {
        const [x, y] = map(point);
        return [Math.round(x * scale) / scale, Math.round(y * scale) / scale];
      }),
    );
  for (const polygon of polygons) {
    const outer = mapRing(polygon[0]);
    // Holes of a polygon that rounded away go with it.
    if (outer) result.push([outer, ...keepDefined(polygon.slice(1).map(mapRing))]);
  }
  return result;
}

export function ringArea(ring: Ring): number {
  let twiceArea = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    twiceArea += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  }
  return Math.abs(twiceArea / 2);
}

/** Outer rings minus holes. */
export function polygonsArea(polygons: readonly Polygon[]): number {
  let area = 0;
  for (const polygon of polygons) {
    polygon.forEach((ring, index) => (area += index === 0 ? ringArea(ring) : -ringArea(ring)));
  }
  return area;
}

export function pointCount(polygons: readonly Polygon[]): number {
  let count = 0;
  for (const polygon of polygons) for (const ring of polygon) count += ring.length;
  return count;
}
