import { useEffect, useRef } from 'react';
import type { FleetStore, FleetVehicle } from '../../fleet/fleetStore.ts';
import { STATE_COLORS } from '../../fleet/vehicleState.ts';
import { MAP_FONT } from '../basemapStyle.ts';
import { display } from '../displayCoords.ts';
import { useMap } from '../mapContext.ts';
import type { MapMouseEvent } from '../maplibre.ts';
import { EMPTY } from './geojsonLayer.ts';
import { VehicleArrowLayer } from './vehicleArrowLayer.ts';
import { VehicleBuffer, mercatorX, mercatorY } from './vehicleBuffer.ts';
import { CLUSTER_MAX_ZOOM, LABEL_MIN_ZOOM, TILE_SIZE, refreshOverlays, type OverlaySources } from './vehicleOverlays.ts';

export const VEHICLE_ARROW_LAYER = 'car-vehicle-arrow';
const CLUSTERS = 'car-vehicle-clusters';
const LABELS = 'car-vehicle-labels';
const GEOJSON_LAYERS = ['car-clusters', 'car-cluster-count', 'car-vehicle-label'];
/** Clusters and labels follow moving vehicles at most this often. */
const OVERLAY_REFRESH_MS = 3000;
/** A click within this many pixels of an arrow's centre selects it. */
const HIT_PX = 12;

type Props = { store: FleetStore; onSelect?: (vehicleId: number) => void };

/**
 * Every vehicle with a position as a heading arrow coloured by state, drawn by a custom WebGL
 * layer from typed arrays: a batch of positions writes the changed slots and uploads them, with
 * no GeoJSON and no worker round trip. Clusters (zoomed out) and plate labels (zoomed in) are
 * small GeoJSON layers refreshed on camera moves and at most every few seconds. Clicks are hit
 * tested on the CPU against the same arrays.
 */
export function VehiclesLayer({ store, onSelect }: Props) {
  const map = useMap();
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    const vehicles = new VehicleBuffer(Math.max(1024, store.size));
    const write = (v: FleetVehicle) => {
      const [lon, lat] = display.toDisplay(v.lon, v.lat);
      vehicles.set(v.vehicleId, lon, lat, v.course, v.state);
    };
    const writeAll = () => {
      vehicles.clear();
      for (const v of store.values()) if (v.hasPosition) write(v);
    };
    writeAll();
    const arrows = new VehicleArrowLayer(VEHICLE_ARROW_LAYER, vehicles);

    map.addSource(CLUSTERS, { type: 'geojson', data: EMPTY });
    map.addSource(LABELS, { type: 'geojson', data: EMPTY });
    map.addLayer({
      id: 'car-clusters', type: 'circle', source: CLUSTERS,
      paint: {
        // Blue with a red ring when it holds an alarm: a fleet with a few percent in alarm would
        // otherwise show nearly every cluster red, hiding that most vehicles are fine.
        'circle-color': '#1265e0',
        'circle-opacity': 0.85,
        'circle-radius': ['step', ['get', 'point_count'], 14, 10, 17, 100, 21, 1000, 26],
        'circle-stroke-color': ['case', ['>', ['get', 'alarm'], 0], STATE_COLORS.alarm, '#ffffff'],
        'circle-stroke-width': ['case', ['>', ['get', 'alarm'], 0], 3.5, 2],
      },
    });
    map.addLayer({
      id: 'car-cluster-count', type: 'symbol', source: CLUSTERS,
      layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-font': MAP_FONT, 'text-size': 12, 'text-allow-overlap': true },
      paint: { 'text-color': '#ffffff' },
    });
    map.addLayer(arrows);
    map.addLayer({
      id: 'car-vehicle-label', type: 'symbol', source: LABELS, minzoom: LABEL_MIN_ZOOM,
      layout: { 'text-field': ['get', 'plate'], 'text-font': MAP_FONT, 'text-size': 12, 'text-offset': [0, 1.5], 'text-anchor': 'top', 'text-padding': 1 },
      paint: { 'text-color': '#1f2329', 'text-halo-color': '#ffffff', 'text-halo-width': 1.6 },
    });

    const sources: OverlaySources = { clusters: CLUSTERS, labels: LABELS };
    let stale = false;
    const refresh = () => {
      stale = false;
      refreshOverlays(map, vehicles, store, sources);
      arrows.changed();
    };
    refresh();
    const timer = setInterval(() => stale && refresh(), OVERLAY_REFRESH_MS);
    const off = store.subscribe((changed) => {
      if (changed === 'all') {
        writeAll();
        refresh();
        return;
      }
      for (const id of changed) {
        const v = store.get(id);
        if (v?.hasPosition) write(v);
      }
      stale = true;
      arrows.changed();
    });

    const vehicleAt = (e: MapMouseEvent) => {
      const at = map.unproject(e.point);
      return vehicles.hitTest(mercatorX(at.lng), mercatorY(at.lat), HIT_PX / (TILE_SIZE * 2 ** map.getZoom()));
    };
    const onClick = (e: MapMouseEvent) => {
      const cluster = map.queryRenderedFeatures(e.point, { layers: ['car-clusters'] })[0];
      if (cluster?.geometry.type === 'Point') {
        const zoom = Math.min(Math.floor(map.getZoom()) + 2, CLUSTER_MAX_ZOOM + 1);
        map.easeTo({ center: cluster.geometry.coordinates as [number, number], zoom });
        return;
      }
      const id = vehicleAt(e);
      if (id !== null) select.current?.(id);
    };
    let overCluster = false;
    const cursor = (e: MapMouseEvent) => (map.getCanvas().style.cursor = overCluster || vehicleAt(e) !== null ? 'pointer' : '');
    const enterCluster = () => (overCluster = true);
    const leaveCluster = () => (overCluster = false);
    map.on('click', onClick);
    map.on('mousemove', cursor);
    map.on('mouseenter', 'car-clusters', enterCluster);
    map.on('mouseleave', 'car-clusters', leaveCluster);
    map.on('moveend', refresh);
    return () => {
      off();
      clearInterval(timer);
      map.off('click', onClick);
      map.off('mousemove', cursor);
      map.off('mouseenter', 'car-clusters', enterCluster);
      map.off('mouseleave', 'car-clusters', leaveCluster);
      map.off('moveend', refresh);
      if (!map.style) return; // the map itself is gone
      for (const id of [...GEOJSON_LAYERS, VEHICLE_ARROW_LAYER]) if (map.getLayer(id)) map.removeLayer(id);
      for (const id of [CLUSTERS, LABELS]) if (map.getSource(id)) map.removeSource(id);
    };
  }, [map, store]);

  return null;
}
