import { useEffect, useMemo, useRef } from 'react';
import type { FeatureCollection } from 'geojson';
import { MAP_FONT } from '../basemapStyle.ts';
import { display } from '../displayCoords.ts';
import { useMap } from '../mapContext.ts';
import type { MapMouseEvent } from '../maplibre.ts';
import { useGeoJsonLayer, type LayerDef } from './geojsonLayer.ts';

/** A dot to draw, WGS-84; `color` and `label` override the layer's. */
export interface MapPoint {
  id?: number;
  lon: number;
  lat: number;
  color?: string;
  label?: string;
}

/**
 * Dots with a white ring, each with its name under it when it has one (智能工牌's people, a pet);
 * clicking a dot reports its id. Layers `${id}` and `${id}-label`.
 */
export function PointsLayer({
  id,
  points,
  color = '#1677ff',
  radius = 7,
  stroke = '#fff',
  onPick,
}: {
  id: string;
  points: readonly MapPoint[];
  color?: string;
  radius?: number;
  stroke?: string;
  onPick?: (pointId: number) => void;
}) {
  const map = useMap();
  const layers = useMemo<LayerDef[]>(
    () => [
      {
        id,
        type: 'circle',
        paint: { 'circle-radius': radius, 'circle-color': ['get', 'color'], 'circle-stroke-color': stroke, 'circle-stroke-width': 2 },
      },
      {
        id: `${id}-label`,
        type: 'symbol',
        layout: {
          'text-field': ['get', 'label'],
          'text-font': MAP_FONT,
          'text-size': 12,
          'text-offset': [0, 1.3],
          'text-allow-overlap': false,
        },
        paint: { 'text-color': '#333', 'text-halo-color': '#fff', 'text-halo-width': 1.2 },
      },
    ],
    [id, radius, stroke],
  );
  const data = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: points.map((p) => ({
        type: 'Feature',
        properties: { id: p.id ?? null, color: p.color ?? color, label: p.label ?? '' },
        geometry: { type: 'Point', coordinates: display.toDisplay(p.lon, p.lat) },
      })),
    }),
    [points, color],
  );
  useGeoJsonLayer(id, layers, data);

  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    const click = (e: MapMouseEvent & { features?: Array<{ properties: Record<string, unknown> }> }) => {
      const picked = e.features?.[0]?.properties.id;
      if (typeof picked === 'number') pick.current?.(picked);
    };
    map.on('click', id, click);
    return () => void map.off('click', id, click);
  }, [map, id]);
  return null;
}
