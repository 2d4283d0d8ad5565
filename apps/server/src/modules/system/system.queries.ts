import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';

export const systemQueries = {
  dictionary: (q: Queryable, type: string | null) =>
    q.query<{ type: string; value: string; label: string }>(
      'SELECT type, value, label FROM dictionary WHERE ($1::text IS NULL OR type = $1) ORDER BY type, sort, value',
      [type],
    ),

  /** One statement for the whole dictionary; rows already as given are left alone (no rewrite on each start). */
  upsertDictionary: (q: Queryable, rows: Array<{ type: string; value: string; label: string; sort: number }>) =>
    q.query(
      `INSERT INTO dictionary (type, value, label, sort)
       SELECT type, value, label, sort FROM json_to_recordset($1::json) AS x(type text, value text, label text, sort integer)
       ON CONFLICT (type, value) DO UPDATE SET label = EXCLUDED.label, sort = EXCLUDED.sort
       WHERE (dictionary.label, dictionary.sort) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.sort)`,
      [JSON.stringify(rows)],
    ),

  account: async (q: Queryable, accountId: number) =>
    (
      await q.query<{ id: number; name: string; enabled: boolean; expires_at: Date | null; path: string }>(
        'SELECT id, name, enabled, expires_at, path FROM accounts WHERE id = $1',
        [accountId],
      )
    )[0],

  /** Terminal counts of the account subtree; zero until the terminals table exists. */
  terminalCounts: async (q: Queryable, accountPath: string) => {
    const [exists] = await q.query<{ t: string | null }>(`SELECT to_regclass('terminals')::text AS t`);
    if (!exists?.t) return { total: 0, expiringSoon: 0 };
    const [row] = await q.query<{ total: number; expiring: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE t.service_expires_at < now() + interval '30 days')::int AS expiring
         FROM terminals t JOIN accounts a ON a.id = t.account_id WHERE ${accountInScope('a.path', 1)}`,
      [accountPath],
    );
    return { total: row?.total ?? 0, expiringSoon: row?.expiring ?? 0 };
  },
};
