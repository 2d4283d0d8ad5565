import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log.ts';
import { createTestDb, type TestDb } from '../testing/testDb.ts';
import type { StoredPosition } from './ingest.queries.ts';
import { IngestBatcher, type IngestEntry } from './ingestBatcher.ts';

let db: TestDb;
let terminalPk: number;
beforeAll(async () => {
  db = await createTestDb();
  const row = await db.one<{ id: number }>(`INSERT INTO terminals (identifier, identifier_key, protocol) VALUES ('013900990001', '13900990001', 'jt808') RETURNING id`);
  terminalPk = Number(row!.id);
});
afterAll(() => db?.close());

const at = Date.parse('2026-11-22T08:00:00Z');
const row = (over: Partial<StoredPosition>): StoredPosition => ({
  terminalPk,
  gpsTime: at,
  receivedAt: at + 500,
  lat: 31.2,
  lon: 121.4,
  speed: 40,
  course: 90,
  altitude: 12,
  valid: true,
  satellites: 9,
  acc: true,
  mileage: null,
  alarms: [],
  extras: null,
  ...over,
});

/** Adds the entries as one connection would and resolves once a flush has settled them all. */
function store(batcher: IngestBatcher, entries: IngestEntry[]) {
  return new Promise<boolean[]>((resolve) => {
    const owner = { settled: () => entries.every((e) => e.state !== 'waiting') && resolve(accepted) };
    const accepted = entries.map((e) => batcher.add(e, owner));
  });
}

const options = { maxRows: 1000, maxDelayMs: 5, maxPendingRows: 10_000, maxConcurrentFlushes: 1 };

describe(`ingest batcher (${process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('stores a flush’s rows; latest_positions and live news get the newest fix, with the newest odometer reading', async () => {
    const batcher = new IngestBatcher(db, createLogger('silent'), options);
    const entries: IngestEntry[] = [
      { positions: [row({ mileage: 1234.5 })], alarms: [] },
      { positions: [row({ gpsTime: at + 1000, lat: 31.21 })], alarms: [] },
      { positions: [row({ gpsTime: at + 2000, valid: false, lat: 0, lon: 0 })], alarms: [] }, // no fix: moves nothing
    ];
    expect(await store(batcher, entries)).toEqual([true, true, true]);
    expect(entries.map((e) => e.state)).toEqual(['stored', 'stored', 'stored']);
    expect(entries.every((e) => e.positions.length === 0)).toBe(true); // handed over when added

    const stored = await db.query<{ n: string }>('SELECT count(*) AS n FROM positions WHERE terminal_id = $1', [terminalPk]);
    expect(Number(stored[0].n)).toBe(3);
    const latest = await db.one<{ lat: number; mileage: number; gps_time: Date }>('SELECT lat, mileage, gps_time FROM latest_positions WHERE terminal_id = $1', [terminalPk]);
    expect(latest).toMatchObject({ lat: 31.21, mileage: 1234.5 });
    expect(latest!.gps_time.getTime()).toBe(at + 1000);
    // One record per terminal and batch, shared by its entries: what the session publishes.
    expect(entries[0].latest).toBe(entries[2].latest);
    expect(entries[0].latest?.newest).toMatchObject({ gpsTime: at + 1000, lat: 31.21, mileage: 1234.5 });
    await batcher.close();
  });

  it('refuses an entry whose row cannot be encoded and stores the rest of its batch', async () => {
    const batcher = new IngestBatcher(db, createLogger('silent'), options);
    const bad: IngestEntry = { positions: [row({ gpsTime: at + 10_000 }), row({ gpsTime: at + 11_000, extras: { n: 1n } })], alarms: [] };
    const good: IngestEntry = { positions: [row({ gpsTime: at + 12_000 })], alarms: [] };
    expect(await store(batcher, [bad, good])).toEqual([false, true]);
    expect(bad.state).toBeUndefined(); // never queued, so never acknowledged
    expect(good.state).toBe('stored');
    const times = await db.query<{ gps_time: Date }>('SELECT gps_time FROM positions WHERE terminal_id = $1 AND gps_time >= $2 ORDER BY gps_time', [
      terminalPk,
      new Date(at + 10_000),
    ]);
    // Neither row of the refused entry: the one before the bad row was rolled back with it.
    expect(times.map((t) => t.gps_time.getTime())).toEqual([at + 12_000]);
    await batcher.close();
  });
});
