import type { GeoJSONSourceDiff } from 'maplibre-gl';
import type { GeoJSONSource } from '../maplibre.ts';
import { mercatorX, mercatorY } from './vehicleBuffer.ts';
import type { IdPoint } from './pointDiff.ts';

/**
 * Splits a diff by the map tile (at `tileZoom`) each added or moved point lands in. MapLibre
 * reloads only the tiles an `updateData` touches, so sending one tile's changes at a time spreads
 * the tile reloads over several frames instead of one long one. Removals go with the first part.
 */
export function splitByTile(diff: GeoJSONSourceDiff, tileZoom: number): GeoJSONSourceDiff[] {
  const tiles = 2 ** tileZoom;
  const parts = new Map<number, GeoJSONSourceDiff>();
  const partOf = (lon: number, lat: number) => {
    const tile = Math.floor(mercatorX(lon) * tiles) * tiles + Math.floor(mercatorY(lat) * tiles);
    let part = parts.get(tile);
    if (!part) parts.set(tile, (part = { add: [], update: [], remove: [] }));
    return part;
  };
  for (const f of (diff.add ?? []) as IdPoint[]) partOf(f.geometry.coordinates[0], f.geometry.coordinates[1]).add!.push(f);
  for (const u of diff.update ?? []) {
    const [lon, lat] = u.newGeometry?.type === 'Point' ? u.newGeometry.coordinates : [0, 0];
    partOf(lon, lat).update!.push(u);
  }
  const result = [...parts.values()];
  if (diff.remove?.length) {
    if (result.length === 0) result.push({ add: [], update: [], remove: [] });
    result[0].remove = [...diff.remove];
  }
  return result;
}

/** All parts as one diff (each id is in one part only). */
export function mergeParts(parts: readonly GeoJSONSourceDiff[]): GeoJSONSourceDiff {
  return { add: parts.flatMap((p) => p.add ?? []), update: parts.flatMap((p) => p.update ?? []), remove: parts.flatMap((p) => p.remove ?? []) };
}

/**
 * Sends the parts of a diff to a source one at a time, `withinMs` spread over them (at most
 * `maxGapMs` apart). A new send first hands over whatever is still queued, in one piece, so the
 * source never falls behind what the differ believes it was sent.
 */
export class SpreadSender {
  private queue: GeoJSONSourceDiff[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private source: GeoJSONSource | undefined;

  constructor(
    private readonly withinMs = 2400,
    private readonly maxGapMs = 250,
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  send(source: GeoJSONSource, parts: GeoJSONSourceDiff[]): void {
    this.flush();
    this.source = source;
    this.queue = parts;
    const gap = Math.min(this.maxGapMs, this.withinMs / Math.max(1, parts.length));
    const next = () => {
      const part = this.queue.shift();
      if (part) void source.updateData(part);
      this.timer = this.queue.length ? setTimeout(next, gap) : undefined;
    };
    next();
  }

  /** Sends what is still queued at once. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length && this.source) void this.source.updateData(mergeParts(this.queue));
    this.queue = [];
  }

  /** Drops what is queued (the source is replaced or gone). */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
  }
}
