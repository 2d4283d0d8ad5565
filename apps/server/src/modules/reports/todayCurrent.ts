import { addDays, beijingDayOf, beijingDayStart, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { FINAL_AFTER_MS } from '../../core/lateReports.ts';
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

/** Brings one day's rows of the report's vehicles up to date (today, or yesterday while it is not final). */
export async function bringDayUpToDate(db: Db, filter: ReportFilter, day: string): Promise<void> {
  const start = new Date(beijingDayStart(day));
  // as the jobs role's pass: up to now, or the day's end once it is over
  const cutoff = () => new Date(Math.min(Date.now(), start.getTime() + DAY_MS));
  const vehicles = params(filter).slice(0, 4);
  if ((await rollupQueries.behindTerminals(db, vehicles, day, start, cutoff())).length === 0) return;
  const pass = queue.then(() =>
    db.tx(async (q) => {
      await rollupQueries.lock(q, true);
      const until = cutoff();
      const behind = await rollupQueries.behindTerminals(q, vehicles, day, start, until);
      if (behind.length) await rollupQueries.rollupDay(q, 'since', day, start, until, behind);
    }),
  );
  queue = pass.catch(() => undefined);
  await pass;
}

/**
 * Brings the report's days that are not final yet up to date for its vehicles: today, and
 * yesterday until FINAL_AFTER_MS after midnight — just after midnight yesterday's last minutes are
 * not counted until the jobs role's next pass, and yesterday's report must not lack them meanwhile.
 * Older days are the jobs role's.
 */
export async function currentThrough(db: Db, filter: ReportFilter, now = Date.now()): Promise<void> {
  const today = beijingDayOf(now);
  const yesterday = addDays(today, -1);
  if (now < beijingDayStart(today) + FINAL_AFTER_MS && filter.from <= yesterday && filter.to >= yesterday)
    await bringDayUpToDate(db, filter, yesterday);
  if (filter.to >= today) await bringDayUpToDate(db, filter, today);
}
