import type { Queryable } from '../../db/types.ts';

export interface ExportRow {
  id: number;
  user_id: number;
  account_id: number;
  name: string;
  report_type: string;
  params: Record<string, unknown>;
  status: 'queued' | 'running' | 'done' | 'failed';
  created_at: Date;
  finished_at: Date | null;
  file_name: string;
  size: number;
  error: string;
}

const COLUMNS = 'id, user_id, account_id, name, report_type, params, status, created_at, finished_at, file_name, size, error';

export const exportsQueries = {
  insert: async (q: Queryable, j: { userId: number; accountId: number; name: string; reportType: string; params: object }) =>
    (await q.query<ExportRow>(
      `INSERT INTO export_jobs (user_id, account_id, name, report_type, params) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [j.userId, j.accountId, j.name, j.reportType, j.params],
    ))[0],

  pageOfUser: async (q: Queryable, userId: number, limit: number, offset: number) => {
    const [count] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM export_jobs WHERE user_id = $1', [userId]);
    const rows = await q.query<ExportRow>(
      `SELECT ${COLUMNS} FROM export_jobs WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return { total: count?.n ?? 0, rows };
  },

  /** A job's file as its owner asks for it: the name, the size, and the whole content only for files made before parts. */
  fileOfUser: async (q: Queryable, id: number, userId: number) =>
    (await q.query<{ file_name: string; content: Uint8Array | null; status: string; size: number }>(
      'SELECT file_name, content, status, size FROM export_jobs WHERE id = $1 AND user_id = $2',
      [id, userId],
    ))[0],

  insertPart: (q: Queryable, jobId: number, seq: number, data: Buffer) =>
    q.query('INSERT INTO export_file_parts (job_id, seq, data) VALUES ($1, $2, $3)', [jobId, seq, data]),

  part: async (q: Queryable, jobId: number, seq: number) =>
    (await q.query<{ data: Uint8Array }>('SELECT data FROM export_file_parts WHERE job_id = $1 AND seq = $2', [jobId, seq]))[0]?.data,

  /** A job run again (its process died) starts its file afresh. */
  clearParts: (q: Queryable, jobId: number) => q.query('DELETE FROM export_file_parts WHERE job_id = $1', [jobId]),

  /** The file is in its parts. */
  finishParts: (q: Queryable, id: number, fileName: string, size: number) =>
    q.query(`UPDATE export_jobs SET status = 'done', finished_at = now(), file_name = $2, content = NULL, size = $3 WHERE id = $1`, [id, fileName, size]),

  /** Takes the oldest queued job; SKIP LOCKED lets several workers share the queue. */
  claimNext: async (q: Queryable) =>
    (await q.query<ExportRow>(
      `UPDATE export_jobs SET status = 'running', started_at = now()
        WHERE id = (SELECT id FROM export_jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING ${COLUMNS}`,
    ))[0],

  failJob: (q: Queryable, id: number, error: string) =>
    q.query(`UPDATE export_jobs SET status = 'failed', finished_at = now(), error = $2 WHERE id = $1`, [id, error]),

  /** Jobs left running by a process that died go back to the queue. */
  requeueStale: (q: Queryable, minutes: number) =>
    q.query(`UPDATE export_jobs SET status = 'queued' WHERE status = 'running' AND started_at < now() - make_interval(mins => $1)`, [minutes]),

  usersOfSubtree: (q: Queryable, accountId: number) =>
    q.query<{ username: string; name: string; account: string; role: string; phone: string; last_login_at: Date | null }>(
      `SELECT u.username, u.name, a.name AS account, r.name AS role, u.phone, u.last_login_at
         FROM users u JOIN accounts a ON a.id = u.account_id JOIN roles r ON r.id = u.role_id
        WHERE a.path LIKE (SELECT path FROM accounts WHERE id = $1) || '%' ORDER BY a.path, u.username`,
      [accountId],
    ),
};
