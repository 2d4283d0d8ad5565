import type { Queryable } from '../db/types.ts';

/** A product's menu and everything below it, for the demo parts' fixed menu codes (never user input). */
const codesLike = (products: readonly string[]) => products.map((p) => `code = '${p}' OR code LIKE '${p}:%'`).join(' OR ');

/** Look-ups that make the demo seed idempotent: find what an earlier start created. */
export const demoQueries = {
  platformAccount: async (q: Queryable) =>
    (await q.query<{ id: number; path: string }>('SELECT id, path FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1'))[0],

  childAccountByName: async (q: Queryable, parentId: number, name: string) =>
    (
      await q.query<{ id: number; path: string }>('SELECT id, path FROM accounts WHERE parent_id = $1 AND name = $2 ORDER BY id LIMIT 1', [
        parentId,
        name,
      ])
    )[0],

  roleByName: async (q: Queryable, accountId: number, name: string) =>
    (await q.query<{ id: number }>('SELECT id FROM roles WHERE account_id = $1 AND name = $2 ORDER BY id LIMIT 1', [accountId, name]))[0],

  userByName: async (q: Queryable, username: string) =>
    (await q.query<{ id: number; account_id: number }>('SELECT id, account_id FROM users WHERE username = $1', [username]))[0],

  /** Every resource of the demo parts' menus: what the demo's operator works with. */
  operatorResourceIds: async (q: Queryable, menus: readonly string[]) =>
    (await q.query<{ id: number }>(`SELECT id FROM resources WHERE ${codesLike(menus)} ORDER BY id`)).map((r) => r.id),

  /**
   * The past week's alarms the parts raised came in as they were raised, as they would have live:
   * stamped with the seed's time they read as uploaded late (补传) and every handling of them as
   * taking 0 s (报警处理统计 counts from arrival).
   */
  pastAlarmsArrivedLive: (q: Queryable, accountId: number, seedStarted: Date) =>
    q.query(
      `UPDATE alarms SET received_at = alarm_time
        WHERE terminal_id IN (SELECT id FROM terminals WHERE account_id = $1) AND alarm_time < $2 AND received_at > alarm_time`,
      [accountId, seedStarted],
    ),

  /** A part's menus for a demo role made before the part was in the demo (kept when already there). */
  grantResources: (q: Queryable, roleId: number, menus: readonly string[]) =>
    q.query(
      `INSERT INTO role_resources (role_id, resource_id) SELECT $1, id FROM resources WHERE ${codesLike(menus)}
       ON CONFLICT DO NOTHING`,
      [roleId],
    ),
};
