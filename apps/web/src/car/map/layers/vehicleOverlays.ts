import type { GeoJSONSource, MapLibreMap } from '../maplibre.ts';
import { PointDiffer, syncPoints } from './pointDiff.ts';
import type { VehicleBuffer } from './vehicleBuffer.ts';
import { clusterFeatures, clusterOnGrid, unclusterAll } from './vehicleClusters.ts';

/** Clusters up to this zoom; past it every vehicle is an arrow. */
export const CLUSTER_MAX_ZOOM = 11;
const CLUSTER_CELL_PX = 64;
/** MapLibre's world size in pixels at zoom 0. */
export const TILE_SIZE = 512;

/**
 * The low-frequency half of the vehicle layer: clusters (which also decide which arrows hide)
 * are a small GeoJSON source, recomputed from the typed arrays on a camera move and at most
 * every few seconds while positions change, never per position batch. Only what changed on
 * screen is sent (see `PointDiffer`): a cluster whose count, alarm or pixel moved; a refresh
 * in which none did costs MapLibre nothing. (Plate labels are drawn by `VehicleLabelLayer`.)
 */
export function refreshClusters(map: MapLibreMap, vehicles: VehicleBuffer, sourceId: string, sent: PointDiffer): void {
  const zoom = map.getZoom();
  const source = map.getSource(sourceId) as GeoJSONSource | undefined;
  if (zoom <= CLUSTER_MAX_ZOOM) {
    const worldSize = TILE_SIZE * 2 ** Math.floor(zoom);
    syncPoints(source, sent, clusterFeatures(clusterOnGrid(vehicles, worldSize, CLUSTER_CELL_PX)), worldSize);
  } else {
    unclusterAll(vehicles);
    syncPoints(source, sent, [], 1);
  }
}
