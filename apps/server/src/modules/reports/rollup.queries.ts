import type { Queryable } from '../../db/types.ts';
import { rollupSql, type RollupMode } from './rollupSql.ts';
import { DROP_SHORT_STAYS, staysSql } from './staysSql.ts';

/** Any constant: the same for every process that rolls up. */
const ROLLUP_LOCK_KEY = 80_808_820;

export const rollupQueries = {
  /** Held for the transaction. `wait` false: answers false at once when another process holds it. */
  lock: async (q: Queryable, wait: boolean) =>
    wait
      ? (await q.query('SELECT pg_advisory_xact_lock($1)', [ROLLUP_LOCK_KEY]), true)
      : (await q.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [ROLLUP_LOCK_KEY]))[0].ok,

  /**
   * 'full' recomputes the day from scratch (an upsert per terminal), then drops the rows of
   * terminals that no longer have anything that day: running it twice gives the same table.
   * 'since' adds what arrived after the rows' last positions (today, every few minutes).
   */
  rollupDay: async (q: Queryable, mode: RollupMode, day: string, start: Date, cutoff: Date) => {
    // Stays first: a 'since' pass reads them from the rows' last positions before those move on.
    if (mode === 'full') await q.query('DELETE FROM daily_stays WHERE day = $1::date', [day]);
    await q.query(staysSql(mode), [start, day, cutoff]);
    await q.query(DROP_SHORT_STAYS, [day]);
    await q.query(rollupSql(mode), [start, day, cutoff]);
    // now() is the transaction's start: every row this run wrote carries it.
    const removed = mode === 'full' ? await q.query('DELETE FROM daily_terminal_stats WHERE day = $1::date AND rolled_up_at < now() RETURNING terminal_id', [day]) : [];
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
