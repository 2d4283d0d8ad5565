import { useMemo, useRef } from 'react';
import type { CardArea } from '@chelian/contracts';
import type { DrawMode, LL } from '../shared/map/fenceDraw.ts';
import { fitPoints, focusOn } from '../shared/map/camera.ts';
import { MapClick } from '../shared/map/MapClick.tsx';
import { MapCommand } from '../shared/map/MapCommand.tsx';
import { MapView } from '../shared/map/MapView.tsx';
import { FenceDrawLayer, type DrawnShape } from '../shared/map/layers/FenceDrawLayer.tsx';
import { PointsLayer } from '../shared/map/layers/PointsLayer.tsx';
import { ShapesLayer } from '../shared/map/layers/ShapesLayer.tsx';
import { TrailLayer } from '../shared/map/layers/TrailLayer.tsx';
import type { MapShape } from '../shared/map/shapes.ts';

export interface MapPoint {
  id: number;
  lat: number;
  lon: number;
  color: string;
  label: string;
}

export interface MapCircle {
  id: number;
  lat: number;
  lon: number;
  radius: number;
  color: string;
}

/** A polygon area: its outline in WGS-84 ([lon, lat], closed or not). */
export interface MapPolygon {
  id: number;
  ring: LL[];
  color: string;
}

// Defaults that keep their identity between renders (a new [] would redraw the areas each time).
const NO_CIRCLES: MapCircle[] = [];
const NO_POLYGONS: MapPolygon[] = [];
const NO_TRAIL: ReadonlyArray<[number, number]> = [];
/** Shanghai, for a map with nobody on it yet. */
const NOBODY: [number, number] = [121.4737, 31.2304];

/** Responsibility areas as the map draws them: circles and polygons in one colour. */
export function areaShapes(areas: readonly CardArea[], color: string): { circles: MapCircle[]; polygons: MapPolygon[] } {
  return {
    circles: areas
      .filter((a) => a.kind === 'circle' && a.center && a.radius)
      .map((a) => ({ id: a.areaId, lon: a.center![0]!, lat: a.center![1]!, radius: a.radius!, color })),
    polygons: areas
      .filter((a) => a.kind !== 'circle' && a.rings?.[0]?.length)
      .map((a) => ({ id: a.areaId, ring: a.rings![0]! as LL[], color })),
  };
}

const METERS_PER_DEGREE = 111_320;

/** What framing the map must hold of a shape: a polygon's outline, a circle's bounding corners. */
function outlineOf(s: MapShape): ReadonlyArray<readonly [number, number]> {
  if (s.ring) return s.ring;
  if (!s.circle) return [];
  const [lon, lat] = s.circle.center;
  const dLat = s.circle.radius / METERS_PER_DEGREE;
  const dLon = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  return [
    [lon - dLon, lat - dLat],
    [lon + dLon, lat + dLat],
  ];
}

/** Where an area is: a circle's centre, a polygon's vertex average. */
export function areaCenter(a: CardArea): { lat: number; lon: number } | null {
  if (a.kind === 'circle') return a.center ? { lon: a.center[0]!, lat: a.center[1]! } : null;
  const ring = a.rings?.[0];
  if (!ring?.length) return null;
  return { lon: ring.reduce((n, p) => n + p[0]!, 0) / ring.length, lat: ring.reduce((n, p) => n + p[1]!, 0) / ring.length };
}

/**
 * 智能工牌's map on the shared map view: people as coloured dots with their names, areas as circles
 * and polygons, checkpoints as circles; clicking a dot picks the person, clicking elsewhere reports
 * where (WGS-84). With `draw`, clicks draw a circle or polygon too (FenceDrawLayer, as 智能车联's
 * 电子围栏 draws) and `onDrawn` hears the shape. A `trail` ([lon, lat]) is drawn as a line under
 * the dots, and the view fits it each time it changes (轨迹回放: a person's day or shift).
 */
export function CardMap({
  points,
  circles = NO_CIRCLES,
  polygons = NO_POLYGONS,
  focus,
  onPick,
  onClickMap,
  draw = null,
  onDrawn,
  trail = NO_TRAIL,
}: {
  points: MapPoint[];
  circles?: MapCircle[];
  polygons?: MapPolygon[];
  focus?: { lat: number; lon: number } | null;
  onPick?: (id: number) => void;
  onClickMap?: (lat: number, lon: number) => void;
  draw?: DrawMode | null;
  onDrawn?: (shape: DrawnShape) => void;
  trail?: ReadonlyArray<[number, number]>;
}) {
  const shapes = useMemo<MapShape[]>(
    () => [
      ...circles.map((c) => ({ id: c.id, color: c.color, circle: { center: [c.lon, c.lat] as LL, radius: c.radius } })),
      ...polygons.map((p) => ({ id: p.id, color: p.color, ring: p.ring })),
    ],
    [circles, polygons],
  );
  // The first people and the first areas to arrive frame the view (a team at work and where it
  // works, not the whole country): once for the people, once more when the areas join them.
  const fitted = useRef({ points: false, shapes: false });
  const first = points[0];
  return (
    <MapView className="cd-map" testId="card-map" navigation={false} center={first ? [first.lon, first.lat] : NOBODY} zoom={first ? 15 : 4}>
      <ShapesLayer id="areas" shapes={shapes} />
      <TrailLayer id="card-trail-src" points={trail} />
      {draw && <FenceDrawLayer mode={draw} onDone={(shape) => onDrawn?.(shape)} />}
      <PointsLayer id="people" points={points} onPick={onPick} />
      <MapClick skipLayers={['people']} onClick={(lon, lat) => onClickMap?.(lat, lon)} />
      <MapCommand
        deps={[points, shapes]}
        run={(map) => {
          const done = fitted.current;
          const fresh = (!done.points && points.length > 0) || (!done.shapes && shapes.length > 0);
          if (!fresh || trail.length > 1) return;
          fitted.current = { points: done.points || points.length > 0, shapes: done.shapes || shapes.length > 0 };
          fitPoints(map, [...points.map((p) => [p.lon, p.lat] as const), ...shapes.flatMap(outlineOf)]);
        }}
      />
      <MapCommand deps={[trail]} run={(map) => trail.length > 1 && fitPoints(map, trail)} />
      <MapCommand deps={[focus?.lat, focus?.lon]} run={(map) => focus && focusOn(map, focus.lon, focus.lat, 15)} />
    </MapView>
  );
}
