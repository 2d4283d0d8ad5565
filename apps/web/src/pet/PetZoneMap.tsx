import { useMemo } from 'react';
import type { PetZone } from '@chelian/contracts';
import { keepInView } from '../shared/map/camera.ts';
import { MapClick } from '../shared/map/MapClick.tsx';
import { MapCommand } from '../shared/map/MapCommand.tsx';
import { MapView } from '../shared/map/MapView.tsx';
import { PointsLayer, type MapPoint } from '../shared/map/layers/PointsLayer.tsx';
import { ShapesLayer } from '../shared/map/layers/ShapesLayer.tsx';
import type { MapShape } from '../shared/map/shapes.ts';

type LL = [number, number];
/** A zone to draw, WGS-84: a circle (centre and radius) or a polygon's corners. */
export type MapZone = MapShape;

/** A saved zone as the map draws it. */
export const mapZoneOf = (z: PetZone): MapZone =>
  z.kind === 'circle'
    ? { id: z.zoneId, circle: { center: [z.lon!, z.lat!], radius: z.radiusMeters! }, color: '#1677ff' }
    : { id: z.zoneId, ring: z.points as LL[], color: '#1677ff' };

const NO_POINTS: LL[] = [];
/** Beijing, for a pet with neither a fix nor a zone yet. */
const NOWHERE: LL = [116.397, 39.909];
const asPoints = (list: readonly LL[]): MapPoint[] => list.map(([lon, lat]) => ({ lon, lat }));

/**
 * A pet's map on the shared map view: its zones, the corners being drawn and the pet; a click
 * reports where (WGS-84). 安全区域 draws on it; 宠物定位 shows it live (`follow`: the view moves
 * with the pet when it leaves it).
 */
export function PetZoneMap({
  zones,
  draft = NO_POINTS,
  pet,
  onClickMap,
  follow = false,
  testId = 'pt-zone-map',
}: {
  zones: MapZone[];
  draft?: LL[];
  pet: LL | null;
  onClickMap?: (p: LL) => void;
  follow?: boolean;
  testId?: string;
}) {
  const first = pet ?? zones[0]?.circle?.center ?? zones[0]?.ring?.[0];
  const draftPoints = useMemo(() => asPoints(draft), [draft]);
  const petPoints = useMemo(() => asPoints(pet ? [pet] : []), [pet]);
  return (
    // a double-click adds two corners, not a zoom
    <MapView className="pt-map" testId={testId} navigation={false} doubleClickZoom={false} center={first ?? NOWHERE} zoom={first ? 16 : 4}>
      <ShapesLayer id="zones" shapes={zones} fillOpacity={0.18} lineWidth={2} />
      <PointsLayer id="draft" points={draftPoints} color="#fff" stroke="#f59e0b" radius={5} />
      <PointsLayer id="pet" points={petPoints} color="#fa541c" />
      <MapClick onClick={(lon, lat) => onClickMap?.([lon, lat])} />
      <MapCommand deps={[pet?.[0], pet?.[1], follow]} run={(map) => follow && pet && keepInView(map, pet[0], pet[1], 0)} />
    </MapView>
  );
}
