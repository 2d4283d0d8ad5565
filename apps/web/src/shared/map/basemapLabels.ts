import type { Feature, FeatureCollection, Point, Position } from 'geojson';

type Ring = Position[];

function ringArea(ring: Ring): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) a += (ring[j][0] + ring[i][0]) * (ring[j][1] - ring[i][1]);
  return Math.abs(a / 2);
}

function inside(x: number, y: number, ring: Ring): boolean {
  let hit = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < xi + ((y - yi) * (xj - xi)) / (yj - yi)) hit = !hit;
  }
  return hit;
}

/**
 * Where a region's name goes: inside its largest part, at the middle of the widest horizontal
 * run through that part's centre. Cheap, and never outside the shape (unlike a plain centroid).
 */
export function labelPoint(rings: Ring[]): Position | null {
  const outer = rings.reduce<Ring | null>((best, r) => (!best || ringArea(r) > ringArea(best) ? r : best), null);
  if (!outer || outer.length < 3) return null;
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of outer) [w, s, e, n] = [Math.min(w, x), Math.min(s, y), Math.max(e, x), Math.max(n, y)];
  let best: Position | null = null;
  let bestWidth = -1;
  for (const f of [0.5, 0.4, 0.6, 0.3, 0.7]) {
    const y = s + (n - s) * f;
    const xs: number[] = [];
    for (let i = 0, j = outer.length - 1; i < outer.length; j = i++) {
      const [xi, yi] = outer[i];
      const [xj, yj] = outer[j];
      if (yi > y !== yj > y) xs.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const width = xs[k + 1] - xs[k];
      // the middle rows are preferred: a slightly narrower run nearer the centre wins
      const score = width * (f === 0.5 ? 1.15 : 1);
      if (score > bestWidth && inside((xs[k] + xs[k + 1]) / 2, y, outer)) {
        bestWidth = score;
        best = [(xs[k] + xs[k + 1]) / 2, y];
      }
    }
    if (best && f === 0.5) break;
  }
  return best ?? [(w + e) / 2, (s + n) / 2];
}

/** One label point per named region (multi-part regions get one label, not one per island). */
export function labelPoints(fc: FeatureCollection, kind: string): Feature<Point>[] {
  const out: Feature<Point>[] = [];
  for (const f of fc.features) {
    const g = f.geometry;
    const rings = g?.type === 'Polygon' ? [g.coordinates[0]] : g?.type === 'MultiPolygon' ? g.coordinates.map((p) => p[0]) : [];
    const p = labelPoint(rings);
    const name = f.properties?.name;
    if (p && typeof name === 'string')
      out.push({ type: 'Feature', properties: { name, kind }, geometry: { type: 'Point', coordinates: p } });
  }
  return out;
}
