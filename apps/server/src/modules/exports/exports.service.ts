import { COMMON_ERRORS, EXPORT_ERRORS } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { repeatEvery } from '../../jobs/repeatEvery.ts';
import { subjects } from '../../bus/subjects.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { hasPermission } from '../../core/permissions.ts';
import { activeSessionUser } from '../auth/session.service.ts';
import os from 'node:os';
import type { Readable } from 'node:stream';
import { fileBytes, type ExportKind } from './excelWorkbook.ts';
import { exportsQueries, type ExportRow } from './exports.queries.ts';
import { ExportLeaseLost, PART_BYTES, PartWriter, readParts } from './fileParts.ts';

type ExportInput = { reportType: string; name?: string; params?: string };

/** How often the worker looks at the queue without news of an export queued. */
const EXPORT_POLL_MS = 15_000;

/** Who holds a running job (export_jobs.worker), for an operator looking at a stuck one. */
const WORKER = `${os.hostname()}:${process.pid}`;

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

/** A file of a list is the list's: the caller's role holds every permission its kind names. */
function mayExport(user: SessionUser, kind: ExportKind): void {
  if (!kind.permissions.every((p) => hasPermission(user.permissions, p))) throw new AppError(COMMON_ERRORS.forbidden);
}

/** The download centre: queueing exports of the given kinds, making their files, handing them to their owner. */
export class ExportsService {
  private readonly kinds: ReadonlyMap<string, ExportKind>;

  private readonly directRows: number;
  private readonly partBytes: number;
  private readonly leaseSeconds: number;

  constructor(
    private readonly ctx: AppContext,
    kinds: readonly ExportKind[],
    options: { directRows?: number; partBytes?: number; leaseSeconds?: number } = {},
  ) {
    this.kinds = new Map(kinds.map((k) => [k.type, k]));
    this.directRows = options.directRows ?? ctx.config.exportDirectRows;
    this.partBytes = options.partBytes ?? PART_BYTES;
    this.leaseSeconds = options.leaseSeconds ?? ctx.config.exportLeaseSeconds;
  }

  /** Queues an export once its kind has checked the caller and the params. */
  async create(user: SessionUser, input: ExportInput): Promise<ExportRow> {
    const { kind, params } = await this.checked(user, input);
    const row = await exportsQueries.insert(this.ctx.db, {
      userId: user.userId,
      accountId: user.accountId,
      name: input.name || kind.title,
      reportType: kind.type,
      params,
    });
    this.ctx.bus.publish(subjects.exportQueued, { id: row.id });
    return row;
  }

  /**
   * The file at once, for a small result: made in memory, at most `directRows` rows. A larger one
   * stops at the limit (its cursor closed) with export.tooLargeForDirect: the page queues it.
   */
  async direct(user: SessionUser, input: ExportInput): Promise<{ fileName: string; content: Buffer }> {
    const { kind, params } = await this.checked(user, input);
    const now = new Date();
    const job: ExportRow = {
      id: 0,
      user_id: user.userId,
      account_id: user.accountId,
      name: input.name || kind.title,
      report_type: kind.type,
      params,
      status: 'running',
      created_at: now,
      finished_at: null,
      file_name: '',
      size: 0,
      error: '',
      attempt: 0,
    };
    const file = await kind.generate(this.ctx, job);
    const content = await fileBytes(file.content, { rows: this.directRows, error: EXPORT_ERRORS.tooLargeForDirect });
    // Named as the queue names it, without a job number.
    return { fileName: file.fileName.replace(/-0\.xlsx$/, '.xlsx'), content };
  }

  private async checked(user: SessionUser, input: ExportInput) {
    const kind = this.kinds.get(input.reportType);
    if (!kind) throw new AppError(EXPORT_ERRORS.unknownType);
    mayExport(user, kind);
    const params = parseParams(input.params);
    await kind.validate?.(this.ctx, user, params);
    return { kind, params };
  }

  pageOfUser(user: SessionUser, limit: number, offset: number) {
    return exportsQueries.pageOfUser(this.ctx.db, user.userId, limit, offset);
  }

  /** The caller's own finished file: read part by part as it is sent (or whole, for a file made before parts). */
  async fileOfUser(user: SessionUser, id: number): Promise<{ fileName: string; size: number; content: Buffer | Readable }> {
    const file = await exportsQueries.fileOfUser(this.ctx.db, id, user.userId);
    if (!file) throw new AppError(EXPORT_ERRORS.fileNotFound);
    if (file.status !== 'done') throw new AppError(EXPORT_ERRORS.notReady);
    const content = file.content ? Buffer.from(file.content) : readParts(this.ctx.db, id, file.attempt);
    return { fileName: file.file_name, size: file.size, content };
  }

  /** Jobs whose worker stopped renewing its lease (it died) go back to the queue, or fail after MAX_EXPORT_ATTEMPTS claims. */
  requeueStale() {
    return exportsQueries.requeueStale(this.ctx.db, this.leaseSeconds, EXPORT_ERRORS.failed.msg);
  }

  /** Runs one queued job, if any. Returns whether it did. */
  async runNext(): Promise<boolean> {
    const job = await exportsQueries.claimNext(this.ctx.db, WORKER);
    if (!job) return false;
    await this.run(job);
    return true;
  }

  /**
   * Makes the job's file under its claim: the lease is renewed every third of its length while
   * the file is written, and every write is fenced by the attempt, so a worker that lost the job
   * (it stalled past the lease and another took over) stores nothing that counts.
   */
  private async run(job: ExportRow) {
    const { db, log } = this.ctx;
    const kind = this.kinds.get(job.report_type);
    if (!kind) {
      await exportsQueries.failJob(db, job.id, job.attempt, EXPORT_ERRORS.unknownType.msg);
      return;
    }
    let held = true;
    const renew = setInterval(
      () => {
        exportsQueries.heartbeat(db, job.id, job.attempt).then(
          (ok) => (held &&= ok),
          (err) => log.warn({ err, jobId: job.id }, 'export lease not renewed'),
        );
      },
      (this.leaseSeconds * 1000) / 3,
    );
    try {
      // The role may have lost the list's permission (or the user been disabled) since the file was asked for.
      const owner = await activeSessionUser(db, job.user_id);
      if (!owner) throw new AppError(EXPORT_ERRORS.userDisabled);
      mayExport(owner, kind);
      const file = await kind.generate(this.ctx, job);
      const parts = new PartWriter(db, job.id, job.attempt, this.partBytes);
      if (Buffer.isBuffer(file.content)) parts.write(file.content);
      else await file.content.writeTo(parts);
      await parts.end();
      if (!held || !(await exportsQueries.finishParts(db, job.id, job.attempt, file.fileName, parts.size)))
        throw new ExportLeaseLost(job.id);
    } catch (err) {
      if (err instanceof ExportLeaseLost) {
        log.warn({ jobId: job.id, attempt: job.attempt }, 'export taken over by another worker; this run is dropped');
        return;
      }
      log.error({ err, jobId: job.id }, 'export failed');
      // A catalogued failure says in Chinese what the user can do (narrow the range…); anything else stays internal.
      const userCanAct = err instanceof AppError && err.entry !== COMMON_ERRORS.internal;
      await exportsQueries.failJob(db, job.id, job.attempt, userCanAct ? err.message : EXPORT_ERRORS.failed.msg);
    } finally {
      clearInterval(renew);
    }
  }

  /**
   * The 'jobs' role: puts back jobs whose worker died (lease run out) and drains the queue, at
   * once when an export is queued (the bus) and else every `intervalMs` (a lost notice, a job put
   * back after its lease).
   */
  startWorker(intervalMs = EXPORT_POLL_MS): () => Promise<void> {
    let stopped = false;
    const stop = repeatEvery(
      intervalMs,
      async () => {
        await this.requeueStale();
        while (!stopped && (await this.runNext())) {
          /* drain */
        }
      },
      (err) => this.ctx.log.error({ err }, 'export worker'),
      (wake) => this.ctx.bus.subscribe(subjects.exportQueued, wake),
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
