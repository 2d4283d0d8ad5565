import { useMemo } from 'react';
import type { FeatureCollection } from 'geojson';
import { display } from '../displayCoords.ts';
import { useGeoJsonLayer, type LayerDef } from './geojsonLayer.ts';

const LAYERS: LayerDef[] = [
  {
    id: 'car-trail-casing',
    type: 'line',
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#ffffff', 'line-width': 6 },
  },
  {
    id: 'car-trail',
    type: 'line',
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': '#18a058', 'line-width': 3.5 },
  },
];

/** A live trail: the positions a followed vehicle reported since the page opened (WGS-84). */
export function TrailLayer({ points, id = 'car-trail-src' }: { points: ReadonlyArray<[number, number]>; id?: string }) {
  const data = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features:
        points.length > 1
          ? [
              {
                type: 'Feature',
                properties: {},
                geometry: { type: 'LineString', coordinates: points.map(([lon, lat]) => display.toDisplay(lon, lat)) },
              },
            ]
          : [],
    }),
    [points],
  );
  useGeoJsonLayer(id, LAYERS, data);
  return null;
}
