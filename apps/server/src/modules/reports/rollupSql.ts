import { mayHoldNewer } from '../../core/freshestFix.ts';
import { DRIFT_MAX_METERS, STOP_SPEED_KMH } from '@chelian/contracts';
import { EARTH_RADIUS_METERS } from '@chelian/geo/coords.ts';

/** Below this speed a terminal stands still (playback's stops, the stay report). */
export const DRIVING_MIN_KMH = STOP_SPEED_KMH;
/** A gap between two reports longer than this is not counted as driving (the terminal was off or out of coverage). */
export const DRIVING_MAX_GAP_SECONDS = 300;
/** A step implying more than this is a GPS jump (or an odometer glitch), not distance driven. */
export const MAX_PLAUSIBLE_KMH = 300;

const EARTH_RADIUS_KM = EARTH_RADIUS_METERS / 1000;

/**
 * 'full': the day's positions from its start. 'since': only positions after what the day's row
 * already counted (per terminal, by gps_time), added to the row's running figures; the terminals
 * to read are those whose latest position is from today. A late point older than the row's last
 * position is left to the next full pass.
 */
export type RollupMode = 'full' | 'since';

/**
 * A pass of some terminals only (`$4`, their ids). Full: those whose positions came too late for
 * the passes (rollup_late_days). Since: those a report of today found behind (todayCurrent.ts).
 * Every other terminal's row is left as it is.
 */
export interface RollupScope {
  terminals?: boolean;
}

/** `AND column = ANY($4)` when the pass is for some terminals only. */
export const onlyTerminals = (scope: RollupScope, column: string) => (scope.terminals ? ` AND ${column} = ANY($4::bigint[])` : '');

// Only the current owner's history counts: positions and alarms before assigned_at are left out.
const fullPoints = (scope: RollupScope) => `
  SELECT p.terminal_id, p.gps_time, p.lat, p.lon, p.speed, p.valid, p.mileage
    FROM positions p JOIN terminals t ON t.id = p.terminal_id
   WHERE p.gps_time >= $1 AND p.gps_time < $3 AND (t.assigned_at IS NULL OR p.gps_time >= t.assigned_at)${onlyTerminals(scope, 'p.terminal_id')}`;

const pointsSince = (scope: RollupScope) => `
  SELECT c.terminal_id, p.gps_time, p.lat, p.lon, p.speed, p.valid, p.mileage
    FROM (SELECT l.terminal_id, t.assigned_at, COALESCE(pv.last_position_at, '-infinity'::timestamptz) AS after_at
            FROM latest_positions l JOIN terminals t ON t.id = l.terminal_id LEFT JOIN prev pv ON pv.terminal_id = l.terminal_id
           WHERE (l.gps_time >= $1 OR ${mayHoldNewer('l')})${onlyTerminals(scope, 'l.terminal_id')}) c
   CROSS JOIN LATERAL (
     SELECT gps_time, lat, lon, speed, valid, mileage FROM positions p
      WHERE p.terminal_id = c.terminal_id AND p.gps_time > c.after_at AND p.gps_time >= $1 AND p.gps_time < $3
        AND (c.assigned_at IS NULL OR p.gps_time >= c.assigned_at)) p`;

/**
 * Whether a step (`km` over `dt` seconds, from a fix at `prev_speed` to one at `speed`) is distance
 * driven: time passed (a repeated report is no step), at most MAX_PLAUSIBLE_KMH (a GPS jump), and
 * not a short step between two fixes both standing (below DRIVING_MIN_KMH and DRIFT_MAX_METERS:
 * GPS drift while parked; a terminal that reports speed 0 while it moves still gets its distance).
 */
export const COUNTED_STEP = `dt > 0 AND km * 3600 / dt <= ${MAX_PLAUSIBLE_KMH} AND (greatest(prev_speed, speed) >= ${DRIVING_MIN_KMH} OR km * 1000 >= ${DRIFT_MAX_METERS})`;

/** The great-circle km of a step from (prev_lat, prev_lon) to (lat, lon). */
export const KM = `2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
           sin(radians(lat - prev_lat) / 2) ^ 2 + cos(radians(prev_lat)) * cos(radians(lat)) * sin(radians(lon - prev_lon) / 2) ^ 2)))`;

/*
 * One Beijing day of every terminal, in one statement. $1 day start, $2 the day, $3 the cut-off
 * (the day's end, or now for today). The last valid fix and the last odometer reading are kept
 * in the row ("seeds"), so a 'since' pass measures the step from where the previous one stopped.
 * Alarms and online time are small tables: every pass counts them for the whole day. Online time
 * and the seconds it is rated against (elapsed_seconds) start at the terminal's hand-over when it
 * falls within the day: a vehicle added at 13:30 and online since is online 100 %, not 44 %.
 */
export function rollupSql(mode: RollupMode, scope: RollupScope = {}): string {
  return `
WITH prev AS (
  SELECT * FROM daily_terminal_stats WHERE day = $2::date AND ${mode === 'since' ? 'true' : 'false'}${onlyTerminals(scope, 'terminal_id')}
), pts AS (${mode === 'since' ? pointsSince(scope) : fullPoints(scope)}
), totals AS (
  -- A report sent twice (the terminal missed the answer) is one report, as the track shows it.
  SELECT terminal_id, count(DISTINCT gps_time)::int AS n, min(gps_time) AS first_at, max(gps_time) AS last_at,
         max(speed) FILTER (WHERE valid) AS max_speed
    FROM pts GROUP BY terminal_id
), fixes AS (
  SELECT terminal_id, gps_time, lat, lon, speed, false AS seed FROM pts WHERE valid
  UNION ALL
  SELECT terminal_id, last_fix_at, last_fix_lat, last_fix_lon, last_fix_speed, true FROM prev WHERE last_fix_at IS NOT NULL
), steps AS (
  SELECT terminal_id, prev_speed, speed, extract(epoch FROM gps_time - prev_time)::float8 AS dt, ${KM} AS km
    FROM (SELECT terminal_id, gps_time, lat, lon, speed, seed,
                 lag(gps_time) OVER w AS prev_time, lag(lat) OVER w AS prev_lat, lag(lon) OVER w AS prev_lon, lag(speed) OVER w AS prev_speed
            FROM fixes WINDOW w AS (PARTITION BY terminal_id ORDER BY gps_time, seed DESC)) x
   WHERE prev_time IS NOT NULL AND NOT seed
), gps AS (
  SELECT terminal_id,
         COALESCE(sum(km) FILTER (WHERE ${COUNTED_STEP}), 0) AS km,
         COALESCE(sum(dt) FILTER (WHERE prev_speed >= ${DRIVING_MIN_KMH} AND dt <= ${DRIVING_MAX_GAP_SECONDS}), 0) AS driving
    FROM steps GROUP BY terminal_id
), last_fix AS (
  SELECT DISTINCT ON (terminal_id) terminal_id, gps_time, lat, lon, speed FROM fixes ORDER BY terminal_id, gps_time DESC, seed
), readings AS (
  SELECT terminal_id, gps_time, mileage, false AS seed FROM pts WHERE mileage > 0
  UNION ALL
  SELECT terminal_id, last_odometer_at, last_odometer, true FROM prev WHERE last_odometer_at IS NOT NULL
), odometer AS (
  SELECT terminal_id, COALESCE(sum(d) FILTER (WHERE d > 0 AND d * 3600 <= ${MAX_PLAUSIBLE_KMH} * greatest(dt, 60)), 0) AS km,
         count(*) FILTER (WHERE dt IS NULL OR dt > 0)::int AS n
    FROM (SELECT terminal_id, seed, mileage - lag(mileage) OVER w AS d, extract(epoch FROM gps_time - lag(gps_time) OVER w)::float8 AS dt
            FROM readings WINDOW w AS (PARTITION BY terminal_id ORDER BY gps_time, seed DESC)) x
   WHERE NOT seed GROUP BY terminal_id
), last_reading AS (
  SELECT DISTINCT ON (terminal_id) terminal_id, gps_time, mileage FROM readings ORDER BY terminal_id, gps_time DESC, seed
), alarm_types AS (
  SELECT al.terminal_id, al.type, count(*)::int AS n
    FROM alarms al JOIN terminals t ON t.id = al.terminal_id
   WHERE al.alarm_time >= $1 AND al.alarm_time < $3 AND (t.assigned_at IS NULL OR al.alarm_time >= t.assigned_at)${onlyTerminals(scope, 'al.terminal_id')}
   GROUP BY al.terminal_id, al.type
), alarm_totals AS (
  SELECT terminal_id, sum(n)::int AS n, jsonb_object_agg(type, n) AS types FROM alarm_types GROUP BY terminal_id
), online_before AS (
  SELECT t.id AS terminal_id FROM terminals t
   CROSS JOIN LATERAL (SELECT e.online FROM presence_events e WHERE e.terminal_id = t.id AND e.at < $1 ORDER BY e.at DESC LIMIT 1) last
   WHERE last.online${onlyTerminals(scope, 't.id')}
), presence AS (
  SELECT terminal_id, $1::timestamptz AS at, true AS online FROM online_before
  UNION ALL
  SELECT terminal_id, at, online FROM presence_events WHERE at >= $1 AND at < $3${onlyTerminals(scope, 'terminal_id')}
), spans AS (
  SELECT terminal_id, at, online, lead(at) OVER (PARTITION BY terminal_id ORDER BY at, online) AS next_at FROM presence
), owned_spans AS (
  -- The current owner's time only, as positions and alarms: a span is cut at the hand-over.
  SELECT s.terminal_id, s.online, greatest(s.at, t.assigned_at) AS at, COALESCE(s.next_at, $3) AS end_at, s.at < t.assigned_at AS cut
    FROM spans s JOIN terminals t ON t.id = s.terminal_id
   WHERE t.assigned_at IS NULL OR COALESCE(s.next_at, $3) > t.assigned_at
), online_totals AS (
  SELECT terminal_id,
         COALESCE(sum(extract(epoch FROM end_at - at)) FILTER (WHERE online), 0) AS seconds,
         min(at) FILTER (WHERE online) AS first_online, max(at) FILTER (WHERE NOT online AND cut IS NOT TRUE) AS last_offline
    FROM owned_spans GROUP BY terminal_id
), touched AS (
  SELECT terminal_id FROM prev UNION SELECT terminal_id FROM totals UNION SELECT terminal_id FROM alarm_totals UNION SELECT terminal_id FROM online_totals
), merged AS (
  SELECT k.terminal_id,
         COALESCE(pv.position_count, 0) + COALESCE(tot.n, 0) AS position_count,
         COALESCE(pv.odometer_points, 0) + COALESCE(odo.n, 0) AS odometer_points,
         COALESCE(pv.gps_km, 0) + COALESCE(gps.km, 0) AS gps_km,
         COALESCE(pv.odometer_km, 0) + COALESCE(odo.km, 0) AS odometer_km,
         COALESCE(pv.driving_seconds, 0) + round(COALESCE(gps.driving, 0))::int AS driving_seconds,
         greatest(COALESCE(pv.max_speed, 0), COALESCE(tot.max_speed, 0)) AS max_speed,
         least(pv.first_position_at, tot.first_at) AS first_position_at, greatest(pv.last_position_at, tot.last_at) AS last_position_at,
         lf.gps_time AS last_fix_at, lf.lat AS last_fix_lat, lf.lon AS last_fix_lon, lf.speed AS last_fix_speed,
         lr.mileage AS last_odometer, lr.gps_time AS last_odometer_at,
         COALESCE(al.n, 0) AS alarm_count, COALESCE(al.types, '{}'::jsonb) AS alarm_types,
         round(COALESCE(o.seconds, 0))::int AS online_seconds, o.first_online, o.last_offline
    FROM touched k
    LEFT JOIN prev pv ON pv.terminal_id = k.terminal_id
    LEFT JOIN totals tot ON tot.terminal_id = k.terminal_id
    LEFT JOIN gps ON gps.terminal_id = k.terminal_id
    LEFT JOIN odometer odo ON odo.terminal_id = k.terminal_id
    LEFT JOIN last_fix lf ON lf.terminal_id = k.terminal_id
    LEFT JOIN last_reading lr ON lr.terminal_id = k.terminal_id
    LEFT JOIN alarm_totals al ON al.terminal_id = k.terminal_id
    LEFT JOIN online_totals o ON o.terminal_id = k.terminal_id
)
INSERT INTO daily_terminal_stats (terminal_id, day, mileage_km, mileage_source, driving_seconds, max_speed, first_position_at,
  last_position_at, position_count, alarm_count, alarm_types, online_seconds, first_online_at, last_offline_at, elapsed_seconds, rolled_up_at,
  gps_km, odometer_km, odometer_points, last_fix_at, last_fix_lat, last_fix_lon, last_fix_speed, last_odometer, last_odometer_at)
SELECT terminal_id, $2::date,
       round((CASE WHEN odometer_points >= 2 THEN odometer_km ELSE gps_km END)::numeric, 2)::float8,
       CASE WHEN position_count = 0 THEN '' WHEN odometer_points >= 2 THEN 'odometer' ELSE 'gps' END,
       driving_seconds, max_speed, first_position_at, last_position_at, position_count, alarm_count, alarm_types,
       online_seconds, first_online, last_offline,
       round(greatest(0, extract(epoch FROM $3::timestamptz - greatest($1::timestamptz, (SELECT t.assigned_at FROM terminals t WHERE t.id = merged.terminal_id)))))::int, now(),
       gps_km, odometer_km, odometer_points, last_fix_at, last_fix_lat, last_fix_lon, last_fix_speed, last_odometer, last_odometer_at
  FROM merged
ON CONFLICT (terminal_id, day) DO UPDATE SET
  mileage_km = EXCLUDED.mileage_km, mileage_source = EXCLUDED.mileage_source, driving_seconds = EXCLUDED.driving_seconds,
  max_speed = EXCLUDED.max_speed, first_position_at = EXCLUDED.first_position_at, last_position_at = EXCLUDED.last_position_at,
  position_count = EXCLUDED.position_count, alarm_count = EXCLUDED.alarm_count, alarm_types = EXCLUDED.alarm_types,
  online_seconds = EXCLUDED.online_seconds, first_online_at = EXCLUDED.first_online_at, last_offline_at = EXCLUDED.last_offline_at,
  elapsed_seconds = EXCLUDED.elapsed_seconds, rolled_up_at = EXCLUDED.rolled_up_at, gps_km = EXCLUDED.gps_km,
  odometer_km = EXCLUDED.odometer_km, odometer_points = EXCLUDED.odometer_points, last_fix_at = EXCLUDED.last_fix_at,
  last_fix_lat = EXCLUDED.last_fix_lat, last_fix_lon = EXCLUDED.last_fix_lon, last_fix_speed = EXCLUDED.last_fix_speed,
  last_odometer = EXCLUDED.last_odometer, last_odometer_at = EXCLUDED.last_odometer_at`;
}
