import type { Queryable } from '../../db/types.ts';
import { pathWithinSql } from '../../core/accountScope.ts';
import { queryPage } from '../../db/queryPage.ts';

export interface MessageRow {
  id: number;
  type: 'notice' | 'announcement' | 'article';
  title: string;
  content: string;
  html: string | null;
  created_at: Date;
  read: boolean;
}

// A message is for the caller when it names the caller, or names no user and an account on
// the caller's ancestry ('/1/5/9/' LIKE '/1/5/%'), or no account at all (platform-wide).
const VISIBLE = `(m.user_id = $1 OR (m.user_id IS NULL AND (m.account_id IS NULL OR ${pathWithinSql('$2', '(SELECT path FROM accounts WHERE id = m.account_id)')})))`;

export const messagesQueries = {
  page: async (q: Queryable, p: { userId: number; accountPath: string; type?: string; read?: boolean; limit: number; offset: number }) => {
    const where = `${VISIBLE} AND ($3::text IS NULL OR m.type = $3) AND ($4::boolean IS NULL OR (r.user_id IS NOT NULL) = $4)`;
    const from = `FROM help_messages m LEFT JOIN help_message_reads r ON r.message_id = m.id AND r.user_id = $1`;
    const params = [p.userId, p.accountPath, p.type ?? null, p.read ?? null];
    const page = await queryPage<MessageRow, 'unread'>(
      q,
      {
        select: `SELECT m.id, m.type, m.title, m.content, m.html, m.created_at, r.user_id IS NOT NULL AS read ${from} WHERE ${where}`,
        orderBy: 'm.created_at DESC, m.id DESC',
        params,
        totals: { unread: 'count(*) FILTER (WHERE r.user_id IS NULL)' },
      },
      p,
    );
    return { total: page.total, unread: page.totals.unread, rows: page.rows };
  },

  one: async (q: Queryable, userId: number, accountPath: string, id: number) =>
    (
      await q.query<MessageRow>(
        `SELECT m.id, m.type, m.title, m.content, m.html, m.created_at, r.user_id IS NOT NULL AS read
         FROM help_messages m LEFT JOIN help_message_reads r ON r.message_id = m.id AND r.user_id = $1
        WHERE ${VISIBLE} AND m.id = $3`,
        [userId, accountPath, id],
      )
    )[0],

  /** Marks the given visible messages (or all visible ones) read; foreign ids are silently not matched. */
  markRead: async (q: Queryable, userId: number, accountPath: string, ids: number[] | 'all') =>
    (
      await q.query<{ message_id: number }>(
        `INSERT INTO help_message_reads (message_id, user_id)
       SELECT m.id, $1 FROM help_messages m WHERE ${VISIBLE} AND ($3::bigint[] IS NULL OR m.id = ANY($3::bigint[]))
       ON CONFLICT DO NOTHING RETURNING message_id`,
        [userId, accountPath, ids === 'all' ? null : ids],
      )
    ).length,

  insert: (q: Queryable, m: { accountId: number | null; userId: number | null; type: string; title: string; content: string }) =>
    q.query<{ id: number }>(
      'INSERT INTO help_messages (account_id, user_id, type, title, content) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [m.accountId, m.userId, m.type, m.title, m.content],
    ),
};
