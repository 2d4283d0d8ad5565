import type { Db } from '../../db/types.ts';
import { beijingDayOf, dayStart, type Day } from './beijingDay.ts';
import { rollupDay } from './rollup.service.ts';
import { rollupQueries } from './rollup.queries.ts';

/**
 * Today is never 0 while positions exist. The jobs role rolls today up every
 * REPORT_ROLLUP_SECONDS; a report whose days include today first brings today's rollup up to
 * date itself: when a position, an alarm or a presence change arrived since today's last pass
 * (or today has none yet), it runs that pass's incremental step now (rollupDay: the positions
 * after each row's last counted one, today's alarms and online time) and then reads. So today's
 * figures are the rollup's own, computed by the same function, never a second estimate — what
 * the page shows is what the rollup stores, at once.
 *
 * One pass at a time per process: a request arriving while one runs waits for it, then checks
 * again (what it brought may have been stored after that pass read). Across processes the
 * rollup's advisory lock orders the passes (this one waits for the jobs role's).
 */
let running: Promise<unknown> | null = null;

export async function bringTodayUpToDate(db: Db, now = Date.now()): Promise<void> {
  const today = beijingDayOf(now);
  for (;;) {
    if (running) {
      await running.catch(() => undefined);
      continue;
    }
    if (!(await rollupQueries.dayBehind(db, today, dayStart(today)))) return;
    if (running) continue; // another request started a pass while this one looked
    running = rollupDay(db, today, { now, wait: true }).finally(() => (running = null));
    await running;
    return;
  }
}

/** Brings today up to date when the report's last day is today (older days are the jobs role's). */
export async function currentThrough(db: Db, lastDay: Day, now = Date.now()): Promise<void> {
  if (lastDay >= beijingDayOf(now)) await bringTodayUpToDate(db, now);
}
