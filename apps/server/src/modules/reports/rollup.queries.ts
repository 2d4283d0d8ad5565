import { mayHoldNewer } from '../../core/freshestFix.ts';
import type { Queryable } from '../../db/types.ts';
import { rollupSql, type RollupMode } from './rollupSql.ts';
import { DROP_SHORT_STAYS, writeStays } from './staysSql.ts';
import { VEHICLES } from './reports.queries.ts';

/**
 * Any constant: the same for every process that rolls up. Paired with the schema's hash, so
 * platforms sharing one database in different schemas (the test suites do) never wait on, or
 * skip a pass because of, each other's rollups — advisory locks are database-wide.
 */
const ROLLUP_LOCK_KEY = 80_808_820;
const SCOPED_KEY = 'hashtext(current_schema()), $1';

export const rollupQueries = {
  /** Held for the transaction. `wait` false: answers false at once when another process holds it. */
  lock: async (q: Queryable, wait: boolean) =>
    wait
      ? (await q.query(`SELECT pg_advisory_xact_lock(${SCOPED_KEY})`, [ROLLUP_LOCK_KEY]), true)
      : (await q.query<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(${SCOPED_KEY}) AS ok`, [ROLLUP_LOCK_KEY]))[0].ok,

  /**
   * 'full' recomputes the day from scratch (an upsert per terminal), then drops the rows of
   * terminals that no longer have anything that day: running it twice gives the same table.
   * 'since' adds what arrived after the rows' last positions (today, every few minutes).
   * `terminals`: a pass of those terminals only — full: their positions came late; since: a report
   * of today found them behind (todayCurrent.ts) — the others' rows stay.
   */
  rollupDay: async (q: Queryable, mode: RollupMode, day: string, start: Date, cutoff: Date, terminals?: readonly number[]) => {
    const scope = { terminals: terminals !== undefined };
    const args = terminals ? [start, day, cutoff, terminals] : [start, day, cutoff];
    const only = terminals ? ' AND terminal_id = ANY($2::bigint[])' : '';
    const dayArgs = terminals ? [day, terminals] : [day];
    // Stays first: a 'since' pass reads them from the rows' last positions before those move on.
    if (mode === 'full') await q.query(`DELETE FROM daily_stays WHERE day = $1::date${only}`, dayArgs);
    await writeStays(q, mode, scope, args);
    await q.query(DROP_SHORT_STAYS, [day]);
    await q.query(rollupSql(mode, scope), args);
    // now() is the transaction's start: every row this run wrote carries it.
    const removed =
      mode === 'full'
        ? await q.query(
            `DELETE FROM daily_terminal_stats WHERE day = $1::date AND rolled_up_at < now()${only} RETURNING terminal_id`,
            dayArgs,
          )
        : [];
    const [n] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM daily_terminal_stats WHERE day = $1::date', [day]);
    return { terminals: n.n, removed: removed.length };
  },

  /** Every terminal's id, in order: the slices of a large fleet's pass (rollup.service.ts). */
  terminalIds: async (q: Queryable) => (await q.query<{ id: number }>('SELECT id::int AS id FROM terminals ORDER BY id')).map((r) => r.id),

  /**
   * The terminals whose positions came too late for the day's passes (gateway: rollup_late_days),
   * taken: the rows read are deleted, so a mark written after this statement waits for the next pass.
   */
  takeLate: async (q: Queryable, day: string) =>
    (
      await q.query<{ terminal_id: number }>(
        `WITH taken AS (DELETE FROM rollup_late_days WHERE day = $1::date RETURNING terminal_id)
       SELECT DISTINCT terminal_id::int AS terminal_id FROM taken ORDER BY 1`,
        [day],
      )
    ).map((r) => r.terminal_id),

  /** Late marks of days whose positions retention drops: recomputing would wipe figures counted from positions no longer stored. */
  dropLateBefore: (q: Queryable, day: string) => q.query('DELETE FROM rollup_late_days WHERE day < $1::date', [day]),

  isFinal: async (q: Queryable, day: string) =>
    (await q.query<{ final: boolean }>('SELECT final FROM daily_rollup_days WHERE day = $1::date', [day]))[0]?.final ?? false,

  /**
   * Figures counted from positions that are no longer stored (dropped with their partition by
   * retention): recomputing such a day would wipe them.
   */
  positionsGone: async (q: Queryable, day: string, start: Date, end: Date) =>
    (
      await q.query<{ gone: boolean }>(
        `SELECT NOT EXISTS (SELECT 1 FROM positions WHERE gps_time >= $2 AND gps_time < $3)
              AND EXISTS (SELECT 1 FROM daily_terminal_stats WHERE day = $1::date AND position_count > 0) AS gone`,
        [day, start, end],
      )
    )[0].gone,

  /**
   * The report's terminals (VEHICLES with reportsQueries' params as $1–$4; $5 the day, $6 its
   * start, $7 the cutoff: now for today, the day's end for yesterday) whose row of the day does not
   * hold everything stored so far: a position after the row's last counted one (and before the
   * cutoff: a terminal clock ahead is counted when its time comes), an
   * alarm count that differs, or a presence change since the row's pass (or today, without a
   * row). Each is an index probe of one terminal; latest_positions only picks the candidates, with
   * those whose row may be held back (core/freshestFix.ts mayHoldNewer). Late positions (older than
   * what the row counted) are the jobs role's (rollup_late_days).
   */
  behindTerminals: async (q: Queryable, vehicleParams: unknown[], day: string, start: Date, cutoff: Date) =>
    (
      await q.query<{ terminal_id: number }>(
        `SELECT v.terminal_id::int AS terminal_id
           FROM (${VEHICLES}) v JOIN terminals t ON t.id = v.terminal_id
           LEFT JOIN daily_terminal_stats d ON d.terminal_id = v.terminal_id AND d.day = $5::date
           LEFT JOIN latest_positions l ON l.terminal_id = v.terminal_id
          WHERE (((l.gps_time >= $6 AND l.gps_time > COALESCE(d.last_position_at, '-infinity'::timestamptz)) OR ${mayHoldNewer('l')}) AND EXISTS (
                  SELECT 1 FROM positions p WHERE p.terminal_id = v.terminal_id AND p.gps_time >= greatest($6, COALESCE(v.assigned_at, $6))
                     AND p.gps_time < $7 AND p.gps_time > COALESCE(d.last_position_at, '-infinity'::timestamptz)))
             OR (SELECT count(*) FROM alarms al WHERE al.terminal_id = v.terminal_id AND al.alarm_time >= greatest($6, COALESCE(v.assigned_at, $6))
                    AND al.alarm_time < $7) <> COALESCE(d.alarm_count, 0)
             OR (t.online_changed_at > COALESCE(d.rolled_up_at, $6) AND t.online_changed_at < $7)
          ORDER BY 1`,
        [...vehicleParams, day, start, cutoff],
      )
    ).map((r) => r.terminal_id),

  markDay: (q: Queryable, day: string, final: boolean) =>
    q.query(
      `INSERT INTO daily_rollup_days (day, rolled_up_at, final) VALUES ($1::date, now(), $2)
       ON CONFLICT (day) DO UPDATE SET rolled_up_at = now(), final = daily_rollup_days.final OR EXCLUDED.final`,
      [day, final],
    ),

  /**
   * Days from..to that are not final yet — from earlier than `from` when the newest final day is
   * older (the jobs role was stopped longer), but not before `oldest` — and any day up to `to`
   * with positions that came late.
   */
  pendingDays: async (q: Queryable, from: string, to: string, oldest: string) =>
    (
      await q.query<{ day: string }>(
        `WITH since AS (
         SELECT greatest($3::date, least($1::date, COALESCE((SELECT max(day) + 1 FROM daily_rollup_days WHERE final), $1::date))) AS first_day)
       SELECT to_char(x.day, 'YYYY-MM-DD') AS day FROM (
         SELECT g::date AS day FROM since, generate_series(since.first_day, $2::date, interval '1 day') g
          WHERE NOT EXISTS (SELECT 1 FROM daily_rollup_days r WHERE r.day = g::date AND r.final)
         UNION SELECT day FROM rollup_late_days WHERE day <= $2::date) x
        ORDER BY x.day`,
        [from, to, oldest],
      )
    ).map((r) => r.day),
};
