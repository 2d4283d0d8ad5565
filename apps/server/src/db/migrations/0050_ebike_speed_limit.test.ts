/**
 * 0050_ebike_speed_limit.sql makes a bike's 超速阈值 its vehicle's speed limit: a bike whose vehicle
 * had no limit takes the threshold it was set to in 电单车卫士, a limit set in 车辆管理 is kept, a
 * car is left alone, and the guard's own threshold and episode flag are gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../testing/testDb.ts';
import { listMigrations } from '../migrate.ts';

let db: TestDb;
let accountId = 0;

async function vehicle(key: string, type: string, limit: number | null): Promise<number> {
  const identifier = `86812015005${key}`;
  const terminal = (await db.one<{ id: number }>(
    `INSERT INTO terminals (identifier, identifier_key, protocol, account_id) VALUES ($1, $1, 'gt06', $2) RETURNING id`,
    [identifier, accountId],
  ))!.id;
  return (await db.one<{ id: number }>(
    `INSERT INTO vehicles (account_id, terminal_id, name, type, speed_limit_kmh) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [accountId, terminal, `车${key}`, type, limit],
  ))!.id;
}

const limitOf = async (id: number) =>
  (await db.one<{ limit: number | null }>('SELECT speed_limit_kmh::float8 AS limit FROM vehicles WHERE id = $1', [id]))!.limit;

beforeAll(async () => {
  db = await createTestDb();
  accountId = (await db.one<{ id: number }>('SELECT id FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1'))!.id;
});
afterAll(async () => {
  await db?.close();
});

describe('0050_ebike_speed_limit', () => {
  it("moves each bike's threshold into its vehicle's limit where it had none, and drops the guard's columns", async () => {
    // As before the migration: the guard's threshold and episode flag on the bike.
    await db.exec(`ALTER TABLE elec_car_bikes ADD COLUMN overspeed_kmh integer NOT NULL DEFAULT 25,
                   ADD COLUMN overspeeding boolean NOT NULL DEFAULT false`);
    const unlimited = await vehicle('0001', 'ebike', null);
    const limited = await vehicle('0002', 'ebike', 40);
    const untouched = await vehicle('0003', 'ebike', null);
    const car = await vehicle('0004', 'vehicle', null);
    await db.query(`INSERT INTO elec_car_bikes (vehicle_id, overspeed_kmh) VALUES ($1, 30), ($2, 20), ($3, DEFAULT)`, [
      unlimited,
      limited,
      untouched,
    ]);

    const migration = listMigrations().find((m) => m.name === '0050_ebike_speed_limit.sql')!;
    await db.tx((q) => q.exec(migration.sql));

    expect(await limitOf(unlimited)).toBe(30);
    expect(await limitOf(limited)).toBe(40); // 车辆管理's limit wins: it is what 超速报表 judged by
    expect(await limitOf(untouched)).toBe(25);
    expect(await limitOf(car)).toBeNull();
    const columns = await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'elec_car_bikes' AND column_name IN ('overspeed_kmh', 'overspeeding')`,
    );
    expect(columns).toEqual([]);
  });
});
