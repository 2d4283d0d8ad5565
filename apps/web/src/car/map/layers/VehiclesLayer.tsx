import { useEffect, useRef } from 'react';
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { FleetStore, FleetVehicle } from '../../fleet/fleetStore.ts';
import { STATE_COLORS } from '../../fleet/vehicleState.ts';
import { MAP_FONT } from '../basemapStyle.ts';
import { display } from '../displayCoords.ts';
import { useMap } from '../mapContext.ts';
import type { GeoJSONSource, MapMouseEvent } from '../maplibre.ts';
import { addVehicleIcons } from '../vehicleIcons.ts';

const SOURCE = 'car-vehicles';
const LAYERS = ['car-clusters', 'car-cluster-count', 'car-vehicle-arrow', 'car-vehicle-label'];

type Props = { store: FleetStore; onSelect?: (vehicleId: number) => void };

function feature(v: FleetVehicle): Feature<Point> {
  return {
    type: 'Feature',
    id: v.vehicleId,
    geometry: { type: 'Point', coordinates: display.toDisplay(v.lon, v.lat) },
    properties: { plate: v.plate || v.name, state: v.state, course: v.course },
  };
}

export function fleetCollection(store: FleetStore): FeatureCollection<Point> {
  const features: Feature<Point>[] = [];
  for (const v of store.values()) if (v.hasPosition) features.push(feature(v));
  return { type: 'FeatureCollection', features };
}

/**
 * Every vehicle with a position: clustered when zoomed out (red when a cluster holds an alarm),
 * heading arrows coloured by state, plate labels where they fit. Only changed vehicles are sent
 * to the map (a source diff), so 10 000 vehicles updating every 10 s stay cheap.
 */
export function VehiclesLayer({ store, onSelect }: Props) {
  const map = useMap();
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    addVehicleIcons(map);
    map.addSource(SOURCE, {
      type: 'geojson',
      data: fleetCollection(store),
      cluster: true,
      clusterMaxZoom: 11,
      clusterRadius: 48,
      clusterProperties: { alarm: ['+', ['case', ['==', ['get', 'state'], 'alarm'], 1, 0]] },
    });
    map.addLayer({
      id: 'car-clusters', type: 'circle', source: SOURCE, filter: ['has', 'point_count'],
      paint: {
        'circle-color': ['case', ['>', ['get', 'alarm'], 0], STATE_COLORS.alarm, '#1265e0'],
        'circle-opacity': 0.85,
        'circle-radius': ['step', ['get', 'point_count'], 14, 10, 17, 100, 21, 1000, 26],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    });
    map.addLayer({
      id: 'car-cluster-count', type: 'symbol', source: SOURCE, filter: ['has', 'point_count'],
      layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-font': MAP_FONT, 'text-size': 12, 'text-allow-overlap': true },
      paint: { 'text-color': '#ffffff' },
    });
    map.addLayer({
      id: 'car-vehicle-arrow', type: 'symbol', source: SOURCE, filter: ['!', ['has', 'point_count']],
      layout: {
        'icon-image': ['concat', 'car-', ['get', 'state']], 'icon-rotate': ['get', 'course'], 'icon-rotation-alignment': 'map',
        'icon-allow-overlap': true, 'icon-ignore-placement': true,
      },
    });
    map.addLayer({
      id: 'car-vehicle-label', type: 'symbol', source: SOURCE, filter: ['!', ['has', 'point_count']], minzoom: 9,
      layout: {
        'text-field': ['get', 'plate'], 'text-font': MAP_FONT, 'text-size': 12, 'text-offset': [0, 1.5], 'text-anchor': 'top',
        'text-optional': true, 'text-padding': 1,
      },
      paint: { 'text-color': '#1f2329', 'text-halo-color': '#ffffff', 'text-halo-width': 1.6 },
    });

    const source = map.getSource(SOURCE) as GeoJSONSource;
    const inSource = new Set<number>();
    for (const v of store.values()) if (v.hasPosition) inSource.add(v.vehicleId);
    const off = store.subscribe((changed) => {
      if (changed === 'all') {
        inSource.clear();
        for (const v of store.values()) if (v.hasPosition) inSource.add(v.vehicleId);
        source.setData(fleetCollection(store));
        return;
      }
      const add: Feature<Point>[] = [];
      const update: Array<{ id: number; newGeometry: Point; addOrUpdateProperties: Array<{ key: string; value: unknown }> }> = [];
      for (const id of changed) {
        const v = store.get(id);
        if (!v?.hasPosition) continue;
        if (!inSource.has(id)) {
          inSource.add(id);
          add.push(feature(v));
        } else {
          update.push({
            id,
            newGeometry: { type: 'Point', coordinates: display.toDisplay(v.lon, v.lat) },
            addOrUpdateProperties: [{ key: 'state', value: v.state }, { key: 'course', value: v.course }],
          });
        }
      }
      if (add.length || update.length) void source.updateData({ add, update });
    });

    const onVehicle = (e: MapMouseEvent & { features?: Array<{ id?: string | number }> }) => {
      const id = Number(e.features?.[0]?.id);
      if (id) select.current?.(id);
    };
    const onCluster = async (e: MapMouseEvent & { features?: Array<{ properties: Record<string, unknown>; geometry: unknown }> }) => {
      const f = e.features?.[0];
      if (!f) return;
      const zoom = await source.getClusterExpansionZoom(Number(f.properties.cluster_id));
      map.easeTo({ center: (f.geometry as Point).coordinates as [number, number], zoom: Math.min(zoom + 0.5, 17) });
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const plain = () => (map.getCanvas().style.cursor = '');
    map.on('click', 'car-vehicle-arrow', onVehicle);
    map.on('click', 'car-clusters', onCluster);
    for (const id of ['car-vehicle-arrow', 'car-clusters']) {
      map.on('mouseenter', id, pointer);
      map.on('mouseleave', id, plain);
    }
    return () => {
      off();
      map.off('click', 'car-vehicle-arrow', onVehicle);
      map.off('click', 'car-clusters', onCluster);
      for (const id of ['car-vehicle-arrow', 'car-clusters']) {
        map.off('mouseenter', id, pointer);
        map.off('mouseleave', id, plain);
      }
      if (!map.style) return; // the map itself is gone
      for (const id of LAYERS) if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(SOURCE)) map.removeSource(SOURCE);
    };
  }, [map, store]);

  return null;
}
