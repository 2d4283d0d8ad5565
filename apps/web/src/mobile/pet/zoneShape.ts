import type { PetZone } from '@chelian/contracts';
import type { MapShape } from '../../shared/map/shapes.ts';

type LL = [number, number];

/** A zone as the map draws it: blue, or orange while it is being edited. */
export function zoneShapeOf(z: Pick<PetZone, 'zoneId' | 'kind' | 'lon' | 'lat' | 'radiusMeters' | 'points'>, editing = false): MapShape {
  const color = editing ? '#fa8c16' : '#1677ff';
  return z.kind === 'circle'
    ? { id: z.zoneId, circle: { center: [z.lon ?? 0, z.lat ?? 0], radius: z.radiusMeters ?? 0 }, color }
    : { id: z.zoneId, ring: z.points as LL[], color };
}
