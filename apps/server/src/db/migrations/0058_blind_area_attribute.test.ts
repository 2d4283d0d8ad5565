/**
 * 0058_blind_area_attribute.sql says 补传 one way in stored rows: GT06's old extras.reupload = 1,
 * and a fix received more than 5 minutes after its GPS time, become extras.blindArea = true; the
 * reupload key is gone; other rows are left as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../testing/testDb.ts';
import { listMigrations } from '../migrate.ts';

let db: TestDb;
let terminal = 0;

beforeAll(async () => {
  db = await createTestDb();
  const accountId = (await db.one<{ id: number }>('SELECT id FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1'))!.id;
  terminal = (await db.one<{ id: number }>(
    `INSERT INTO terminals (identifier, identifier_key, protocol, account_id) VALUES ('868120150580001', '868120150580001', 'gt06', $1) RETURNING id`,
    [accountId],
  ))!.id;
});
afterAll(async () => {
  await db?.close();
});

describe('0058_blind_area_attribute', () => {
  it('marks re-uploaded and long-delayed rows blindArea and drops reupload', async () => {
    const t = '2026-05-02T04:00:00Z';
    const rows: [string, string, string | null][] = [
      ['04:00:00', '04:00:02', '{"reupload": 1, "uploadMode": 0}'],
      ['04:01:00', '04:01:02', '{"reupload": 0}'],
      ['04:02:00', '04:20:00', null],
      ['04:03:00', '04:03:02', '{"blindArea": true}'],
      ['04:04:00', '04:04:02', '{"signal": 3}'],
    ];
    for (const [gps, received, extras] of rows)
      await db.query(
        `INSERT INTO positions (terminal_id, gps_time, received_at, lat, lon, extras) VALUES ($1, $2, $3, 31, 121, $4::jsonb)`,
        [terminal, t.replace('04:00:00', gps), t.replace('04:00:00', received), extras],
      );

    const migration = listMigrations().find((m) => m.name === '0058_blind_area_attribute.sql')!;
    await db.tx((q) => q.exec(migration.sql));

    const stored = await db.query<{ extras: Record<string, unknown> | null }>(
      'SELECT extras FROM positions WHERE terminal_id = $1 ORDER BY gps_time',
      [terminal],
    );
    expect(stored.map((r) => r.extras)).toEqual([
      { uploadMode: 0, blindArea: true },
      null,
      { blindArea: true },
      { blindArea: true },
      { signal: 3 },
    ]);
  });
});
