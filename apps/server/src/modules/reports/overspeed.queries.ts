import type { Queryable } from '../../db/types.ts';
import type { FenceShapeRow } from '../geofences/geofences.queries.ts';
import { params, SPAN_END, SPAN_START, VEHICLES, type ReportFilter, type ReportVehicleRow } from './reports.queries.ts';

/** A valid fix above the lowest limit its vehicle could have, numbered among all the vehicle's valid fixes of the span. */
export interface CandidateRow extends ReportVehicleRow {
  speed_limit_kmh: number | null;
  seq: number;
  gps_time: Date;
  lon: number;
  lat: number;
  speed: number;
}

export interface SpeedFenceRow extends Pick<FenceShapeRow, 'kind' | 'center_lon' | 'center_lat' | 'radius_m' | 'rings'> {
  vehicle_id: number;
  geofence_id: number;
  name: string;
  speed_limit_kmh: number;
}

export const overspeedQueries = {
  /**
   * The fixes that may be over the limit, of the report's vehicles within the range's days: valid,
   * faster than the lowest limit that could apply to the vehicle (its fences' limits, its own or
   * `defaultLimit`). `seq` numbers every valid fix of the vehicle in time order, so the rule can
   * tell consecutive fixes from ones with a slower fix between them. One pass over the span's
   * positions of each terminal (the (terminal_id, gps_time) index); only candidates come back.
   */
  candidates: (q: Queryable, f: ReportFilter, defaultLimit: number) =>
    q.query<CandidateRow>(
      `WITH v AS (
         SELECT x.*, vv.speed_limit_kmh::float8 AS speed_limit_kmh,
                least(COALESCE(vv.speed_limit_kmh, $8::real), (SELECT min(g.speed_limit_kmh) FROM geofence_vehicles gv JOIN geofences g ON g.id = gv.geofence_id
                                                          WHERE gv.vehicle_id = x.id)) AS floor_kmh
           FROM (${VEHICLES}) x JOIN vehicles vv ON vv.id = x.id
       )
       SELECT c.id AS vehicle_id, c.plate, c.name AS vehicle_name, c.group_name, c.account_name, c.identifier, c.speed_limit_kmh,
              c.seq::int AS seq, c.gps_time, c.lon, c.lat, c.speed::float8 AS speed
         FROM (SELECT v.*, p.gps_time, p.lon, p.lat, p.speed, row_number() OVER (PARTITION BY v.id ORDER BY p.gps_time) AS seq
                 FROM v JOIN positions p ON p.terminal_id = v.terminal_id
                WHERE p.valid AND p.gps_time >= ${SPAN_START} AND p.gps_time < ${SPAN_END}
                  AND ($7::boolean OR v.assigned_at IS NULL OR p.gps_time >= v.assigned_at)) c
        WHERE c.speed > c.floor_kmh
        ORDER BY c.id, c.gps_time`,
      [...params(f), defaultLimit],
    ),

  /** The fences with a speed limit attached to these vehicles. */
  fences: (q: Queryable, vehicleIds: number[]) =>
    q.query<SpeedFenceRow>(
      `SELECT gv.vehicle_id, g.id AS geofence_id, g.name, g.kind, g.center_lon, g.center_lat, g.radius_m, g.rings, g.speed_limit_kmh::float8 AS speed_limit_kmh
         FROM geofence_vehicles gv JOIN geofences g ON g.id = gv.geofence_id
        WHERE gv.vehicle_id = ANY($1::bigint[]) AND g.speed_limit_kmh IS NOT NULL`,
      [vehicleIds],
    ),
};
