import type { Queryable } from '../../db/types.ts';
import type { Episode } from './overspeed.ts';
import { params, SPAN_START, VEHICLES, type ReportFilter } from './reports.queries.ts';

/*
 * The overspeed episodes and ACC switches of final days (migration 0030), written by the rollup's
 * final pass and its recompute of late positions (drivingRollup.ts), read by the two reports for
 * the days already final. Days not final yet are read from the positions, as are the days of a
 * vehicle whose limits changed since its day was rolled up, or that a tenant took over within the
 * range (the stored rows count every position, a new owner's report only those after its hand-over).
 */

/**
 * What decided a vehicle's episodes: the vehicle, its own limit, and its speed-limited fences
 * (limit and shape). `vehicleId` is an SQL expression.
 */
const limitsKey = (vehicleId: string) => `(SELECT COALESCE(vv.speed_limit_kmh::text, '-') || '|' || COALESCE((
     SELECT string_agg(g.id || ':' || g.speed_limit_kmh || ':' || md5(concat_ws(',', g.kind, g.center_lon, g.center_lat, g.radius_m, g.rings::text)), ';' ORDER BY g.id)
       FROM geofence_vehicles gv JOIN geofences g ON g.id = gv.geofence_id WHERE gv.vehicle_id = vv.id AND g.speed_limit_kmh IS NOT NULL), '')
   FROM vehicles vv WHERE vv.id = ${vehicleId})`;

/** `AND terminal_id = ANY($n)` when the pass is for some terminals only (their positions came late). */
const only = (terminals: readonly number[] | undefined, column: string, n: number) =>
  terminals ? ` AND ${column} = ANY($${n}::bigint[])` : '';

/** How a report's range splits into days read from the rollup and days read from the positions. */
export interface DrivingPlan {
  /** The first day of the range not stored (final with its driving tables; the day after the range when all are): it and the days after come from the positions. */
  liveFrom: string;
  /** The first instant read from the positions (the start of liveFrom). */
  liveStart: Date;
  /** Vehicles read from the positions for the whole range. */
  liveVehicles: number[];
  /** The days before and after the range are stored (their ACC reports come from the rollup too). */
  beforeFinal: boolean;
  afterFinal: boolean;
}

export const drivingRollupQueries = {
  /** The day's episodes and ACC switches are stored (after markDay made it final). */
  markStored: (q: Queryable, day: string) => q.query('UPDATE daily_rollup_days SET driving = true WHERE day = $1::date AND final', [day]),

  /** The vehicles of these terminals. */
  vehiclesOf: (q: Queryable, terminals: readonly number[]) =>
    q.query<{ id: number; terminal_id: number }>('SELECT id, terminal_id FROM vehicles WHERE terminal_id = ANY($1::bigint[])', [terminals]),

  /** Replaces the day's stored ACC switches (of `terminals` only, when given): the first report, each change, the last. */
  writeAccPoints: async (q: Queryable, day: string, start: Date, end: Date, terminals?: readonly number[]) => {
    await q.query(
      `DELETE FROM daily_acc_points WHERE day = $1::date${only(terminals, 'terminal_id', 2)}`,
      terminals ? [day, terminals] : [day],
    );
    await q.query(
      `INSERT INTO daily_acc_points (terminal_id, day, at, acc)
       SELECT s.terminal_id, $1::date, s.gps_time, s.acc FROM (
         SELECT p.terminal_id, p.gps_time, p.acc, lag(p.acc) OVER w AS prev, lead(p.gps_time) OVER w AS next
           FROM positions p WHERE p.acc IS NOT NULL AND p.gps_time >= $2 AND p.gps_time < $3${only(terminals, 'p.terminal_id', 4)}
         WINDOW w AS (PARTITION BY p.terminal_id ORDER BY p.gps_time)) s
        WHERE s.prev IS NULL OR s.prev <> s.acc OR s.next IS NULL`,
      terminals ? [day, start, end, terminals] : [day, start, end],
    );
  },

  /** Replaces the day's stored episodes and the limits they were found with (of `terminals` only, when given). */
  writeOverspeed: async (
    q: Queryable,
    day: string,
    episodes: ReadonlyArray<{ terminalId: number; episode: Episode }>,
    terminals?: readonly number[],
  ) => {
    const args = terminals ? [day, terminals] : [day];
    await q.query(`DELETE FROM daily_overspeed WHERE day = $1::date${only(terminals, 'terminal_id', 2)}`, args);
    await q.query(`DELETE FROM daily_overspeed_limits WHERE day = $1::date${only(terminals, 'terminal_id', 2)}`, args);
    for (let i = 0; i < episodes.length; i += 1000) {
      const batch = episodes.slice(i, i + 1000);
      await q.query(
        `INSERT INTO daily_overspeed (terminal_id, day, start_at, end_at, seconds, max_speed, limit_kmh, limit_source, fence_name, lat, lon, points)
         SELECT e.terminal_id, $1::date, to_timestamp(e.start_ms / 1000.0), to_timestamp(e.end_ms / 1000.0), round((e.end_ms - e.start_ms) / 1000.0)::int,
                e.max_speed, e.limit_kmh, e.limit_source, e.fence_name, e.lat, e.lon, e.points
           FROM jsonb_to_recordset($2::jsonb) AS e(terminal_id bigint, start_ms bigint, end_ms bigint, max_speed real, limit_kmh real, limit_source text, fence_name text, lat float8, lon float8, points int)`,
        [
          day,
          JSON.stringify(
            batch.map(({ terminalId, episode: e }) => ({
              terminal_id: terminalId,
              start_ms: e.startAt,
              end_ms: e.endAt,
              max_speed: e.maxSpeed,
              limit_kmh: e.limitKmh,
              limit_source: e.source,
              fence_name: e.fenceName,
              lat: e.lat,
              lon: e.lon,
              points: e.points,
            })),
          ),
        ],
      );
    }
    await q.query(
      `INSERT INTO daily_overspeed_limits (terminal_id, day, vehicle_id, limits)
       SELECT v.terminal_id, $1::date, v.id, ${limitsKey('v.id')} FROM vehicles v WHERE v.terminal_id IS NOT NULL${only(terminals, 'v.terminal_id', 2)}`,
      args,
    );
  },

  /**
   * The split of the filter's range (drivingRollup.ts): final days from the rollup, the rest from
   * the positions; `overspeed` also sends to the positions the vehicles whose stored days were
   * rolled up with other limits (or not at all).
   */
  plan: async (q: Queryable, f: ReportFilter, overspeed: boolean): Promise<DrivingPlan> => {
    const [range] = await q.query<{ live_from: string; live_start: Date; before_final: boolean; after_final: boolean }>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS live_from, (d.day - interval '8 hours') AT TIME ZONE 'UTC' AS live_start,
              EXISTS (SELECT 1 FROM daily_rollup_days r WHERE r.day = $1::date - 1 AND r.final AND r.driving) AS before_final,
              EXISTS (SELECT 1 FROM daily_rollup_days r WHERE r.day = $2::date + 1 AND r.final AND r.driving) AS after_final
         FROM (SELECT COALESCE(min(g::date), $2::date + 1) AS day FROM generate_series($1::date, $2::date, interval '1 day') g
                WHERE NOT EXISTS (SELECT 1 FROM daily_rollup_days r WHERE r.day = g::date AND r.final AND r.driving)) d`,
      [f.from, f.to],
    );
    const stored = overspeed
      ? `(SELECT count(*) FROM daily_overspeed_limits k WHERE k.terminal_id = v.terminal_id AND k.day >= $5::date AND k.day < $6::date
            AND k.vehicle_id = v.id AND k.limits = ${limitsKey('v.id')}) < $6::date - $5::date`
      : '$6::date IS NULL'; // (never: ACC switches do not depend on limits)
    const live =
      range.live_from > f.from
        ? await q.query<{ id: number }>(
            `SELECT v.id FROM (${VEHICLES}) v WHERE (NOT $7::boolean AND v.assigned_at > ${SPAN_START}) OR ${stored}`,
            // $6: the first day read from the positions (the range's end does not matter here).
            params({ ...f, to: range.live_from }),
          )
        : [];
    return {
      liveFrom: range.live_from,
      liveStart: new Date(range.live_start),
      liveVehicles: live.map((r) => Number(r.id)),
      beforeFinal: range.before_final,
      afterFinal: range.after_final,
    };
  },
};
