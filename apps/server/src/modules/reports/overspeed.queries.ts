import type { LimitSource } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import type { FenceShapeRow } from '../geofences/geofences.queries.ts';
import { params, SPAN_END, SPAN_START, VEHICLES, type ReportFilter, type ReportVehicleRow } from './reports.queries.ts';
import type { DrivingPlan } from './drivingRollup.queries.ts';

/** A valid fix above the lowest limit its vehicle could have, numbered among all the vehicle's valid fixes of the span. */
export interface CandidateRow {
  vehicle_id: number;
  speed_limit_kmh: number | null;
  seq: number;
  gps_time: Date;
  lon: number;
  lat: number;
  speed: number;
}

/** An episode the rollup stored. */
export interface StoredEpisodeRow extends ReportVehicleRow {
  day: string;
  start_at: Date;
  end_at: Date;
  max_speed: number;
  limit_kmh: number;
  limit_source: LimitSource;
  fence_name: string;
  lat: number;
  lon: number;
  points: number;
}

export interface SpeedFenceRow extends Pick<FenceShapeRow, 'kind' | 'center_lon' | 'center_lat' | 'radius_m' | 'rings'> {
  vehicle_id: number;
  geofence_id: number;
  name: string;
  speed_limit_kmh: number;
}

/**
 * For the next statement of this transaction: no JIT. These reports' plans are costed high (a
 * window over every fix of the range) but run in a few hundred milliseconds, and PostgreSQL's JIT
 * spent up to a second compiling them (EXPLAIN ANALYZE, 1 000 vehicles' day: 1.8 s with, 0.34 s without).
 */
export const withoutJit = (q: Queryable) => q.query('SET LOCAL jit = off');

export const overspeedQueries = {
  /**
   * The fixes that may be over the limit, of the report's vehicles within the range's days: valid,
   * faster than the lowest limit that could apply to the vehicle (its fences' limits, its own or
   * `defaultLimit`). `seq` numbers every valid fix of the vehicle in time order, so the rule can
   * tell consecutive fixes from ones with a slower fix between them. One pass over the span's
   * positions of each terminal (the (terminal_id, gps_time) index); only candidates come back.
   * Only the days `plan` reads from the positions (the final ones come from the rollup: `stored`).
   */
  candidates: (q: Queryable, f: ReportFilter, defaultLimit: number, plan: Pick<DrivingPlan, 'liveStart' | 'liveVehicles'>) =>
    q.query<CandidateRow>(
      `SELECT v.id AS vehicle_id, v.speed_limit_kmh, c.seq::int AS seq, c.gps_time, c.lon, c.lat, c.speed::float8 AS speed
         FROM (SELECT x.id, x.terminal_id, x.assigned_at, vv.speed_limit_kmh::float8 AS speed_limit_kmh,
                      least(COALESCE(vv.speed_limit_kmh, $8::real), fences.lowest) AS floor_kmh
                 FROM (${VEHICLES}) x JOIN vehicles vv ON vv.id = x.id
                 -- Once per vehicle (an aggregate is not pulled up into the per-fix filter).
                 LEFT JOIN LATERAL (SELECT min(g.speed_limit_kmh) AS lowest FROM geofence_vehicles gv JOIN geofences g ON g.id = gv.geofence_id
                                     WHERE gv.vehicle_id = x.id) fences ON true) v
         -- Per vehicle: its fixes in time order straight from the index, numbered without a sort; a
         -- report sent twice (same time) is one fix, as the track shows it.
         CROSS JOIN LATERAL (
           SELECT * FROM (SELECT d.*, row_number() OVER (ORDER BY d.gps_time) AS seq
                            FROM (SELECT DISTINCT ON (p.gps_time) p.gps_time, p.lon, p.lat, p.speed
                                    FROM positions p
                                   WHERE p.terminal_id = v.terminal_id AND p.valid AND p.gps_time < ${SPAN_END}
                                     -- The days the plan reads from the positions (drivingRollup.queries.ts): from $9 on, or all for $10's vehicles.
                                     AND p.gps_time >= CASE WHEN v.id = ANY($10::bigint[]) THEN ${SPAN_START} ELSE greatest(${SPAN_START}, $9::timestamptz) END
                                     AND ($7::boolean OR v.assigned_at IS NULL OR p.gps_time >= v.assigned_at)
                                   ORDER BY p.gps_time) d) s
            WHERE s.speed > v.floor_kmh) c
        ORDER BY v.id, c.gps_time`,
      [...params(f), defaultLimit, plan.liveStart, plan.liveVehicles],
    ),

  /** The episodes the rollup stored for the plan's final days (not its live vehicles), at least `minSeconds` long. */
  stored: (q: Queryable, f: ReportFilter, plan: DrivingPlan, minSeconds: number) =>
    q.query<StoredEpisodeRow>(
      `SELECT v.id AS vehicle_id, v.plate, v.name AS vehicle_name, v.group_name, v.account_name, v.identifier, to_char(e.day, 'YYYY-MM-DD') AS day,
              e.start_at, e.end_at, e.max_speed::float8 AS max_speed, e.limit_kmh::float8 AS limit_kmh, e.limit_source, e.fence_name, e.lat, e.lon, e.points
         FROM (${VEHICLES}) v JOIN daily_overspeed e ON e.terminal_id = v.terminal_id AND e.day >= $5::date AND e.day < $6::date
        WHERE NOT v.id = ANY($7::bigint[]) AND extract(epoch FROM e.end_at - e.start_at) >= $8`,
      // (no hand-over here: the plan sends a tenant's days around its hand-over to the positions)
      [...params(f).slice(0, 5), plan.liveFrom, plan.liveVehicles, minSeconds],
    ),

  /** The report's vehicle columns of these vehicles (those with episodes). */
  vehicles: (q: Queryable, f: ReportFilter, ids: number[]) =>
    q.query<ReportVehicleRow>(
      `SELECT v.id AS vehicle_id, v.plate, v.name AS vehicle_name, v.group_name, v.account_name, v.identifier
         FROM (${VEHICLES}) v WHERE v.id = ANY($5::bigint[])`,
      [...params(f).slice(0, 4), ids],
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
