import { useMemo } from 'react';
import { keepInView } from '../../shared/map/camera.ts';
import { MapClick } from '../../shared/map/MapClick.tsx';
import { MapCommand } from '../../shared/map/MapCommand.tsx';
import { MapView } from '../../shared/map/MapView.tsx';
import { useMapScheme } from '../shared/useMapScheme.ts';
import { PointsLayer } from '../../shared/map/layers/PointsLayer.tsx';
import { ShapesLayer } from '../../shared/map/layers/ShapesLayer.tsx';
import { TrailLayer } from '../../shared/map/layers/TrailLayer.tsx';
import type { MapShape } from '../../shared/map/shapes.ts';

type LL = [number, number];
const NO_TRACK: LL[] = [];
/** Beijing, for a pet with neither a fix nor a zone yet. */
const NOWHERE: LL = [116.397, 39.909];

/**
 * The pet's map on the platform's one map view (basemap, coordinates): its safe zones, today's walk
 * and the pet. Loaded on its own (never in the app's first load). `follow` keeps the pet in view.
 */
export default function PetMap({
  pet,
  zones,
  track = NO_TRACK,
  follow = true,
  onClickMap,
  testId = 'mp-pet-map',
}: {
  pet: LL | null;
  zones: MapShape[];
  track?: readonly LL[];
  follow?: boolean;
  onClickMap?: (p: LL) => void;
  testId?: string;
}) {
  const start = pet ?? zones[0]?.circle?.center ?? zones[0]?.ring?.[0];
  const petPoints = useMemo(() => (pet ? [{ lon: pet[0], lat: pet[1] }] : []), [pet]);
  const scheme = useMapScheme();
  return (
    <MapView className="mp-map" scheme={scheme} testId={testId} navigation={false} center={start ?? NOWHERE} zoom={start ? 16 : 4}>
      <ShapesLayer id="mp-zones" shapes={zones} fillOpacity={0.16} lineWidth={2} />
      <TrailLayer id="mp-walk" points={track} />
      <PointsLayer id="mp-pet" points={petPoints} color="#fa541c" radius={9} />
      {onClickMap && <MapClick onClick={(lon, lat) => onClickMap([lon, lat])} />}
      <MapCommand deps={[pet?.[0], pet?.[1], follow]} run={(map) => follow && pet && keepInView(map, pet[0], pet[1], 0.15)} />
    </MapView>
  );
}
