import type { FastifyBaseLogger } from 'fastify';
import { AUDIT_ERRORS, type AuditQuery, type AuditRecord, DAY_MS } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { AuditEntry, AuditTrail } from '../../core/auditTrail.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { AppError } from '../../http/errors.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { parseOptionalTime } from '../../http/timeInput.ts';
import { repeatEvery } from '../../jobs/repeatEvery.ts';
import { auditQueries, type AuditRow } from './audit.queries.ts';
import { containsPattern } from '../../db/likeText.ts';

/** Entries written together; a burst larger than this is written at once. */
const BATCH = 200;
/** How long an entry may wait for others before it is written. */
const FLUSH_DELAY_MS = 300;
/** Entries kept for a retry while the database is away; older ones are dropped (and logged). */
const MAX_PENDING = 20_000;
const MAX_RANGE_DAYS = 93;

/**
 * The audit log: entries arrive after their answer was sent (the hook never delays a request) and
 * are written in batches, one INSERT per batch. Entries not yet written when a process is killed
 * hard are lost — at most FLUSH_DELAY_MS of them (docs/decisions.md, "Audit log").
 */
export class AuditLog implements AuditTrail {
  private pending: AuditEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(entry: AuditEntry): void {
    this.pending.push(entry);
    if (this.pending.length >= BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
  }

  /** Writes what is waiting; resolves when every entry recorded before the call is written (or given up). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: AuditEntry[]): Promise<void> {
    for (let i = 0; i < batch.length; i += BATCH) {
      const part = batch.slice(i, i + BATCH);
      try {
        await this.insert(part);
      } catch (err) {
        // Kept for the next flush while the database is away, within a bound.
        const keep = Math.max(0, MAX_PENDING - this.pending.length);
        if (keep < part.length) this.log.error({ dropped: part.length - keep }, '操作日志写入失败，部分记录已丢弃');
        this.pending.unshift(...part.slice(0, keep));
        this.log.warn({ err }, '操作日志写入失败，稍后重试');
        this.timer ??= setTimeout(() => void this.flush(), 5_000);
        return;
      }
    }
  }

  /**
   * One batch; when the database refuses its data (class 22, say a value jsonb cannot hold), the
   * entries one by one, dropping (and logging) only those it refuses: no entry can hold up the
   * ones behind it. Any other failure (the database away) is thrown, for a retry of the batch.
   */
  private async insert(part: AuditEntry[]): Promise<void> {
    try {
      await auditQueries.insertMany(this.db, part);
      return;
    } catch (err) {
      if (!isDataError(err)) throw err;
    }
    for (const entry of part) {
      try {
        await auditQueries.insertMany(this.db, [entry]);
      } catch (err) {
        if (!isDataError(err)) throw err;
        this.log.error({ err, path: entry.path, at: entry.at }, '操作日志记录无法写入，已丢弃');
      }
    }
  }

  /** The caller's subtree's entries, newest first. */
  async page(user: SessionUser, query: AuditQuery) {
    const win = pageWindow(query);
    const end = parseOptionalTime(query.end, 'end') ?? new Date();
    const start = parseOptionalTime(query.start, 'start') ?? new Date(end.getTime() - 7 * DAY_MS);
    if (end <= start) throw new AppError(AUDIT_ERRORS.endBeforeStart);
    if (end.getTime() - start.getTime() > MAX_RANGE_DAYS * DAY_MS)
      throw new AppError(AUDIT_ERRORS.rangeTooLong, { params: { days: MAX_RANGE_DAYS } });
    const { total, rows } = await auditQueries.page(
      this.db,
      {
        scope: terminalScope(user),
        start,
        end: new Date(end.getTime() + 1),
        username: containsPattern(query.username),
        action: containsPattern(query.action),
        object: containsPattern(query.object),
        ok: query.ok ?? null,
      },
      win.sql.limit,
      win.sql.offset,
    );
    return pageAnswer(win, total, rows.map(presentAuditRow));
  }
}

export function presentAuditRow(r: AuditRow): AuditRecord {
  return {
    id: r.id,
    at: r.at.getTime(),
    userId: r.user_id,
    username: r.username,
    ip: r.ip,
    method: r.method,
    path: r.path,
    action: r.action,
    objectType: r.object_type,
    objectId: r.object_id,
    ok: r.ok,
    errorCode: r.error_code,
    input: r.input ?? {},
    changes: r.changes ? { before: r.changes.before ?? null, after: r.changes.after ?? null } : null,
  };
}

/** The 'jobs' role: entries older than `days` days go, hourly (0 keeps everything). */
export function startAuditRetention(deps: { db: Db; log: FastifyBaseLogger }, days: number, intervalMs = 3600_000): () => Promise<void> {
  return repeatEvery(
    intervalMs,
    async () => {
      if (days <= 0) return;
      const removed = await auditQueries.deleteOlderThan(deps.db, days);
      if (removed) deps.log.info({ removed, days }, '操作日志：已清理过期记录');
    },
    (err) => deps.log.error({ err }, '操作日志清理失败'),
  );
}

/** PostgreSQL's data exceptions (class 22): the entry itself is at fault, not the database. */
const isDataError = (err: unknown) =>
  typeof (err as { code?: unknown })?.code === 'string' && (err as { code: string }).code.startsWith('22');
