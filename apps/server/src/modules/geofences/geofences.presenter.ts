import { Type } from 'typebox';
import type { Geofence, LonLat } from '@chelian/contracts';
import { responseOf } from '../../http/contract.ts';
import type { GeofenceRow } from './geofences.queries.ts';

/** [lon, lat], WGS-84: validated as a two-number array, typed as the contract's pair. */
export const LonLatSchema = Type.Unsafe<LonLat>(Type.Array(Type.Number(), { minItems: 2, maxItems: 2 }));
export const FenceKindSchema = Type.Union([Type.Literal('circle'), Type.Literal('polygon')]);

export const GeofenceSchema = responseOf<Geofence>()(Type.Object({
  geofenceId: Type.Integer(),
  name: Type.String(),
  kind: FenceKindSchema,
  kindName: Type.String(),
  center: Type.Union([LonLatSchema, Type.Null()]),
  radius: Type.Union([Type.Number(), Type.Null()]),
  rings: Type.Array(Type.Array(LonLatSchema)),
  alarmEnter: Type.Boolean(),
  alarmExit: Type.Boolean(),
  remark: Type.String(),
  accountId: Type.Integer(),
  accountName: Type.String(),
  vehicleCount: Type.Integer(),
  created: Type.Number(),
  updated: Type.Number(),
}));

export const FENCE_KIND_ZH = { circle: '圆形', polygon: '多边形' } as const;

export function presentGeofence(r: GeofenceRow): Geofence {
  return {
    geofenceId: r.id, name: r.name, kind: r.kind, kindName: FENCE_KIND_ZH[r.kind],
    center: r.center_lon === null || r.center_lat === null ? null : [r.center_lon, r.center_lat],
    radius: r.radius_m, rings: r.rings ?? [], alarmEnter: r.alarm_enter, alarmExit: r.alarm_exit, remark: r.remark,
    accountId: r.account_id, accountName: r.account_name, vehicleCount: r.vehicle_count, created: r.created_at.getTime(), updated: r.updated_at.getTime(),
  };
}
