import { accountInScope, pathWithinSql } from '../../core/accountScope.ts';
import type { Queryable } from '../../db/types.ts';
import { queryPage } from '../../db/queryPage.ts';

export interface PublicationRow {
  id: number;
  type: 'notice' | 'announcement' | 'article';
  title: string;
  html: string;
  publisher: string | null;
  created_at: Date;
  recipients: { accountId: number; accountName: string }[];
  audience: number;
  read_count: number;
}

// Users who can read a publication: those of every recipient account's subtree.
const AUDIENCE = `(SELECT count(DISTINCT u.id)::int FROM users u JOIN accounts ua ON ua.id = u.account_id
                     JOIN help_messages hm ON hm.publication_id = p.id JOIN accounts ra ON ra.id = hm.account_id
                    WHERE ${pathWithinSql('ua.path', 'ra.path')})`;

export const noticesQueries = {
  /** The ids among `ids` that lie inside the scope's subtree. */
  accountsInScope: (q: Queryable, scope: string, ids: number[]) =>
    q.query<{ id: number }>(`SELECT a.id FROM accounts a WHERE ${accountInScope('a.path', 1)} AND a.id = ANY($2::bigint[])`, [scope, ids]),

  insertPublication: async (q: Queryable, p: { accountId: number; userId: number; type: string; title: string; html: string }) =>
    (
      await q.query<{ id: number }>(
        'INSERT INTO notice_publications (account_id, user_id, type, title, html) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [p.accountId, p.userId, p.type, p.title, p.html],
      )
    )[0]!.id,

  /** One centre message per recipient account (the account's whole subtree reads it). */
  insertMessages: (
    q: Queryable,
    m: { publicationId: number; accountIds: number[]; type: string; title: string; content: string; html: string },
  ) =>
    q.query(
      `INSERT INTO help_messages (account_id, user_id, type, title, content, html, publication_id)
       SELECT a, NULL, $3, $4, $5, $6, $1 FROM unnest($2::bigint[]) AS a`,
      [m.publicationId, m.accountIds, m.type, m.title, m.content, m.html],
    ),

  audience: async (q: Queryable, publicationId: number) =>
    (await q.query<{ n: number }>(`SELECT ${AUDIENCE} AS n FROM notice_publications p WHERE p.id = $1`, [publicationId]))[0]?.n ?? 0,

  page: async (q: Queryable, p: { scope: string; type?: string; limit: number; offset: number }) => {
    const where = `${accountInScope('pa.path', 1)} AND ($2::text IS NULL OR p.type = $2)`;
    const from = 'FROM notice_publications p JOIN accounts pa ON pa.id = p.account_id';
    return queryPage<PublicationRow>(
      q,
      {
        select: `SELECT p.id, p.type, p.title, p.html, p.created_at, coalesce(nullif(u.name, ''), u.username) AS publisher,
              coalesce((SELECT json_agg(json_build_object('accountId', ra.id, 'accountName', ra.name) ORDER BY ra.path)
                          FROM help_messages hm JOIN accounts ra ON ra.id = hm.account_id WHERE hm.publication_id = p.id), '[]') AS recipients,
              ${AUDIENCE} AS audience,
              (SELECT count(DISTINCT r.user_id)::int FROM help_message_reads r JOIN help_messages hm ON hm.id = r.message_id
                WHERE hm.publication_id = p.id) AS read_count
         ${from} LEFT JOIN users u ON u.id = p.user_id
        WHERE ${where}`,
        countFrom: `${from} WHERE ${where}`,
        orderBy: 'p.created_at DESC, p.id DESC',
        params: [p.scope, p.type ?? null],
      },
      p,
    );
  },

  /** Deletes a publication published inside the scope (its centre messages go with it). */
  remove: async (q: Queryable, scope: string, id: number) =>
    (
      await q.query<{ id: number }>(
        `DELETE FROM notice_publications p USING accounts pa WHERE pa.id = p.account_id AND ${accountInScope('pa.path', 1)} AND p.id = $2 RETURNING p.id`,
        [scope, id],
      )
    ).length > 0,
};
