import { useEffect, useRef } from 'react';
import type { FleetStore, FleetVehicle } from '../../fleet/fleetStore.ts';
import { STATE_COLORS } from '../../fleet/vehicleState.ts';
import { MAP_FONT } from '../basemapStyle.ts';
import { display } from '../displayCoords.ts';
import { useMap } from '../mapContext.ts';
import type { MapMouseEvent } from '../maplibre.ts';
import { EMPTY } from './geojsonLayer.ts';
import { PointDiffer } from './pointDiff.ts';
import { VehicleArrowLayer } from './vehicleArrowLayer.ts';
import { VehicleBuffer, mercatorX, mercatorY } from './vehicleBuffer.ts';
import { VehicleLabelLayer } from './vehicleLabelLayer.ts';
import { CLUSTER_MAX_ZOOM, TILE_SIZE, refreshClusters } from './vehicleOverlays.ts';

export const VEHICLE_ARROW_LAYER = 'car-vehicle-arrow';
export const VEHICLE_LABEL_LAYER = 'car-vehicle-label';
const CLUSTERS = 'car-vehicle-clusters';
const GEOJSON_LAYERS = ['car-clusters', 'car-cluster-count'];
/** Clusters follow moving vehicles, and the choice of plates shown is redone, at most this often. */
const OVERLAY_REFRESH_MS = 3000;
/** While the camera moves, the plates shown are chosen again at most this often. */
const LABEL_MOVE_MS = 100;
/** A click within this many pixels of an arrow's centre selects it. */
const HIT_PX = 12;

type Props = { store: FleetStore; onSelect?: (vehicleId: number) => void };

/**
 * Every vehicle with a position as a heading arrow coloured by state, drawn by a custom WebGL
 * layer from typed arrays: a batch of positions writes the changed slots and uploads them, with
 * no GeoJSON and no worker round trip. Plate labels (zoomed in) are a second custom layer that
 * reads the same arrays, so they move with the arrows; which plates show is chosen on camera
 * moves and every few seconds. Clusters (zoomed out) are a small GeoJSON layer refreshed as
 * often. Clicks are hit tested on the CPU against the same arrays.
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
    const labels = new VehicleLabelLayer(VEHICLE_LABEL_LAYER, vehicles, (id) => {
      const v = store.get(id);
      return v ? v.plate || v.name : '';
    });

    map.addSource(CLUSTERS, { type: 'geojson', data: EMPTY });
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
    map.addLayer(labels);

    const sentClusters = new PointDiffer();
    let stale = false;
    let selectedAt = 0;
    const refresh = () => {
      stale = false;
      refreshClusters(map, vehicles, CLUSTERS, sentClusters);
      labels.select();
      selectedAt = performance.now();
      arrows.changed();
    };
    const onMove = () => {
      if (performance.now() - selectedAt < LABEL_MOVE_MS) return;
      labels.select();
      selectedAt = performance.now();
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
    map.on('move', onMove);
    return () => {
      off();
      clearInterval(timer);
      map.off('click', onClick);
      map.off('mousemove', cursor);
      map.off('mouseenter', 'car-clusters', enterCluster);
      map.off('mouseleave', 'car-clusters', leaveCluster);
      map.off('moveend', refresh);
      map.off('move', onMove);
      if (!map.style) return; // the map itself is gone
      for (const id of [...GEOJSON_LAYERS, VEHICLE_ARROW_LAYER, VEHICLE_LABEL_LAYER]) if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(CLUSTERS)) map.removeSource(CLUSTERS);
    };
  }, [map, store]);

  return null;
}
