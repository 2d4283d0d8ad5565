import type { Queryable } from '../../db/types.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import { terminalAssetName, terminalKind } from '../../core/assetKinds.ts';
import { queryPage } from '../../db/queryPage.ts';

export interface TerminalRow {
  id: number;
  identifier: string;
  identifier_key: string;
  protocol: string;
  model: string;
  sim: string;
  account_id: number | null;
  account_name: string | null;
  /** Connections refused for claiming this live terminal's id (docs/security.md). */
  identity_conflicts: number;
  identity_conflict_at: Date | null;
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
  /** the kind of the asset it sits in (core/assetKinds.ts terminalKind); null: none */
  asset_kind: string | null;
}

const SELECT = `SELECT t.id, t.identifier, t.identifier_key, t.protocol, t.model, t.sim, t.account_id, a.name AS account_name,
       a.path AS account_path, t.assigned_at, t.enabled, t.activated_at, t.service_expires_at, t.online, t.last_seen_at,
       t.remark, t.created_at, v.id AS vehicle_id, v.account_id AS vehicle_account_id, v.plate, COALESCE(v.name, ${terminalAssetName('t')}) AS vehicle_name,
       t.identity_conflicts, t.identity_conflict_at, ${terminalKind('t')} AS asset_kind
  FROM terminals t LEFT JOIN accounts a ON a.id = t.account_id LEFT JOIN vehicles v ON v.terminal_id = t.id`;

export interface TerminalFilter {
  scope: string;
  /** what the search box said, as db/likeText.ts containsPattern makes it ('%…%', escaped); null: no filter */
  keyword: string | null;
  protocol: string | null;
  accountId: number | null;
  /** true: only assigned, false: only unassigned (platform stock). */
  assigned: boolean | null;
  online: boolean | null;
  bound: boolean | null;
  /** 'unactivated' | 'active' | 'expired' | 'disabled', as assets.presenter's terminalStatus tells it */
  serviceState: string | null;
  /** expired, or expiring within this many days */
  expiringDays: number | null;
}

/** The SQL twin of assets.presenter's terminalStatus. */
const SERVICE_STATE = `CASE WHEN NOT t.enabled THEN 'disabled' WHEN t.service_expires_at < now() THEN 'expired'
  WHEN t.activated_at IS NOT NULL THEN 'active' ELSE 'unactivated' END`;

const FILTER = `${terminalInScope('a.path', 1)}
   AND ($2::text IS NULL OR t.identifier LIKE $2 OR t.sim LIKE $2 OR v.plate ILIKE $2)
   AND ($3::text IS NULL OR t.protocol = $3)
   AND ($4::bigint IS NULL OR t.account_id = $4)
   AND ($5::boolean IS NULL OR (t.account_id IS NOT NULL) = $5)
   AND ($6::boolean IS NULL OR t.online = $6)
   AND ($7::boolean IS NULL OR (v.id IS NOT NULL) = $7)
   AND ($8::text IS NULL OR ${SERVICE_STATE} = $8)
   AND ($9::integer IS NULL OR t.service_expires_at < now() + make_interval(days => $9::integer))`;

const filterParams = (f: TerminalFilter) => [
  f.scope,
  f.keyword,
  f.protocol,
  f.accountId,
  f.assigned,
  f.online,
  f.bound,
  f.serviceState,
  f.expiringDays,
];

export interface RenewalRow {
  id: number;
  identifier: string;
  months: number;
  previous_expires_at: Date | null;
  expires_at: Date;
  user_name: string;
  remark: string;
  created_at: Date;
}

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

type ServiceUser = { id: number; name: string };

/**
 * A change of service period (renewal, activation): locks the terminals ($1, those `filter` keeps),
 * applies `set` (it may read the old expiry as b.service_expires_at; $2 is the months), writes one
 * history row each ($3 user id, $4 name, $5 remark) and answers each one's old and new expiry.
 */
const changeService = (q: Queryable, filter: string, set: string, params: unknown[]) =>
  q.query<{ id: number; identifier: string; previous_expires_at: Date | null; expires_at: Date }>(
    `WITH before AS (SELECT id, service_expires_at FROM terminals WHERE id = ANY($1::bigint[]) ${filter} FOR UPDATE),
          changed AS (
            UPDATE terminals t SET ${set} FROM before b WHERE t.id = b.id
            RETURNING t.id, t.identifier, b.service_expires_at AS previous_expires_at, t.service_expires_at AS expires_at),
          history AS (
            INSERT INTO terminal_renewals (terminal_id, months, previous_expires_at, expires_at, user_id, user_name, remark)
            SELECT id, $2, previous_expires_at, expires_at, $3, $4, $5 FROM changed)
     SELECT * FROM changed ORDER BY id`,
    params,
  );

export const terminalsQueries = {
  page: async (q: Queryable, f: TerminalFilter, limit: number, offset: number) => {
    const params = filterParams(f);
    return queryPage<TerminalRow>(q, { select: `${SELECT} WHERE ${FILTER}`, orderBy: 't.id DESC', params }, { limit, offset });
  },

  /** Terminals the scope may see among these identifier keys. */
  visibleByKeys: (q: Queryable, scope: string, keys: string[]) =>
    q.query<TerminalRow>(`${SELECT} WHERE ${terminalInScope('a.path', 1)} AND t.identifier_key = ANY($2::text[]) ORDER BY t.id`, [
      scope,
      keys,
    ]),

  visibleByIds: (q: Queryable, scope: string, ids: number[]) =>
    q.query<TerminalRow>(`${SELECT} WHERE ${terminalInScope('a.path', 1)} AND t.id = ANY($2::bigint[]) ORDER BY t.id`, [scope, ids]),

  /** Whoever owns them: for conflict checks before a create or an import. */
  anyByKeys: (q: Queryable, keys: string[]) => q.query<TerminalRow>(`${SELECT} WHERE t.identifier_key = ANY($1::text[])`, [keys]),

  insert: async (q: Queryable, t: NewTerminal) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO terminals (identifier, identifier_key, protocol, model, sim, account_id, assigned_at, service_expires_at, remark)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6::bigint IS NULL THEN NULL ELSE now() END, $7, $8) RETURNING id`,
        [t.identifier, t.identifierKey, t.protocol, t.model, t.sim, t.accountId, t.serviceExpiresAt, t.remark],
      )
    )[0].id,

  /** Fields left undefined keep their value. */
  update: (
    q: Queryable,
    id: number,
    p: {
      protocol?: string;
      identifier?: string;
      model?: string;
      sim?: string;
      enabled?: boolean;
      serviceExpiresAt?: Date | null;
      activatedAt?: Date | null;
      remark?: string;
    },
  ) =>
    q.query(
      `UPDATE terminals SET protocol = COALESCE($2, protocol), identifier = COALESCE($3, identifier), model = COALESCE($4, model),
              sim = COALESCE($5, sim), enabled = COALESCE($6, enabled),
              service_expires_at = CASE WHEN $7 THEN $8 ELSE service_expires_at END,
              activated_at = CASE WHEN $9 THEN $10 ELSE activated_at END, remark = COALESCE($11, remark)
        WHERE id = $1`,
      [
        id,
        p.protocol ?? null,
        p.identifier ?? null,
        p.model ?? null,
        p.sim ?? null,
        p.enabled ?? null,
        p.serviceExpiresAt !== undefined,
        p.serviceExpiresAt ?? null,
        p.activatedAt !== undefined,
        p.activatedAt ?? null,
        p.remark ?? null,
      ],
    ),

  /**
   * Extends each terminal's service by `months` from the later of now and its current expiry, and
   * writes the renewal history; answers the old and new expiry of each.
   */
  renew: (q: Queryable, ids: number[], months: number, user: ServiceUser, remark: string) =>
    changeService(
      q,
      '',
      'service_expires_at = GREATEST(now(), COALESCE(b.service_expires_at, now())) + make_interval(months => $2::integer)',
      [ids, months, user.id, user.name, remark],
    ),

  /**
   * Activates terminals: the service starts now and runs `months`, or to a later expiry already
   * set; the period goes into the history as a renewal. Terminals activated meanwhile are skipped.
   */
  activate: (q: Queryable, ids: number[], months: number, user: ServiceUser, remark: string) =>
    changeService(
      q,
      'AND activated_at IS NULL',
      'activated_at = now(), service_expires_at = GREATEST(now() + make_interval(months => $2::integer), b.service_expires_at)',
      [ids, months, user.id, user.name, remark],
    ),

  renewals: (q: Queryable, terminalId: number) =>
    q.query<RenewalRow>(
      `SELECT r.id, t.identifier, r.months, r.previous_expires_at, r.expires_at, r.user_name, r.remark, r.created_at
         FROM terminal_renewals r JOIN terminals t ON t.id = r.terminal_id
        WHERE r.terminal_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 500`,
      [terminalId],
    ),

  /** Moves terminals to an account (NULL: back to platform stock); a new owner's history starts now. */
  assign: (q: Queryable, ids: number[], accountId: number | null) =>
    q.query<{ id: number; identifier: string }>(
      `UPDATE terminals SET account_id = $2, assigned_at = CASE WHEN $2::bigint IS NULL THEN NULL ELSE now() END
        WHERE id = ANY($1::bigint[]) AND account_id IS DISTINCT FROM $2 RETURNING id, identifier`,
      [ids, accountId],
    ),
};
