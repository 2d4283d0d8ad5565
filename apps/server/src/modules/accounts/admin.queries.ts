import type { StoredAccountKind } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { queryPage } from '../../db/queryPage.ts';
import { isVehicleKind } from '../../core/assetKinds.ts';

export interface AccountRow {
  id: number;
  parent_id: number | null;
  path: string;
  name: string;
  kind: StoredAccountKind;
  contact: string;
  phone: string;
  enabled: boolean;
  expires_at: Date | null;
  created_at: Date;
}

/** An account with what it still holds (direct sub-accounts, terminals, vehicles, users). */
export interface AccountListRow extends AccountRow {
  child_count: number;
  terminal_count: number;
  /** vehicles and e-bikes (the kinds that drive), people wearing badges, pets (docs/asset-kinds.md) */
  vehicle_count: number;
  person_count: number;
  pet_count: number;
  user_count: number;
}

export interface AdminUserRow {
  id: number;
  account_id: number;
  account_name: string;
  role_id: number;
  role_name: string;
  username: string;
  name: string;
  phone: string;
  enabled: boolean;
  last_login_at: Date | null;
}

export interface RoleRow {
  id: number;
  account_id: number;
  account_name: string;
  user_count: number;
  name: string;
  description: string;
  is_admin: boolean;
  resource_ids: number[];
}

const ACCOUNT_COLUMNS = 'a.id, a.parent_id, a.path, a.name, a.kind, a.contact, a.phone, a.enabled, a.expires_at, a.created_at';
const HOLDINGS = `(SELECT count(*)::int FROM accounts c WHERE c.parent_id = a.id) AS child_count,
  (SELECT count(*)::int FROM terminals t WHERE t.account_id = a.id) AS terminal_count,
  (SELECT count(*)::int FROM vehicles v WHERE v.account_id = a.id AND ${isVehicleKind('v.type')}) AS vehicle_count,
  (SELECT count(*)::int FROM vehicles v WHERE v.account_id = a.id AND v.type = 'badge') AS person_count,
  (SELECT count(*)::int FROM pets p WHERE p.account_id = a.id)
    + (SELECT count(*)::int FROM vehicles v WHERE v.account_id = a.id AND v.type = 'pet') AS pet_count,
  (SELECT count(*)::int FROM users u WHERE u.account_id = a.id) AS user_count`;

/** Account, user and role administration. Every query is limited to the caller's subtree ($1). */
export const adminQueries = {
  accountsInScope: (q: Queryable, scope: string) =>
    q.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE ${accountInScope('a.path', 1)} ORDER BY a.path`, [scope]),

  accountsWithHoldings: (q: Queryable, scope: string) =>
    q.query<AccountListRow>(`SELECT ${ACCOUNT_COLUMNS}, ${HOLDINGS} FROM accounts a WHERE ${accountInScope('a.path', 1)} ORDER BY a.path`, [
      scope,
    ]),

  holdings: async (q: Queryable, id: number) =>
    (
      await q.query<Pick<AccountListRow, 'child_count' | 'terminal_count' | 'vehicle_count' | 'person_count' | 'pet_count' | 'user_count'>>(
        `SELECT ${HOLDINGS} FROM accounts a WHERE a.id = $1`,
        [id],
      )
    )[0],

  /**
   * Removes an account that holds no sub-accounts, terminals or vehicles, with its users, roles and
   * settings. Call inside a transaction, after checking the holdings.
   */
  deleteAccount: async (q: Queryable, id: number) => {
    await q.query('DELETE FROM users WHERE account_id = $1', [id]);
    await q.query('DELETE FROM roles WHERE account_id = $1', [id]);
    for (const table of ['help_messages', 'alarm_controls', 'alarm_push', 'export_jobs', 'geofences', 'vehicle_groups', 'alarms']) {
      await q.query(`DELETE FROM ${table} WHERE account_id = $1`, [id]);
    }
    await q.query('DELETE FROM accounts WHERE id = $1', [id]);
  },

  accountInScope: async (q: Queryable, scope: string, id: number) =>
    (
      await q.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE ${accountInScope('a.path', 1)} AND a.id = $2`, [scope, id])
    )[0],

  insertAccount: async (
    q: Queryable,
    a: {
      parentId: number;
      parentPath: string;
      name: string;
      kind: StoredAccountKind;
      contact: string;
      phone: string;
      expiresAt: Date | null;
    },
  ) => {
    const [row] = await q.query<{ id: number }>(
      'INSERT INTO accounts (parent_id, name, kind, contact, phone, expires_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [a.parentId, a.name, a.kind, a.contact, a.phone, a.expiresAt],
    );
    await q.query('UPDATE accounts SET path = $2 WHERE id = $1', [row.id, `${a.parentPath}${row.id}/`]);
    return row.id;
  },

  updateAccount: (
    q: Queryable,
    id: number,
    a: { name: string; kind: StoredAccountKind; contact: string; phone: string; enabled: boolean; expiresAt: Date | null },
  ) =>
    q.query('UPDATE accounts SET name = $2, kind = $3, contact = $4, phone = $5, enabled = $6, expires_at = $7 WHERE id = $1', [
      id,
      a.name,
      a.kind,
      a.contact,
      a.phone,
      a.enabled,
      a.expiresAt,
    ]),

  usersPage: async (q: Queryable, scope: string, accountId: number | null, keyword: string | null, limit: number, offset: number) => {
    const where = `${accountInScope('a.path', 1)} AND ($2::bigint IS NULL OR u.account_id = $2) AND ($3::text IS NULL OR u.username ILIKE $3 OR u.name ILIKE $3)`;
    const from = 'FROM users u JOIN accounts a ON a.id = u.account_id JOIN roles r ON r.id = u.role_id';
    return queryPage<AdminUserRow>(
      q,
      {
        select: `SELECT u.id, u.account_id, a.name AS account_name, u.role_id, r.name AS role_name, u.username, u.name, u.phone, u.enabled, u.last_login_at
         ${from} WHERE ${where}`,
        countFrom: `${from} WHERE ${where}`,
        orderBy: 'a.path, u.id',
        params: [scope, accountId, keyword],
      },
      { limit, offset },
    );
  },

  userInScope: async (q: Queryable, scope: string, id: number) =>
    (
      await q.query<{ id: number; account_id: number; is_platform_admin: boolean; phone: string; name: string; enabled: boolean }>(
        `SELECT u.id, u.account_id, u.is_platform_admin, u.phone, u.name, u.enabled FROM users u JOIN accounts a ON a.id = u.account_id WHERE ${accountInScope('a.path', 1)} AND u.id = $2`,
        [scope, id],
      )
    )[0],

  phoneTaken: async (q: Queryable, phone: string, exceptId: number) =>
    (await q.query('SELECT 1 FROM users WHERE phone = $1 AND id <> $2', [phone, exceptId])).length > 0,

  usernameTaken: async (q: Queryable, username: string, exceptId: number) =>
    (await q.query('SELECT 1 FROM users WHERE username = $1 AND id <> $2', [username, exceptId])).length > 0,

  insertUser: async (
    q: Queryable,
    u: { accountId: number; roleId: number; username: string; name: string; phone: string; passwordHash: string },
  ) =>
    (
      await q.query<{ id: number }>(
        'INSERT INTO users (account_id, role_id, username, name, phone, password_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [u.accountId, u.roleId, u.username, u.name, u.phone, u.passwordHash],
      )
    )[0].id,

  updateUser: (q: Queryable, id: number, u: { roleId: number; name: string; phone: string; enabled: boolean }) =>
    q.query('UPDATE users SET role_id = $2, name = $3, phone = $4, enabled = $5 WHERE id = $1', [id, u.roleId, u.name, u.phone, u.enabled]),

  setPassword: (q: Queryable, id: number, hash: string) =>
    q.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1', [id, hash]),
  endSessions: (q: Queryable, userId: number) => q.query('DELETE FROM sessions WHERE user_id = $1', [userId]),
  /** A disabled account's users (and those of every account below it) are logged out. */
  endAccountSessions: (q: Queryable, accountPath: string) =>
    q.query(
      `DELETE FROM sessions s USING users u JOIN accounts a ON a.id = u.account_id WHERE s.user_id = u.id AND ${accountInScope('a.path', 1)}`,
      [accountPath],
    ),

  rolesInScope: (q: Queryable, scope: string, accountId: number | null) =>
    q.query<RoleRow>(
      `SELECT ro.id, ro.account_id, a.name AS account_name, ro.name, ro.description, ro.is_admin,
              (SELECT count(*)::int FROM users u WHERE u.role_id = ro.id) AS user_count,
              COALESCE(array_agg(rr.resource_id ORDER BY rr.resource_id) FILTER (WHERE rr.resource_id IS NOT NULL), '{}') AS resource_ids
         FROM roles ro JOIN accounts a ON a.id = ro.account_id LEFT JOIN role_resources rr ON rr.role_id = ro.id
        WHERE ${accountInScope('a.path', 1)} AND ($2::bigint IS NULL OR ro.account_id = $2)
        GROUP BY ro.id, a.name, a.path ORDER BY a.path, ro.account_id, ro.id`,
      [scope, accountId],
    ),

  roleInScope: async (q: Queryable, scope: string, id: number) =>
    (
      await q.query<{ id: number; account_id: number; is_admin: boolean }>(
        `SELECT ro.id, ro.account_id, ro.is_admin FROM roles ro JOIN accounts a ON a.id = ro.account_id WHERE ${accountInScope('a.path', 1)} AND ro.id = $2`,
        [scope, id],
      )
    )[0],

  insertRole: async (q: Queryable, accountId: number, name: string, description: string) =>
    (
      await q.query<{ id: number }>('INSERT INTO roles (account_id, name, description) VALUES ($1, $2, $3) RETURNING id', [
        accountId,
        name,
        description,
      ])
    )[0].id,

  updateRole: (q: Queryable, id: number, name: string, description: string) =>
    q.query('UPDATE roles SET name = $2, description = $3 WHERE id = $1', [id, name, description]),

  setRoleResources: async (q: Queryable, roleId: number, resourceIds: number[]) => {
    await q.query('DELETE FROM role_resources WHERE role_id = $1', [roleId]);
    await q.query('INSERT INTO role_resources (role_id, resource_id) SELECT $1, id FROM resources WHERE id = ANY($2::int[])', [
      roleId,
      resourceIds,
    ]);
  },
};
