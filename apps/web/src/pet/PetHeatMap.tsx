import { useMemo } from 'react';
import type { FeatureCollection } from 'geojson';
import type { PetHistory } from '@chelian/contracts';
import { fitPoints } from '../shared/map/camera.ts';
import { display } from '../shared/map/displayCoords.ts';
import { MapCommand } from '../shared/map/MapCommand.tsx';
import { MapView } from '../shared/map/MapView.tsx';
import { EMPTY, useGeoJsonLayer, type LayerDef } from '../shared/map/layers/geojsonLayer.ts';
import { ShapesLayer } from '../shared/map/layers/ShapesLayer.tsx';
import type { MapZone } from './PetZoneMap.tsx';

const HEAT: LayerDef[] = [
  {
    id: 'heat',
    type: 'heatmap',
    paint: {
      // each ~50 m cell weighted by its minutes against the day's longest
      'heatmap-weight': ['get', 'weight'],
      // about one 50 m cell across at street zoom, wider when zoomed in
      'heatmap-radius': ['interpolate', ['exponential', 2], ['zoom'], 12, 6, 16, 40, 19, 240],
      'heatmap-intensity': 1,
      'heatmap-opacity': 0.85,
      'heatmap-color': [
        'interpolate',
        ['linear'],
        ['heatmap-density'],
        0,
        'rgba(255,224,178,0)',
        0.2,
        '#ffe0b2',
        0.5,
        '#ff9800',
        1,
        '#d84315',
      ],
    },
  },
];
const TRACK: LayerDef[] = [
  {
    id: 'track',
    type: 'line',
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': '#1677ff', 'line-width': 2, 'line-opacity': 0.7 },
  },
];

/** Where the pet spent its time: one point per cell, weighted against the day's longest stay. */
function HeatLayer({ history }: { history: PetHistory }) {
  const data = useMemo<FeatureCollection>(() => {
    const most = Math.max(1, ...history.heat.map((c) => c.minutes));
    return {
      type: 'FeatureCollection',
      features: history.heat.map((c) => ({
        type: 'Feature',
        properties: { weight: c.minutes / most },
        geometry: { type: 'Point', coordinates: display.toDisplay(c.lon, c.lat) },
      })),
    };
  }, [history]);
  useGeoJsonLayer('heat', HEAT, data);
  return null;
}

/** The day's track as a line. */
function TrackLayer({ history }: { history: PetHistory }) {
  const data = useMemo<FeatureCollection>(
    () =>
      history.points.length < 2
        ? EMPTY
        : {
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                properties: {},
                geometry: { type: 'LineString', coordinates: history.points.map((p) => display.toDisplay(p.lon, p.lat)) },
              },
            ],
          },
    [history],
  );
  useGeoJsonLayer('track', TRACK, data);
  return null;
}

/**
 * 足迹热力 on the shared map view: the day's track as a line and where the pet spent its time as a
 * heat layer, over the pet's safe zones; each new day is framed with some room (a lone fix gets a
 * street's view round it).
 */
export function PetHeatMap({ history, zones }: { history: PetHistory; zones: MapZone[] }) {
  const places = useMemo(() => [...history.points, ...history.heat].map((p) => [p.lon, p.lat] as const), [history]);
  return (
    <MapView className="pt-map" testId="pt-heat-map" center={[116.397, 39.909]} zoom={4}>
      <ShapesLayer id="zones" shapes={zones} fillOpacity={0.1} dashed />
      <HeatLayer history={history} />
      <TrackLayer history={history} />
      <MapCommand deps={[places]} run={(map) => fitPoints(map, places)} />
    </MapView>
  );
}
