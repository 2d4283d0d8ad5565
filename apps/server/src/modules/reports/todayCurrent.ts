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
 * One pass at a time per process: requests arriving while one runs wait for it — done, when it
 * began after they were asked; else they check again (what they brought may have been stored
 * after that pass read). Across processes the rollup's advisory lock orders the passes (this one
 * waits for the jobs role's).
 */
let running: { done: Promise<unknown>; startedAt: number } | null = null;

export async function bringTodayUpToDate(db: Db, now = Date.now()): Promise<void> {
  const today = beijingDayOf(now);
  const asked = Date.now();
  for (;;) {
    if (running) {
      const pass = running;
      await pass.done.catch(() => undefined);
      // A pass that began after this request did everything stored before it: nothing to check.
      if (pass.startedAt >= asked) return;
      continue;
    }
    if (!(await rollupQueries.dayBehind(db, today, dayStart(today)))) return;
    if (running) continue; // another request started a pass while this one looked
    const pass = { done: rollupDay(db, today, { now: Date.now(), wait: true }), startedAt: Date.now() };
    running = pass;
    try {
      await pass.done;
    } finally {
      if (running === pass) running = null;
    }
    return;
  }
}

/** Brings today up to date when the report's last day is today (older days are the jobs role's). */
export async function currentThrough(db: Db, lastDay: Day, now = Date.now()): Promise<void> {
  if (lastDay >= beijingDayOf(now)) await bringTodayUpToDate(db, now);
}
