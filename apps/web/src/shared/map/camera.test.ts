import { describe, expect, it } from 'vitest';
import { focusOn, keepInView } from './camera.ts';
import type { MapLibreMap } from './maplibre.ts';

/** A camera that eases like MapLibre's: a new ease replaces the one in flight (and its zoom). */
function fakeMap(padding = { top: 0, bottom: 0, left: 0, right: 0 }) {
  const camera = {
    center: [108.9, 34.3] as [number, number],
    zoom: 3.6,
    target: null as null | { center?: [number, number]; zoom?: number },
  };
  const map = {
    getZoom: () => camera.zoom,
    isMoving: () => camera.target !== null,
    // Shenzhen lies near the bottom edge of the country view, like on a 1166 × 716 map
    project: ([x]: [number, number]) => (x > 110 && camera.zoom < 10 ? { x: 670, y: 600 } : { x: 583, y: 358 }),
    getContainer: () => ({ clientWidth: 1166, clientHeight: 716 }),
    getPadding: () => padding,
    easeTo: (o: { center?: [number, number]; zoom?: number }) => (camera.target = o),
    jumpTo: (o: { center?: [number, number]; zoom?: number }) => Object.assign(camera, o),
  };
  const settle = () => {
    if (camera.target)
      Object.assign(camera, { center: camera.target.center ?? camera.center, zoom: camera.target.zoom ?? camera.zoom, target: null });
  };
  return { map: map as unknown as MapLibreMap, camera, settle };
}

describe('follow camera', () => {
  it('zooms to street level on the first position although the point starts near the edge', () => {
    const { map, camera, settle } = fakeMap();
    focusOn(map, 114.05, 22.55, 15);
    keepInView(map, 114.05, 22.55); // the follow view runs both in one render
    settle();
    expect(camera.zoom).toBe(15);
    expect(camera.center).toEqual([114.05, 22.55]);
  });

  it('pans to a point near the edge once the camera is still, keeping the zoom', () => {
    const { map, camera, settle } = fakeMap();
    keepInView(map, 114.05, 22.55);
    settle();
    expect(camera.center).toEqual([114.05, 22.55]);
    expect(camera.zoom).toBe(3.6);
  });

  it('counts what floats over the map as its edge: a point above the player bar’s band is brought up from under it', () => {
    // at (583, 560): well inside a bare 716 px map, but within the margin above a 160 px bar
    expect(keepInViewPans({ top: 0, bottom: 0, left: 0, right: 0 })).toBe(false);
    expect(keepInViewPans({ top: 0, bottom: 160, left: 0, right: 0 })).toBe(true);
  });
});

function keepInViewPans(padding: { top: number; bottom: number; left: number; right: number }): boolean {
  const { map, camera } = fakeMap(padding);
  (map as unknown as { project: () => { x: number; y: number } }).project = () => ({ x: 583, y: 560 });
  keepInView(map, 114.05, 22.55, 0.15);
  return camera.target !== null;
}
