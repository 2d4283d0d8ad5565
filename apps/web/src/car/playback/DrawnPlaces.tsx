import { useEffect } from 'react';
import type { Track } from '@chelian/contracts';
import { display } from '../../shared/map/displayCoords.ts';
import { useMap } from '../../shared/map/mapContext.ts';
import { positionAt } from './trackAnalysis.ts';
import type { Player } from './player.ts';

/**
 * Writes where the track's end and the replayed vehicle are drawn, in the map's pixels, on the map's
 * frame (`data-track-end`, `data-vehicle-at`, "x,y"): both are drawn on the canvas, and this is how a
 * browser test holds that neither is ever under the summary or the player bar floating over the map.
 */
export function DrawnPlaces({ track, player }: { track: Track; player: Player }) {
  const map = useMap();
  useEffect(() => {
    const frame = map.getContainer().parentElement;
    if (!frame || track.length === 0) return undefined;
    const drawnAt = (lon: number, lat: number) => {
      const p = map.project(display.toDisplay(lon, lat));
      return `${Math.round(p.x)},${Math.round(p.y)}`;
    };
    const write = () => {
      const end = track.length - 1;
      frame.dataset.trackEnd = drawnAt(track.lon[end]!, track.lat[end]!);
      const vehicle = positionAt(track, player.snapshot.time);
      if (vehicle) frame.dataset.vehicleAt = drawnAt(vehicle.lon, vehicle.lat);
    };
    write();
    map.on('moveend', write);
    const unsubscribe = player.subscribe(write);
    return () => {
      map.off('moveend', write);
      unsubscribe();
    };
  }, [map, track, player]);
  return null;
}
