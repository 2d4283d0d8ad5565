import type { Queryable } from '../../db/types.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import { isVehicleKind } from '../../core/assetKinds.ts';

export interface GroupRow {
  id: number;
  account_id: number;
  account_name: string;
  parent_id: number | null;
  name: string;
  sort: number;
  vehicle_count: number;
}

const SELECT = `SELECT g.id, g.account_id, a.name AS account_name, g.parent_id, g.name, g.sort,
       (SELECT count(*)::int FROM vehicles v WHERE v.group_id = g.id AND ${isVehicleKind('v.type')}) AS vehicle_count
  FROM vehicle_groups g JOIN accounts a ON a.id = g.account_id`;

export const groupsQueries = {
  /** Every group the scope may see, optionally of one account only. */
  visible: (q: Queryable, scope: string, accountId: number | null) =>
    q.query<GroupRow>(
      `${SELECT} WHERE ${terminalInScope('a.path', 1)} AND ($2::bigint IS NULL OR g.account_id = $2) ORDER BY g.sort, g.id`,
      [scope, accountId],
    ),

  visibleOne: async (q: Queryable, scope: string, id: number) =>
    (await q.query<GroupRow>(`${SELECT} WHERE ${terminalInScope('a.path', 1)} AND g.id = $2`, [scope, id]))[0],

  byNames: (q: Queryable, accountId: number, names: string[]) =>
    q.query<{ id: number; name: string }>(
      'SELECT id, name FROM vehicle_groups WHERE account_id = $1 AND name = ANY($2::text[]) ORDER BY id',
      [accountId, names],
    ),

  insert: async (q: Queryable, g: { accountId: number; parentId: number | null; name: string; sort: number }) =>
    (
      await q.query<{ id: number }>('INSERT INTO vehicle_groups (account_id, parent_id, name, sort) VALUES ($1, $2, $3, $4) RETURNING id', [
        g.accountId,
        g.parentId,
        g.name,
        g.sort,
      ])
    )[0].id,

  update: (q: Queryable, id: number, g: { parentId: number | null; name: string; sort: number }) =>
    q.query('UPDATE vehicle_groups SET parent_id = $2, name = $3, sort = $4 WHERE id = $1', [id, g.parentId, g.name, g.sort]),

  /** Ids of the group's ancestors, nearest first (to refuse a move under its own descendant). */
  ancestors: async (q: Queryable, id: number) =>
    (
      await q.query<{ id: number }>(
        `WITH RECURSIVE up AS (SELECT id, parent_id, 1 AS depth FROM vehicle_groups WHERE id = $1
                             UNION ALL SELECT g.id, g.parent_id, up.depth + 1 FROM vehicle_groups g JOIN up ON g.id = up.parent_id
                             WHERE up.depth < 64)
       SELECT id FROM up WHERE id <> $1 ORDER BY depth`,
        [id],
      )
    ).map((r) => r.id),

  childCount: async (q: Queryable, id: number) =>
    (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM vehicle_groups WHERE parent_id = $1', [id]))[0].n,

  delete: (q: Queryable, id: number) => q.query('DELETE FROM vehicle_groups WHERE id = $1', [id]),
};
