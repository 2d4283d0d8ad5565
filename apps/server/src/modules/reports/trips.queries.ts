import type { Queryable } from '../../db/types.ts';
import { TRIP_LEAVING_STEP_SECONDS } from '@chelian/contracts';
import { COUNTED_STEP, KM } from './rollupSql.ts';
import { OWNED_DAY, params, VEHICLES, type ReportFilter, type ReportVehicleRow } from './reports.queries.ts';

export interface TripRowDb extends ReportVehicleRow {
  day: string;
  start_at: Date;
  end_at: Date;
  seconds: number;
  km: number;
  max_speed: number | null;
  start_lon: number | null;
  start_lat: number | null;
  end_lon: number | null;
  end_lat: number | null;
}

/*
 * The trips of the report's vehicles and days: the time between the stops (daily_stays) of at
 * least $8 seconds, bounded by the day's first and last fix (daily_terminal_stats). A stop ends the
 * trip before it; the trip after the day's last stop ends at the day's last fix, unless that stop
 * is open (the vehicle still stands there). Both tables are the rollup's: counting and paging
 * read no positions.
 */
const TRIPS = `WITH days AS (
  SELECT v.id, v.plate, v.name, v.group_name, v.account_name, v.identifier, v.terminal_id, v.assigned_at, d.day, d.first_position_at, d.last_position_at
    FROM (${VEHICLES}) v JOIN daily_terminal_stats d ON d.terminal_id = v.terminal_id
   WHERE d.day BETWEEN $5::date AND $6::date AND d.position_count > 0 AND ${OWNED_DAY}
), stops AS (
  SELECT s.terminal_id, s.day, s.start_at, s.end_at, s.open,
         lag(s.end_at) OVER (PARTITION BY s.terminal_id, s.day ORDER BY s.start_at) AS prev_end,
         row_number() OVER (PARTITION BY s.terminal_id, s.day ORDER BY s.start_at DESC) AS from_last
    FROM days d JOIN daily_stays s ON s.terminal_id = d.terminal_id AND s.day = d.day
   WHERE s.seconds >= $8 AND ($7::boolean OR d.assigned_at IS NULL OR s.start_at >= d.assigned_at)
), trips AS (
  SELECT d.*, COALESCE(s.prev_end, d.first_position_at) AS start_at, s.start_at AS end_at
    FROM days d JOIN stops s ON s.terminal_id = d.terminal_id AND s.day = d.day
  UNION ALL
  SELECT d.*, COALESCE(s.end_at, d.first_position_at), d.last_position_at
    FROM days d LEFT JOIN stops s ON s.terminal_id = d.terminal_id AND s.day = d.day AND s.from_last = 1
   WHERE s.open IS NOT TRUE
)
SELECT * FROM trips WHERE end_at > start_at`;

// A trip's figures from its own valid fixes (the (terminal_id, gps_time) index), for a row `t` of TRIPS:
// its distance is the steps ending within it — the first from the fix before it that day (where the
// vehicle stood), so the trips of a day add up to its gps mileage — counted as the mileage counts them;
// that first step only when it is no longer than TRIP_LEAVING_STEP_SECONDS or no further than the
// trip's top speed covers in as long (else it is a gap in the reports: in the mileage, in no trip).
const LEAVING_STEP_FITS = `(prev_time >= t.start_at OR dt <= ${TRIP_LEAVING_STEP_SECONDS}
  OR km <= COALESCE(max(speed) FILTER (WHERE gps_time >= t.start_at) OVER (), 0) * ${TRIP_LEAVING_STEP_SECONDS} / 3600.0)`;
const TRIP_FIGURES = `CROSS JOIN LATERAL (
             SELECT sum(km) FILTER (WHERE ${COUNTED_STEP} AND fits) AS km, max(speed)::float8 AS max_speed,
                    (array_agg(lon ORDER BY gps_time))[1] AS start_lon, (array_agg(lat ORDER BY gps_time))[1] AS start_lat,
                    (array_agg(lon ORDER BY gps_time DESC))[1] AS end_lon, (array_agg(lat ORDER BY gps_time DESC))[1] AS end_lat
               FROM (SELECT gps_time, lat, lon, speed, prev_speed, dt, km, ${LEAVING_STEP_FITS} AS fits
                       FROM (SELECT gps_time, lat, lon, speed, prev_speed, prev_time, extract(epoch FROM gps_time - prev_time)::float8 AS dt, COALESCE(${KM}, 0) AS km
                       FROM (SELECT gps_time, lat, lon, speed, lag(lat) OVER w AS prev_lat, lag(lon) OVER w AS prev_lon, lag(gps_time) OVER w AS prev_time,
                                    lag(speed) OVER w AS prev_speed
                               FROM positions p
                              WHERE p.terminal_id = t.terminal_id AND p.valid AND p.gps_time <= t.end_at
                                AND p.gps_time >= COALESCE((
                                      SELECT max(b.gps_time) FROM positions b
                                       WHERE b.terminal_id = t.terminal_id AND b.valid AND b.gps_time < t.start_at
                                         AND b.gps_time >= greatest((t.day - interval '8 hours') AT TIME ZONE 'UTC', COALESCE(t.assigned_at, '-infinity'::timestamptz))),
                                    t.start_at)
                             WINDOW w AS (ORDER BY gps_time)) steps) measured) s
              WHERE gps_time >= t.start_at
           ) f`;

// A trip row as the page and the export give it, from `t` (TRIPS) and `f` (TRIP_FIGURES).
const TRIP_COLUMNS = `t.id AS vehicle_id, t.plate, t.name AS vehicle_name, t.group_name, t.account_name, t.identifier, to_char(t.day, 'YYYY-MM-DD') AS day,
                t.start_at, t.end_at, extract(epoch FROM t.end_at - t.start_at)::int AS seconds,
                COALESCE(f.km, 0)::float8 AS km, f.max_speed, f.start_lon, f.start_lat, f.end_lon, f.end_lat`;

export const tripsQueries = {
  /**
   * Trips: newest day first, then by plate, each vehicle's day in time order; the figures of the
   * page's trips read from their own positions (the (terminal_id, gps_time) index, valid fixes).
   * One statement: the trips are built once for the totals and the page (a day of 10 000
   * vehicles: ~100 ms each time). Its first row carries the totals, also when the page is empty.
   */
  tripPage: async (q: Queryable, f: ReportFilter, minStopSeconds: number, limit: number, offset: number) => {
    const found = await q.query<Partial<TripRowDb> & { sort_day?: Date; total_n: number; total_seconds: number; total_vehicles: number }>(
      `WITH t AS MATERIALIZED (${TRIPS}),
            totals AS (SELECT count(*)::int AS total_n, COALESCE(sum(extract(epoch FROM end_at - start_at)), 0)::float8 AS total_seconds,
                              count(DISTINCT id)::int AS total_vehicles FROM t),
            page AS (SELECT * FROM t ORDER BY day DESC, plate, id, start_at LIMIT $9 OFFSET $10)
       SELECT totals.*, p.* FROM totals LEFT JOIN (
         SELECT ${TRIP_COLUMNS}, t.day AS sort_day
           FROM page t
           ${TRIP_FIGURES}
       ) p ON true
       ORDER BY p.sort_day DESC, p.plate, p.vehicle_id, p.start_at`,
      [...params(f), minStopSeconds, limit, offset],
    );
    const [first] = found;
    const totals = { n: first.total_n, seconds: first.total_seconds, vehicles: first.total_vehicles };
    const rows = found
      .filter((r) => r.vehicle_id != null)
      .map(({ total_n: _n, total_seconds: _s, total_vehicles: _v, sort_day: _d, ...row }) => row as TripRowDb);
    return { totals, rows };
  },

  /**
   * Every trip of the filter in the page's order, for an export's server-side cursor (Db.cursor):
   * one statement, each trip's figures read as the cursor reaches it.
   */
  tripRowsSql: (f: ReportFilter, minStopSeconds: number) => ({
    sql: `WITH t AS (${TRIPS})
          SELECT ${TRIP_COLUMNS}
            FROM (SELECT * FROM t ORDER BY day DESC, plate, id, start_at) t
            ${TRIP_FIGURES}
           ORDER BY t.day DESC, t.plate, t.id, t.start_at`,
    params: [...params(f), minStopSeconds],
  }),
};
