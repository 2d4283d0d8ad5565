import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMeters } from '@chelian/geo/coords.ts';
import { beijingDayOf, beijingDayStart } from '@chelian/contracts/beijingTime.ts';
import { createTestServer, type TestServer } from '../../testing/testServer.ts';
import { testEngine } from '../../testing/testDb.ts';
import { ingestQueries, type StoredPosition } from '../../gateway/ingest.queries.ts';
import { startGateway } from '../../gateway/gateway.ts';
import { connectJt808 } from '../../testing/testTerminal.ts';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { backfill, rollupDay } from './rollup.service.ts';
import { rollupQueries } from './rollup.queries.ts';

let t: TestServer;
let gpsTerminal: number;
let odoTerminal: number;
beforeAll(async () => {
  t = await createTestServer();
  const insert = (identifier: string) =>
    t.ctx.db.one<{ id: number }>(`INSERT INTO terminals (identifier, identifier_key, protocol) VALUES ($1, $1, 'jt808') RETURNING id`, [
      identifier,
    ]);
  gpsTerminal = (await insert('13871000001'))!.id;
  odoTerminal = (await insert('13871000002'))!.id;
});
afterAll(async () => {
  await t?.close();
});

/** Beijing wall-clock time on 2026-05-02 → epoch ms. */
const bj = (hhmmss: string, day = '2026-05-02') => Date.parse(`${day}T${hhmmss}+08:00`);

const point = (
  terminalPk: number,
  gpsTime: number,
  lat: number,
  lon: number,
  speed: number,
  extra: Partial<StoredPosition> = {},
): StoredPosition => ({
  terminalPk,
  gpsTime,
  receivedAt: gpsTime,
  lat,
  lon,
  speed,
  course: 0,
  altitude: 0,
  valid: true,
  satellites: 8,
  acc: true,
  mileage: null,
  alarms: [],
  extras: null,
  ...extra,
});

/** 2026-05-02's rows, without when they were written (numbers to 1e-9). */
const day = () =>
  t.ctx.db
    .query(`SELECT * FROM daily_terminal_stats WHERE day = '2026-05-02' ORDER BY terminal_id`)
    .then((rows) =>
      rows.map(({ rolled_up_at: _, ...r }) =>
        JSON.parse(JSON.stringify(r, (_k, v: unknown) => (typeof v === 'number' ? Math.round(v * 1e9) / 1e9 : v))),
      ),
    );

const stats = (terminalId: number, day: string) =>
  t.ctx.db.one<Record<string, unknown>>(
    `SELECT mileage_km, gps_km, mileage_source, driving_seconds, max_speed, first_position_at, last_position_at, position_count, alarm_count,
            alarm_types, online_seconds, first_online_at, last_offline_at, elapsed_seconds
       FROM daily_terminal_stats WHERE terminal_id = $1 AND day = $2::date`,
    [terminalId, day],
  );

describe('daily rollup', () => {
  const track: StoredPosition[] = [];
  beforeAll(async () => {
    // 08:00–08:10 Beijing: north at 40 km/h, a fix every 10 s (0.001° ≈ 111 m per step).
    for (let i = 0; i <= 60; i++) track.push(point(gpsTerminal, bj('08:00:00') + i * 10_000, 22.5 + i * 0.001, 114.05, 40));
    const rows = [...track];
    // Parked 08:10–08:15: no distance, no driving time.
    for (let i = 1; i <= 30; i++) rows.push(point(gpsTerminal, bj('08:10:00') + i * 10_000, 22.56, 114.05, 0));
    // An invalid fix far away and fast: neither distance nor maximum speed.
    rows.push(point(gpsTerminal, bj('09:00:00'), 30, 120, 180, { valid: false }));
    // A GPS jump of ~800 km in 10 s is not driven.
    rows.push(point(gpsTerminal, bj('09:00:10'), 30, 120, 30), point(gpsTerminal, bj('09:00:20'), 22.56, 114.05, 30));
    // Day boundaries in Beijing time: 23:59:50 belongs to 05-02, 00:00:10 to 05-03 (both are 05-02 in UTC).
    rows.push(point(gpsTerminal, bj('23:59:50'), 22.56, 114.05, 5), point(gpsTerminal, bj('00:00:10', '2026-05-03'), 22.561, 114.05, 5));
    rows.push(point(gpsTerminal, bj('23:59:59', '2026-05-01'), 22.4, 114.05, 50)); // the day before
    await ingestQueries.copyPositions(t.ctx.db, rows);
    await ingestQueries.upsertLatest(t.ctx.db, [rows.reduce((x, y) => (y.gpsTime > x.gpsTime ? y : x))]);

    // The odometer terminal: its own mileage wins over the geometry; a reset is not negative distance,
    // and a 0 is no reading (the placeholder terminals without an odometer send).
    await ingestQueries.copyPositions(t.ctx.db, [
      point(odoTerminal, bj('10:00:00'), 23, 113, 30, { mileage: 1000 }),
      point(odoTerminal, bj('10:06:00'), 23, 113, 30, { mileage: 1002.5 }),
      point(odoTerminal, bj('10:12:00'), 23, 113, 30, { mileage: 1004.5 }),
      point(odoTerminal, bj('10:18:00'), 23, 113, 30, { mileage: 0 }),
      point(odoTerminal, bj('10:24:00'), 23, 113, 30, { mileage: 1.5 }),
    ]);
    await ingestQueries.insertAlarms(t.ctx.db, [
      {
        terminalPk: gpsTerminal,
        accountId: null,
        vehicleId: null,
        type: 'overspeed',
        alarmTime: bj('08:05:00'),
        lat: 22.53,
        lon: 114.05,
        speed: 40,
      },
      {
        terminalPk: gpsTerminal,
        accountId: null,
        vehicleId: null,
        type: 'overspeed',
        alarmTime: bj('08:06:00'),
        lat: 22.53,
        lon: 114.05,
        speed: 40,
      },
      {
        terminalPk: gpsTerminal,
        accountId: null,
        vehicleId: null,
        type: 'sos',
        alarmTime: bj('00:00:00'),
        lat: 22.53,
        lon: 114.05,
        speed: 0,
      },
      {
        terminalPk: gpsTerminal,
        accountId: null,
        vehicleId: null,
        type: 'sos',
        alarmTime: bj('00:00:00', '2026-05-03'),
        lat: 22.53,
        lon: 114.05,
        speed: 0,
      },
    ]);
    // Presence: online since the evening before, off 12:00–20:00, online again into the next day.
    await t.ctx.db.query(
      `INSERT INTO presence_events (terminal_id, at, online) VALUES ($1, $2, true), ($1, $3, false), ($1, $4, true), ($1, $5, false)`,
      [
        gpsTerminal,
        new Date(bj('22:00:00', '2026-05-01')),
        new Date(bj('12:00:00')),
        new Date(bj('20:00:00')),
        new Date(bj('06:00:00', '2026-05-03')),
      ],
    );
  });

  it('sums the great-circle distance of valid fixes, driving time, speed, positions, alarms and online time of a Beijing day', async () => {
    await backfill(t.ctx.db, '2026-05-01', '2026-05-03', Date.parse('2026-05-10T00:00:00Z'));
    let expectedMeters = 0;
    for (let i = 1; i < track.length; i++)
      expectedMeters += distanceMeters([track[i - 1].lon, track[i - 1].lat], [track[i].lon, track[i].lat]);
    expectedMeters += distanceMeters([114.05, track[60].lat], [114.05, 22.56]); // into the parking spot (rounding only)
    const day = await stats(gpsTerminal, '2026-05-02');
    expect(day).toMatchObject({
      mileage_source: 'gps',
      driving_seconds: 600 + 10 + 10, // the track, the step into the stop, the step after the jump max_speed: 40, position_count: 61 + 30 + 3 + 1,
      first_position_at: new Date(bj('08:00:00')),
      last_position_at: new Date(bj('23:59:50')),
      alarm_count: 3,
      alarm_types: { overspeed: 2, sos: 1 },
      online_seconds: 12 * 3600 + 4 * 3600,
      first_online_at: new Date(beijingDayStart('2026-05-02')),
      last_offline_at: new Date(bj('12:00:00')),
      elapsed_seconds: 86_400,
    });
    // 60 steps of 0.001° plus the jump back (not counted) and 23:59:50 (parked at 22.56): exactly the track,
    // stored as the pages show it (0.01 km) beside the running sum.
    expect(day!.gps_km as number).toBeCloseTo(expectedMeters / 1000, 9);
    expect(day!.mileage_km).toBe(Math.round(expectedMeters / 10) / 100);
    expect(day!.mileage_km).toBe(6.67);

    expect(await stats(gpsTerminal, '2026-05-03')).toMatchObject({
      position_count: 1,
      alarm_count: 1,
      alarm_types: { sos: 1 },
      online_seconds: 6 * 3600,
      first_online_at: new Date(beijingDayStart('2026-05-03')),
      last_offline_at: new Date(bj('06:00:00', '2026-05-03')),
    });
    expect(await stats(gpsTerminal, '2026-05-01')).toMatchObject({
      position_count: 1,
      online_seconds: 2 * 3600,
      first_online_at: new Date(bj('22:00:00', '2026-05-01')),
    });

    const odo = await stats(odoTerminal, '2026-05-02');
    expect(odo).toMatchObject({ mileage_source: 'odometer', position_count: 5, driving_seconds: 0, online_seconds: 0 }); // 6-minute gaps are not driving
    expect(odo!.mileage_km).toBe(2.5 + 2); // 1004.5 → (0) → 1.5: the reset loses what was driven up to the first reading after it
  });

  it('counts the walk of a terminal that reports speed 0, but not its drift while it stands', async () => {
    const walker = (await t.ctx.db.one<{ id: number }>(
      `INSERT INTO terminals (identifier, identifier_key, protocol) VALUES ('9700000001', '9700000001', 'watch') RETURNING id`,
    ))!.id;
    const rows: StoredPosition[] = [];
    // 10:00–10:10: a step of 0.001° (≈111 m) a minute, every report at speed 0 (the watch sends none).
    for (let i = 0; i <= 10; i++) rows.push(point(walker, bj('10:00:00', '2026-05-04') + i * 60_000, 22.5 + i * 0.001, 114.05, 0));
    // 10:11–10:20: standing at the end, wandering ±0.0002° (≈22 m): drift, no distance.
    for (let i = 1; i <= 10; i++) rows.push(point(walker, bj('10:10:00', '2026-05-04') + i * 60_000, 22.51 + (i % 2) * 0.0002, 114.05, 0));
    await ingestQueries.copyPositions(t.ctx.db, rows);
    await rollupDay(t.ctx.db, '2026-05-04', { now: Date.parse('2026-05-10T00:00:00Z') });
    const walked = distanceMeters([114.05, 22.5], [114.05, 22.51]);
    expect(await stats(walker, '2026-05-04')).toMatchObject({
      mileage_source: 'gps',
      mileage_km: Math.round(walked / 10) / 100,
      driving_seconds: 0,
    });
  });

  it('gives the same table when run again, and drops what no longer happened', async () => {
    const all = () =>
      t.ctx.db
        .query(`SELECT * FROM daily_terminal_stats ORDER BY terminal_id, day`)
        .then((rows) => rows.map(({ rolled_up_at: _, ...r }) => r));
    const before = await all();
    await backfill(t.ctx.db, '2026-05-01', '2026-05-03', Date.parse('2026-05-10T00:00:00Z'));
    expect(await all()).toEqual(before);
    await t.ctx.db.query(`DELETE FROM positions WHERE terminal_id = $1`, [odoTerminal]);
    await rollupDay(t.ctx.db, '2026-05-02', { now: Date.parse('2026-05-10T00:00:00Z') });
    expect(await stats(odoTerminal, '2026-05-02')).toBeUndefined();
    // A day whose positions are all gone (dropped by retention) keeps the figures counted from them.
    const before01 = await stats(gpsTerminal, '2026-05-01');
    await t.ctx.db.query(`DELETE FROM positions WHERE gps_time < $1`, [new Date(beijingDayStart('2026-05-02'))]);
    expect(await rollupDay(t.ctx.db, '2026-05-01', { now: Date.parse('2026-05-10T00:00:00Z') })).toMatchObject({ kept: true });
    expect(await stats(gpsTerminal, '2026-05-01')).toEqual(before01);
  });

  it('adds what arrived since the last pass while the day runs, to the same figures a full pass gives', async () => {
    const db = t.ctx.db;
    await db.query(`DELETE FROM daily_terminal_stats WHERE day = '2026-05-02'`);
    await db.query(`DELETE FROM daily_rollup_days`);
    expect(await rollupDay(db, '2026-05-02', { now: bj('08:05:00') })).toMatchObject({ final: false });
    expect(await stats(gpsTerminal, '2026-05-02')).toMatchObject({
      position_count: 30,
      driving_seconds: 290,
      elapsed_seconds: 8 * 3600 + 300,
    });
    await rollupDay(db, '2026-05-02', { now: bj('08:07:35') });
    await rollupDay(db, '2026-05-02', { now: bj('14:00:00') });
    const stepwise = await day();
    expect(stepwise.find((r) => r.terminal_id === gpsTerminal)).toMatchObject({
      elapsed_seconds: 14 * 3600,
      online_seconds: 12 * 3600,
      position_count: 61 + 30 + 3,
      driving_seconds: 620,
    });
    await rollupDay(db, '2026-05-02', { now: bj('14:00:00'), full: true });
    expect(await day()).toEqual(stepwise);

    expect(await rollupDay(db, '2026-05-02', { now: bj('00:30:00', '2026-05-03') })).toMatchObject({ final: false });
    expect(await rollupDay(db, '2026-05-02', { now: bj('03:00:00', '2026-05-03') })).toMatchObject({ final: true });
    expect(await stats(gpsTerminal, '2026-05-02')).toMatchObject({ position_count: 95, elapsed_seconds: 86_400 });
    expect(beijingDayOf(bj('00:00:00', '2026-05-03'))).toBe('2026-05-03');
  });

  it('writes the same rows when the pass of a large fleet goes slice by slice', async () => {
    const db = t.ctx.db;
    // A second terminal driving that morning: a slice each.
    const drive = [0, 1, 2].map((k) => point(odoTerminal, bj(`07:5${k}:00`), 23 + k / 100, 113, 40));
    await ingestQueries.copyPositions(db, drive);
    await ingestQueries.upsertLatest(db, [drive[2]]);
    const passes = async (sliceTerminals?: number) => {
      await db.query(`DELETE FROM daily_terminal_stats WHERE day = '2026-05-02'`);
      await db.query(`DELETE FROM daily_stays WHERE day = '2026-05-02'`);
      await db.query(`DELETE FROM daily_rollup_days`);
      for (const at of ['08:05:00', '08:07:35', '14:00:00']) await rollupDay(db, '2026-05-02', { now: bj(at), sliceTerminals });
      return { rows: await day(), stays: await db.query(`SELECT * FROM daily_stays WHERE day = '2026-05-02' ORDER BY 1, 2, 3`) };
    };
    const whole = await passes();
    expect(whole.rows.map((r: { terminal_id: string }) => Number(r.terminal_id))).toEqual([gpsTerminal, odoTerminal]);
    // One terminal a slice: every terminal's row written in a transaction of its own.
    expect(await passes(1)).toEqual(whole);

    // The jobs role stopping: no slice starts after, the rest waits for the next pass.
    await db.query(`DELETE FROM daily_terminal_stats WHERE day = '2026-05-02'`);
    expect(await rollupDay(db, '2026-05-02', { now: bj('14:00:00'), sliceTerminals: 1, signal: AbortSignal.abort() })).toBeNull();
    expect(await day()).toEqual([]);
  });

  // PGlite runs one transaction at a time: two processes only meet on PostgreSQL.
  it.runIf(testEngine() === 'postgres')('leaves the day to the process that holds the rollup lock', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const hasLock = new Promise<void>((r) => (locked = r));
    const other = t.ctx.db.tx(async (q) => {
      expect(await rollupQueries.lock(q, false)).toBe(true);
      locked();
      await held;
    });
    await hasLock;
    const now = Date.parse('2026-05-10T00:00:00Z');
    expect(await rollupDay(t.ctx.db, '2026-05-02', { now })).toBeNull();
    release();
    await other;
    expect(await rollupDay(t.ctx.db, '2026-05-02', { now })).toMatchObject({ day: '2026-05-02', final: true });
  });

  it('records online and offline transitions made by the gateway, at the last sign of life', async () => {
    const gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
    const terminal = await connectJt808(gw.ports.jt808!, '013871000002');
    terminal.send(
      encodeJt808Location({ phone: '013871000002' }, 1, {
        time: Date.now(),
        lat: 23,
        lon: 113,
        valid: true,
        speedKmh: 0,
        course: 0,
        altitude: 0,
      }),
    );
    await terminal.next(); // answered once stored
    terminal.close();
    await gw.close();
    const events = () =>
      t.ctx.db.query<{ at: Date; online: boolean }>(
        'SELECT at, online FROM presence_events WHERE terminal_id = $1 ORDER BY at, online DESC',
        [odoTerminal],
      );
    const [cameOnline] = await events();
    expect(cameOnline).toMatchObject({ online: true });
    expect(Math.abs(cameOnline.at.getTime() - Date.now())).toBeLessThan(30_000);
    // The sweep's query declares it offline; the event carries when it was last heard.
    const lastHeard = (await t.ctx.db.one<{ last_seen_at: Date }>('SELECT last_seen_at FROM terminals WHERE id = $1', [odoTerminal]))!
      .last_seen_at;
    await new Promise((r) => setTimeout(r, 20));
    expect(await ingestQueries.markSilentOffline(t.ctx.db, 0, [odoTerminal])).toHaveLength(1);
    expect(await ingestQueries.markSilentOffline(t.ctx.db, 0, [odoTerminal])).toHaveLength(0); // already offline: no second event
    expect(await events()).toEqual([cameOnline, { at: lastHeard, online: false }]);
  });
});
