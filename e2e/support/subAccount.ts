import { api, type Envelope } from './carFleet.ts';
import { encryptPassword } from './server.ts';

/** The object of a successful answer; a refused one fails the test with what was asked and the server's words. */
export async function ok<T>(promise: Promise<Envelope<T>>, what: string): Promise<T> {
  const res = await promise;
  if (res.flag !== 1) throw new Error(`${what}: ${res.msg}`);
  return res.obj;
}

export interface SubAccountSpec {
  /** The customer account's name (unique for the run). */
  account: string;
  /** The role's name and the menus (resource ids) it holds. */
  role: string;
  resourceIds: number[];
  username: string;
  password: string;
  /** The user's display name. */
  name: string;
}

/**
 * A customer account with one role and one user in it, made by the administrator as 系统管理 does:
 * the restricted operator a browser test logs in as. Vehicles are added to `accountId` by the test.
 */
export async function createSubAccount(admin: string, spec: SubAccountSpec): Promise<{ accountId: number; roleId: number }> {
  const account = await ok(api<{ id: number }>(admin, '/car/v4/api/account/add.json', { name: spec.account, kind: 'customer' }), 'account');
  const role = await ok(
    api<{ id: number }>(
      admin,
      '/car/v4/api/role/save.json',
      { accountId: account.id, name: spec.role, resourceIds: spec.resourceIds },
      true,
    ),
    'role',
  );
  await ok(
    api(admin, '/car/v4/api/user/add.json', {
      accountId: account.id,
      roleId: role.id,
      username: spec.username,
      name: spec.name,
      password: await encryptPassword(spec.password),
    }),
    'user',
  );
  return { accountId: account.id, roleId: role.id };
}
