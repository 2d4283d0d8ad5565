import type { FleetStore } from '../../fleet/fleetStore.ts';
import type { GeoJSONSource, MapLibreMap } from '../maplibre.ts';
import { PointDiffer, syncPoints, type IdPoint } from './pointDiff.ts';
import { latFromMercator, lonFromMercator, mercatorX, mercatorY, type VehicleBuffer } from './vehicleBuffer.ts';
import { clusterFeatures, clusterOnGrid, unclusterAll } from './vehicleClusters.ts';

/** Clusters up to this zoom; past it every vehicle is an arrow. */
export const CLUSTER_MAX_ZOOM = 11;
const CLUSTER_CELL_PX = 64;
/** Plate labels from this zoom, for the arrows in view. */
export const LABEL_MIN_ZOOM = 9;
/** MapLibre's world size in pixels at zoom 0. */
export const TILE_SIZE = 512;

/** A plate label's room on screen: at most one candidate per cell goes to MapLibre's placement. */
const LABEL_CELL_PX: [number, number] = [90, 36];

export interface LabelView {
  west: number;
  east: number;
  north: number;
  south: number;
  /** 512 · 2^zoom */
  worldSize: number;
}

/**
 * The plates of the shown vehicles in view (padded by a quarter screen) as label points, thinned
 * to one per label-sized cell: a screen holds a few hundred plates, and MapLibre's symbol
 * placement (main thread, every few frames) should not sort through the thousand it would hide.
 */
export function labelFeatures(vehicles: VehicleBuffer, store: FleetStore, view: LabelView): IdPoint[] {
  const x0 = mercatorX(view.west);
  const x1 = mercatorX(view.east);
  const y0 = mercatorY(view.north);
  const y1 = mercatorY(view.south);
  const padX = (x1 - x0) / 4;
  const padY = (y1 - y0) / 4;
  const cellsX = view.worldSize / LABEL_CELL_PX[0];
  const cellsY = view.worldSize / LABEL_CELL_PX[1];
  const taken = new Set<number>();
  const features: IdPoint[] = [];
  for (let i = 0; i < vehicles.count; i++) {
    if (vehicles.hidden[i]) continue;
    const x = vehicles.x[i];
    const y = vehicles.y[i];
    if (x < x0 - padX || x > x1 + padX || y < y0 - padY || y > y1 + padY) continue;
    const cell = Math.floor(x * cellsX) * Math.ceil(cellsY) + Math.floor(y * cellsY);
    if (taken.has(cell)) continue;
    taken.add(cell);
    const v = store.get(vehicles.ids[i]);
    if (!v) continue;
    features.push({ type: 'Feature', id: v.vehicleId, geometry: { type: 'Point', coordinates: [lonFromMercator(x), latFromMercator(y)] }, properties: { plate: v.plate || v.name } });
  }
  return features;
}

/**
 * The low-frequency half of the vehicle layer: clusters (which also decide which arrows hide)
 * and plate labels are GeoJSON, recomputed from the typed arrays on a camera move and at most
 * every few seconds while positions change, never per position batch. Only what changed on
 * screen is sent (see `PointDiffer`): a cluster whose count, alarm or pixel moved, a plate that
 * appeared, left or moved by a pixel; a refresh in which nothing did costs MapLibre nothing.
 */
export interface OverlaySources {
  clusters: string;
  labels: string;
  /** what each source was last sent */
  sent?: { clusters: PointDiffer; labels: PointDiffer };
}

export function refreshOverlays(map: MapLibreMap, vehicles: VehicleBuffer, store: FleetStore, sources: OverlaySources): void {
  const zoom = map.getZoom();
  const sent = (sources.sent ??= { clusters: new PointDiffer(), labels: new PointDiffer() });
  const clusters = map.getSource(sources.clusters) as GeoJSONSource | undefined;
  const labels = map.getSource(sources.labels) as GeoJSONSource | undefined;
  if (zoom <= CLUSTER_MAX_ZOOM) {
    const worldSize = TILE_SIZE * 2 ** Math.floor(zoom);
    syncPoints(clusters, sent.clusters, clusterFeatures(clusterOnGrid(vehicles, worldSize, CLUSTER_CELL_PX)), worldSize);
  } else {
    unclusterAll(vehicles);
    syncPoints(clusters, sent.clusters, [], 1);
  }
  const worldSize = TILE_SIZE * 2 ** zoom;
  if (zoom >= LABEL_MIN_ZOOM) {
    const b = map.getBounds();
    syncPoints(labels, sent.labels, labelFeatures(vehicles, store, { west: b.getWest(), east: b.getEast(), north: b.getNorth(), south: b.getSouth(), worldSize }), worldSize);
  } else {
    syncPoints(labels, sent.labels, [], worldSize);
  }
}
