import { display } from './displayCoords.ts';
import { animationsOn, type MapLibreMap } from './maplibre.ts';

/** Brings a WGS-84 point into view, zooming in to street level when the map is further out. */
export function focusOn(map: MapLibreMap, lon: number, lat: number, minZoom = 14): void {
  const center = display.toDisplay(lon, lat);
  const zoom = Math.max(map.getZoom(), minZoom);
  if (animationsOn()) map.easeTo({ center, zoom, duration: 600 });
  else map.jumpTo({ center, zoom });
}

/**
 * Keeps a moving point in view: pans only when it nears the edge, so the operator can still look around.
 * The edge is the map's padding's (`map.setPadding`: what floats over the map, e.g. playback's player
 * bar), so the point never rests under it; a pan centres it within the padding.
 * Not while the camera is already moving: a pan would cut short focusOn's zoom to street level
 * (the follow view calls both on its first position) or the operator's own drag.
 */
export function keepInView(map: MapLibreMap, lon: number, lat: number, marginRatio = 0.2): void {
  if (map.isMoving()) return;
  const [x, y] = display.toDisplay(lon, lat);
  const p = map.project([x, y]);
  const { clientWidth: w, clientHeight: h } = map.getContainer();
  const { top = 0, bottom = 0, left = 0, right = 0 } = map.getPadding();
  const mx = (w - left - right) * marginRatio;
  const my = (h - top - bottom) * marginRatio;
  if (p.x > left + mx && p.x < w - right - mx && p.y > top + my && p.y < h - bottom - my) return;
  if (animationsOn()) map.easeTo({ center: [x, y], duration: 500 });
  else map.jumpTo({ center: [x, y] });
}

/** Fits WGS-84 points into view. */
export function fitPoints(map: MapLibreMap, points: ReadonlyArray<readonly [number, number]>, padding = 60): void {
  if (points.length === 0) return;
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of points) {
    const [x, y] = display.toDisplay(lon, lat);
    w = Math.min(w, x);
    e = Math.max(e, x);
    s = Math.min(s, y);
    n = Math.max(n, y);
  }
  if (w === e && s === n) return focusOn(map, points[0][0], points[0][1], 15);
  map.fitBounds(
    [
      [w, s],
      [e, n],
    ],
    { padding, maxZoom: 16, animate: animationsOn(), duration: 600 },
  );
}
