import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/types.ts';
import { openPostgres } from '../../db/postgres.ts';
import { createTestDb, type TestDb } from '../../testing/testDb.ts';
import {
  maintainPositionPartitions,
  PARTITION_DAYS_AHEAD,
  pruneBatteryReports,
  prunePresenceHistory,
} from './positionRetention.service.ts';
import { positionRetentionQueries } from './positionRetention.queries.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';

/** 'YYYYMMDD' of the UTC day `offset` days from today. */
const dayKey = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
/** Noon UTC of that day. */
const noon = (offset: number) => new Date(`${new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10)}T12:00:00Z`);

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db?.close());

async function insertAt(offsets: number[]) {
  await db.copyRows(
    'positions',
    ['terminal_id', 'gps_time', 'received_at', 'lat', 'lon'],
    offsets.map((o) => [1, noon(o), noon(o), 22.5, 114]),
  );
}
const storedOffsets = async () =>
  (await db.query<{ t: Date }>('SELECT gps_time AS t FROM positions ORDER BY gps_time')).map((r) =>
    Math.round((r.t.getTime() - noon(0).getTime()) / DAY_MS),
  );

describe(`position retention (${process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('makes the coming days ahead and drops whole days past the retention, the default partition included', async () => {
    await db.query('SELECT ensure_position_partitions($1::date, $2::date)', [noon(-200), noon(-178)]);
    // Day -300 has no partition (a terminal with a wrong clock): it sits in the default partition.
    await insertAt([-300, -200, -181, -180, -179, 0]);

    const first = await maintainPositionPartitions(db, 180);
    const days = await positionRetentionQueries.days(db);
    expect(first.dropped).toBe(20); // days -200 … -181
    expect(days[0]).toBe(dayKey(-180));
    expect(days).toContain(dayKey(0));
    expect(days.at(-1)).toBe(dayKey(PARTITION_DAYS_AHEAD));
    expect(first.made).toBe(PARTITION_DAYS_AHEAD + 1);
    expect(await storedOffsets()).toEqual([-180, -179, 0]);

    // A second pass finds nothing to do.
    expect(await maintainPositionPartitions(db, 180)).toEqual({ made: 0, dropped: 0 });
  });

  it('keeps everything when the retention is 0', async () => {
    await db.query('SELECT ensure_position_partitions($1::date, $1::date)', [noon(-400)]);
    await insertAt([-400]);
    expect(await maintainPositionPartitions(db, 0)).toEqual({ made: 0, dropped: 0 });
    expect((await storedOffsets())[0]).toBe(-400);
    expect((await positionRetentionQueries.days(db))[0]).toBe(dayKey(-400));
  });

  it('is safe when several processes run it at once', async () => {
    await db.query('SELECT ensure_position_partitions($1::date, $2::date)', [noon(-250), noon(-241)]);
    await db.query('SELECT ensure_position_partitions($1::date, $2::date)', [noon(-31), noon(-29)]);
    // On PostgreSQL each runner has its own connection pool, as separate processes would.
    const runners: Db[] = db.connectionString
      ? [0, 1, 2].map(() => openPostgres({ connectionString: db.connectionString!, max: 2 }))
      : [db, db, db];
    try {
      // Retention from different processes' configs: 30 days wins over 300.
      const results = await Promise.all(runners.flatMap((r) => [maintainPositionPartitions(r, 30), maintainPositionPartitions(r, 300)]));
      expect(results.reduce((n, r) => n + r.dropped, 0)).toBe(10 + 1 + 3 + 1); // days -250…-241, -400, -180…-178 and -31, each once
      expect(results.reduce((n, r) => n + r.made, 0)).toBe(0);
      expect((await positionRetentionQueries.days(db))[0]).toBe(dayKey(-30));
      expect(await storedOffsets()).toEqual([0]);
    } finally {
      if (db.connectionString) await Promise.all(runners.map((r) => r.close()));
    }
  });

  it('prunes presence history past the retention, keeping each terminal’s state where the kept history begins', async () => {
    const [{ id }] = await db.query<{ id: number }>(
      `INSERT INTO terminals (identifier, identifier_key, protocol) VALUES ('013900000777', '13900000777', 'jt808') RETURNING id`,
    );
    const events: Array<[number, boolean]> = [
      [-300, true],
      [-250, false],
      [-200, true], // the newest before the cutoff (-180): the terminal was online when the kept history begins
      [-100, false],
      [-1, true],
    ];
    for (const [offset, online] of events)
      await db.query('INSERT INTO presence_events (terminal_id, at, online) VALUES ($1, $2, $3)', [id, noon(offset), online]);
    const kept = async () =>
      (
        await db.query<{ at: Date; online: boolean }>('SELECT at, online FROM presence_events WHERE terminal_id = $1 ORDER BY at', [id])
      ).map((r) => [Math.round((r.at.getTime() - noon(0).getTime()) / DAY_MS), r.online]);

    expect(await prunePresenceHistory(db, 0)).toBe(0);
    expect(await prunePresenceHistory(db, 180)).toBe(2);
    expect(await kept()).toEqual([
      [-200, true],
      [-100, false],
      [-1, true],
    ]);
    expect(await prunePresenceHistory(db, 180)).toBe(0);
  });

  it('prunes e-bike BMS reports past the retention, and keeps them all at 0', async () => {
    const [t] = await db.query<{ id: number }>(
      `INSERT INTO terminals (identifier, identifier_key, protocol) VALUES ('863000000000991', '863000000000991', 'gt06') RETURNING id`,
    );
    const report = (offset: number) => [
      t.id,
      noon(offset),
      '0000000000000001',
      50,
      1000,
      50,
      2000,
      90,
      20,
      -1,
      48,
      1,
      '{3.7}',
      0,
      0,
      '',
      0,
      '',
      0,
      0,
      0,
    ];
    await db.copyRows(
      'ebike_battery_reports',
      [
        'terminal_id',
        'received_at',
        'battery_serial',
        'soc_pct',
        'remaining_mah',
        'absolute_soc_pct',
        'full_mah',
        'health_pct',
        'temperature_c',
        'current_a',
        'voltage_v',
        'cycles',
        'cell_volts',
        'charge_interval_h',
        'max_charge_interval_h',
        'barcode',
        'battery_version',
        'manufacturer',
        'battery_status',
        'controller_status',
        'controller_fault',
      ],
      [report(-200), report(-181), report(-179), report(0)],
    );
    expect(await pruneBatteryReports(db, 0)).toBe(0);
    expect(await pruneBatteryReports(db, 180)).toBe(2);
    const left = await db.query<{ received_at: Date }>(
      'SELECT received_at FROM ebike_battery_reports WHERE terminal_id = $1 ORDER BY received_at',
      [t.id],
    );
    expect(left.map((r) => Math.round((r.received_at.getTime() - noon(0).getTime()) / DAY_MS))).toEqual([-179, 0]);
  });
});
