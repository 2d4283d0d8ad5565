import { keepInView } from '../../shared/map/camera.ts';
import { MapCommand } from '../../shared/map/MapCommand.tsx';
import { MapView } from '../../shared/map/MapView.tsx';
import { useMapScheme } from '../shared/useMapScheme.ts';
import { FocusVehicleLayer } from '../../shared/map/layers/FocusVehicleLayer.tsx';
import { TrailLayer } from '../../shared/map/layers/TrailLayer.tsx';

type LL = [number, number];

/**
 * One vehicle on the platform's map (its own chunk, never in /m/'s first load): today's track and
 * the vehicle, kept in view as it moves.
 */
export default function LiveMap({
  at,
  course,
  state,
  plate,
  track,
}: {
  at: LL;
  course: number;
  state: string;
  plate: string;
  track: readonly LL[];
}) {
  const scheme = useMapScheme();
  return (
    <MapView className="mo-map" scheme={scheme} testId="mo-live-map" navigation={false} center={at} zoom={15}>
      <TrailLayer id="mo-today" points={track} />
      <FocusVehicleLayer id="mo-vehicle" lon={at[0]} lat={at[1]} course={course} state={state} plate={plate} />
      <MapCommand run={(map) => keepInView(map, at[0], at[1])} deps={[at[0], at[1]]} />
    </MapView>
  );
}
