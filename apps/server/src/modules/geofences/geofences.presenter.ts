import { FENCE_KIND_NAMES, type Geofence } from '@chelian/contracts';
import type { GeofenceRow } from './geofences.queries.ts';

export function presentGeofence(r: GeofenceRow): Geofence {
  return {
    geofenceId: r.id,
    name: r.name,
    kind: r.kind,
    kindName: FENCE_KIND_NAMES[r.kind],
    center: r.center_lon === null || r.center_lat === null ? null : [r.center_lon, r.center_lat],
    radius: r.radius_m,
    rings: r.rings ?? [],
    alarmEnter: r.alarm_enter,
    alarmExit: r.alarm_exit,
    remark: r.remark,
    speedLimitKmh: r.speed_limit_kmh,
    accountId: r.account_id,
    accountName: r.account_name,
    vehicleCount: r.vehicle_count,
    created: r.created_at.getTime(),
    updated: r.updated_at.getTime(),
  };
}
