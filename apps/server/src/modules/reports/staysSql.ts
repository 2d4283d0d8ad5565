import { STOP_SPEED_KMH } from '@chelian/contracts';
import { onlyTerminals, type RollupMode, type RollupScope } from './rollupSql.ts';

/** Closed stays shorter than this are not kept (the report's shortest filter is one minute). */
export const STAY_MIN_STORED_SECONDS = 60;

// The valid fixes of the whole day ($1 day start, $3 cut-off), only the current owner's.
const fullFixes = (scope: RollupScope) => `
  SELECT p.terminal_id, p.gps_time, p.lat, p.lon, p.speed, NULL::timestamptz AS open_from
    FROM positions p JOIN terminals t ON t.id = p.terminal_id
   WHERE p.valid AND p.gps_time >= $1 AND p.gps_time < $3 AND (t.assigned_at IS NULL OR p.gps_time >= t.assigned_at)${onlyTerminals(scope, 'p.terminal_id')}`;

// A pass during the day reads, per terminal whose latest position is from today, the fixes from
// the start of its open stay (continued), else those after the last position the day's row counted.
// Runs before the daily figures' statement, so that row still holds the previous pass's last position.
const FIXES_SINCE = `
  SELECT c.terminal_id, p.gps_time, p.lat, p.lon, p.speed, c.open_from
    FROM (SELECT l.terminal_id, t.assigned_at, s.start_at AS open_from, COALESCE(d.last_position_at, '-infinity'::timestamptz) AS after_at
            FROM latest_positions l JOIN terminals t ON t.id = l.terminal_id
            LEFT JOIN daily_terminal_stats d ON d.terminal_id = l.terminal_id AND d.day = $2::date
            LEFT JOIN daily_stays s ON s.terminal_id = l.terminal_id AND s.day = $2::date AND s.open
           WHERE l.gps_time >= $1) c
   CROSS JOIN LATERAL (
     SELECT gps_time, lat, lon, speed FROM positions p
      WHERE p.terminal_id = c.terminal_id AND p.valid AND p.gps_time >= $1 AND p.gps_time < $3
        AND CASE WHEN c.open_from IS NULL THEN p.gps_time > c.after_at ELSE p.gps_time >= c.open_from END
        AND (c.assigned_at IS NULL OR p.gps_time >= c.assigned_at)) p`;

/*
 * The day's stays, by playback's rule (trackAnalysis.findStops): a run of consecutive valid fixes
 * below STOP_SPEED_KMH, from its first fix until the next fix (which moves), or the last fix read
 * when none follows (then it is open). Where: the run's first fix. Upserted by (terminal, start):
 * an open stay continued by a later pass keeps its start and is replaced.
 */
export function staysSql(mode: RollupMode, scope: RollupScope = {}): string {
  return `
WITH fixes AS (${mode === 'since' ? FIXES_SINCE : fullFixes(scope)}
), marked AS (
  SELECT terminal_id, gps_time, lat, lon, open_from, speed < ${STOP_SPEED_KMH} AS still, lead(gps_time) OVER w AS next_at,
         CASE WHEN speed < ${STOP_SPEED_KMH} AND COALESCE(lag(speed) OVER w >= ${STOP_SPEED_KMH}, true) THEN 1 ELSE 0 END AS starts
    FROM fixes WINDOW w AS (PARTITION BY terminal_id ORDER BY gps_time)
), runs AS (
  SELECT terminal_id, min(gps_time) AS start_at, max(gps_time) AS last_at, min(open_from) AS open_from,
         (array_agg(next_at ORDER BY gps_time DESC))[1] AS next_at,
         (array_agg(lat ORDER BY gps_time))[1] AS lat, (array_agg(lon ORDER BY gps_time))[1] AS lon
    FROM (SELECT *, sum(starts) OVER (PARTITION BY terminal_id ORDER BY gps_time) AS run FROM marked) x
   WHERE still GROUP BY terminal_id, run
)
INSERT INTO daily_stays (terminal_id, day, start_at, end_at, seconds, lat, lon, open)
SELECT terminal_id, $2::date, start_at, COALESCE(next_at, last_at), round(extract(epoch FROM COALESCE(next_at, last_at) - start_at))::int, lat, lon, next_at IS NULL
  FROM runs
 WHERE next_at IS NULL OR next_at - start_at >= interval '${STAY_MIN_STORED_SECONDS} seconds' OR start_at = open_from
ON CONFLICT (terminal_id, start_at) DO UPDATE SET
  end_at = EXCLUDED.end_at, seconds = EXCLUDED.seconds, lat = EXCLUDED.lat, lon = EXCLUDED.lon, open = EXCLUDED.open`;
}

/** A continued stay that turned out short once the vehicle moved (kept above only to replace its open row). */
export const DROP_SHORT_STAYS = `DELETE FROM daily_stays WHERE day = $1::date AND NOT open AND seconds < ${STAY_MIN_STORED_SECONDS}`;
