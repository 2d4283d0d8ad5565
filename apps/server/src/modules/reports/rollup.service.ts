import { addDays, type BeijingDay, beijingDayOf, beijingDayStart, DAY_MS, daysBetween } from '@chelian/contracts/beijingTime.ts';
import { repeatEvery } from '../../jobs/repeatEvery.ts';
import type { Db } from '../../db/types.ts';
import type { FastifyBaseLogger } from 'fastify';
import { rollupQueries } from './rollup.queries.ts';
import { FINAL_AFTER_MS } from '../../core/lateReports.ts';
import { fleetSummaryQueries } from './fleetSummary.queries.ts';
import { refreshFleetSummary } from './fleetSummary.ts';
import { rollupDrivingDay } from './drivingRollup.ts';
import { rollupFinishedMonths } from './monthlyRollup.ts';
import { drivingRollupQueries } from './drivingRollup.queries.ts';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Late data still counts: a finished day keeps being rolled up until FINAL_AFTER_MS after it
 * ended (buffered uploads, the offline decision that comes OFFLINE_AFTER_SECONDS later), then a
 * full pass makes it final. Positions arriving later still (or out of order) are flagged by the
 * gateway; each pass recomputes the flagged terminals' days (rollup_late_days).
 */
export { FINAL_AFTER_MS };
/** Finished days the worker looks back over for ones not final yet. */
const LOOKBACK_DAYS = 7;
/** After the jobs role was stopped: days not final since the newest final one are caught up, this many at most. */
const CATCH_UP_DAYS = 60;
/**
 * A pass of a running day over a larger fleet goes in slices of this many terminals, each its own
 * transaction, with a pause after each twice as long as it took (at most MAX_SLICE_PAUSE_MS). In one
 * statement, 100 000 terminals' five minutes took one core for ~45 s every pass: on the machine
 * that also ingests, the replies of those seconds queued behind it (issue 33); with PGlite, whose
 * one connection the transaction holds, ingest stopped for that long. Sliced, the pass uses at
 * most a third of a core and ingest gets the database between slices (paused only as long as each
 * slice, the replies of a 100 000-terminal fleet still queued in the pass: p99 160–300 ms a 10 s window). Terminals' rows are independent,
 * so the slices together write what one statement would.
 */
export const SLICE_TERMINALS = 10_000;
const MAX_SLICE_PAUSE_MS = 20_000;

export interface DayResult {
  day: BeijingDay;
  terminals: number;
  final: boolean;
  /** The day's positions are gone (retention) while its figures remain: they were kept as they are. */
  kept?: boolean;
  /** Terminals recomputed in full because their positions came late. */
  late?: number;
}

/**
 * Rolls one Beijing day up. Until the day is final (its end plus FINAL_AFTER_MS) a pass adds what
 * arrived since the last one; the final pass (or `full`: backfill) recomputes it from scratch,
 * idempotently. Terminals whose positions came late (out of order, or after the final pass) are
 * recomputed in full, at any pass. `wait` false: skips and returns null when another process
 * holds the rollup lock; true (backfill): waits for it.
 */
export async function rollupDay(
  db: Db,
  day: BeijingDay,
  opts: { now?: number; wait?: boolean; full?: boolean; sliceTerminals?: number; signal?: AbortSignal } = {},
): Promise<DayResult | null> {
  const now = opts.now ?? Date.now();
  const start = new Date(beijingDayStart(day));
  const end = new Date(start.getTime() + DAY_MS);
  if (start.getTime() > now) return { day, terminals: 0, final: false };
  const cutoff = new Date(Math.min(end.getTime(), now));
  const final = now >= end.getTime() + FINAL_AFTER_MS;
  // A running day's pass adds what is new per terminal: a large fleet's goes slice by slice first.
  let sliced: { terminals: number } | 'skipped' | null = null;
  if (!final && !opts.full) {
    sliced = await rollupSliced(db, day, start, cutoff, {
      size: opts.sliceTerminals ?? SLICE_TERMINALS,
      wait: opts.wait ?? false,
      signal: opts.signal,
    });
    if (sliced === 'skipped') return null;
  }
  return db.tx(async (q) => {
    if (!(await rollupQueries.lock(q, opts.wait ?? false))) return null;
    // Taken first: a mark committed after this is left for the next pass, whose reads will see its positions.
    const late = await rollupQueries.takeLate(q, day);
    if (await rollupQueries.positionsGone(q, day, start, end)) {
      await rollupQueries.markDay(q, day, true);
      return { day, terminals: 0, final: true, kept: true };
    }
    // Passes add what is new until the day is final; then one full pass makes it exact (late points
    // included). Once final, only the terminals that had positions come late are recomputed.
    const lateOnly = final && !opts.full && late.length > 0 && (await rollupQueries.isFinal(q, day));
    const whole = !lateOnly && (opts.full || final);
    let { terminals } = lateOnly
      ? { terminals: 0 }
      : (sliced ?? (await rollupQueries.rollupDay(q, whole ? 'full' : 'since', day, start, cutoff)));
    if (!whole && late.length) ({ terminals } = await rollupQueries.rollupDay(q, 'full', day, start, cutoff, late));
    // The data centre's per-account figures of the day, in step with its rows.
    await fleetSummaryQueries.refreshAccountDays(q, day, day);
    await rollupQueries.markDay(q, day, final);
    // A final day's overspeed episodes and ACC switches (days not final are read from the positions).
    if (final && (whole || lateOnly)) {
      await rollupDrivingDay(q, day, start, end, lateOnly ? late : undefined);
      if (whole) await drivingRollupQueries.markStored(q, day);
    }
    return { day, terminals, final, ...(late.length && !whole ? { late: late.length } : {}) };
  });
}

/**
 * The 'since' pass in slices of `size` terminals (every terminal in one of them), each its own
 * transaction under the rollup lock, paused after each twice as long as it took. Null when the fleet
 * fits one slice (the caller's transaction does it); 'skipped' when another process rolls up or
 * `signal` aborted (the jobs role stopping: the slices not done wait for the next pass).
 */
async function rollupSliced(
  db: Db,
  day: BeijingDay,
  start: Date,
  cutoff: Date,
  { size, wait, signal }: { size: number; wait: boolean; signal?: AbortSignal },
) {
  const ids = await rollupQueries.terminalIds(db);
  if (ids.length <= size) return null;
  let result = { terminals: 0 };
  let pause = 0;
  for (let from = 0; from < ids.length; from += size) {
    if (pause > 0) await sleep(Math.min(pause, MAX_SLICE_PAUSE_MS), undefined, { signal }).catch(() => undefined);
    if (signal?.aborted) return 'skipped';
    const began = performance.now();
    const done = await db.tx(async (q) => {
      if (!(await rollupQueries.lock(q, wait))) return null;
      return rollupQueries.rollupDay(q, 'since', day, start, cutoff, ids.slice(from, from + size));
    });
    if (!done) return 'skipped';
    result = done;
    pause = 2 * (performance.now() - began);
  }
  return result;
}

/**
 * What the worker does each tick: the recent days not final yet (today among them), and the days
 * positions came late for. `retentionDays` (POSITION_RETENTION_DAYS, 0 keeps all): days whose
 * positions retention drops are never recomputed.
 */
export async function rollupPending(db: Db, now = Date.now(), retentionDays = 0, signal?: AbortSignal): Promise<DayResult[]> {
  const today = beijingDayOf(now);
  let oldest = addDays(today, -CATCH_UP_DAYS);
  if (retentionDays > 0) {
    // Retention drops the UTC days before today − retentionDays: the Beijing day after it is whole.
    const kept = addDays(today, -retentionDays + 1);
    await rollupQueries.dropLateBefore(db, kept);
    if (kept > oldest) oldest = kept;
  }
  const pending = await rollupQueries.pendingDays(db, addDays(today, -LOOKBACK_DAYS), today, oldest);
  const done: DayResult[] = [];
  for (const day of pending) {
    const r = await rollupDay(db, day, { now, signal });
    if (!r) break; // another process is at it, or the role is stopping
    done.push(r);
  }
  await refreshFleetSummary(
    db,
    now,
    done.filter((r) => !r.kept).map((r) => r.day),
  );
  await rollupFinishedMonths(
    db,
    done.filter((r) => r.final && !r.kept).map((r) => r.day),
  );
  return done;
}

/** Recomputes a range of days (after an import, a fix, or on a database older than the reports). */
export async function backfill(db: Db, from: BeijingDay, to: BeijingDay, now = Date.now()): Promise<DayResult[]> {
  const out: DayResult[] = [];
  for (const day of daysBetween(from, to)) out.push((await rollupDay(db, day, { now, wait: true, full: true }))!);
  await refreshFleetSummary(
    db,
    now,
    out.map((r) => r.day),
    true,
  );
  await rollupFinishedMonths(
    db,
    out.filter((r) => r.final).map((r) => r.day),
    true,
  );
  return out;
}

/** The jobs role's rollup worker: at start, then every `intervalMs`. Stopping waits for a run under way. */
export function startRollupWorker(db: Db, log: FastifyBaseLogger, intervalMs: number, retentionDays = 0): () => Promise<void> {
  return repeatEvery(
    intervalMs,
    async (signal) => void (await rollupPending(db, Date.now(), retentionDays, signal)),
    (err) => log.error({ err }, '报表日汇总失败'),
  );
}
