import type { AssetKind, CommandStatus } from '@chelian/contracts';
import type { CommandType } from '@chelian/protocols/model.ts';
import type { Queryable } from '../db/types.ts';
import { terminalInScope } from './terminalScope.ts';
import { sinceHandOver } from './handover.ts';
import { queryPage } from '../db/queryPage.ts';
import { alarmKindIn } from './assetKinds.ts';

export interface CommandRow {
  id: number;
  terminal_id: number;
  identifier: string;
  plate: string | null;
  /** Checked against the catalogue before it is stored. */
  type: CommandType;
  params: Record<string, unknown>;
  status: CommandStatus;
  created_at: Date;
  expires_at: Date;
  sent_at: Date | null;
  replied_at: Date | null;
  reply_success: boolean | null;
  reply_text: string;
  user_name: string | null;
}

/** The status a command shows: a queued one past its time is expired before the sweep marks it (the list's filter goes by the same). */
const SHOWN_STATUS = `CASE WHEN c.status = 'queued' AND c.expires_at <= now() THEN 'expired' ELSE c.status END`;

const SELECT = `SELECT c.id, c.terminal_id, t.identifier, v.plate, c.type, c.params,
       ${SHOWN_STATUS} AS status,
       c.created_at, c.expires_at, c.sent_at, c.replied_at, c.reply_success, c.reply_text, u.name AS user_name
  FROM commands c JOIN terminals t ON t.id = c.terminal_id LEFT JOIN accounts a ON a.id = t.account_id
  LEFT JOIN vehicles v ON v.terminal_id = t.id LEFT JOIN users u ON u.id = c.user_id`;

export const commandsQueries = {
  /**
   * One command row per terminal in one statement (a batch to a whole group was one round trip and
   * one commit per terminal: ~12 s for 1 000). Ids come back in the order of `terminalPks`: the
   * sequence numbers rows in the order the SELECT produces them, which ORDER BY fixes.
   */
  insertMany: async (
    q: Queryable,
    c: { terminalPks: number[]; userId: number; type: string; params: object; expiresAt: Date },
  ): Promise<number[]> => {
    if (c.terminalPks.length === 0) return [];
    const rows = await q.query<{ id: number }>(
      `INSERT INTO commands (terminal_id, user_id, type, params, expires_at)
       SELECT x.t, $2, $3, $4, $5 FROM unnest($1::bigint[]) WITH ORDINALITY AS x(t, n) ORDER BY x.n
       RETURNING id`,
      [c.terminalPks, c.userId, c.type, JSON.stringify(c.params), c.expiresAt],
    );
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  },

  /**
   * The record, newest first. `kinds`: the commands sent to an asset of these kinds only (the kind
   * stamped when sent; a terminal then in none counts with the vehicles, as its alarms do); null:
   * every kind (one terminal named, from any sub-product's dialog).
   */
  page: async (
    q: Queryable,
    f: { scope: string; terminalKey: string | null; status: CommandStatus | null; kinds: readonly AssetKind[] | null },
    limit: number,
    offset: number,
  ) => {
    const where = `${terminalInScope('a.path', 1)} AND ${sinceHandOver('t', 'c.created_at')} AND ($2::text IS NULL OR t.identifier_key = $2) AND ($3::text IS NULL OR ${SHOWN_STATUS} = $3)
      AND ($4::text[] IS NULL OR ${alarmKindIn('c.asset_kind', 4)})`;
    const params = [f.scope, f.terminalKey, f.status, f.kinds];
    return queryPage<CommandRow>(q, { select: `${SELECT} WHERE ${where}`, orderBy: 'c.id DESC', params }, { limit, offset });
  },

  byId: async (q: Queryable, id: number) => (await q.query<CommandRow>(`${SELECT} WHERE c.id = $1`, [id]))[0],

  /** Queued, unexpired commands of these terminals, oldest first: delivered when they (re)connect. */
  queuedFor: (q: Queryable, terminalPks: number[]) =>
    q.query<CommandRow>(
      `${SELECT} WHERE c.terminal_id = ANY($1::bigint[]) AND c.status = 'queued' AND c.expires_at > now() ORDER BY c.id`,
      [terminalPks],
    ),

  /** Atomically takes a queued command for sending: two gateways (or a reconnect race) never both send it. */
  claim: async (q: Queryable, id: number, serial: number, replyKey: string) =>
    (
      await q.query<{ id: number }>(
        `UPDATE commands SET status = 'sent', sent_at = now(), serial = $2, reply_key = $3
        WHERE id = $1 AND status = 'queued' AND expires_at > now() RETURNING id`,
        [id, serial, replyKey],
      )
    ).length === 1,

  markFailed: (q: Queryable, id: number, status: 'failed' | 'unsupported', text: string) =>
    q.query(`UPDATE commands SET status = $2, reply_text = $3 WHERE id = $1 AND status IN ('queued', 'sent')`, [id, status, text]),

  /** The newest sent command this reply answers. */
  matchReply: async (q: Queryable, terminalPk: number, replyKey: string, success: boolean | null, text: string) =>
    (
      await q.query<{ id: number }>(
        `UPDATE commands SET status = 'replied', replied_at = now(), reply_success = $3, reply_text = $4
        WHERE id = (SELECT id FROM commands WHERE terminal_id = $1 AND reply_key = $2 AND status = 'sent' ORDER BY id DESC LIMIT 1)
        RETURNING id`,
        [terminalPk, replyKey, success, text],
      )
    )[0]?.id,

  expireQueued: (q: Queryable) => q.query(`UPDATE commands SET status = 'expired' WHERE status = 'queued' AND expires_at <= now()`),
};
