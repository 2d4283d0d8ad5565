import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log.ts';
import { storedPosition } from '../testing/storedPosition.ts';
import { createTestDb, type TestDb } from '../testing/testDb.ts';
import { ingestQueries, type StoredPosition } from './ingest.queries.ts';
import { IngestBatcher, type IngestRows, type IngestTicket } from './ingestBatcher.ts';
import { LatestWrites } from './latestWrites.ts';
import { eventually } from '../testing/testTerminal.ts';

let db: TestDb;
let pks: number[];
beforeAll(async () => {
  db = await createTestDb();
  const rows = await db.query<{ id: number }>(
    `INSERT INTO terminals (identifier, identifier_key, protocol)
     SELECT '0139009' || n, '139009' || n, 'jt808' FROM generate_series(10001, 10003) n RETURNING id`,
  );
  pks = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
});
afterAll(() => db?.close());

const at = Date.parse('2026-11-22T08:00:00Z');

function store(batcher: IngestBatcher, messages: IngestRows[]) {
  return new Promise<Array<IngestTicket | null>>((resolve) => {
    const owner = { settled: () => tickets.every((t) => t?.state !== 'waiting') && resolve(tickets) };
    const tickets = messages.map((m) => batcher.add(m, owner));
  });
}

const latestOf = async (pk: number) =>
  (await db.one<{ gps_time: Date; mileage: number | null; alarms: string[] }>(
    'SELECT gps_time, mileage, alarms FROM latest_positions WHERE terminal_id = $1',
    [pk],
  ))!;

describe('LatestWrites (no database)', () => {
  const fix = (gpsTime: number, over: Partial<StoredPosition> = {}) => storedPosition({ terminalPk: 7, gpsTime, ...over });

  it('writes a terminal’s first fix and an alarm change at once, keeps the rest back until everyMs after its last write', () => {
    const w = new LatestWrites(30_000);
    expect(w.plan([fix(at)], 0).rows).toHaveLength(1);
    const held = w.plan([fix(at + 5000, { mileage: 10 })], 5000);
    expect(held.rows).toHaveLength(0);
    w.committed(held, 5100);
    expect(w.waitingCount).toBe(1);
    const alarm = w.plan([fix(at + 10_000, { alarms: ['sos'] })], 10_000);
    // Written at once, with the odometer reading of the fix that waited.
    expect(alarm.rows).toMatchObject([{ gpsTime: at + 10_000, mileage: 10, alarms: ['sos'] }]);
    w.committed(alarm, 10_100);
    expect(w.waitingCount).toBe(0);
    w.committed(w.plan([fix(at + 15_000, { alarms: ['sos'] })], 15_000), 15_100);
    expect(w.due(39_999)).toBe(false);
    expect(w.due(40_000)).toBe(true);
    // Due: a flush of other terminals (or none) takes it.
    expect(w.plan([], 40_000).rows).toMatchObject([{ gpsTime: at + 15_000 }]);
    expect(w.waitingCount).toBe(0);
  });

  it('puts back what a failed flush took, and writes that flush’s terminals at their next fix', () => {
    const w = new LatestWrites(30_000);
    w.committed(w.plan([fix(at)], 0), 0);
    w.committed(w.plan([fix(at + 5000)], 5000), 5000);
    // Due: the flush that drains takes the waiting fix with its own newer one.
    const failed = w.plan([fix(at + 40_000)], 40_000);
    expect(failed.rows).toMatchObject([{ gpsTime: at + 40_000 }]);
    w.failed(failed);
    expect(w.waitingCount).toBe(1);
    // At once, not at the next drain: latest_positions may lack the row the failed flush meant to write.
    expect(w.plan([fix(at + 40_500)], 40_500).rows).toMatchObject([{ gpsTime: at + 40_500 }]);
    expect(w.waitingCount).toBe(0);
  });

  it('copies a later waiting fix into the object of one written before, never into one a flush still holds', () => {
    const w = new LatestWrites(30_000);
    w.committed(w.plan([fix(at)], 0), 0);
    w.committed(w.plan([fix(at + 5000, { lat: 31.5, mileage: 12 })], 5000), 5000);
    // The drain takes the waiting fix; while that flush runs, another commits a newer report.
    const draining = w.plan([], 31_000);
    const taken = draining.rows[0];
    expect(taken).toMatchObject({ gpsTime: at + 5000, lat: 31.5, mileage: 12 });
    w.committed(w.plan([fix(at + 35_000, { lat: 31.6 })], 35_000), 35_000);
    expect(taken).toMatchObject({ gpsTime: at + 5000, lat: 31.5, mileage: 12 });
    w.committed(draining, 35_100);
    // Newer reports fold into what waits; the odometer reading carries over from a fix without one.
    w.committed(w.plan([fix(at + 40_000, { lat: 31.7, mileage: 13 })], 40_000), 40_000);
    w.committed(w.plan([fix(at + 45_000, { lat: 31.8 })], 45_000), 45_000);
    w.committed(w.plan([fix(at + 44_000, { lat: 99 })], 45_500), 45_500); // older: changes nothing
    const next = w.plan([], 66_000);
    expect(next.rows).toMatchObject([{ gpsTime: at + 45_000, lat: 31.8, mileage: 13 }]);
    w.committed(next, 66_100);
    // The object written last holds the next fix: written whole, nothing of the one before kept.
    w.committed(w.plan([fix(at + 70_000, { lat: 32 })], 70_000), 70_000);
    expect(w.plan([], 97_000).rows).toMatchObject([{ gpsTime: at + 70_000, lat: 32, mileage: null }]);
  });

  it('writes a terminal whose first write failed at its next fix, within the drain’s second', () => {
    const w = new LatestWrites(30_000);
    w.failed(w.plan([fix(at)], 0));
    expect(w.plan([fix(at)], 400).rows).toMatchObject([{ gpsTime: at }]); // the terminal sent it again
  });

  it('writes every fix at every flush with everyMs 0', () => {
    const w = new LatestWrites(0);
    w.plan([fix(at)], 0);
    expect(w.plan([fix(at + 1)], 1).rows).toHaveLength(1);
  });
});

describe(`latest positions written less often (${process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('holds later fixes back, writes them at close; a start’s catch-up takes what a crash left only in positions', async () => {
    const [a, b] = pks;
    const options = {
      maxRows: 1000,
      maxDelayMs: 5,
      maxPendingRows: 10_000,
      maxConcurrentFlushes: 1,
      concurrentFromRows: 1000,
      latestEveryMs: 60_000,
    };
    const batcher = new IngestBatcher(db, createLogger('silent'), options);
    const p = (terminalPk: number, gpsTime: number, over: Partial<StoredPosition> = {}) => ({
      positions: [storedPosition({ terminalPk, gpsTime, ...over })],
      alarms: [],
    });
    await store(batcher, [p(a, at, { mileage: 100 }), p(b, at)]);
    expect((await latestOf(a)).gps_time.getTime()).toBe(at);
    await store(batcher, [p(a, at + 5000, { mileage: 105 }), p(b, at + 5000)]);
    await store(batcher, [p(a, at + 10_000)]);
    // Stored, acknowledged, and not yet the latest.
    expect((await latestOf(a)).gps_time.getTime()).toBe(at);
    // An alarm that starts is written at once.
    await store(batcher, [p(b, at + 10_000, { alarms: ['sos'] })]);
    expect(await latestOf(b)).toMatchObject({ alarms: ['sos'] });
    await batcher.close();
    expect(await latestOf(a)).toMatchObject({ mileage: 105 });
    expect((await latestOf(a)).gps_time.getTime()).toBe(at + 10_000);

    // A gateway that died holding fixes back: positions have them, latest_positions not.
    const crashed = new IngestBatcher(db, createLogger('silent'), options);
    await store(crashed, [p(a, at + 20_000, { mileage: 120 })]);
    await store(crashed, [p(a, at + 25_000)]);
    await store(crashed, [p(a, at + 30_000, { valid: false, lat: 0, lon: 0 })]); // no fix: never the latest
    expect((await latestOf(a)).gps_time.getTime()).toBe(at + 20_000);
    await ingestQueries.catchUpLatest(db);
    expect((await latestOf(a)).gps_time.getTime()).toBe(at + 25_000);
    expect((await latestOf(a)).mileage).toBe(120);
    expect((await latestOf(b)).gps_time.getTime()).toBe(at + 10_000);
  });

  it('writes a held-back fix when it falls due though no report brings a flush', async () => {
    const c = pks[2];
    // Its timer starts with the first flush that leaves a terminal to watch (none runs before).
    const batcher = new IngestBatcher(db, createLogger('silent'), {
      maxRows: 1000,
      maxDelayMs: 5,
      maxPendingRows: 10_000,
      maxConcurrentFlushes: 1,
      concurrentFromRows: 1000,
      latestEveryMs: 1000,
    });
    const p = (gpsTime: number) => ({ positions: [storedPosition({ terminalPk: c, gpsTime })], alarms: [] });
    await store(batcher, [p(at)]);
    await store(batcher, [p(at + 5000)]);
    await eventually(async () => (await latestOf(c)).gps_time.getTime() === at + 5000, 15_000, 'the held-back fix written');
    await batcher.close();
  });
});
