import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PositionAttributes } from '@chelian/protocols/positionAttributes.ts';
import { createLogger } from '../log.ts';
import { storedPosition } from '../testing/storedPosition.ts';
import { createTestDb, type TestDb } from '../testing/testDb.ts';
import type { NewAlarm, StoredPosition } from './ingest.queries.ts';
import { IngestBatcher, type IngestRows, type IngestTicket } from './ingestBatcher.ts';

let db: TestDb;
let terminalPk: number;
beforeAll(async () => {
  db = await createTestDb();
  const row = await db.one<{ id: number }>(
    `INSERT INTO terminals (identifier, identifier_key, protocol) VALUES ('013900990001', '13900990001', 'jt808') RETURNING id`,
  );
  terminalPk = Number(row!.id);
});
afterAll(() => db?.close());

const at = Date.parse('2026-11-22T08:00:00Z');
const row = (over: Partial<StoredPosition>) => storedPosition({ terminalPk, gpsTime: at, ...over });

/** Adds the messages as one connection would and resolves once a flush has settled them all: their tickets, null where refused. */
function store(batcher: IngestBatcher, messages: IngestRows[]) {
  return new Promise<Array<IngestTicket | null>>((resolve) => {
    const owner = { settled: () => tickets.every((t) => t?.state !== 'waiting') && resolve(tickets) };
    const tickets = messages.map((m) => batcher.add(m, owner));
  });
}

const options = { maxRows: 1000, maxDelayMs: 5, maxPendingRows: 10_000, maxConcurrentFlushes: 1, concurrentFromRows: 1000 };

describe(`ingest batcher (${process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('stores a flush’s rows; latest_positions and live news get the newest fix, with the newest odometer reading', async () => {
    const batcher = new IngestBatcher(db, createLogger('silent'), options);
    const tickets = await store(batcher, [
      { positions: [row({ mileage: 1234.5 })], alarms: [] },
      { positions: [row({ gpsTime: at + 1000, lat: 31.21 })], alarms: [] },
      { positions: [row({ gpsTime: at + 2000, valid: false, lat: 0, lon: 0 })], alarms: [] }, // no fix: moves nothing
    ]);
    expect(tickets.map((t) => t?.state)).toEqual(['stored', 'stored', 'stored']);

    const stored = await db.query<{ n: string }>('SELECT count(*) AS n FROM positions WHERE terminal_id = $1', [terminalPk]);
    expect(Number(stored[0].n)).toBe(3);
    const latest = await db.one<{ lat: number; mileage: number; gps_time: Date }>(
      'SELECT lat, mileage, gps_time FROM latest_positions WHERE terminal_id = $1',
      [terminalPk],
    );
    expect(latest).toMatchObject({ lat: 31.21, mileage: 1234.5 });
    expect(latest!.gps_time.getTime()).toBe(at + 1000);
    // One ticket per terminal and batch, shared by its alarm-free messages: what the session publishes.
    expect(tickets[0]).toBe(tickets[2]);
    expect(tickets[0]?.latest.newest).toMatchObject({ gpsTime: at + 1000, lat: 31.21, mileage: 1234.5 });
    await batcher.close();
  });

  it('gives a message with alarms a ticket of its own, with the ids of its stored alarms', async () => {
    const batcher = new IngestBatcher(db, createLogger('silent'), options);
    const sos: NewAlarm = {
      terminalPk,
      accountId: null,
      vehicleId: null,
      type: 'sos',
      alarmTime: at + 21_000,
      lat: 31.2,
      lon: 121.4,
      speed: 0,
    };
    const tickets = await store(batcher, [
      { positions: [row({ gpsTime: at + 20_000 })], alarms: [] },
      { positions: [row({ gpsTime: at + 21_000, alarms: ['sos'] })], alarms: [sos] },
      { positions: [row({ gpsTime: at + 22_000 })], alarms: [] },
    ]);
    expect(tickets[0]).toBe(tickets[2]);
    expect(tickets[1]).not.toBe(tickets[0]);
    expect(tickets[1]?.latest).toBe(tickets[0]?.latest); // one newest fix per terminal and batch
    expect(tickets[0]?.alarms).toHaveLength(0);
    const [id] = tickets[1]!.alarmIds!;
    const stored = await db.one<{ type: string; terminal_id: number }>('SELECT type, terminal_id FROM alarms WHERE id = $1', [id]);
    expect(stored).toMatchObject({ type: 'sos', terminal_id: terminalPk });
    await batcher.close();
  });

  it('refuses a message whose row cannot be encoded and stores the rest of its batch', async () => {
    const batcher = new IngestBatcher(db, createLogger('silent'), options);
    const bad: IngestRows = {
      positions: [row({ gpsTime: at + 10_000 }), row({ gpsTime: at + 11_000, extras: { n: 1n } as object as PositionAttributes })],
      alarms: [],
    };
    const good: IngestRows = { positions: [row({ gpsTime: at + 12_000 })], alarms: [] };
    const [badTicket, goodTicket] = await store(batcher, [bad, good]);
    expect(badTicket).toBeNull(); // never queued, so never acknowledged
    expect(goodTicket?.state).toBe('stored');
    const times = await db.query<{ gps_time: Date }>(
      'SELECT gps_time FROM positions WHERE terminal_id = $1 AND gps_time >= $2 AND gps_time < $3 ORDER BY gps_time',
      [terminalPk, new Date(at + 10_000), new Date(at + 20_000)],
    );
    // Neither row of the refused entry: the one before the bad row was rolled back with it.
    expect(times.map((t) => t.gps_time.getTime())).toEqual([at + 12_000]);
    await batcher.close();
  });

  it('gathers a small batch while a flush commits, and starts a large one beside it (group commit)', async () => {
    // A database whose commits wait to be let go: which flushes run at once is then plain to see.
    const commits: Array<() => void> = [];
    const copied: number[] = [];
    const slow = {
      engine: 'postgres',
      tx: (fn: (q: unknown) => Promise<unknown>) =>
        fn({
          copyRows: async (_t: string, _c: string[], data: Uint8Array) => void copied.push(data.length),
          query: async () => [],
        }).then(() => new Promise<void>((resolve) => commits.push(resolve))),
    } as unknown as TestDb;
    const batcher = new IngestBatcher(slow, createLogger('silent'), {
      ...options,
      maxConcurrentFlushes: 2,
      maxDelayMs: 1,
      concurrentFromRows: 3,
      // Every fix to latest_positions in its own flush: close() then has no held-back rows to write in a
      // flush of their own, which this stand-in would hold forever (latestWrites.test covers that flush).
      latestEveryMs: 0,
    });
    const owner = { settled: () => {} };
    const message = (gpsTime: number): IngestRows => ({ positions: [row({ gpsTime })], alarms: [] });
    batcher.add(message(at + 40_000), owner);
    await vi.waitFor(() => expect(commits).toHaveLength(1));
    batcher.add(message(at + 41_000), owner);
    batcher.add(message(at + 42_000), owner);
    await new Promise((r) => setTimeout(r, 20)); // well past maxDelayMs: still gathering behind the running commit
    expect(commits).toHaveLength(1);
    batcher.add(message(at + 43_000), owner); // three rows wait: large enough to run beside it
    await vi.waitFor(() => expect(commits).toHaveLength(2));
    commits[0]();
    commits[1]();
    await batcher.close();
    expect(copied).toHaveLength(2);
    expect(batcher.stats).toMatchObject({ flushes: 2, rows: 4 });
  });
});
