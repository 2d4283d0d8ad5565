import type { Db, Queryable } from '../../db/types.ts';
import { queryPage } from '../../db/queryPage.ts';

export interface PendingRow {
  identifier: string;
  protocol: string;
  address: string;
  first_seen_at: Date;
  last_seen_at: Date;
  attempts: number;
  frames: string[];
  blocked: boolean;
}

/** 待接入终端: what the gateway recorded (gateway/identityRecords.ts), newest first. */
export const pendingQueries = {
  page: async (q: Queryable, f: { keyword: string | null; blocked: boolean | null }, limit: number, offset: number) => {
    const where = `($1::text IS NULL OR identifier LIKE $1 OR address LIKE $1) AND ($2::boolean IS NULL OR blocked = $2)`;
    return queryPage<PendingRow>(
      q,
      {
        select: `SELECT identifier, protocol, address, first_seen_at, last_seen_at, attempts, frames, blocked FROM pending_terminals WHERE ${where}`,
        countFrom: `FROM pending_terminals WHERE ${where}`,
        orderBy: 'last_seen_at DESC, identifier_key',
        params: [f.keyword, f.blocked],
      },
      { limit, offset },
    );
  },

  /** Each becomes an unassigned terminal, as auto-registration makes one (gateway/ingest.queries.ts registerUnassigned), and leaves the list. */
  adopt: (db: Db, keys: string[]) =>
    db.tx(async (q) => {
      await q.query(
        `INSERT INTO terminals (identifier, identifier_key, protocol)
         SELECT identifier, identifier_key, protocol FROM pending_terminals WHERE identifier_key = ANY($1::text[]) ON CONFLICT (identifier_key) DO NOTHING`,
        [keys],
      );
      return q.query<{ identifier: string }>('DELETE FROM pending_terminals WHERE identifier_key = ANY($1::text[]) RETURNING identifier', [
        keys,
      ]);
    }),

  setBlocked: (q: Queryable, keys: string[], blocked: boolean) =>
    q.query<{ identifier: string }>(
      'UPDATE pending_terminals SET blocked = $2 WHERE identifier_key = ANY($1::text[]) RETURNING identifier',
      [keys, blocked],
    ),
};
