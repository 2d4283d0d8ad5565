import { repeatEvery } from '../../jobs/repeatEvery.ts';
import type { Db } from '../../db/types.ts';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, beijingDayOf, dayStart, daysBetween, DAY_MS, type Day } from './beijingDay.ts';
import { rollupQueries } from './rollup.queries.ts';

/**
 * Late data still counts: a finished day keeps being rolled up until this long after it ended
 * (buffered uploads, the offline decision that comes OFFLINE_AFTER_SECONDS later), then a full
 * pass makes it final.
 */
export const FINAL_AFTER_MS = 2 * 3600_000;
/** Finished days the worker looks back over for ones not final yet. */
const LOOKBACK_DAYS = 7;

export interface DayResult {
  day: Day;
  terminals: number;
  final: boolean;
  /** The day's positions are gone (retention) while its figures remain: they were kept as they are. */
  kept?: boolean;
}

/**
 * Rolls one Beijing day up. Until the day is final (its end plus FINAL_AFTER_MS) a pass adds what
 * arrived since the last one; the final pass (or `full`: backfill) recomputes it from scratch,
 * idempotently. `wait` false: skips and returns null when another process holds the rollup lock;
 * true (backfill): waits for it.
 */
export async function rollupDay(db: Db, day: Day, opts: { now?: number; wait?: boolean; full?: boolean } = {}): Promise<DayResult | null> {
  const now = opts.now ?? Date.now();
  const start = dayStart(day);
  const end = new Date(start.getTime() + DAY_MS);
  if (start.getTime() > now) return { day, terminals: 0, final: false };
  const cutoff = new Date(Math.min(end.getTime(), now));
  const final = now >= end.getTime() + FINAL_AFTER_MS;
  return db.tx(async (q) => {
    if (!(await rollupQueries.lock(q, opts.wait ?? false))) return null;
    if (await rollupQueries.positionsGone(q, day, start, end)) {
      await rollupQueries.markDay(q, day, true);
      return { day, terminals: 0, final: true, kept: true };
    }
    // Passes add what is new until the day is final; then one full pass makes it exact (late points included).
    const mode = opts.full || final ? 'full' : 'since';
    const { terminals } = await rollupQueries.rollupDay(q, mode, day, start, cutoff);
    await rollupQueries.markDay(q, day, final);
    return { day, terminals, final };
  });
}

/** What the worker does each tick: the recent days not final yet (today among them). */
export async function rollupPending(db: Db, now = Date.now()): Promise<DayResult[]> {
  const today = beijingDayOf(now);
  const pending = await rollupQueries.pendingDays(db, addDays(today, -LOOKBACK_DAYS), today);
  const done: DayResult[] = [];
  for (const day of pending) {
    const r = await rollupDay(db, day, { now });
    if (!r) break; // another process is at it
    done.push(r);
  }
  return done;
}

/** Recomputes a range of days (after an import, a fix, or on a database older than the reports). */
export async function backfill(db: Db, from: Day, to: Day, now = Date.now()): Promise<DayResult[]> {
  const out: DayResult[] = [];
  for (const day of daysBetween(from, to)) out.push((await rollupDay(db, day, { now, wait: true, full: true }))!);
  return out;
}

/** The jobs role's rollup worker: at start, then every `intervalMs`. Stopping waits for a run under way. */
export function startRollupWorker(db: Db, log: FastifyBaseLogger, intervalMs: number): () => Promise<void> {
  return repeatEvery(intervalMs, async () => void (await rollupPending(db)), (err) => log.error({ err }, '报表日汇总失败'));
}
