import { useMemo } from 'react';
import { keepInView } from '../../shared/map/camera.ts';
import { MapCommand } from '../../shared/map/MapCommand.tsx';
import { MapView } from '../../shared/map/MapView.tsx';
import { useMapScheme } from '../shared/useMapScheme.ts';
import { PointsLayer } from '../../shared/map/layers/PointsLayer.tsx';
import { TrailLayer } from '../../shared/map/layers/TrailLayer.tsx';

type LL = [number, number];
const NO_TRACK: LL[] = [];
const NOWHERE: LL = [116.397, 39.909];

/**
 * Where the bike is, on the platform's one map view (basemap, coordinates), with the trail it drew
 * since the page opened. Loaded on its own, never in the app's first load.
 */
export default function BikeMap({ at, trail = NO_TRACK, armed }: { at: LL | null; trail?: readonly LL[]; armed: boolean }) {
  const points = useMemo(() => (at ? [{ lon: at[0], lat: at[1] }] : []), [at]);
  const scheme = useMapScheme();
  return (
    <MapView className="mb-map" scheme={scheme} testId="mb-bike-map" navigation={false} center={at ?? NOWHERE} zoom={at ? 16 : 4}>
      <TrailLayer id="mb-trail" points={trail} />
      <PointsLayer id="mb-bike" points={points} color={armed ? '#f5222d' : '#1677ff'} radius={9} />
      <MapCommand deps={[at?.[0], at?.[1]]} run={(map) => at && keepInView(map, at[0], at[1], 0.15)} />
    </MapView>
  );
}
