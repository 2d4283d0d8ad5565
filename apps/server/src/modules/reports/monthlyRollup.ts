import type { BeijingDay } from '@chelian/contracts/beijingTime.ts';
import type { Db } from '../../db/types.ts';
import { monthlyRollupQueries } from './monthly.queries.ts';
import { rollupQueries } from './rollup.queries.ts';

/**
 * After a rollup tick or a backfill: the months of the days it made final (or recomputed) whose
 * every day is final are summed per terminal into monthly_terminal_stats (月度汇总 reads finished
 * months there). `wait` false: skips when another process holds the rollup lock (its own tick
 * does it). Answers the months summed.
 */
export async function rollupFinishedMonths(db: Db, finalDays: readonly BeijingDay[], wait = false): Promise<string[]> {
  if (finalDays.length === 0) return [];
  const months = await monthlyRollupQueries.finishedMonths(db, finalDays);
  for (const month of months) {
    const done = await db.tx(async (q) => (await rollupQueries.lock(q, wait)) && (await monthlyRollupQueries.rollupMonth(q, month), true));
    if (!done) return [];
  }
  return months;
}
