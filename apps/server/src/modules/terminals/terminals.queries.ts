import type { Queryable } from '../../db/types.ts';
import { terminalInScope } from '../../core/terminalScope.ts';

export interface TerminalRow {
  id: number;
  identifier: string;
  identifier_key: string;
  protocol: string;
  model: string;
  sim: string;
  account_id: number | null;
  account_name: string | null;
  account_path: string | null;
  assigned_at: Date | null;
  enabled: boolean;
  activated_at: Date | null;
  service_expires_at: Date | null;
  online: boolean;
  last_seen_at: Date | null;
  remark: string;
  created_at: Date;
  vehicle_id: number | null;
  vehicle_account_id: number | null;
  plate: string | null;
  vehicle_name: string | null;
}

const SELECT = `SELECT t.id, t.identifier, t.identifier_key, t.protocol, t.model, t.sim, t.account_id, a.name AS account_name,
       a.path AS account_path, t.assigned_at, t.enabled, t.activated_at, t.service_expires_at, t.online, t.last_seen_at,
       t.remark, t.created_at, v.id AS vehicle_id, v.account_id AS vehicle_account_id, v.plate, v.name AS vehicle_name
  FROM terminals t LEFT JOIN accounts a ON a.id = t.account_id LEFT JOIN vehicles v ON v.terminal_id = t.id`;

export interface TerminalFilter {
  scope: string;
  keyword: string | null;
  protocol: string | null;
  accountId: number | null;
  /** true: only assigned, false: only unassigned (platform stock). */
  assigned: boolean | null;
  online: boolean | null;
  bound: boolean | null;
}

const FILTER = `${terminalInScope('a.path', 1)}
   AND ($2::text IS NULL OR t.identifier LIKE '%' || $2 || '%' OR t.sim LIKE '%' || $2 || '%' OR v.plate ILIKE '%' || $2 || '%')
   AND ($3::text IS NULL OR t.protocol = $3)
   AND ($4::bigint IS NULL OR t.account_id = $4)
   AND ($5::boolean IS NULL OR (t.account_id IS NOT NULL) = $5)
   AND ($6::boolean IS NULL OR t.online = $6)
   AND ($7::boolean IS NULL OR (v.id IS NOT NULL) = $7)`;

const filterParams = (f: TerminalFilter) => [f.scope, f.keyword, f.protocol, f.accountId, f.assigned, f.online, f.bound];

export interface NewTerminal {
  identifier: string;
  identifierKey: string;
  protocol: string;
  model: string;
  sim: string;
  accountId: number | null;
  serviceExpiresAt: Date | null;
  remark: string;
}

export const terminalsQueries = {
  page: async (q: Queryable, f: TerminalFilter, limit: number, offset: number) => {
    const params = filterParams(f);
    const [count] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${SELECT} WHERE ${FILTER}) x`, params);
    const rows = await q.query<TerminalRow>(`${SELECT} WHERE ${FILTER} ORDER BY t.id DESC LIMIT $8 OFFSET $9`, [...params, limit, offset]);
    return { total: count?.n ?? 0, rows };
  },

  /** Terminals the scope may see among these identifier keys. */
  visibleByKeys: (q: Queryable, scope: string, keys: string[]) =>
    q.query<TerminalRow>(`${SELECT} WHERE ${terminalInScope('a.path', 1)} AND t.identifier_key = ANY($2::text[]) ORDER BY t.id`, [scope, keys]),

  visibleByIds: (q: Queryable, scope: string, ids: number[]) =>
    q.query<TerminalRow>(`${SELECT} WHERE ${terminalInScope('a.path', 1)} AND t.id = ANY($2::bigint[]) ORDER BY t.id`, [scope, ids]),

  /** Whoever owns them: for conflict checks before a create or an import. */
  anyByKeys: (q: Queryable, keys: string[]) =>
    q.query<TerminalRow>(`${SELECT} WHERE t.identifier_key = ANY($1::text[])`, [keys]),

  insert: async (q: Queryable, t: NewTerminal) =>
    (await q.query<{ id: number }>(
      `INSERT INTO terminals (identifier, identifier_key, protocol, model, sim, account_id, assigned_at, service_expires_at, remark)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6::bigint IS NULL THEN NULL ELSE now() END, $7, $8) RETURNING id`,
      [t.identifier, t.identifierKey, t.protocol, t.model, t.sim, t.accountId, t.serviceExpiresAt, t.remark],
    ))[0].id,

  /** Fields left undefined keep their value. */
  update: (q: Queryable, id: number, p: { protocol?: string; identifier?: string; model?: string; sim?: string; enabled?: boolean; serviceExpiresAt?: Date | null; activatedAt?: Date | null; remark?: string }) =>
    q.query(
      `UPDATE terminals SET protocol = COALESCE($2, protocol), identifier = COALESCE($3, identifier), model = COALESCE($4, model),
              sim = COALESCE($5, sim), enabled = COALESCE($6, enabled),
              service_expires_at = CASE WHEN $7 THEN $8 ELSE service_expires_at END,
              activated_at = CASE WHEN $9 THEN $10 ELSE activated_at END, remark = COALESCE($11, remark)
        WHERE id = $1`,
      [id, p.protocol ?? null, p.identifier ?? null, p.model ?? null, p.sim ?? null, p.enabled ?? null,
        p.serviceExpiresAt !== undefined, p.serviceExpiresAt ?? null, p.activatedAt !== undefined, p.activatedAt ?? null, p.remark ?? null],
    ),

  /** Moves terminals to an account (NULL: back to platform stock); a new owner's history starts now. */
  assign: (q: Queryable, ids: number[], accountId: number | null) =>
    q.query<{ id: number; identifier: string }>(
      `UPDATE terminals SET account_id = $2, assigned_at = CASE WHEN $2::bigint IS NULL THEN NULL ELSE now() END
        WHERE id = ANY($1::bigint[]) AND account_id IS DISTINCT FROM $2 RETURNING id, identifier`,
      [ids, accountId],
    ),
};
