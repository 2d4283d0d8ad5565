import { COMMON_ERRORS, EXPORT_ERRORS } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { repeatEvery } from '../../jobs/repeatEvery.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import type { ExportKind } from './excelWorkbook.ts';
import { exportsQueries, type ExportRow } from './exports.queries.ts';

const STALE_MINUTES = 30;

/** An export's params arrive as JSON text: an object of filters, or nothing. */
function parseParams(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    /* answered below */
  }
  throw new AppError(EXPORT_ERRORS.badParams);
}

/** The download centre: queueing exports of the given kinds, making their files, handing them to their owner. */
export class ExportsService {
  private readonly kinds: ReadonlyMap<string, ExportKind>;

  constructor(private readonly ctx: AppContext, kinds: readonly ExportKind[]) {
    this.kinds = new Map(kinds.map((k) => [k.type, k]));
  }

  /** Queues an export once its kind has checked the caller and the params. */
  async create(user: SessionUser, input: { reportType: string; name?: string; params?: string }): Promise<ExportRow> {
    const kind = this.kinds.get(input.reportType);
    if (!kind) throw new AppError(EXPORT_ERRORS.unknownType);
    const params = parseParams(input.params);
    await kind.validate?.(this.ctx, user, params);
    return exportsQueries.insert(this.ctx.db, { userId: user.userId, accountId: user.accountId, name: input.name || kind.title, reportType: kind.type, params });
  }

  pageOfUser(user: SessionUser, limit: number, offset: number) {
    return exportsQueries.pageOfUser(this.ctx.db, user.userId, limit, offset);
  }

  /** The caller's own finished file. */
  async fileOfUser(user: SessionUser, id: number): Promise<{ fileName: string; content: Buffer }> {
    const file = await exportsQueries.fileOfUser(this.ctx.db, id, user.userId);
    if (!file) throw new AppError(EXPORT_ERRORS.fileNotFound);
    if (file.status !== 'done' || !file.content) throw new AppError(EXPORT_ERRORS.notReady);
    return { fileName: file.file_name, content: Buffer.from(file.content) };
  }

  /** Runs one queued job, if any. Returns whether it did. */
  async runNext(): Promise<boolean> {
    const job = await exportsQueries.claimNext(this.ctx.db);
    if (!job) return false;
    await this.run(job);
    return true;
  }

  private async run(job: ExportRow) {
    const kind = this.kinds.get(job.report_type);
    if (!kind) {
      await exportsQueries.failJob(this.ctx.db, job.id, EXPORT_ERRORS.unknownType.msg);
      return;
    }
    try {
      const file = await kind.generate(this.ctx, job);
      await exportsQueries.finish(this.ctx.db, job.id, file.fileName, file.content);
    } catch (err) {
      this.ctx.log.error({ err, jobId: job.id }, 'export failed');
      // A catalogued failure says in Chinese what the user can do (narrow the range…); anything else stays internal.
      const userCanAct = err instanceof AppError && err.entry !== COMMON_ERRORS.internal;
      await exportsQueries.failJob(this.ctx.db, job.id, userCanAct ? err.message : EXPORT_ERRORS.failed.msg);
    }
  }

  /** The 'jobs' role: drains the queue, then sleeps `intervalMs`. */
  startWorker(intervalMs = 1000): () => Promise<void> {
    let stopped = false;
    const stop = repeatEvery(
      intervalMs,
      async () => {
        await exportsQueries.requeueStale(this.ctx.db, STALE_MINUTES);
        while (!stopped && (await this.runNext())) {
          /* drain */
        }
      },
      (err) => this.ctx.log.error({ err }, 'export worker'),
    );
    return () => {
      stopped = true;
      return stop();
    };
  }
}

/** The 'jobs' role's export worker, making files of the given kinds. */
export function startExportWorker(ctx: AppContext, kinds: readonly ExportKind[]): () => Promise<void> {
  return new ExportsService(ctx, kinds).startWorker();
}
