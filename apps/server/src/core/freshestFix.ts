/**
 * SQL: a terminal's newest fix (lat, lon, speed, valid, acc, extras, gps_time, received_at) — latest_positions' row or, when
 * newer, the newest fix in positions: latest_positions may be up to LATEST_POSITION_SECONDS behind
 * (gateway/latestWrites.ts). Newer is a later gps_time or, in the same second (terminals send whole
 * seconds: an alarm and a fix, a bike slowing down), received later. For a reader that must not act on
 * a position a moment old (arming takes the displacement centre from it). `terminal`: an SQL
 * expression of the terminal's id. No row when the terminal never had a fix.
 */
export const freshestFix = (terminal: string) => `(
  SELECT f.lat, f.lon, f.speed, f.valid, f.acc, f.extras, f.gps_time, f.received_at FROM (
    (SELECT p.lat, p.lon, p.speed, p.valid, p.acc, p.extras, p.gps_time, p.received_at
       FROM latest_positions l JOIN terminals t ON t.id = l.terminal_id
       JOIN positions p ON p.terminal_id = l.terminal_id AND p.gps_time >= l.gps_time
      WHERE l.terminal_id = ${terminal} AND (p.gps_time > l.gps_time OR p.received_at > l.received_at)
        AND (p.valid OR p.lat <> 0 OR p.lon <> 0) AND NOT COALESCE(t.handed_over_at > p.gps_time, false)
      ORDER BY p.gps_time DESC, p.received_at DESC LIMIT 1)
    UNION ALL
    SELECT l.lat, l.lon, l.speed, l.valid, l.acc, l.extras, l.gps_time, l.received_at FROM latest_positions l WHERE l.terminal_id = ${terminal}) f
  ORDER BY f.gps_time DESC, f.received_at DESC LIMIT 1)`;

/** The most LATEST_POSITION_SECONDS may be (config.ts clamps it): what mayHoldNewer's window is built on. */
export const LATEST_POSITION_MAX_SECONDS = 60;

/**
 * SQL: true where latest_positions' row `l` may have newer fixes in positions not written to it yet.
 * A held-back fix is written at most LATEST_POSITION_SECONDS after the row's last write, and the fix
 * that write carried was received at most that long before it: a row received longer ago than twice
 * the most, with a flush's margin, holds everything. For readers that pick terminals by their
 * latest row (today's report pass) and then read positions: candidates, not answers.
 */
export const mayHoldNewer = (l: string) => `${l}.received_at > now() - interval '${2 * LATEST_POSITION_MAX_SECONDS + 30} seconds'`;
