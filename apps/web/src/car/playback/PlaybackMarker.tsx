import type { Track } from '@chelian/contracts';
import { keepInView } from '../../shared/map/camera.ts';
import { MapCommand } from '../../shared/map/MapCommand.tsx';
import { FocusVehicleLayer } from '../../shared/map/layers/FocusVehicleLayer.tsx';
import { positionAt } from './trackAnalysis.ts';
import { usePlayer, type Player } from './player.ts';

/** The replayed vehicle at the player's time; the map keeps it in view (within the map's padding) as it moves. */
export function PlaybackMarker({ player, track }: { player: Player; track: Track }) {
  const s = usePlayer(player);
  const p = positionAt(track, s.time);
  if (!p) return null;
  const state = p.speed >= 5 ? 'moving' : 'stopped';
  return (
    <>
      <FocusVehicleLayer id="car-playback-vehicle" lon={p.lon} lat={p.lat} course={p.course} state={state} plate={track.plate} />
      {/* also when it stops (the end, a pause) or is sought: its last place is never left under the player bar */}
      <MapCommand deps={[Math.round(s.time / 5000), s.playing]} run={(map) => keepInView(map, p.lon, p.lat, 0.15)} />
    </>
  );
}
