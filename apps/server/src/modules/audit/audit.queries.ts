import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import type { AuditEntry } from '../../core/auditTrail.ts';

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

const params = (f: AuditFilter) => [f.scope, f.start, f.end, f.username, f.action, f.object, f.ok];

export const auditQueries = {
  /** Many entries in one statement (the writer batches them). */
  async insertMany(q: Queryable, entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await q.query(
      `INSERT INTO audit_log (at, user_id, username, account_path, ip, method, path, action, object_type, object_id, ok, error_code, input, changes)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(at timestamptz, user_id bigint, username text, account_path text, ip text, method text, path text,
         action text, object_type text, object_id text, ok boolean, error_code text, input jsonb, changes jsonb)`,
      [JSON.stringify(entries.map((e) => ({
        at: e.at.toISOString(), user_id: e.userId, username: e.username, account_path: e.accountPath, ip: e.ip, method: e.method, path: e.path,
        action: e.action, object_type: e.objectType, object_id: e.objectId, ok: e.ok, error_code: e.errorCode, input: e.input, changes: e.changes,
      })))],
    );
  },

  async page(q: Queryable, f: AuditFilter, limit: number, offset: number): Promise<{ total: number; rows: AuditRow[] }> {
    const [{ n }] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE ${WHERE}`, params(f));
    const rows = await q.query<AuditRow>(
      `SELECT id::int, at, user_id::int, username, ip, method, path, action, object_type, object_id, ok, error_code, input, changes
       FROM audit_log WHERE ${WHERE} ORDER BY at DESC, id DESC LIMIT $8 OFFSET $9`,
      [...params(f), limit, offset],
    );
    return { total: n, rows };
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
