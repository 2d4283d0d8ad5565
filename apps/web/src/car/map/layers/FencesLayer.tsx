import { useEffect, useMemo, useRef } from 'react';
import type { Feature, FeatureCollection } from 'geojson';
import type { Geofence } from '../../api/types.ts';
import { fenceLabelPoint, fenceRings } from '../../geofences/fenceGeometry.ts';
import { MAP_FONT } from '../../../shared/map/basemapStyle.ts';
import { display } from '../../../shared/map/displayCoords.ts';
import { useMap } from '../../../shared/map/mapContext.ts';
import type { MapMouseEvent } from '../../../shared/map/maplibre.ts';
import { useGeoJsonLayer, type LayerDef } from '../../../shared/map/layers/geojsonLayer.ts';

const SHAPES: LayerDef[] = [
  {
    id: 'car-fence-fill',
    type: 'fill',
    paint: { 'fill-color': ['case', ['get', 'selected'], '#f59e0b', '#1265e0'], 'fill-opacity': ['case', ['get', 'selected'], 0.22, 0.1] },
  },
  {
    id: 'car-fence-line',
    type: 'line',
    paint: { 'line-color': ['case', ['get', 'selected'], '#f59e0b', '#1265e0'], 'line-width': ['case', ['get', 'selected'], 2.5, 1.5] },
  },
];
const LABELS: LayerDef[] = [
  {
    id: 'car-fence-label',
    type: 'symbol',
    layout: { 'text-field': ['get', 'name'], 'text-font': MAP_FONT, 'text-size': 12, 'text-allow-overlap': false },
    paint: { 'text-color': '#1f2329', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  },
];

/** Every fence (circle or polygon) with its name; the selected one highlighted; a click selects. */
export function FencesLayer({
  fences,
  selectedId,
  onSelect,
}: {
  fences: readonly Geofence[];
  selectedId: number | null;
  onSelect?: (id: number) => void;
}) {
  const map = useMap();
  const shapes = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: fences.map((f): Feature => ({
        type: 'Feature',
        id: f.geofenceId,
        properties: { id: f.geofenceId, selected: f.geofenceId === selectedId },
        geometry: { type: 'Polygon', coordinates: fenceRings(f).map((r) => r.map(([lon, lat]) => display.toDisplay(lon, lat))) },
      })),
    }),
    [fences, selectedId],
  );
  const labels = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: fences.flatMap((f): Feature[] => {
        const p = fenceLabelPoint(f);
        return p
          ? [{ type: 'Feature', properties: { name: f.name }, geometry: { type: 'Point', coordinates: display.toDisplay(p[0], p[1]) } }]
          : [];
      }),
    }),
    [fences],
  );
  useGeoJsonLayer('car-fences', SHAPES, shapes);
  useGeoJsonLayer('car-fence-labels', LABELS, labels);

  const select = useRef(onSelect);
  select.current = onSelect;
  useEffect(() => {
    const click = (e: MapMouseEvent & { features?: Array<{ properties: Record<string, unknown> }> }) => {
      const id = Number(e.features?.[0]?.properties.id);
      if (id) select.current?.(id);
    };
    map.on('click', 'car-fence-fill', click);
    return () => void map.off('click', 'car-fence-fill', click);
  }, [map]);
  return null;
}
