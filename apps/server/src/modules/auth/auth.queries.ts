import type { Queryable } from '../../db/types.ts';

export interface UserRow {
  id: number;
  account_id: number;
  role_id: number;
  username: string;
  password_hash: string;
  phone: string;
  enabled: boolean;
}

export interface SessionRow {
  session_id: string;
  user_id: number;
  username: string;
  account_id: number;
  account_path: string;
  role_id: number;
  is_platform_admin: boolean;
  last_seen_at: Date;
  expires_at: Date;
}

export const authQueries = {
  // enabled: the user's and its account's (a disabled account's users cannot log in, as their sessions end)
  userByUsername: async (q: Queryable, username: string) =>
    (
      await q.query<UserRow>(
        `SELECT u.id, u.account_id, u.role_id, u.username, u.password_hash, u.phone, (u.enabled AND a.enabled) AS enabled
         FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.username = $1`,
        [username],
      )
    )[0],

  userByPhone: async (q: Queryable, phone: string) =>
    (
      await q.query<UserRow>(
        `SELECT u.id, u.account_id, u.role_id, u.username, u.password_hash, u.phone, u.enabled
         FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.phone = $1 AND u.enabled AND a.enabled ORDER BY u.id LIMIT 1`,
        [phone],
      )
    )[0],

  /** Failed logins of a username in the window, and the seconds until the oldest of them leaves it. */
  recentFailures: async (q: Queryable, username: string, windowMinutes: number) => {
    const row = (
      await q.query<{ n: number; clears_in: number | null }>(
        `SELECT count(*)::int AS n, extract(epoch FROM min(at) + make_interval(mins => $2) - now())::float8 AS clears_in
         FROM login_failures WHERE username = $1 AND at > now() - make_interval(mins => $2)`,
        [username, windowMinutes],
      )
    )[0];
    return { count: Number(row?.n ?? 0), clearsInSeconds: Number(row?.clears_in ?? 0) };
  },

  addFailure: (q: Queryable, username: string) => q.query('INSERT INTO login_failures (username) VALUES ($1)', [username]),
  clearFailures: (q: Queryable, username: string) => q.query('DELETE FROM login_failures WHERE username = $1', [username]),

  /** Ends the user's sessions beyond the newest `keep` (MAX_SESSIONS_PER_USER). */
  trimSessions: (q: Queryable, userId: number, keep: number) =>
    q.query(
      `DELETE FROM sessions WHERE user_id = $1 AND id NOT IN (
         SELECT id FROM sessions WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2)`,
      [userId, keep],
    ),

  insertSession: (q: Queryable, s: { id: string; userId: number; maxHours: number; ip: string; userAgent: string }) =>
    q.query(`INSERT INTO sessions (id, user_id, expires_at, ip, user_agent) VALUES ($1, $2, now() + make_interval(hours => $3), $4, $5)`, [
      s.id,
      s.userId,
      s.maxHours,
      s.ip,
      s.userAgent,
    ]),

  recordLogin: (q: Queryable, userId: number, ip: string) =>
    q.query('UPDATE users SET last_login_at = now(), last_login_ip = $2 WHERE id = $1', [userId, ip]),

  /** The session's user with the role's permission codes, in one round trip: every API call asks it. */
  sessionWithUser: async (q: Queryable, sessionId: string) =>
    (
      await q.query<SessionRow & { codes: string[] }>(
        `SELECT s.id AS session_id, s.user_id, u.username, u.account_id, a.path AS account_path, u.role_id,
              u.is_platform_admin, s.last_seen_at, s.expires_at,
              ARRAY(SELECT r.code FROM role_resources rr JOIN resources r ON r.id = rr.resource_id WHERE rr.role_id = u.role_id) AS codes
         FROM sessions s JOIN users u ON u.id = s.user_id JOIN accounts a ON a.id = u.account_id
        WHERE s.id = $1 AND u.enabled AND a.enabled`,
        [sessionId],
      )
    )[0],

  /** An enabled user of an enabled account, as a session would see it (for work done later on its behalf). */
  activeUser: async (q: Queryable, userId: number) =>
    (
      await q.query<Omit<SessionRow, 'session_id' | 'last_seen_at' | 'expires_at'>>(
        `SELECT u.id AS user_id, u.username, u.account_id, a.path AS account_path, u.role_id, u.is_platform_admin
         FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.id = $1 AND u.enabled AND a.enabled`,
        [userId],
      )
    )[0],

  touchSession: (q: Queryable, sessionId: string) => q.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [sessionId]),
  deleteSession: (q: Queryable, sessionId: string) => q.query('DELETE FROM sessions WHERE id = $1', [sessionId]),
  deleteOtherSessions: async (q: Queryable, userId: number, keepSessionId: string) =>
    (await q.query<{ id: string }>('DELETE FROM sessions WHERE user_id = $1 AND id <> $2 RETURNING id', [userId, keepSessionId])).length,
  countSessions: async (q: Queryable, userId: number) =>
    Number(
      (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND expires_at > now()', [userId]))[0]?.n ??
        0,
    ),

  roleCodes: async (q: Queryable, roleId: number) =>
    (
      await q.query<{ code: string }>(
        'SELECT r.code FROM role_resources rr JOIN resources r ON r.id = rr.resource_id WHERE rr.role_id = $1',
        [roleId],
      )
    ).map((r) => r.code),

  purgeExpired: (q: Queryable) =>
    q.query(`DELETE FROM captchas WHERE expires_at < now();
             DELETE FROM login_failures WHERE at < now() - interval '1 day';`),
};
