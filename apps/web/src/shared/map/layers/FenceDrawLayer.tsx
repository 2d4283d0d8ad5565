import { useEffect, useMemo, useRef, useState } from 'react';
import type { GeofenceKind } from '@chelian/contracts';
import { SKETCH_PAINT, sketchData, startFenceDraw, type DrawnShape, type LL } from '../fenceDraw.ts';
import { display } from '../displayCoords.ts';
import { useMap } from '../mapContext.ts';
import { useGeoJsonLayer, type LayerDef } from './geojsonLayer.ts';

export type { DrawnShape };

const LAYERS: LayerDef[] = [
  { id: 'car-draw-fill', type: 'fill', filter: ['==', ['geometry-type'], 'Polygon'], paint: SKETCH_PAINT.fill },
  { id: 'car-draw-line', type: 'line', filter: ['!=', ['geometry-type'], 'Point'], paint: SKETCH_PAINT.line },
  { id: 'car-draw-vertex', type: 'circle', filter: ['==', ['geometry-type'], 'Point'], paint: SKETCH_PAINT.vertex },
];

/**
 * Draws a fence on the map (shared/map/fenceDraw.ts): circle — the centre, then the radius;
 * polygon — each vertex, double-click to finish. Coordinates come back in WGS-84.
 */
export function FenceDrawLayer({ mode, onDone }: { mode: GeofenceKind; onDone: (shape: DrawnShape) => void }) {
  const map = useMap();
  const [points, setPoints] = useState<LL[]>([]);
  const [hover, setHover] = useState<LL | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    setPoints([]);
    setHover(null);
    return startFenceDraw(map, mode, display, { sketch: setPoints, hover: setHover, done: (shape) => done.current(shape) });
  }, [map, mode]);

  const data = useMemo(() => sketchData(mode, points, hover, display), [points, hover, mode]);
  useGeoJsonLayer('car-draw', LAYERS, data);
  return null;
}
