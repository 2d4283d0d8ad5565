/**
 * 0046_asset_kinds.sql gives every existing asset its kind: rows written before kinds were checked
 * (a person, an e-bike and a pet's collar all stored as 'vehicle', an old import's '电动车') come out
 * as what their sub-product made them, and the database refuses a kind it does not know.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../testing/testDb.ts';
import { listMigrations } from '../migrate.ts';

let db: TestDb;
let accountId = 0;

async function asset(key: string, type: string): Promise<{ vehicle: number; terminal: number }> {
  const identifier = `86812014604${key}`;
  const terminal = (await db.one<{ id: number }>(
    `INSERT INTO terminals (identifier, identifier_key, protocol, account_id) VALUES ($1, $1, 'watch', $2) RETURNING id`,
    [identifier, accountId],
  ))!.id;
  const vehicle = (await db.one<{ id: number }>(
    `INSERT INTO vehicles (account_id, terminal_id, name, type) VALUES ($1, $2, $3, $4) RETURNING id`,
    [accountId, terminal, `资产${key}`, type],
  ))!.id;
  return { vehicle, terminal };
}

const kindOf = async (id: number) => (await db.one<{ type: string }>('SELECT type FROM vehicles WHERE id = $1', [id]))!.type;

beforeAll(async () => {
  db = await createTestDb();
  accountId = (await db.one<{ id: number }>('SELECT id FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1'))!.id;
});
afterAll(async () => {
  await db?.close();
});

describe('0046_asset_kinds', () => {
  it('assigns kinds from what each sub-product registered, then checks them', async () => {
    // As before the migration: no check, every asset a 'vehicle' whatever it was.
    await db.exec('ALTER TABLE vehicles DROP CONSTRAINT vehicles_type_kind');
    const car = await asset('0001', 'vehicle');
    const person = await asset('0002', 'vehicle');
    await db.query(`INSERT INTO card_staff (vehicle_id, account_id, staff_no) VALUES ($1, $2, 'HW-M1')`, [person.vehicle, accountId]);
    const bike = await asset('0003', 'vehicle');
    await db.query(`INSERT INTO elec_car_bikes (vehicle_id) VALUES ($1)`, [bike.vehicle]);
    const collar = await asset('0004', 'vehicle');
    await db.query(`INSERT INTO pets (account_id, name, terminal_id) VALUES ($1, '豆豆', $2)`, [accountId, collar.terminal]);
    const imported = await asset('0005', '电动车');
    const badge = await asset('0006', 'badge');

    const migration = listMigrations().find((m) => m.name === '0046_asset_kinds.sql')!;
    await db.tx((q) => q.exec(migration.sql));

    expect(await kindOf(car.vehicle)).toBe('vehicle');
    expect(await kindOf(person.vehicle)).toBe('badge');
    expect(await kindOf(bike.vehicle)).toBe('ebike');
    expect(await kindOf(collar.vehicle)).toBe('pet');
    expect(await kindOf(imported.vehicle)).toBe('vehicle');
    expect(await kindOf(badge.vehicle)).toBe('badge');
    await expect(db.query(`UPDATE vehicles SET type = 'truck' WHERE id = $1`, [car.vehicle])).rejects.toThrow(/vehicles_type_kind/);
    expect(await kindOf(car.vehicle)).toBe('vehicle');
  });
});
