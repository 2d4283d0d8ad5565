import { DATA_CENTER_DAYS } from '@chelian/contracts';
import { addDays, type BeijingDay, beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import type { Db } from '../../db/types.ts';
import { fleetSummaryQueries } from './fleetSummary.queries.ts';
import { rollupQueries } from './rollup.queries.ts';

/** The data centre's window as of `now`: its first day, its last finished day (yesterday) and today. */
export function summaryWindow(now: number): { from: BeijingDay; through: BeijingDay; today: BeijingDay } {
  const today = beijingDayOf(now);
  return { from: addDays(today, -(DATA_CENTER_DAYS - 1)), through: addDays(today, -1), today };
}

/**
 * Keeps the data centre's summary (fleetSummary.queries.ts) in step after a rollup tick: each
 * rolled-up day already recounted its accounts' row in its own transaction; the window (every
 * account-day and each terminal's km over the finished days) is recounted when the day changed,
 * when a finished day of the window was rolled up again (its final or a late pass), or when a
 * vehicle changed account, terminal or hand-over since the last count. `wait` false: skips when
 * another process holds the rollup lock (its own tick does it). Answers whether it recounted.
 */
export async function refreshFleetSummary(db: Db, now: number, changedDays: readonly BeijingDay[] = [], wait = false): Promise<boolean> {
  const { from, through, today } = summaryWindow(now);
  const state = await fleetSummaryQueries.state(db);
  const pastChanged = changedDays.some((d) => d >= from && d <= through);
  if (state && state.current && state.from_day === from && state.through_day === through && !pastChanged) return false;
  return db.tx(async (q) => {
    if (!(await rollupQueries.lock(q, wait))) return false;
    await fleetSummaryQueries.refreshAccountDays(q, from, today);
    await fleetSummaryQueries.refreshWindow(q, from, through);
    return true;
  });
}
