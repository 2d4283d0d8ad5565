import type { Queryable } from '../../db/types.ts';

export interface ResourceRow {
  id: number;
  parent_id: number;
  name: string;
  type: number;
  code: string;
  path: string;
  icon: string;
  platform_id: number;
  sort: number;
}

export interface UserInfoRow {
  id: number;
  username: string;
  name: string;
  account_id: number;
  account_name: string;
  role_id: number;
  role_name: string;
  phone: string;
  email: string;
  wx_openid: string;
  chat_logo: string;
  theme: string;
  privacy: { showPhone: boolean; shareLocation: boolean; allowAssistant: boolean };
  is_platform_admin: boolean;
  last_login_at: Date | null;
}

export const accountsQueries = {
  resourcesOfRole: (q: Queryable, roleId: number) =>
    q.query<ResourceRow>(
      `SELECT r.id, r.parent_id, r.name, r.type, r.code, r.path, r.icon, r.platform_id, r.sort
         FROM role_resources rr JOIN resources r ON r.id = rr.resource_id
        WHERE rr.role_id = $1 ORDER BY r.platform_id, r.sort, r.id`,
      [roleId],
    ),

  userInfo: async (q: Queryable, userId: number) =>
    (
      await q.query<UserInfoRow>(
        `SELECT u.id, u.username, u.name, u.account_id, a.name AS account_name, u.role_id, r.name AS role_name,
              u.phone, u.email, u.wx_openid, u.chat_logo, u.theme, u.privacy, u.is_platform_admin, u.last_login_at
         FROM users u JOIN accounts a ON a.id = u.account_id JOIN roles r ON r.id = u.role_id
        WHERE u.id = $1`,
        [userId],
      )
    )[0],

  accountOf: async (q: Queryable, accountId: number) =>
    (
      await q.query<{ id: number; name: string; path: string; enabled: boolean; expires_at: Date | null }>(
        'SELECT id, name, path, enabled, expires_at FROM accounts WHERE id = $1',
        [accountId],
      )
    )[0],
};
