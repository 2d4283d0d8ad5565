import type { Feature, FeatureCollection } from 'geojson';
import { display } from './displayCoords.ts';
import { circleRing, type LL } from './fenceDraw.ts';

/** An area to draw, WGS-84: a circle (centre and radius in metres) or a polygon's corners (closed or not). */
export interface MapShape {
  id: number;
  color: string;
  circle?: { center: LL; radius: number };
  ring?: LL[];
}

/** The shapes as the map draws them (display coordinates); a polygon of fewer than three corners is left out. */
export function shapesData(shapes: readonly MapShape[]): FeatureCollection {
  const features: Feature[] = [];
  for (const s of shapes) {
    let ring: LL[];
    if (s.circle) ring = circleRing(s.circle.center, s.circle.radius);
    else {
      const corners = s.ring ?? [];
      if (corners.length < 3) continue;
      const [first, last] = [corners[0]!, corners.at(-1)!];
      ring = first[0] !== last[0] || first[1] !== last[1] ? [...corners, first] : corners;
    }
    features.push({
      type: 'Feature',
      properties: { id: s.id, color: s.color },
      geometry: { type: 'Polygon', coordinates: [ring.map(([lon, lat]) => display.toDisplay(lon, lat))] },
    });
  }
  return { type: 'FeatureCollection', features };
}
