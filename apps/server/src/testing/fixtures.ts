import type { Db } from '../db/types.ts';
import { hashPassword } from '../modules/auth/password.ts';
import type { TestServer } from './testServer.ts';

export interface Tenant {
  accountId: number;
  accountPath: string;
  roleId: number;
  userId: number;
  username: string;
  /** the user's name, as records name who did something */
  userName: string;
  password: string;
  sessionId: string;
}

let counter = 0;
// One hash for every fixture user: scrypt is deliberately slow.
let cachedHash: Promise<string> | undefined;
const FIXTURE_PASSWORD = 'Tenant#2026pw';

/**
 * A customer account under `parentAccountId` (default: the platform), with a role holding
 * `codes` (resource codes; 'all' = every resource) and one logged-in user.
 */
export async function createTenant(
  t: TestServer,
  opts: { name?: string; codes?: string[] | 'all'; parentAccountId?: number } = {},
): Promise<Tenant> {
  const db: Db = t.ctx.db;
  const n = ++counter;
  const parent =
    opts.parentAccountId ?? (await db.one<{ id: number }>('SELECT id FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1'))!.id;
  const account = (await db.one<{ id: number; path: string }>(
    `INSERT INTO accounts (parent_id, name, kind) VALUES ($1, $2, 'customer') RETURNING id, path`,
    [parent, opts.name ?? `测试客户${n}`],
  ))!;
  const path = (await db.one<{ path: string }>(
    `UPDATE accounts SET path = (SELECT path FROM accounts WHERE id = $2) || id || '/' WHERE id = $1 RETURNING path`,
    [account.id, parent],
  ))!.path;
  const role = (await db.one<{ id: number }>('INSERT INTO roles (account_id, name) VALUES ($1, $2) RETURNING id', [
    account.id,
    `角色${n}`,
  ]))!;
  const codes = opts.codes ?? [];
  if (codes === 'all') await db.query('INSERT INTO role_resources (role_id, resource_id) SELECT $1, id FROM resources', [role.id]);
  else if (codes.length)
    await db.query('INSERT INTO role_resources (role_id, resource_id) SELECT $1, id FROM resources WHERE code = ANY($2::text[])', [
      role.id,
      codes,
    ]);
  const username = `tenant${n}_${Date.now() % 100000}`;
  const userName = `用户${n}`;
  cachedHash ??= hashPassword(FIXTURE_PASSWORD);
  const user = (await db.one<{ id: number }>(
    'INSERT INTO users (account_id, role_id, username, name, password_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [account.id, role.id, username, userName, await cachedHash],
  ))!;
  const sessionId = await t.login(username, FIXTURE_PASSWORD);
  return {
    accountId: account.id,
    accountPath: path,
    roleId: role.id,
    userId: user.id,
    username,
    userName,
    password: FIXTURE_PASSWORD,
    sessionId,
  };
}
