import { mayHoldNewer } from '../../core/freshestFix.ts';
import { MIN_TRIP_METERS, MIN_TRIP_SECONDS, PARKED_MIN_SECONDS, STAY_MIN_SECONDS, STOP_SPEED_KMH } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { COUNTED_STEP, KM, onlyTerminals, type RollupMode, type RollupScope } from './rollupSql.ts';

/** Closed stays shorter than this are not kept (the report's shortest filter is one minute). */
export const STAY_MIN_STORED_SECONDS = STAY_MIN_SECONDS;

// The valid fixes of the whole day ($1 day start, $3 cut-off), only the current owner's.
const fullFixes = (scope: RollupScope) => `
  SELECT p.terminal_id, p.gps_time, p.lat, p.lon, p.speed, NULL::timestamptz AS open_from
    FROM positions p JOIN terminals t ON t.id = p.terminal_id
   WHERE p.valid AND p.gps_time >= $1 AND p.gps_time < $3 AND (t.assigned_at IS NULL OR p.gps_time >= t.assigned_at)${onlyTerminals(scope, 'p.terminal_id')}`;

// A pass during the day reads, per terminal whose latest position is from today, the fixes from
// the start of its latest stay when that stay is open (continued) or the movement after it is
// still shorter than MIN_TRIP_SECONDS (the next stay may yet be merged into it), else those after
// the last position the day's row counted. Runs before the daily figures' statement, so that row
// still holds the previous pass's last position and last valid fix.
const fixesSince = (scope: RollupScope) => `
  SELECT c.terminal_id, p.gps_time, p.lat, p.lon, p.speed, c.open_from
    FROM (SELECT l.terminal_id, t.assigned_at, s.start_at AS open_from, COALESCE(d.last_position_at, '-infinity'::timestamptz) AS after_at
            FROM latest_positions l JOIN terminals t ON t.id = l.terminal_id
            LEFT JOIN daily_terminal_stats d ON d.terminal_id = l.terminal_id AND d.day = $2::date
            LEFT JOIN LATERAL (
              SELECT s.start_at FROM (SELECT start_at, end_at, open FROM daily_stays s
                                       WHERE s.terminal_id = l.terminal_id AND s.start_at >= $1 AND s.start_at < $3 ORDER BY start_at DESC LIMIT 1) s
               WHERE s.open OR d.last_fix_at - s.end_at < interval '${MIN_TRIP_SECONDS} seconds') s ON true
           WHERE (l.gps_time >= $1 OR ${mayHoldNewer('l')})${onlyTerminals(scope, 'l.terminal_id')}) c
   CROSS JOIN LATERAL (
     SELECT gps_time, lat, lon, speed FROM positions p
      WHERE p.terminal_id = c.terminal_id AND p.valid AND p.gps_time >= $1 AND p.gps_time < $3
        AND CASE WHEN c.open_from IS NULL THEN p.gps_time > c.after_at ELSE p.gps_time >= c.open_from END
        AND (c.assigned_at IS NULL OR p.gps_time >= c.assigned_at)) p`;

// The km a movement between two stays `m` drove: its steps from the first stay's last fix to the
// second's first, counted as the mileage counts them. Read from the positions' index, and only for
// movements already short in time (a few per parked vehicle a day), never for every fix of the day.
const MOVED_KM = `(
  SELECT COALESCE(sum(km) FILTER (WHERE ${COUNTED_STEP}), 0)
    FROM (SELECT speed, prev_speed, extract(epoch FROM gps_time - prev_time)::float8 AS dt, ${KM} AS km
            FROM (SELECT gps_time, lat, lon, speed, lag(gps_time) OVER w AS prev_time, lag(lat) OVER w AS prev_lat, lag(lon) OVER w AS prev_lon,
                         lag(speed) OVER w AS prev_speed
                    FROM positions q WHERE q.terminal_id = m.terminal_id AND q.valid AND q.gps_time >= m.left_at AND q.gps_time <= m.start_at
                  WINDOW w AS (ORDER BY gps_time)) x
           WHERE prev_time IS NOT NULL) steps)`;

/*
 * The day's stays, by playback's rule (trackAnalysis.findStops): a run of consecutive valid fixes
 * below STOP_SPEED_KMH, from its first fix until the next fix (which moves), or the last fix read
 * when none follows (then it is open). Where: the run's first fix. Runs of at least
 * STAY_MIN_STORED_SECONDS (or open) are stays; a stay and the next are then ONE when the movement
 * between them is shorter than MIN_TRIP_SECONDS and MIN_TRIP_METERS and the first (as merged so
 * far) is parked: some stay of its chain of short movements lasted PARKED_MIN_SECONDS. The merged
 * stay starts when and where the first began and ends (or is open) as the last. Upserted by
 * (terminal, start): a stay continued or merged into by a later pass keeps its start and is replaced.
 */
export function staysSql(mode: RollupMode, scope: RollupScope = {}): string {
  return `
WITH fixes AS (${mode === 'since' ? fixesSince(scope) : fullFixes(scope)}
), marked AS (
  SELECT terminal_id, gps_time, lat, lon, open_from, speed < ${STOP_SPEED_KMH} AS still, lead(gps_time) OVER w AS next_at, lag(gps_time) OVER w AS prev_at,
         CASE WHEN speed < ${STOP_SPEED_KMH} AND COALESCE(lag(speed) OVER w >= ${STOP_SPEED_KMH}, true) THEN 1 ELSE 0 END AS starts
    FROM fixes WINDOW w AS (PARTITION BY terminal_id ORDER BY gps_time)
), runs AS (
  SELECT terminal_id, min(gps_time) AS start_at, max(gps_time) AS last_at, min(open_from) AS open_from,
         -- The next fix after the run; a run's last report sent twice has its own time as a copy's next.
         CASE WHEN bool_or(next_at IS NULL) THEN NULL ELSE max(next_at) END AS next_at,
         -- The fix before it (the last seen moving); a first report sent twice has its own time as a copy's previous.
         min(prev_at) AS prev_at,
         (array_agg(lat ORDER BY gps_time))[1] AS lat, (array_agg(lon ORDER BY gps_time))[1] AS lon
    FROM (SELECT *, sum(starts) OVER (PARTITION BY terminal_id ORDER BY gps_time) AS run FROM marked) x
   WHERE still GROUP BY terminal_id, run
), stays AS (
  -- A continued stay that turned out short is kept only to replace its open row (DROP_SHORT_STAYS then drops it): no stay, merged with none.
  SELECT *, next_at IS NULL OR next_at - start_at >= interval '${STAY_MIN_STORED_SECONDS} seconds' AS stay,
         extract(epoch FROM COALESCE(next_at, last_at) - start_at) >= ${PARKED_MIN_SECONDS} AS parked
    FROM runs
   WHERE next_at IS NULL OR next_at - start_at >= interval '${STAY_MIN_STORED_SECONDS} seconds' OR start_at = open_from
), moves AS (
  -- The movement from the stay before: left_at its last fix, moved_at the first fix seen moving, prev_at the last.
  SELECT s.*, lag(last_at) OVER k AS left_at, lag(next_at) OVER k AS moved_at, COALESCE(lag(stay) OVER k, false) AS after_stay
    FROM stays s WINDOW k AS (PARTITION BY terminal_id ORDER BY start_at)
), measured AS MATERIALIZED (
  -- Materialized: the two steps after both read "short", and a movement must be measured once.
  SELECT m.*, CASE WHEN stay AND after_stay AND prev_at - moved_at < interval '${MIN_TRIP_SECONDS} seconds'
                   THEN ${MOVED_KM} * 1000 < ${MIN_TRIP_METERS} ELSE false END AS short
    FROM moves m
), chains AS (
  SELECT *, sum(CASE WHEN short THEN 0 ELSE 1 END) OVER (PARTITION BY terminal_id ORDER BY start_at) AS chain FROM measured
), linked AS (
  SELECT *, short AND COALESCE(bool_or(parked) OVER (PARTITION BY terminal_id, chain ORDER BY start_at ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), false) AS joins
    FROM chains
), merged AS (
  SELECT terminal_id, min(start_at) AS start_at, (array_agg(COALESCE(next_at, last_at) ORDER BY start_at DESC))[1] AS end_at,
         bool_or(next_at IS NULL) AS open, (array_agg(lat ORDER BY start_at))[1] AS lat, (array_agg(lon ORDER BY start_at))[1] AS lon
    FROM (SELECT *, sum(CASE WHEN joins THEN 0 ELSE 1 END) OVER (PARTITION BY terminal_id ORDER BY start_at) AS grp FROM linked) g
   GROUP BY terminal_id, grp
)
INSERT INTO daily_stays (terminal_id, day, start_at, end_at, seconds, lat, lon, open)
SELECT terminal_id, $2::date, start_at, end_at, round(extract(epoch FROM end_at - start_at))::int, lat, lon, open
  FROM merged
ON CONFLICT (terminal_id, start_at) DO UPDATE SET
  end_at = EXCLUDED.end_at, seconds = EXCLUDED.seconds, lat = EXCLUDED.lat, lon = EXCLUDED.lon, open = EXCLUDED.open`;
}

/**
 * Writes the stays (staysSql). PostgreSQL costs the movements' distance subquery as if it ran for
 * every stay, which puts the statement past jit_optimize_above_cost: it then spent ~1.5 s of CPU
 * (of ~5 s for a 1 000-terminal day) optimising and inlining JIT code for a subquery that runs a
 * few dozen times. The statement keeps the expression JIT it had before the merge; the settings
 * are put back for the rest of the transaction.
 */
export async function writeStays(q: Queryable, mode: RollupMode, scope: RollupScope, args: unknown[]): Promise<void> {
  const [jit] = await q.query<{ optimize: string; inline: string }>(
    `SELECT current_setting('jit_optimize_above_cost') AS optimize, current_setting('jit_inline_above_cost') AS inline`,
  );
  await q.query(`SELECT set_config('jit_optimize_above_cost', '-1', true), set_config('jit_inline_above_cost', '-1', true)`);
  await q.query(staysSql(mode, scope), args);
  await q.query(`SELECT set_config('jit_optimize_above_cost', $1, true), set_config('jit_inline_above_cost', $2, true)`, [
    jit.optimize,
    jit.inline,
  ]);
}

/** A continued stay that turned out short once the vehicle moved (kept above only to replace its open row). */
export const DROP_SHORT_STAYS = `DELETE FROM daily_stays WHERE day = $1::date AND NOT open AND seconds < ${STAY_MIN_STORED_SECONDS}`;
