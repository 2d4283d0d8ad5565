import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositionAttributes } from '@chelian/protocols/positionAttributes.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';
import { createTestDb, type TestDb } from '../testing/testDb.ts';
import { ingestQueries, type StoredPosition } from './ingest.queries.ts';
import { PositionCopyWriter } from '../core/positionCopy.ts';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db?.close());

/** The text-array writer escapes whatever it is given: odd texts stand in for alarm types here. */
const texts = (...t: string[]) => t as AlarmType[];

const at = Date.parse('2026-11-22T08:26:40.123Z');
const row = (over: Partial<StoredPosition>): StoredPosition => ({
  terminalPk: 990_001,
  gpsTime: at,
  receivedAt: at + 877,
  lat: 31.123456,
  lon: -121.5,
  speed: 0,
  course: 359,
  altitude: -3.5,
  valid: false,
  satellites: null,
  acc: null,
  mileage: null,
  alarms: [],
  extras: null,
  ...over,
});

describe(`positions binary COPY (${process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('stores unknown fields as NULL and quotes, commas, newlines and Chinese in alarms and extras as sent', async () => {
    const extras = { note: 'a "quoted", comma\nnewline 中文', n: 1.5, flag: true } as object as PositionAttributes;
    await ingestQueries.copyPositions(db, [
      row({}),
      row({ gpsTime: at + 1000, satellites: 12, acc: false, mileage: 0.1, valid: true, alarms: texts('overspeed', 'a"b\\c'), extras }),
    ]);
    const stored = await db.query<Record<string, unknown>>(
      `SELECT gps_time, received_at, lat, lon, speed, course, altitude, valid, satellites, acc, mileage, alarms, extras
         FROM positions WHERE terminal_id = 990001 ORDER BY gps_time`,
    );
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      lat: 31.123456,
      lon: -121.5,
      course: 359,
      valid: false,
      satellites: null,
      acc: null,
      mileage: null,
      alarms: [],
      extras: null,
    });
    expect((stored[0].gps_time as Date).getTime()).toBe(at);
    expect((stored[0].received_at as Date).getTime()).toBe(at + 877);
    expect(stored[1]).toMatchObject({
      valid: true,
      satellites: 12,
      acc: false,
      mileage: 0.1,
      alarms: texts('overspeed', 'a"b\\c'),
      extras,
    });
  });

  it('keeps every field exact at the edges: large ids, times before 2000 and far ahead, float4 speeds, non-ASCII alarms, many rows', async () => {
    const old = Date.parse('1999-12-31T23:59:59.001Z');
    const far = Date.parse('2090-01-01T00:00:00.999Z');
    const many = Array.from({ length: 3000 }, (_, i) =>
      row({ terminalPk: 990_003, gpsTime: at + i * 1000, speed: i % 200, course: i % 360 }),
    );
    await ingestQueries.copyPositions(db, [
      row({
        terminalPk: 2 ** 40 + 7,
        gpsTime: old,
        receivedAt: far,
        speed: 61.5,
        altitude: 1e6,
        satellites: 255,
        mileage: 123456.789,
        alarms: texts('超速', 'x'),
        extras: { 中: '文', deep: { a: [1, 2] } } as object as PositionAttributes,
      }),
      ...many,
    ]);
    const [edge] = await db.query<Record<string, unknown>>(
      'SELECT terminal_id, gps_time, received_at, speed, altitude, satellites, mileage, alarms, extras FROM positions WHERE terminal_id = $1',
      [2 ** 40 + 7],
    );
    expect(Number(edge.terminal_id)).toBe(2 ** 40 + 7);
    expect((edge.gps_time as Date).getTime()).toBe(old);
    expect((edge.received_at as Date).getTime()).toBe(far);
    expect(edge).toMatchObject({
      speed: 61.5,
      altitude: 1e6,
      satellites: 255,
      mileage: 123456.789,
      alarms: texts('超速', 'x'),
      extras: { 中: '文', deep: { a: [1, 2] } },
    });
    const [sum] = await db.query<{ n: number; speed: number; course: number }>(
      'SELECT count(*)::int AS n, sum(speed)::int AS speed, sum(course)::int AS course FROM positions WHERE terminal_id = 990003',
    );
    expect(sum).toEqual({ n: 3000, speed: many.reduce((a, p) => a + p.speed, 0), course: many.reduce((a, p) => a + p.course, 0) });
  });
});

describe(`latest_positions in one statement per flush (${process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('stores each terminal’s row exactly as its positions twin, and an older report never overwrites a newer one', async () => {
    const keys = ['lp-q-7701', 'lp-q-7702'];
    const ids = (
      await db.query<{ id: number }>(
        `INSERT INTO terminals (identifier, identifier_key, protocol) SELECT k, k, 'jt808' FROM unnest($1::text[]) k RETURNING id`,
        [keys],
      )
    ).map((r) => Number(r.id));
    const extras = { note: 'a "quoted", comma\nnewline 中文 \\ back', n: 1.5, flag: true } as object as PositionAttributes;
    const rows = [
      row({
        terminalPk: ids[0],
        speed: 40.1,
        altitude: -3.3,
        course: 359.6,
        satellites: 12,
        acc: true,
        mileage: 0.1,
        alarms: texts('overspeed', 'a"b\\c', '{x,y}'),
        extras,
      }),
      row({ terminalPk: ids[1], gpsTime: at + 5, receivedAt: at + 6, valid: true }),
    ];
    const copy = new PositionCopyWriter();
    copy.addAll(rows);
    await ingestQueries.storePositions(db, copy.finish(), rows);
    const cols = 'terminal_id, gps_time, received_at, lat, lon, speed, course, altitude, valid, satellites, acc, mileage, alarms, extras';
    const latest = await db.query(`SELECT ${cols} FROM latest_positions WHERE terminal_id = ANY($1::bigint[]) ORDER BY terminal_id`, [ids]);
    const twins = await db.query(`SELECT ${cols} FROM positions WHERE terminal_id = ANY($1::bigint[]) ORDER BY terminal_id`, [ids]);
    expect(latest).toHaveLength(2);
    expect(latest).toEqual(twins);
    expect(latest[0]).toMatchObject({ course: 360, satellites: 12, alarms: texts('overspeed', 'a"b\\c', '{x,y}'), extras });

    // An older report for the first terminal, without a mileage: latest keeps the newer row.
    const older = [row({ terminalPk: ids[0], gpsTime: at - 1000, speed: 1 })];
    const copy2 = new PositionCopyWriter();
    copy2.addAll(older);
    await ingestQueries.storePositions(db, copy2.finish(), older);
    expect(await db.query(`SELECT ${cols} FROM latest_positions WHERE terminal_id = $1`, [ids[0]])).toEqual([latest[0]]);
  });
  it('stores a flush of positions alone all or nothing: its COPY is its own transaction', async () => {
    const pk = 990_777;
    const store = (rows: StoredPosition[]) => {
      const copy = new PositionCopyWriter();
      copy.addAll(rows);
      return ingestQueries.storePositions(db, copy.finish(), []);
    };
    const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM positions WHERE terminal_id = $1', [pk]))[0].n;
    // The second row's extras hold a lone surrogate, which jsonb refuses: the first row goes back with it.
    const refused = { note: '\ud800' } as object as PositionAttributes;
    await expect(
      store([row({ terminalPk: pk, gpsTime: at + 7 }), row({ terminalPk: pk, gpsTime: at + 8, extras: refused })]),
    ).rejects.toThrow();
    expect(await count()).toBe(0);
    expect(await store([row({ terminalPk: pk, gpsTime: at + 7 })])).toBeNull();
    expect(await count()).toBe(1);
  });
  it('never makes a fix from before the terminal’s hand-over its latest, and does one from after (one primary-key probe a row)', async () => {
    const [{ id }] = await db.query<{ id: number }>(
      `INSERT INTO terminals (identifier, identifier_key, protocol, handed_over_at) VALUES ('lp-q-7703', 'lp-q-7703', 'jt808', $1) RETURNING id`,
      [new Date(at)],
    );
    const pk = Number(id);
    const store = async (rows: StoredPosition[]) => {
      const copy = new PositionCopyWriter();
      copy.addAll(rows);
      await ingestQueries.storePositions(db, copy.finish(), rows);
    };
    await store([row({ terminalPk: pk, gpsTime: at - 60_000, valid: true })]);
    expect(await db.query('SELECT gps_time FROM latest_positions WHERE terminal_id = $1', [pk])).toEqual([]);
    await store([row({ terminalPk: pk, gpsTime: at + 1, valid: true, satellites: -2, course: -0.4, extras: null, alarms: [] })]);
    const [latest] = await db.query<{ gps_time: Date; satellites: number; course: number }>(
      'SELECT gps_time, satellites, course FROM latest_positions WHERE terminal_id = $1',
      [pk],
    );
    expect(latest.gps_time.getTime()).toBe(at + 1);
    expect(latest).toMatchObject({ satellites: -2, course: 0 });
    expect(await db.query('SELECT count(*)::int AS n FROM positions WHERE terminal_id = $1', [pk])).toEqual([{ n: 2 }]);
  });
});
