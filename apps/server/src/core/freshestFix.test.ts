import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedPosition } from '../testing/storedPosition.ts';
import { createTestDb, type TestDb } from '../testing/testDb.ts';
import { ingestQueries } from '../gateway/ingest.queries.ts';
import { monitorQueries } from '../modules/monitor/monitor.queries.ts';
import { freshestFix } from './freshestFix.ts';

let db: TestDb;
let held: number;
let quiet: number;
let sameSecond: number;
const at = Date.parse('2026-11-22T08:00:00Z');

beforeAll(async () => {
  db = await createTestDb();
  const rows = await db.query<{ id: number }>(
    `INSERT INTO terminals (identifier, identifier_key, protocol)
     SELECT '0139008' || n, '139008' || n, 'jt808' FROM generate_series(10001, 10003) n RETURNING id`,
  );
  [held, quiet, sameSecond] = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  // `held`: its latest row is its first fix, two newer fixes wait in positions (the gateway holds the row back).
  // `quiet`: one fix, its latest row up to date, older than `held`'s newest.
  const fixes = [
    storedPosition({ terminalPk: held, gpsTime: at, lat: 22.5 }),
    storedPosition({ terminalPk: held, gpsTime: at + 10_000, lat: 22.6 }),
    storedPosition({ terminalPk: held, gpsTime: at + 20_000, lat: 22.7 }),
    storedPosition({ terminalPk: quiet, gpsTime: at + 5000, lat: 31.2 }),
    // `sameSecond`: its latest row is a fix of 08:00:00; a second fix of the same whole second came later (a bike slowing down)
    storedPosition({ terminalPk: sameSecond, gpsTime: at, lat: 39.9, speed: 35 }),
    storedPosition({ terminalPk: sameSecond, gpsTime: at, receivedAt: at + 900, lat: 39.9, speed: 24 }),
  ];
  await ingestQueries.copyPositions(db, fixes);
  for (const f of [fixes[0]!, fixes[3]!, fixes[4]!])
    await db.query(
      `INSERT INTO latest_positions (terminal_id, gps_time, received_at, lat, lon, speed, valid, alarms)
       VALUES ($1, $2, $3, $4, $5, $6, true, '{}')`,
      [f.terminalPk, new Date(f.gpsTime), new Date(f.receivedAt), f.lat, f.lon, f.speed],
    );
});
afterAll(() => db?.close());

describe(`freshestFix (${process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("gives each terminal its own newest fix when the caller's terminals are `t` (the staff, pet and bike lists)", async () => {
    const rows = await db.query<{ id: number; lat: number; gps_time: Date }>(
      `SELECT t.id, lp.lat, lp.gps_time FROM terminals t LEFT JOIN LATERAL ${freshestFix('t.id')} lp ON true
        WHERE t.id = ANY($1::bigint[]) ORDER BY t.id`,
      [[held, quiet]],
    );
    expect(rows.map((r) => [Number(r.id), r.lat, r.gps_time.getTime()])).toEqual([
      [held, 22.7, at + 20_000], // newer than its held-back row
      [quiet, 31.2, at + 5000], // its own, not `held`'s newer fix
    ]);
  });

  it('reads the same through another alias', async () => {
    const rows = await db.query<{ id: number; lat: number }>(
      `SELECT v.id, lp.lat FROM (SELECT id AS terminal_id, id FROM terminals WHERE id = ANY($1::bigint[])) v
         CROSS JOIN LATERAL ${freshestFix('v.terminal_id')} lp ORDER BY v.id`,
      [[held, quiet]],
    );
    expect(rows.map((r) => [Number(r.id), r.lat])).toEqual([
      [held, 22.7],
      [quiet, 31.2],
    ]);
  });

  it('takes a fix of the same second received later, as the fleet list asked by number does', async () => {
    const [own] = await db.query<{ speed: number }>(`SELECT lp.speed FROM ${freshestFix(String(sameSecond))} lp`);
    expect(own?.speed).toBe(24);
    const listed = await monitorQueries.latest(db, '/', ['13900810003', '13900810001'], 10, 0);
    expect(listed.map((r) => [r.identifier, r.speed, r.lat])).toEqual([
      ['013900810001', 40, 22.7],
      ['013900810003', 24, 39.9],
    ]);
  });
});
