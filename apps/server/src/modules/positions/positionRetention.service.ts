import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.ts';
import { positionRetentionQueries } from './positionRetention.queries.ts';
import { repeatEvery } from '../../jobs/repeatEvery.ts';

/** Partitions made this many days ahead, so a day never starts in the default partition. */
export const PARTITION_DAYS_AHEAD = 7;
const CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * One pass of position retention: the coming days' partitions made, and the partitions of days
 * more than `retentionDays` old dropped whole (0 keeps everything). Safe to run in several
 * processes at once: the database functions serialise on one advisory lock and are idempotent.
 */
export async function maintainPositionPartitions(db: Db, retentionDays: number): Promise<{ made: number; dropped: number }> {
  const made = await positionRetentionQueries.ensureAhead(db, PARTITION_DAYS_AHEAD);
  const dropped = retentionDays > 0 ? await positionRetentionQueries.dropOlderThan(db, retentionDays) : 0;
  return { made, dropped };
}

/** Presence history follows the positions' retention (see prunePresenceEvents for what stays). */
export async function prunePresenceHistory(db: Db, retentionDays: number): Promise<number> {
  return retentionDays > 0 ? positionRetentionQueries.prunePresenceEvents(db, retentionDays) : 0;
}

/** E-bike BMS reports follow the positions' retention too. */
export async function pruneBatteryReports(db: Db, retentionDays: number): Promise<number> {
  return retentionDays > 0 ? positionRetentionQueries.pruneBatteryReports(db, retentionDays) : 0;
}

/** The 'jobs' role: one pass at start, then hourly. Returns a stop function. */
export function startPositionRetention(
  deps: { db: Db; log: FastifyBaseLogger },
  retentionDays: number,
  intervalMs = CHECK_INTERVAL_MS,
): () => Promise<void> {
  return repeatEvery(
    intervalMs,
    async () => {
      const { made, dropped } = await maintainPositionPartitions(deps.db, retentionDays);
      if (made || dropped) deps.log.info({ made, dropped, retentionDays }, '位置分区维护：已新建与删除日分区');
      const pruned = await prunePresenceHistory(deps.db, retentionDays);
      if (pruned) deps.log.info({ pruned, retentionDays }, '已清理过期的上下线记录');
      const batteries = await pruneBatteryReports(deps.db, retentionDays);
      if (batteries) deps.log.info({ batteries, retentionDays }, '已清理过期的电池BMS记录');
    },
    (err) => deps.log.error({ err }, '位置分区维护失败'),
  );
}
