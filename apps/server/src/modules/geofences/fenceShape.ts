import type { Fence } from '@chelian/geo';
import type { FenceShapeRow } from './geofences.queries.ts';

/** A stored fence as the geometry functions take it (the alarm engine's and the overspeed report's). */
export function fenceShape(id: number, r: Pick<FenceShapeRow, 'kind' | 'center_lon' | 'center_lat' | 'radius_m' | 'rings'>): Fence<number> {
  return r.kind === 'circle'
    ? { id, kind: 'circle', center: [r.center_lon!, r.center_lat!], radiusMeters: r.radius_m! }
    : { id, kind: 'polygon', rings: (r.rings ?? []).map((ring) => ring.map((p) => [p[0], p[1]] as const)) };
}
