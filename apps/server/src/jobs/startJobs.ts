import type { AppContext } from '../context.ts';
import { startAlarmDelivery } from '../modules/alarmDelivery/alarmDelivery.worker.ts';
import { EXPORT_KINDS } from '../modules/exports/exportKinds.ts';
import { startExportWorker } from '../modules/exports/exports.service.ts';
import { startPositionRetention } from '../modules/positions/positionRetention.service.ts';
import { startRollupWorker } from '../modules/reports/rollup.service.ts';
import { startAuditRetention } from '../modules/audit/audit.service.ts';
import { startLeaseJob } from '../modules/elecLease/leaseJob.ts';
import { startPetJob } from '../modules/pet/lostMode.ts';

/** The 'jobs' role's background tasks; the stop function waits for runs under way. */
export function startJobs(ctx: AppContext): () => Promise<void> {
  const { config, db, log } = ctx;
  const stops = [
    startExportWorker(ctx, EXPORT_KINDS),
    startPositionRetention(ctx, config.positionRetentionDays),
    startRollupWorker(db, log, config.reportRollupSeconds * 1000, config.positionRetentionDays),
    startAlarmDelivery(ctx).stop,
    startAuditRetention(ctx, config.auditRetentionDays),
    startLeaseJob(ctx, config.leaseJobSeconds * 1000),
    startPetJob(ctx),
  ];
  return async () => void (await Promise.all(stops.map((stop) => stop())));
}
