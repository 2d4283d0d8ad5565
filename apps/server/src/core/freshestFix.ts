/** SQL: positions' row `p` is newer than latest_positions' row `l` — a later second or, in the same second, received later. */
export const newerThanLatest = (p: string, l: string) =>
  `${p}.gps_time >= ${l}.gps_time AND (${p}.gps_time > ${l}.gps_time OR ${p}.received_at > ${l}.received_at)`;

/** SQL: positions' row `p` is a fix the terminal's current owner may see (placed, and not before `t`'s hand-over). */
export const ownersFix = (p: string, t: string) =>
  `(${p}.valid OR ${p}.lat <> 0 OR ${p}.lon <> 0) AND NOT COALESCE(${t}.handed_over_at > ${p}.gps_time, false)`;

/** SQL: the order that puts the newest of fixes `x` first. */
export const newestFirst = (x: string) => `${x}.gps_time DESC, ${x}.received_at DESC`;

/**
 * SQL: a terminal's newest fix (lat, lon, speed, valid, acc, extras, gps_time, received_at) — latest_positions' row or, when
 * newer, the newest fix in positions: latest_positions may be up to LATEST_POSITION_SECONDS behind
 * (gateway/latestWrites.ts). Newer is a later gps_time or, in the same second (terminals send whole
 * seconds: an alarm and a fix, a bike slowing down), received later. For a reader that must not act on
 * a position a moment old (arming takes the displacement centre from it). `terminal`: an SQL
 * expression of the terminal's id, usually the caller's `t.id` or `v.terminal_id`: the aliases
 * inside are ff-prefixed so that they never hide the caller's (an inner `terminals t` made
 * `l.terminal_id = t.id` true of every terminal, and the newest fix of any terminal won). No row
 * when the terminal never had a fix.
 */
export const freshestFix = (terminal: string) => `(
  SELECT ff.lat, ff.lon, ff.speed, ff.valid, ff.acc, ff.extras, ff.gps_time, ff.received_at FROM (
    (SELECT ffp.lat, ffp.lon, ffp.speed, ffp.valid, ffp.acc, ffp.extras, ffp.gps_time, ffp.received_at
       FROM latest_positions ffl JOIN terminals fft ON fft.id = ffl.terminal_id
       JOIN positions ffp ON ffp.terminal_id = ffl.terminal_id
      WHERE ffl.terminal_id = ${terminal} AND ${newerThanLatest('ffp', 'ffl')} AND ${ownersFix('ffp', 'fft')}
      ORDER BY ${newestFirst('ffp')} LIMIT 1)
    UNION ALL
    SELECT ffl.lat, ffl.lon, ffl.speed, ffl.valid, ffl.acc, ffl.extras, ffl.gps_time, ffl.received_at FROM latest_positions ffl WHERE ffl.terminal_id = ${terminal}) ff
  ORDER BY ${newestFirst('ff')} LIMIT 1)`;

/** The most LATEST_POSITION_SECONDS may be (config.ts clamps it): what mayHoldNewer's window is built on. */
export const LATEST_POSITION_MAX_SECONDS = 60;

/** LATEST_POSITION_SECONDS when unset: the server's and every gateway's default (gateway/ingestBatcher.ts DEFAULT_INGEST). */
export const DEFAULT_LATEST_POSITION_SECONDS = 30;

/**
 * SQL: true where latest_positions' row `l` may have newer fixes in positions not written to it yet.
 * A held-back fix is written at most LATEST_POSITION_SECONDS after the row's last write, and the fix
 * that write carried was received at most that long before it: a row received longer ago than twice
 * the most, with a flush's margin, holds everything. For readers that pick terminals by their
 * latest row (today's report pass) and then read positions: candidates, not answers.
 */
export const mayHoldNewer = (l: string) => `${l}.received_at > now() - interval '${2 * LATEST_POSITION_MAX_SECONDS + 30} seconds'`;
