/**
 * SQL: a terminal's newest fix (lat, lon, speed, valid, acc, gps_time) — latest_positions' row or, when
 * newer, the newest fix in positions: latest_positions may be up to LATEST_POSITION_SECONDS behind
 * (gateway/latestWrites.ts). For a reader that must not act on a position a moment old (arming takes
 * the displacement centre from it). `terminal`: an SQL expression of the terminal's id. No row
 * when the terminal never had a fix.
 */
export const freshestFix = (terminal: string) => `(
  SELECT f.lat, f.lon, f.speed, f.valid, f.acc, f.gps_time FROM (
    (SELECT p.lat, p.lon, p.speed, p.valid, p.acc, p.gps_time
       FROM latest_positions l JOIN terminals t ON t.id = l.terminal_id
       JOIN positions p ON p.terminal_id = l.terminal_id AND p.gps_time > l.gps_time
      WHERE l.terminal_id = ${terminal} AND (p.valid OR p.lat <> 0 OR p.lon <> 0) AND NOT COALESCE(t.handed_over_at > p.gps_time, false)
      ORDER BY p.gps_time DESC LIMIT 1)
    UNION ALL
    SELECT l.lat, l.lon, l.speed, l.valid, l.acc, l.gps_time FROM latest_positions l WHERE l.terminal_id = ${terminal}) f
  ORDER BY f.gps_time DESC LIMIT 1)`;
