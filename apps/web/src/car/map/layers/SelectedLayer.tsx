import { useMemo } from 'react';
import type { FeatureCollection } from 'geojson';
import { display } from '../../../shared/map/displayCoords.ts';
import { useGeoJsonLayer, type LayerDef } from '../../../shared/map/layers/geojsonLayer.ts';

const LAYERS: LayerDef[] = [
  {
    id: 'car-selected-halo',
    type: 'circle',
    paint: {
      'circle-radius': 20,
      'circle-color': '#1265e0',
      'circle-opacity': 0.18,
      'circle-stroke-color': '#1265e0',
      'circle-stroke-width': 1.5,
    },
  },
];

/** A halo under the selected vehicle (WGS-84 in). */
export function SelectedLayer({ position }: { position: [number, number] | null }) {
  const data = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: position
        ? [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: display.toDisplay(position[0], position[1]) } }]
        : [],
    }),
    [position?.[0], position?.[1]], // eslint-disable-line react-hooks/exhaustive-deps
  );
  useGeoJsonLayer('car-selected', LAYERS, data, 'car-vehicle-arrow');
  return null;
}
