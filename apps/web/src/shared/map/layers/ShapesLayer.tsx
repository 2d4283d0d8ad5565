import { useMemo } from 'react';
import { shapesData, type MapShape } from '../shapes.ts';
import { useGeoJsonLayer, type LayerDef } from './geojsonLayer.ts';

/**
 * Circles and polygons, each filled and outlined in its own colour (智能工牌's areas, 宠物卫士's
 * safe zones). Layers `${id}-fill` and `${id}-line`.
 */
export function ShapesLayer({
  id,
  shapes,
  fillOpacity = 0.15,
  lineWidth = 1.5,
  dashed = false,
}: {
  id: string;
  shapes: readonly MapShape[];
  fillOpacity?: number;
  lineWidth?: number;
  dashed?: boolean;
}) {
  const layers = useMemo<LayerDef[]>(
    () => [
      { id: `${id}-fill`, type: 'fill', paint: { 'fill-color': ['get', 'color'], 'fill-opacity': fillOpacity } },
      {
        id: `${id}-line`,
        type: 'line',
        paint: { 'line-color': ['get', 'color'], 'line-width': lineWidth, ...(dashed ? { 'line-dasharray': [3, 2] } : {}) },
      },
    ],
    [id, fillOpacity, lineWidth, dashed],
  );
  const data = useMemo(() => shapesData(shapes), [shapes]);
  useGeoJsonLayer(id, layers, data);
  return null;
}
