import type { Queryable } from '../db/types.ts';

/** Look-ups that make the demo seed idempotent: find what an earlier start created. */
export const demoQueries = {
  platformAccount: async (q: Queryable) =>
    (await q.query<{ id: number; path: string }>('SELECT id, path FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1'))[0],

  childAccountByName: async (q: Queryable, parentId: number, name: string) =>
    (await q.query<{ id: number; path: string }>('SELECT id, path FROM accounts WHERE parent_id = $1 AND name = $2 ORDER BY id LIMIT 1', [parentId, name]))[0],

  roleByName: async (q: Queryable, accountId: number, name: string) =>
    (await q.query<{ id: number }>('SELECT id FROM roles WHERE account_id = $1 AND name = $2 ORDER BY id LIMIT 1', [accountId, name]))[0],

  userByName: async (q: Queryable, username: string) =>
    (await q.query<{ id: number; account_id: number }>('SELECT id, account_id FROM users WHERE username = $1', [username]))[0],

  /** Every car, report, centre and 电单车卫士 resource: what a fleet operator works with. */
  operatorResourceIds: async (q: Queryable) =>
    (await q.query<{ id: number }>(
      `SELECT id FROM resources WHERE code IN ('car', 'report', 'center', 'elecCar') OR code LIKE 'car:%' OR code LIKE 'report:%' OR code LIKE 'center:%' OR code LIKE 'elecCar:%' ORDER BY id`,
    )).map((r) => r.id),
};
