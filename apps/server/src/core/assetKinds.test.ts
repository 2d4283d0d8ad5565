/**
 * The two readings of a terminal's kind agree: the one queries write out (terminalKind) and the
 * database's terminal_asset_kind, which stamps alarms and commands (migration 0065).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/testDb.ts';
import { terminalKind } from './assetKinds.ts';

let db: TestDb;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

describe('a terminal’s kind', () => {
  it('reads the same in queries and in the database’s stamp, for every kind and for none', async () => {
    const accountId = (await db.one<{ id: number }>('SELECT id FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1'))!.id;
    const terminal = async (n: number) =>
      (await db.one<{ id: number }>(
        `INSERT INTO terminals (identifier, identifier_key, protocol, account_id) VALUES ($1, $1, 'watch', $2) RETURNING id`,
        [`86812014690000${n}`, accountId],
      ))!.id;
    const ids: number[] = [];
    for (const [n, type] of [
      [1, 'vehicle'],
      [2, 'ebike'],
      [3, 'badge'],
    ] as const) {
      const id = await terminal(n);
      await db.query(`INSERT INTO vehicles (account_id, terminal_id, name, type) VALUES ($1, $2, $3, $4)`, [
        accountId,
        id,
        `资产${n}`,
        type,
      ]);
      ids.push(id);
    }
    const pet = await terminal(4);
    await db.query(`INSERT INTO pets (account_id, name, terminal_id) VALUES ($1, '旺财', $2)`, [accountId, pet]);
    const gb = await terminal(5);
    await db.query(
      `INSERT INTO elec_gb_bikes (account_id, frame_no, terminal_id, declare_token) VALUES ($1, 'YD2026X0005', $2, 'kind-check')`,
      [accountId, gb],
    );
    const none = await terminal(6);
    ids.push(pet, gb, none);

    const rows = await db.query<{ written: string | null; stamped: string | null }>(
      `SELECT ${terminalKind('t')} AS written, terminal_asset_kind(t.id) AS stamped FROM terminals t WHERE t.id = ANY($1::bigint[]) ORDER BY t.id`,
      [ids],
    );
    expect(rows.map((r) => r.written)).toEqual(['vehicle', 'ebike', 'badge', 'pet', 'ebike', null]);
    expect(rows.map((r) => r.stamped)).toEqual(rows.map((r) => r.written));
  });
});
