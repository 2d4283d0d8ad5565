// Point-in-region for large boundaries (a province edge can have 40 000 points). Edges are
// bucketed into horizontal bands, so ray casting only looks at the few edges whose y-range
// covers the query latitude instead of every edge of the region.
import type { FlatRing } from './gridRaster.ts';

/** Aim for about this many edges per band; the count per band decides the cost of a test. */
const EDGES_PER_BAND = 4;
const MAX_BANDS = 8192;

export class RegionShape {
  readonly rings: readonly FlatRing[];
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
  /** x1, y1, x2, y2 per edge, ordered by band. */
  private readonly edges: Float64Array;
  private readonly bandStart: Int32Array;
  private readonly bandHeight: number;
  private readonly bandCount: number;

  constructor(rings: readonly FlatRing[]) {
    this.rings = rings;
    let west = Infinity;
    let south = Infinity;
    let east = -Infinity;
    let north = -Infinity;
    let edgeCount = 0;
    for (const ring of rings) {
      edgeCount += ring.length / 2;
      for (let i = 0; i < ring.length; i += 2) {
        west = Math.min(west, ring[i]);
        east = Math.max(east, ring[i]);
        south = Math.min(south, ring[i + 1]);
        north = Math.max(north, ring[i + 1]);
      }
    }
    this.west = west;
    this.south = south;
    this.east = east;
    this.north = north;
    this.bandCount = Math.max(1, Math.min(MAX_BANDS, Math.ceil(edgeCount / EDGES_PER_BAND)));
    this.bandHeight = (north - south) / this.bandCount || 1;

    // Counting pass, then a filling pass: an edge is listed in every band its y-range touches.
    const counts = new Int32Array(this.bandCount + 1);
    this.forEachEdgeBand((band) => counts[band + 1]++);
    for (let b = 0; b < this.bandCount; b++) counts[b + 1] += counts[b];
    this.bandStart = counts.slice();
    this.edges = new Float64Array(counts[this.bandCount] * 4);
    const cursor = counts;
    this.forEachEdgeBand((band, x1, y1, x2, y2) => {
      const at = cursor[band]++ * 4;
      this.edges[at] = x1;
      this.edges[at + 1] = y1;
      this.edges[at + 2] = x2;
      this.edges[at + 3] = y2;
    });
  }

  private bandOf(y: number): number {
    const band = Math.floor((y - this.south) / this.bandHeight);
    return band < 0 ? 0 : band >= this.bandCount ? this.bandCount - 1 : band;
  }

  private forEachEdgeBand(visit: (band: number, x1: number, y1: number, x2: number, y2: number) => void): void {
    for (const ring of this.rings) {
      const n = ring.length;
      for (let i = 0; i < n; i += 2) {
        const j = i + 2 < n ? i + 2 : 0;
        const y1 = ring[i + 1];
        const y2 = ring[j + 1];
        if (y1 === y2) continue; // horizontal edges never cross a horizontal ray
        const last = this.bandOf(Math.max(y1, y2));
        for (let band = this.bandOf(Math.min(y1, y2)); band <= last; band++) {
          visit(band, ring[i], y1, ring[j], y2);
        }
      }
    }
  }

  /** Even-odd ray casting towards +x, so holes and multi-part regions need no special case. */
  contains(lon: number, lat: number): boolean {
    if (lon < this.west || lon > this.east || lat < this.south || lat > this.north) return false;
    const band = this.bandOf(lat);
    const edges = this.edges;
    const end = this.bandStart[band + 1] * 4;
    let inside = false;
    for (let at = this.bandStart[band] * 4; at < end; at += 4) {
      const y1 = edges[at + 1];
      const y2 = edges[at + 3];
      if (y1 > lat !== y2 > lat) {
        const x1 = edges[at];
        if (lon < x1 + ((lat - y1) * (edges[at + 2] - x1)) / (y2 - y1)) inside = !inside;
      }
    }
    return inside;
  }
}
