import type { Feature, Point } from 'geojson';
import type { GeoJSONFeatureDiff, GeoJSONSourceDiff } from 'maplibre-gl';
import type { GeoJSONSource } from '../maplibre.ts';
import { mercatorX, mercatorY } from './vehicleBuffer.ts';

/** A point feature with a numeric id (a vehicle id, a grid cell), as `updateData` needs. */
export type IdPoint = Feature<Point> & { id: number };

/**
 * What a GeoJSON source of points was last sent, so the next refresh sends only what changed:
 * points that appear or disappear, and points whose properties changed or that moved by a
 * whole screen pixel at the zoom given. A refresh in which nothing changed sends nothing, so
 * MapLibre's worker round trip, tile reload and symbol placement are skipped with it.
 */
export class PointDiffer {
  private sent = new Map<number, string>();

  get size(): number {
    return this.sent.size;
  }

  clear(): void {
    this.sent.clear();
  }

  /** The diff from what was sent to `features` (null when nothing changed); remembers `features` as sent. */
  diff(features: readonly IdPoint[], worldSize: number): GeoJSONSourceDiff | null {
    const next = new Map<number, string>();
    const add: IdPoint[] = [];
    const update: GeoJSONFeatureDiff[] = [];
    for (const f of features) {
      const [lon, lat] = f.geometry.coordinates;
      const signature = `${Math.round(mercatorX(lon) * worldSize)},${Math.round(mercatorY(lat) * worldSize)},${JSON.stringify(f.properties)}`;
      const before = this.sent.get(f.id);
      next.set(f.id, signature);
      if (before === undefined) add.push(f);
      else if (before !== signature)
        update.push({ id: f.id, newGeometry: f.geometry, addOrUpdateProperties: Object.entries(f.properties ?? {}).map(([key, value]) => ({ key, value })) });
    }
    const remove: number[] = [];
    for (const id of this.sent.keys()) if (!next.has(id)) remove.push(id);
    this.sent = next;
    if (add.length + update.length + remove.length === 0) return null;
    return { add, update, remove };
  }
}

/**
 * Brings `source` to `features`: nothing when nothing changed, `updateData` with the changes
 * when they are a small part of it (MapLibre reloads only the tiles they touch), else `setData`.
 */
export function syncPoints(source: GeoJSONSource | undefined, differ: PointDiffer, features: readonly IdPoint[], worldSize: number): void {
  const hadAny = differ.size > 0;
  const diff = differ.diff(features, worldSize);
  if (!diff || !source) return;
  const changes = (diff.add?.length ?? 0) + (diff.update?.length ?? 0) + (diff.remove?.length ?? 0);
  if (hadAny && changes * 2 < features.length) void source.updateData(diff);
  else source.setData({ type: 'FeatureCollection', features: [...features] });
}
