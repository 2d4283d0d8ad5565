import { beijingDayOf, beijingDayStart } from '@chelian/contracts/beijingTime.ts';
import type { Db } from '../../db/types.ts';
import { rollupQueries } from './rollup.queries.ts';
import { params, type ReportFilter } from './reports.queries.ts';

/**
 * Today is never 0 while positions exist. The jobs role rolls today up every
 * REPORT_ROLLUP_SECONDS; a report whose days include today first brings the rows of its own
 * vehicles up to date: those whose row of today lacks a position, an alarm or a presence change
 * stored since (rollupQueries.behindTerminals) get the rollup's incremental step now — the same
 * statements as the jobs role's pass ('since' mode, scoped to those terminals: the positions after
 * each row's last counted one, their stays, the day's alarms and online time) — and then the
 * report reads. Today's figures are therefore the rollup's own, computed by the same function,
 * never a second estimate: what the page shows is what the rollup stores, at once. A vehicle's
 * report costs one terminal's step; a fleet's, the step of its terminals that moved since.
 *
 * Passes run one at a time per process (a queue), each under the rollup's advisory lock (across
 * processes, after the jobs role's pass under way); each looks again, under the lock, at which
 * terminals are still behind, so pages asking at once do the work once.
 */
let queue: Promise<unknown> = Promise.resolve();

export async function bringTodayUpToDate(db: Db, filter: ReportFilter, now = Date.now()): Promise<void> {
  const today = beijingDayOf(now);
  const start = new Date(beijingDayStart(today));
  const vehicles = params(filter).slice(0, 4);
  if ((await rollupQueries.behindTerminals(db, vehicles, today, start)).length === 0) return;
  const pass = queue.then(() =>
    db.tx(async (q) => {
      await rollupQueries.lock(q, true);
      const behind = await rollupQueries.behindTerminals(q, vehicles, today, start);
      if (behind.length) await rollupQueries.rollupDay(q, 'since', today, start, new Date(), behind);
    }),
  );
  queue = pass.catch(() => undefined);
  await pass;
}

/** Brings today up to date for the report's vehicles when its last day is today (older days are the jobs role's). */
export async function currentThrough(db: Db, filter: ReportFilter, now = Date.now()): Promise<void> {
  if (filter.to >= beijingDayOf(now)) await bringTodayUpToDate(db, filter, now);
}
