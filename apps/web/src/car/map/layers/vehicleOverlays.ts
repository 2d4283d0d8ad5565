import type { Feature, FeatureCollection, Point } from 'geojson';
import type { FleetStore } from '../../fleet/fleetStore.ts';
import type { GeoJSONSource, MapLibreMap } from '../maplibre.ts';
import { EMPTY } from './geojsonLayer.ts';
import { latFromMercator, lonFromMercator, mercatorX, mercatorY, type VehicleBuffer } from './vehicleBuffer.ts';
import { clusterCollection, clusterOnGrid, unclusterAll } from './vehicleClusters.ts';

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
export function labelCollection(vehicles: VehicleBuffer, store: FleetStore, view: LabelView): FeatureCollection<Point> {
  const x0 = mercatorX(view.west);
  const x1 = mercatorX(view.east);
  const y0 = mercatorY(view.north);
  const y1 = mercatorY(view.south);
  const padX = (x1 - x0) / 4;
  const padY = (y1 - y0) / 4;
  const cellsX = view.worldSize / LABEL_CELL_PX[0];
  const cellsY = view.worldSize / LABEL_CELL_PX[1];
  const taken = new Set<number>();
  const features: Feature<Point>[] = [];
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
    features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [lonFromMercator(x), latFromMercator(y)] }, properties: { plate: v.plate || v.name } });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * The low-frequency half of the vehicle layer: clusters (which also decide which arrows hide)
 * and plate labels are GeoJSON, rebuilt from the typed arrays on a camera move and at most
 * every few seconds while positions change, never per position batch.
 */
export interface OverlaySources {
  clusters: string;
  labels: string;
  /** whether each source holds features now (an empty one is not sent again) */
  filled?: { clusters: boolean; labels: boolean };
}

export function refreshOverlays(map: MapLibreMap, vehicles: VehicleBuffer, store: FleetStore, sources: OverlaySources): void {
  const zoom = map.getZoom();
  const filled = (sources.filled ??= { clusters: true, labels: true });
  const clusters = map.getSource(sources.clusters) as GeoJSONSource | undefined;
  const labels = map.getSource(sources.labels) as GeoJSONSource | undefined;
  if (zoom <= CLUSTER_MAX_ZOOM) {
    clusters?.setData(clusterCollection(clusterOnGrid(vehicles, TILE_SIZE * 2 ** Math.floor(zoom), CLUSTER_CELL_PX)));
    filled.clusters = true;
  } else {
    unclusterAll(vehicles);
    if (filled.clusters) clusters?.setData(EMPTY);
    filled.clusters = false;
  }
  if (zoom >= LABEL_MIN_ZOOM) {
    const b = map.getBounds();
    const worldSize = TILE_SIZE * 2 ** zoom;
    labels?.setData(labelCollection(vehicles, store, { west: b.getWest(), east: b.getEast(), north: b.getNorth(), south: b.getSouth(), worldSize }));
    filled.labels = true;
  } else {
    if (filled.labels) labels?.setData(EMPTY);
    filled.labels = false;
  }
}
