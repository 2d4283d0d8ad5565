import { useMemo } from 'react';
import type { RiderArea } from '@chelian/contracts';
import { MapCommand } from '../../shared/map/MapCommand.tsx';
import { MapView } from '../../shared/map/MapView.tsx';
import { useMapScheme } from '../shared/useMapScheme.ts';
import { PointsLayer } from '../../shared/map/layers/PointsLayer.tsx';
import { ShapesLayer } from '../../shared/map/layers/ShapesLayer.tsx';
import { keepInView } from '../../shared/map/camera.ts';
import { areaShapes } from './riderView.ts';

type LL = [number, number];
const NOWHERE: LL = [116.397, 39.909];

/** The service areas and the bike on the platform's one map view; loaded on its own, never in the app's first load. */
export default function RiderAreaMap({ areas, at }: { areas: readonly RiderArea[]; at: LL | null }) {
  const shapes = useMemo(() => areaShapes(areas), [areas]);
  const points = useMemo(() => (at ? [{ lon: at[0], lat: at[1] }] : []), [at]);
  const first = areas[0];
  const center: LL = at ?? (first?.circle ? [first.circle.lon, first.circle.lat] : ((first?.rings?.[0]?.[0] as LL | undefined) ?? NOWHERE));
  const scheme = useMapScheme();
  return (
    <MapView className="rd-map" scheme={scheme} testId="rd-area-map" navigation={false} center={center} zoom={at || first ? 13 : 4}>
      <ShapesLayer id="rd-areas" shapes={shapes} fillOpacity={0.12} lineWidth={2} />
      <PointsLayer id="rd-bike" points={points} color="#1677ff" radius={9} />
      <MapCommand deps={[at?.[0], at?.[1]]} run={(map) => at && keepInView(map, at[0], at[1], 0.15)} />
    </MapView>
  );
}
