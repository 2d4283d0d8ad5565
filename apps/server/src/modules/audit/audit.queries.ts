import type { CopyQueryable, Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import type { AuditEntry } from '../../core/auditTrail.ts';
import { queryPage } from '../../db/queryPage.ts';

export interface AuditRow {
  id: number;
  at: Date;
  user_id: number | null;
  username: string;
  ip: string;
  method: string;
  path: string;
  action: string;
  object_type: string;
  object_id: string;
  ok: boolean;
  error_code: string;
  input: Record<string, unknown>;
  changes: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null } | null;
}

export interface AuditFilter {
  scope: string;
  start: Date;
  end: Date;
  username: string | null;
  action: string | null;
  object: string | null;
  ok: boolean | null;
}

const WHERE = `${accountInScope('account_path', 1)} AND at >= $2 AND at < $3
  AND ($4::text IS NULL OR username ILIKE $4) AND ($5::text IS NULL OR action ILIKE $5)
  AND ($6::text IS NULL OR object_type ILIKE $6 OR object_id ILIKE $6) AND ($7::boolean IS NULL OR ok = $7)`;

const COLUMNS = [
  'at',
  'user_id',
  'username',
  'account_path',
  'ip',
  'method',
  'path',
  'action',
  'object_type',
  'object_id',
  'ok',
  'error_code',
  'input',
  'changes',
];

const params = (f: AuditFilter) => [f.scope, f.start, f.end, f.username, f.action, f.object, f.ok];

export const auditQueries = {
  /**
   * Many entries in one COPY (the writer batches them): on PGlite, which runs in the API's own
   * thread, it costs about two thirds of the INSERT … jsonb_to_recordset it replaced (≈ 18 against
   * 27 µs an entry in batches of 50; docs/PERFORMANCE.md, "Operation log").
   */
  async insertMany(q: CopyQueryable, entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await q.copyRows(
      'audit_log',
      COLUMNS,
      entries.map((e) => [
        e.at,
        e.userId,
        e.username,
        e.accountPath,
        e.ip,
        e.method,
        e.path,
        e.action,
        e.objectType,
        e.objectId,
        e.ok,
        e.errorCode,
        e.input,
        e.changes,
      ]),
    );
  },

  async page(q: Queryable, f: AuditFilter, limit: number, offset: number): Promise<{ total: number; rows: AuditRow[] }> {
    return queryPage<AuditRow>(
      q,
      {
        select: `SELECT id::int, at, user_id::int, username, ip, method, path, action, object_type, object_id, ok, error_code, input, changes
       FROM audit_log WHERE ${WHERE}`,
        countFrom: `FROM audit_log WHERE ${WHERE}`,
        orderBy: 'at DESC, id DESC',
        params: params(f),
      },
      { limit, offset },
    );
  },

  /** Entries older than `days` days go; answers how many. */
  async deleteOlderThan(q: Queryable, days: number): Promise<number> {
    const rows = await q.query<{ n: number }>(
      `WITH gone AS (DELETE FROM audit_log WHERE at < now() - make_interval(days => $1::int) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      [days],
    );
    return rows[0]?.n ?? 0;
  },
};
