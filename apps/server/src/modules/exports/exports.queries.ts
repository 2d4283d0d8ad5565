import type { ExportStatus, ExportType } from '@chelian/contracts';
import { prepared, type Db, type Queryable } from '../../db/types.ts';
import { pathWithinSql } from '../../core/accountScope.ts';
import { queryPage } from '../../db/queryPage.ts';

export interface ExportRow {
  id: number;
  user_id: number;
  account_id: number;
  name: string;
  report_type: ExportType;
  params: Record<string, unknown>;
  status: ExportStatus;
  created_at: Date;
  finished_at: Date | null;
  file_name: string;
  size: number;
  error: string;
  /** How many times a worker has claimed it: the claim's fence (migration 0041). */
  attempt: number;
}

/** A job running out of claims (each ended by its process dying) fails instead of taking down yet another worker. */
export const MAX_EXPORT_ATTEMPTS = 3;

const COLUMNS = 'id, user_id, account_id, name, report_type, params, status, created_at, finished_at, file_name, size, error, attempt';

// The queue's two statements every process with the jobs role runs every second, named (db/types.ts
// prepared): PostgreSQL parses and plans each once per connection, not at every run (issue 33).
const CLAIM_NEXT =
  prepared(`UPDATE export_jobs SET status = 'running', started_at = now(), heartbeat_at = now(), attempt = attempt + 1, worker = $1
  WHERE id = (SELECT id FROM export_jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING ${COLUMNS}`);
const REQUEUE_STALE = prepared(`UPDATE export_jobs SET status = CASE WHEN attempt >= $2 THEN 'failed' ELSE 'queued' END,
       finished_at = CASE WHEN attempt >= $2 THEN now() END, error = CASE WHEN attempt >= $2 THEN $3 ELSE error END
 WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => $1)`);

export const exportsQueries = {
  insert: async (q: Queryable, j: { userId: number; accountId: number; name: string; reportType: ExportType; params: object }) =>
    (
      await q.query<ExportRow>(
        `INSERT INTO export_jobs (user_id, account_id, name, report_type, params) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
        [j.userId, j.accountId, j.name, j.reportType, j.params],
      )
    )[0],

  pageOfUser: async (q: Queryable, userId: number, limit: number, offset: number) => {
    return queryPage<ExportRow>(
      q,
      {
        select: `SELECT ${COLUMNS} FROM export_jobs WHERE user_id = $1`,
        countFrom: 'FROM export_jobs WHERE user_id = $1',
        orderBy: 'created_at DESC, id DESC',
        params: [userId],
      },
      { limit, offset },
    );
  },

  /** A job's file as its owner asks for it: the name, the size, the attempt whose parts make it, and the whole content only for files made before parts. */
  fileOfUser: async (q: Queryable, id: number, userId: number) =>
    (
      await q.query<{ file_name: string; content: Uint8Array | null; status: ExportStatus; size: number; attempt: number }>(
        'SELECT file_name, content, status, size, attempt FROM export_jobs WHERE id = $1 AND user_id = $2',
        [id, userId],
      )
    )[0],

  /** Stores a part while `attempt` still holds the job; false when another claim has taken it (the lease ran out). */
  insertPart: async (q: Queryable, jobId: number, attempt: number, seq: number, data: Buffer) =>
    (
      await q.query(
        `INSERT INTO export_file_parts (job_id, attempt, seq, data)
       SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM export_jobs WHERE id = $1 AND attempt = $2 AND status = 'running') RETURNING 1`,
        [jobId, attempt, seq, data],
      )
    ).length === 1,

  part: async (q: Queryable, jobId: number, attempt: number, seq: number) =>
    (
      await q.query<{ data: Uint8Array }>('SELECT data FROM export_file_parts WHERE job_id = $1 AND attempt = $2 AND seq = $3', [
        jobId,
        attempt,
        seq,
      ])
    )[0]?.data,

  /**
   * The file is in the parts `attempt` wrote: done, if that attempt still holds the job (else
   * false: another process has it). Parts of earlier attempts (a dead process's half file) go.
   */
  finishParts: (db: Db, id: number, attempt: number, fileName: string, size: number) =>
    db.tx(async (q) => {
      const done = await q.query(
        `UPDATE export_jobs SET status = 'done', finished_at = now(), file_name = $3, content = NULL, size = $4
          WHERE id = $1 AND attempt = $2 AND status = 'running' RETURNING 1`,
        [id, attempt, fileName, size],
      );
      if (done.length === 1) await q.query('DELETE FROM export_file_parts WHERE job_id = $1 AND attempt <> $2', [id, attempt]);
      return done.length === 1;
    }),

  /**
   * Takes the oldest queued job, as a new attempt, for `worker`; SKIP LOCKED lets several
   * processes share the queue, and each job goes to one of them.
   */
  claimNext: async (q: Queryable, worker: string) => (await q.query<ExportRow>(CLAIM_NEXT, [worker]))[0],

  /** The running attempt renews its lease; false when it no longer holds the job. */
  heartbeat: async (q: Queryable, id: number, attempt: number) =>
    (
      await q.query(`UPDATE export_jobs SET heartbeat_at = now() WHERE id = $1 AND attempt = $2 AND status = 'running' RETURNING 1`, [
        id,
        attempt,
      ])
    ).length === 1,

  /** Fails the job, if `attempt` still holds it. */
  failJob: (q: Queryable, id: number, attempt: number, error: string) =>
    q.query(
      `UPDATE export_jobs SET status = 'failed', finished_at = now(), error = $3 WHERE id = $1 AND attempt = $2 AND status = 'running'`,
      [id, attempt, error],
    ),

  /**
   * Jobs whose worker stopped renewing the lease (its process died) go back to the queue — or
   * fail, after MAX_EXPORT_ATTEMPTS claims, with `error`.
   */
  requeueStale: (q: Queryable, leaseSeconds: number, error: string) => q.query(REQUEUE_STALE, [leaseSeconds, MAX_EXPORT_ATTEMPTS, error]),

  usersOfSubtree: (q: Queryable, accountId: number) =>
    q.query<{ username: string; name: string; account: string; role: string; phone: string; last_login_at: Date | null }>(
      `SELECT u.username, u.name, a.name AS account, r.name AS role, u.phone, u.last_login_at
         FROM users u JOIN accounts a ON a.id = u.account_id JOIN roles r ON r.id = u.role_id
        WHERE ${pathWithinSql('a.path', '(SELECT path FROM accounts WHERE id = $1)')} ORDER BY a.path, u.username`,
      [accountId],
    ),
};
