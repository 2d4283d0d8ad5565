import { useEffect, useMemo } from 'react';
import type { FeatureCollection } from 'geojson';
import { MAP_FONT } from '../basemapStyle.ts';
import { display } from '../displayCoords.ts';
import { useMap } from '../mapContext.ts';
import { addVehicleIcons } from '../vehicleIcons.ts';
import { useGeoJsonLayer, type LayerDef } from './geojsonLayer.ts';

const LAYERS: LayerDef[] = [
  {
    id: 'car-focus-arrow',
    type: 'symbol',
    layout: {
      'icon-image': ['concat', 'car-', ['get', 'state']],
      'icon-size': 1.25,
      'icon-rotate': ['get', 'course'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'text-field': ['get', 'plate'],
      'text-font': MAP_FONT,
      'text-size': 13,
      'text-offset': [0, 1.7],
      'text-anchor': 'top',
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#1f2329', 'text-halo-color': '#ffffff', 'text-halo-width': 1.8 },
  },
];

/** One vehicle drawn on its own (follow, playback): arrow by state and course, plate below. */
export function FocusVehicleLayer({
  id = 'car-focus',
  lon,
  lat,
  course,
  state,
  plate,
}: {
  id?: string;
  lon: number;
  lat: number;
  course: number;
  state: string;
  plate: string;
}) {
  const map = useMap();
  useEffect(() => addVehicleIcons(map), [map]);
  const data = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { course, state, plate }, geometry: { type: 'Point', coordinates: display.toDisplay(lon, lat) } },
      ],
    }),
    [lon, lat, course, state, plate],
  );
  useGeoJsonLayer(id, LAYERS, data);
  return null;
}
