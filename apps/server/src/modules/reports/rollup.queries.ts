import { EARTH_RADIUS_METERS } from '@chelian/geo/coords.ts';
import type { Queryable } from '../../db/types.ts';

/** Below this speed a terminal stands still (the same threshold as playback's stops). */
export const DRIVING_MIN_KMH = 3;
/** A gap between two reports longer than this is not counted as driving (the terminal was off or out of coverage). */
export const DRIVING_MAX_GAP_SECONDS = 300;
/** A step implying more than this is a GPS jump (or an odometer glitch), not distance driven. */
export const MAX_PLAUSIBLE_KMH = 300;

const EARTH_RADIUS_KM = EARTH_RADIUS_METERS / 1000;

/*
 * One Beijing day of every terminal, in one statement. $1 day start, $2 the day, $3 the cut-off
 * (the day's end, or now for today). Only the current owner's history counts: positions
 * and alarms before the terminal's assigned_at are left out, as the track and alarm lists do.
 */
const ROLLUP_DAY = `
WITH pts AS (
  SELECT p.terminal_id, p.gps_time, p.lat, p.lon, p.speed, p.valid, p.mileage
    FROM positions p JOIN terminals t ON t.id = p.terminal_id
   WHERE p.gps_time >= $1 AND p.gps_time < $3 AND (t.assigned_at IS NULL OR p.gps_time >= t.assigned_at)
), totals AS (
  SELECT terminal_id, count(*)::int AS n, min(gps_time) AS first_at, max(gps_time) AS last_at,
         COALESCE(max(speed) FILTER (WHERE valid), 0) AS max_speed, count(mileage)::int AS odometer_n
    FROM pts GROUP BY terminal_id
), fixes AS (
  SELECT terminal_id, gps_time, lat, lon,
         lag(gps_time) OVER w AS prev_time, lag(lat) OVER w AS prev_lat, lag(lon) OVER w AS prev_lon, lag(speed) OVER w AS prev_speed
    FROM pts WHERE valid WINDOW w AS (PARTITION BY terminal_id ORDER BY gps_time)
), steps AS (
  SELECT terminal_id, prev_speed, extract(epoch FROM gps_time - prev_time)::float8 AS dt,
         2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
           sin(radians(lat - prev_lat) / 2) ^ 2 + cos(radians(prev_lat)) * cos(radians(lat)) * sin(radians(lon - prev_lon) / 2) ^ 2))) AS km
    FROM fixes WHERE prev_time IS NOT NULL
), gps AS (
  SELECT terminal_id,
         COALESCE(sum(km) FILTER (WHERE dt > 0 AND km * 3600 / dt <= ${MAX_PLAUSIBLE_KMH}), 0) AS km,
         COALESCE(sum(dt) FILTER (WHERE prev_speed >= ${DRIVING_MIN_KMH} AND dt <= ${DRIVING_MAX_GAP_SECONDS}), 0) AS driving
    FROM steps GROUP BY terminal_id
), odometer AS (
  SELECT terminal_id, COALESCE(sum(d) FILTER (WHERE d > 0 AND d * 3600 <= ${MAX_PLAUSIBLE_KMH} * greatest(dt, 60)), 0) AS km
    FROM (SELECT terminal_id, mileage - lag(mileage) OVER w AS d, extract(epoch FROM gps_time - lag(gps_time) OVER w)::float8 AS dt
            FROM pts WHERE mileage IS NOT NULL WINDOW w AS (PARTITION BY terminal_id ORDER BY gps_time)) x
   GROUP BY terminal_id
), alarm_types AS (
  SELECT al.terminal_id, al.type, count(*)::int AS n
    FROM alarms al JOIN terminals t ON t.id = al.terminal_id
   WHERE al.alarm_time >= $1 AND al.alarm_time < $3 AND (t.assigned_at IS NULL OR al.alarm_time >= t.assigned_at)
   GROUP BY al.terminal_id, al.type
), alarm_totals AS (
  SELECT terminal_id, sum(n)::int AS n, jsonb_object_agg(type, n) AS types FROM alarm_types GROUP BY terminal_id
), online_before AS (
  SELECT t.id AS terminal_id FROM terminals t
   CROSS JOIN LATERAL (SELECT e.online FROM presence_events e WHERE e.terminal_id = t.id AND e.at < $1 ORDER BY e.at DESC LIMIT 1) last
   WHERE last.online
), presence AS (
  SELECT terminal_id, $1::timestamptz AS at, true AS online FROM online_before
  UNION ALL
  SELECT terminal_id, at, online FROM presence_events WHERE at >= $1 AND at < $3
), spans AS (
  SELECT terminal_id, at, online, lead(at) OVER (PARTITION BY terminal_id ORDER BY at, online) AS next_at FROM presence
), online_totals AS (
  SELECT terminal_id,
         COALESCE(sum(extract(epoch FROM COALESCE(next_at, $3) - at)) FILTER (WHERE online), 0) AS seconds,
         min(at) FILTER (WHERE online) AS first_online, max(at) FILTER (WHERE NOT online) AS last_offline
    FROM spans GROUP BY terminal_id
), touched AS (
  SELECT terminal_id FROM totals UNION SELECT terminal_id FROM alarm_totals UNION SELECT terminal_id FROM online_totals
)
INSERT INTO daily_terminal_stats (terminal_id, day, mileage_km, mileage_source, driving_seconds, max_speed, first_position_at,
  last_position_at, position_count, alarm_count, alarm_types, online_seconds, first_online_at, last_offline_at, elapsed_seconds, rolled_up_at)
SELECT k.terminal_id, $2::date,
       CASE WHEN tot.odometer_n >= 2 THEN COALESCE(odo.km, 0) ELSE COALESCE(gps.km, 0) END,
       CASE WHEN tot.n IS NULL THEN '' WHEN tot.odometer_n >= 2 THEN 'odometer' ELSE 'gps' END,
       round(COALESCE(gps.driving, 0))::int, COALESCE(tot.max_speed, 0), tot.first_at, tot.last_at, COALESCE(tot.n, 0),
       COALESCE(al.n, 0), COALESCE(al.types, '{}'::jsonb), round(COALESCE(o.seconds, 0))::int, o.first_online, o.last_offline,
       round(extract(epoch FROM $3::timestamptz - $1::timestamptz))::int, now()
  FROM touched k
  LEFT JOIN totals tot ON tot.terminal_id = k.terminal_id
  LEFT JOIN gps ON gps.terminal_id = k.terminal_id
  LEFT JOIN odometer odo ON odo.terminal_id = k.terminal_id
  LEFT JOIN alarm_totals al ON al.terminal_id = k.terminal_id
  LEFT JOIN online_totals o ON o.terminal_id = k.terminal_id
ON CONFLICT (terminal_id, day) DO UPDATE SET
  mileage_km = EXCLUDED.mileage_km, mileage_source = EXCLUDED.mileage_source, driving_seconds = EXCLUDED.driving_seconds,
  max_speed = EXCLUDED.max_speed, first_position_at = EXCLUDED.first_position_at, last_position_at = EXCLUDED.last_position_at,
  position_count = EXCLUDED.position_count, alarm_count = EXCLUDED.alarm_count, alarm_types = EXCLUDED.alarm_types,
  online_seconds = EXCLUDED.online_seconds, first_online_at = EXCLUDED.first_online_at, last_offline_at = EXCLUDED.last_offline_at,
  elapsed_seconds = EXCLUDED.elapsed_seconds, rolled_up_at = EXCLUDED.rolled_up_at`;

/** Any constant: the same for every process that rolls up. */
const ROLLUP_LOCK_KEY = 80_808_820;

export const rollupQueries = {
  /** Held for the transaction. `wait` false: answers false at once when another process holds it. */
  lock: async (q: Queryable, wait: boolean) =>
    wait
      ? (await q.query('SELECT pg_advisory_xact_lock($1)', [ROLLUP_LOCK_KEY]), true)
      : (await q.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [ROLLUP_LOCK_KEY]))[0].ok,

  /**
   * Recomputes one day from scratch (an upsert per terminal), then drops the rows of terminals
   * that no longer have anything that day: running it twice gives the same table.
   */
  rollupDay: async (q: Queryable, day: string, start: Date, cutoff: Date) => {
    await q.query(ROLLUP_DAY, [start, day, cutoff]);
    // now() is the transaction's start: every row this run wrote carries it.
    const removed = await q.query('DELETE FROM daily_terminal_stats WHERE day = $1::date AND rolled_up_at < now() RETURNING terminal_id', [day]);
    const [n] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM daily_terminal_stats WHERE day = $1::date', [day]);
    return { terminals: n.n, removed: removed.length };
  },

  /**
   * Figures counted from positions that are no longer stored (dropped with their partition by
   * retention): recomputing such a day would wipe them.
   */
  positionsGone: async (q: Queryable, day: string, start: Date, end: Date) =>
    (await q.query<{ gone: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM positions WHERE gps_time >= $2 AND gps_time < $3)
              AND EXISTS (SELECT 1 FROM daily_terminal_stats WHERE day = $1::date AND position_count > 0) AS gone`,
      [day, start, end],
    ))[0].gone,

  markDay: (q: Queryable, day: string, final: boolean) =>
    q.query(
      `INSERT INTO daily_rollup_days (day, rolled_up_at, final) VALUES ($1::date, now(), $2)
       ON CONFLICT (day) DO UPDATE SET rolled_up_at = now(), final = daily_rollup_days.final OR EXCLUDED.final`,
      [day, final],
    ),

  /** Days from..to that are not final yet. */
  pendingDays: async (q: Queryable, from: string, to: string) =>
    (await q.query<{ day: string }>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day FROM generate_series($1::date, $2::date, interval '1 day') d
        WHERE NOT EXISTS (SELECT 1 FROM daily_rollup_days r WHERE r.day = d::date AND r.final) ORDER BY d`,
      [from, to],
    )).map((r) => r.day),
};
