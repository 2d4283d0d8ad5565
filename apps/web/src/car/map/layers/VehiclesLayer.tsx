import { useEffect, useRef } from 'react';
import type { FleetStore, FleetVehicle } from '../../fleet/fleetStore.ts';
import { display } from '../../../shared/map/displayCoords.ts';
import { useMap } from '../../../shared/map/mapContext.ts';
import type { MapMouseEvent } from '../../../shared/map/maplibre.ts';
import { VehicleArrowLayer } from './vehicleArrowLayer.ts';
import { VehicleBuffer, lonFromMercator, latFromMercator, mercatorX, mercatorY } from './vehicleBuffer.ts';
import { CLUSTER_MAX_ZOOM, TILE_SIZE, VehicleClusterLayer } from './vehicleClusterLayer.ts';
import { VehicleLabelLayer } from './vehicleLabelLayer.ts';

export const VEHICLE_ARROW_LAYER = 'car-vehicle-arrow';
export const VEHICLE_LABEL_LAYER = 'car-vehicle-label';
export const VEHICLE_CLUSTER_LAYER = 'car-vehicle-cluster';
/** Clusters follow moving vehicles, and the choice of plates shown is redone, at most this often. */
const OVERLAY_REFRESH_MS = 3000;
/** While the camera moves, the plates shown are chosen again at most this often. */
const LABEL_MOVE_MS = 100;
/** A click within this many pixels of an arrow's centre selects it. */
const HIT_PX = 12;

type Props = {
  store: FleetStore;
  /** Whose news of changed vehicles the map follows: the fleet's ticker (once a second, with the list), else every flush of the store. */
  changes?: Pick<FleetStore, 'subscribe'>;
  onSelect?: (vehicleId: number) => void;
};

/**
 * Every vehicle with a position, drawn by three custom WebGL layers over the same typed arrays:
 * heading arrows coloured by state (a batch of positions writes the changed slots and uploads
 * them), plate labels zoomed in (one quad per plate from a text atlas, moving with its arrow in
 * the same frame) and clusters zoomed out. Which plates show and the clusters are recomputed on
 * the CPU on camera moves and every few seconds: nothing goes through GeoJSON, MapLibre's
 * worker or its symbol placement. Clicks are hit tested on the CPU against the same arrays.
 * Changes come as `changes` announces them, and the few seconds' recomputation rides along
 * with one when it is due: one frame drawn for both (a page left open draws about once a second).
 */
export function VehiclesLayer({ store, changes = store, onSelect }: Props) {
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
    const clusters = new VehicleClusterLayer(VEHICLE_CLUSTER_LAYER, vehicles);
    const arrows = new VehicleArrowLayer(VEHICLE_ARROW_LAYER, vehicles);
    const labels = new VehicleLabelLayer(VEHICLE_LABEL_LAYER, vehicles, (id) => {
      const v = store.get(id);
      return v ? v.plate || v.name : '';
    });
    let stale = false;
    let selectedAt = 0;
    const refresh = () => {
      stale = false;
      clusters.refresh();
      labels.select();
      selectedAt = performance.now();
      arrows.changed();
    };
    const onMove = () => {
      if (performance.now() - selectedAt < LABEL_MOVE_MS) return;
      labels.select();
      selectedAt = performance.now();
    };
    const addLayers = () => {
      for (const layer of [clusters, arrows, labels]) if (!map.getLayer(layer.id)) map.addLayer(layer);
      refresh();
    };
    addLayers();
    // After a lost WebGL context MapLibre rebuilds the style from a snapshot without custom
    // layers: ours go back on (each makes its GL objects again on the restored context).
    const onRestored = () => (map.isStyleLoaded() ? addLayers() : map.once('style.load', addLayers));
    map.on('webglcontextrestored', onRestored);
    const due = () => performance.now() - selectedAt >= OVERLAY_REFRESH_MS;
    // (for the changes that stop: the last ones' clusters and plates, a few seconds on)
    const timer = setInterval(() => stale && due() && refresh(), OVERLAY_REFRESH_MS / 3);
    const off = changes.subscribe((changed) => {
      if (changed === 'all') {
        writeAll();
        refresh();
        return;
      }
      for (const id of changed) {
        const v = store.get(id);
        if (v?.hasPosition) write(v);
      }
      if (due()) return refresh();
      stale = true;
      arrows.changed();
    });

    const mercatorAt = (e: MapMouseEvent) => {
      const at = map.unproject(e.point);
      return [mercatorX(at.lng), mercatorY(at.lat)] as const;
    };
    const vehicleAt = (x: number, y: number) => vehicles.hitTest(x, y, HIT_PX / (TILE_SIZE * 2 ** map.getZoom()));
    const onClick = (e: MapMouseEvent) => {
      const [x, y] = mercatorAt(e);
      const cluster = clusters.clusterAt(x, y);
      if (cluster) {
        const zoom = Math.min(Math.floor(map.getZoom()) + 2, CLUSTER_MAX_ZOOM + 1);
        map.easeTo({ center: [lonFromMercator(cluster.x), latFromMercator(cluster.y)], zoom });
        return;
      }
      const id = vehicleAt(x, y);
      if (id !== null) select.current?.(id);
    };
    const cursor = (e: MapMouseEvent) => {
      const [x, y] = mercatorAt(e);
      map.getCanvas().style.cursor = clusters.clusterAt(x, y) || vehicleAt(x, y) !== null ? 'pointer' : '';
    };
    map.on('click', onClick);
    map.on('mousemove', cursor);
    map.on('moveend', refresh);
    map.on('move', onMove);
    return () => {
      off();
      clearInterval(timer);
      map.off('click', onClick);
      map.off('mousemove', cursor);
      map.off('moveend', refresh);
      map.off('move', onMove);
      map.off('webglcontextrestored', onRestored);
      map.off('style.load', addLayers);
      if (!map.style) return; // the map itself is gone
      for (const id of [VEHICLE_CLUSTER_LAYER, VEHICLE_ARROW_LAYER, VEHICLE_LABEL_LAYER]) if (map.getLayer(id)) map.removeLayer(id);
    };
  }, [map, store, changes]);

  return null;
}
