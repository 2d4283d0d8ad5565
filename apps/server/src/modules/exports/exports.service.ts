import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { repeatEvery } from '../../jobs/repeatEvery.ts';
import { exportsQueries, type ExportRow } from './exports.queries.ts';
import { reportDefinition } from './reports.ts';

const STALE_MINUTES = 30;

/** Runs one queued job, if any. Returns whether it did. */
export async function runNextExport(ctx: AppContext): Promise<boolean> {
  const job = await exportsQueries.claimNext(ctx.db);
  if (!job) return false;
  await runJob(ctx, job);
  return true;
}

async function runJob(ctx: AppContext, job: ExportRow) {
  const def = reportDefinition(job.report_type);
  if (!def) {
    await exportsQueries.failJob(ctx.db, job.id, '不支持的报表类型');
    return;
  }
  try {
    const file = await def.generate(ctx, job);
    await exportsQueries.finish(ctx.db, job.id, file.fileName, file.content);
  } catch (err) {
    ctx.log.error({ err, jobId: job.id }, 'export failed');
    // An AppError says in Chinese what the user can do (narrow the range…); anything else stays internal.
    await exportsQueries.failJob(ctx.db, job.id, err instanceof AppError ? err.message : '报表生成失败，请稍后重试');
  }
}

/** The 'jobs' role: drains the export queue, then sleeps a second. */
export function startExportWorker(ctx: AppContext, intervalMs = 1000): () => Promise<void> {
  let stopped = false;
  const stop = repeatEvery(
    intervalMs,
    async () => {
      await exportsQueries.requeueStale(ctx.db, STALE_MINUTES);
      while (!stopped && (await runNextExport(ctx))) {
        /* drain */
      }
    },
    (err) => ctx.log.error({ err }, 'export worker'),
  );
  return () => {
    stopped = true;
    return stop();
  };
}
