import type { Queryable } from '../../db/types.ts';

export interface SecurityRow {
  phone: string;
  wx_openid: string;
  wx_nickname: string;
  password_hash: string;
  privacy: { showPhone: boolean; shareLocation: boolean; allowAssistant: boolean };
  last_login_at: Date | null;
  last_login_ip: string;
}

export const securityQueries = {
  user: async (q: Queryable, userId: number) =>
    (
      await q.query<SecurityRow>(
        'SELECT phone, wx_openid, wx_nickname, password_hash, privacy, last_login_at, last_login_ip FROM users WHERE id = $1',
        [userId],
      )
    )[0],
  phoneTakenByOther: async (q: Queryable, phone: string, userId: number) =>
    (await q.query('SELECT 1 FROM users WHERE phone = $1 AND id <> $2', [phone, userId])).length > 0,
  setPhone: (q: Queryable, userId: number, phone: string) => q.query('UPDATE users SET phone = $2 WHERE id = $1', [userId, phone]),
  clearWx: (q: Queryable, userId: number) => q.query(`UPDATE users SET wx_openid = '', wx_nickname = '' WHERE id = $1`, [userId]),
  setPassword: (q: Queryable, userId: number, hash: string) =>
    q.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [userId, hash]),
  setPrivacy: (q: Queryable, userId: number, privacy: object) => q.query('UPDATE users SET privacy = $2 WHERE id = $1', [userId, privacy]),
  setTheme: (q: Queryable, userId: number, theme: string) => q.query('UPDATE users SET theme = $2 WHERE id = $1', [userId, theme]),
};
