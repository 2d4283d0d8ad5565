import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_CENTER_DAYS, type DataCenterOverview, DAY_MS } from '@chelian/contracts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { ingestQueries } from '../../gateway/ingest.queries.ts';
import { DataCenterService } from './dataCenter.service.ts';
import { refreshFleetSummary } from '../reports/fleetSummary.ts';
import { rollupPending } from '../reports/rollup.service.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';

let t: TestServer;
let a: Tenant;
let sub: Tenant;
let b: Tenant;
const pk: Record<string, number> = {};
const vid: Record<string, number> = {};

const bj = (text: string) => Date.parse(`${text}+08:00`);
/** The fixed "now" of the figures: 10:30 Beijing on 2026-05-10. */
const NOW = bj('2026-05-10T10:30:00');

async function addVehicle(tenant: Tenant, plate: string, terminalId: string) {
  const res = await t.call(tenant.sessionId, {
    method: 'POST',
    url: '/car/v4/api/vehicle/add.json',
    ...form({ plate, terminalId, protocol: 'jt808' }),
  });
  vid[plate] = res.json().obj.vehicleId;
  pk[plate] = (await t.ctx.db.one<{ id: number }>('SELECT id FROM terminals WHERE identifier_key = $1', [terminalId]))!.id;
}

async function place(plate: string, lat: number, lon: number, speed: number, at: number, alarms: string[] = []) {
  await t.ctx.db.query(
    `INSERT INTO latest_positions (terminal_id, gps_time, received_at, lat, lon, speed, alarms) VALUES ($1, $2, $2, $3, $4, $5, $6)`,
    [pk[plate], new Date(at), lat, lon, speed, alarms],
  );
}

async function rollup(plate: string, day: string, figures: { km?: number; alarms?: number; online?: number; positions?: number }) {
  await t.ctx.db.query(
    `INSERT INTO daily_terminal_stats (terminal_id, day, mileage_km, alarm_count, online_seconds, position_count) VALUES ($1, $2, $3, $4, $5, $6)`,
    [pk[plate], day, figures.km ?? 0, figures.alarms ?? 0, figures.online ?? 0, figures.positions ?? 0],
  );
}

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  sub = await createTenant(t, { codes: 'all', parentAccountId: a.accountId });
  b = await createTenant(t, { codes: 'all' });
  await addVehicle(a, '粤B90001', '13890000001');
  await addVehicle(a, '粤B90002', '13890000002');
  await addVehicle(a, '粤B90003', '13890000003');
  await addVehicle(a, '粤B90004', '13890000004');
  await addVehicle(sub, '粤B90005', '13890000005');
  await addVehicle(b, '粤B90006', '13890000006');
  const db = t.ctx.db;
  await db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z'`);
  // Online now: 1, 2, 5 (and B's 6); 3 was last heard at 09:30 today; 4 never.
  await db.query(`UPDATE terminals SET online = true, last_seen_at = $2 WHERE id = ANY($1::bigint[])`, [
    [pk['粤B90001'], pk['粤B90002'], pk['粤B90005'], pk['粤B90006']],
    new Date(NOW - 10_000),
  ]);
  await db.query(`UPDATE terminals SET last_seen_at = $2 WHERE id = $1`, [pk['粤B90003'], new Date(bj('2026-05-10T09:30:00'))]);
  // Only the transitions written below count (the updates above wrote their own).
  await db.query('DELETE FROM presence_events');
  await db.query(
    `INSERT INTO presence_events (terminal_id, at, online) VALUES ($1, $3, false), ($1, $4, true), ($2, $5, true), ($2, $6, false)`,
    [
      pk['粤B90002'],
      pk['粤B90003'],
      new Date(bj('2026-05-10T02:00:00')),
      new Date(bj('2026-05-10T03:00:00')),
      new Date(bj('2026-05-10T07:30:00')),
      new Date(bj('2026-05-10T09:30:00')),
    ],
  );

  await place('粤B90001', 22.55, 114.06, 40, NOW - 10_000, ['overspeed']); // 深圳, moving, alarming
  await place('粤B90002', 39.91, 116.4, 0, NOW - 10_000); // 北京 东城区, parked
  await place('粤B90003', 23.13, 113.27, 0, bj('2026-05-10T09:30:00')); // 广州, offline
  await place('粤B90005', 22.54, 114.05, 2, NOW - 10_000); // 深圳, parked (below 5 km/h)
  await place('粤B90006', 31.23, 121.47, 60, NOW - 10_000); // 上海, B's

  const alarm = (plate: string, tenant: Tenant, type: AlarmType, at: string) => ({
    terminalPk: pk[plate],
    accountId: tenant.accountId,
    vehicleId: vid[plate],
    type,
    alarmTime: bj(at),
    lat: 22.55,
    lon: 114.06,
    speed: 40,
  });
  await ingestQueries.insertAlarms(db, [
    alarm('粤B90001', a, 'overspeed', '2026-05-10T08:05:00'),
    alarm('粤B90001', a, 'sos', '2026-05-10T09:10:00'),
    alarm('粤B90002', a, 'overspeed', '2026-05-10T09:20:00'),
    alarm('粤B90001', a, 'sos', '2026-05-09T23:00:00'), // yesterday
    alarm('粤B90001', a, 'sos', '2026-05-10T11:00:00'), // after "now"
    alarm('粤B90006', b, 'sos', '2026-05-10T09:00:00'), // another tenant's
  ]);

  await rollup('粤B90001', '2026-05-09', { km: 120.5, alarms: 1, online: 3600, positions: 100 });
  await rollup('粤B90001', '2026-05-10', { km: 5, online: 100, positions: 10 }); // today's rollup, behind the live tables
  await rollup('粤B90002', '2026-05-09', { km: 30.25, positions: 5 });
  await rollup('粤B90003', '2026-04-11', { km: 10, alarms: 2, online: 100 }); // the first of the 30 days
  await rollup('粤B90003', '2026-04-10', { km: 999, alarms: 9, online: 100 }); // one day before them
  await rollup('粤B90006', '2026-05-09', { km: 500, alarms: 3, online: 100 });

  const expires = (plate: string, at: number) =>
    db.query('UPDATE terminals SET service_expires_at = $2 WHERE id = $1', [pk[plate], new Date(at)]);
  await expires('粤B90001', NOW + 5 * DAY_MS - 3_600_000);
  await expires('粤B90002', NOW - 2 * DAY_MS);
  await expires('粤B90003', NOW + 40 * DAY_MS);
  await expires('粤B90005', NOW + 20 * DAY_MS);
  await expires('粤B90006', NOW + DAY_MS);
});
afterAll(async () => {
  await t?.close();
});

const overviewOf = (tenant: Tenant, now = NOW) =>
  new DataCenterService(t.ctx.db).overview({ accountPath: tenant.accountPath, isPlatformAdmin: false }, now);

describe('data centre overview', () => {
  let o: DataCenterOverview;
  beforeAll(async () => {
    o = await overviewOf(a);
  });

  it('counts the fleet now: total, online = moving + parked, offline, in alarm (the subtree included)', () => {
    // 2 is connected but its service expired two days ago: 实时监控 shows it grey, and so is it counted here (offline).
    expect(o.fleet).toEqual({ total: 5, online: 2, moving: 1, parked: 1, offline: 3, alarm: 1 });
  });

  it("counts today's alarms by type and by hour, up to now", () => {
    expect(o.alarmsToday).toEqual({
      total: 3,
      types: [
        { type: 'overspeed', typeName: '终端超速报警', count: 2 },
        { type: 'sos', typeName: expect.any(String), count: 1 },
      ],
      unbound: 0, // every alarm here is of a vehicle (alarmKinds.routes.test.ts has a terminal in no asset)
    });
    expect(o.hours.map((h) => h.alarms)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 2, ...new Array(14).fill(0)]);
    expect(o.latestAlarms.map((x) => [x.plate, x.type, x.alarmTime])).toEqual([
      ['粤B90002', 'overspeed', bj('2026-05-10T09:20:00')],
      ['粤B90001', 'sos', bj('2026-05-10T09:10:00')],
      ['粤B90001', 'overspeed', bj('2026-05-10T08:05:00')],
    ]);
  });

  it('counts vehicles online within each hour of today from the presence transitions', () => {
    // 1 and 5 all day; 2 all day but 02:00–03:00; 3 from 07:30 to 09:30; 4 never; hours after 10 are still to come.
    expect(o.hours.map((h) => h.onlineVehicles)).toEqual([3, 3, 2, 3, 3, 3, 3, 4, 4, 4, 3, ...new Array(13).fill(0)]);
    expect(o.hours.map((h) => h.hour)).toEqual([...Array(24).keys()]);
  });

  it('gives 30 days of alarms, active vehicles, online rate and km from the rollups, today from the live tables', () => {
    expect(o.days).toHaveLength(DATA_CENTER_DAYS);
    expect(o.days[0]).toEqual({ day: '2026-04-11', alarms: 2, activeVehicles: 1, onlineRate: 0.2, mileageKm: 10 });
    expect(o.days[28]).toEqual({ day: '2026-05-09', alarms: 1, activeVehicles: 2, onlineRate: 0.4, mileageKm: 150.75 });
    // Today: 3 alarms so far (the rollup said 0); active: 1, 2, 5 online and 3 heard at 09:30.
    expect(o.days[29]).toEqual({ day: '2026-05-10', alarms: 3, activeVehicles: 4, onlineRate: 0.8, mileageKm: 5 });
    expect(o.days.slice(1, 28).every((d) => d.alarms === 0 && d.activeVehicles === 0 && d.mileageKm === 0)).toBe(true);
  });

  it('ranks vehicles by km over the 30 days', () => {
    expect(o.mileageRanking).toEqual([
      { vehicleId: vid['粤B90001'], plate: '粤B90001', name: '粤B90001', mileageKm: 125.5 },
      { vehicleId: vid['粤B90002'], plate: '粤B90002', name: '粤B90002', mileageKm: 30.25 },
      { vehicleId: vid['粤B90003'], plate: '粤B90003', name: '粤B90003', mileageKm: 10 },
    ]);
  });

  it('lists the terminals whose service ends within 30 days and counts the expired', () => {
    expect(o.expiring.expired).toBe(1);
    expect(o.expiring.soon).toBe(2);
    expect(o.expiring.list.map((e) => [e.plate, e.terminalId, e.daysLeft])).toEqual([
      ['粤B90001', '013890000001', 4],
      ['粤B90005', '013890000005', 20],
    ]);
  });

  it('places vehicles by province and city (district in a municipality) from their latest position', () => {
    expect(o.regions).toEqual([
      { province: '广东省', area: '深圳市', vehicles: 2, online: 2 },
      { province: '北京市', area: '东城区', vehicles: 1, online: 0 }, // 2, its service expired
      { province: '广东省', area: '广州市', vehicles: 1, online: 0 },
    ]);
    expect(o.unlocated).toBe(1);
  });
});

describe('data centre tenancy and access', () => {
  it('shows a sub-account only its own vehicles, and another tenant nothing of these', async () => {
    const s = await overviewOf(sub);
    expect(s.fleet).toEqual({ total: 1, online: 1, moving: 0, parked: 1, offline: 0, alarm: 0 });
    expect(s.alarmsToday.total).toBe(0);
    expect(s.mileageRanking).toEqual([]);
    expect(s.expiring).toMatchObject({ expired: 0, soon: 1 });
    expect(s.regions).toEqual([{ province: '广东省', area: '深圳市', vehicles: 1, online: 1 }]);

    const other = await overviewOf(b);
    expect(other.fleet.total).toBe(1);
    expect(other.alarmsToday.total).toBe(1);
    expect(other.latestAlarms.map((x) => x.plate)).toEqual(['粤B90006']);
    expect(other.mileageRanking.map((r) => r.plate)).toEqual(['粤B90006']);
    expect(other.regions).toEqual([{ province: '上海市', area: '黄浦区', vehicles: 1, online: 1 }]);
  });

  it('answers both menus over HTTP, each only to a role holding it', async () => {
    const overview = (await t.call(a.sessionId, { url: '/car/v4/api/dataCenter/overview.json' })).json();
    expect(overview.flag).toBe(1);
    expect(overview.obj.fleet.total).toBe(5);
    const screenOnly = await createTenant(t, { codes: ['dataCenter', 'dataCenter:screen'], parentAccountId: a.accountId });
    expect((await t.call(screenOnly.sessionId, { url: '/car/v4/api/dataCenter/screen.json' })).json().flag).toBe(1);
    expect((await t.call(screenOnly.sessionId, { url: '/car/v4/api/dataCenter/overview.json' })).json().errorCode).toBe('common.forbidden');
  });
});

describe('data centre refreshes', () => {
  it('reuse the 30-day figures for a minute, then read the rollups again', async () => {
    const service = new DataCenterService(t.ctx.db);
    const user = { accountPath: sub.accountPath, isPlatformAdmin: false };
    expect((await service.overview(user, NOW)).mileageRanking).toEqual([]);
    await rollup('粤B90005', '2026-05-08', { km: 42 });
    expect((await service.overview(user, NOW + 1000)).mileageRanking).toEqual([]);
    expect((await service.overview(user, NOW + 61_000)).mileageRanking.map((r) => r.mileageKm)).toEqual([42]);
  });
});

describe("data centre from the rollup's summary", () => {
  const fresh = (tenant: Tenant, admin = false) =>
    new DataCenterService(t.ctx.db).overview({ accountPath: tenant.accountPath, isPlatformAdmin: admin }, NOW);
  const trends = (o: DataCenterOverview) => ({ days: o.days, ranking: o.mileageRanking });

  it('gives the same 30 days and ranking as the daily rows, for each tenant and an administrator', async () => {
    const before = await Promise.all([fresh(a), fresh(sub), fresh(b), fresh(a, true)]);
    expect(await refreshFleetSummary(t.ctx.db, NOW, [], true)).toBe(true);
    expect(await refreshFleetSummary(t.ctx.db, NOW, [], true)).toBe(false); // nothing changed: nothing recounted
    const after = await Promise.all([fresh(a), fresh(sub), fresh(b), fresh(a, true)]);
    expect(after.map(trends)).toEqual(before.map(trends));
  });

  it('reads the summary, not the daily rows, while it is current', async () => {
    // A row written around the rollup (which would have recounted its day) is not seen...
    await rollup('粤B90004', '2026-05-07', { km: 7, positions: 1 });
    expect((await fresh(a)).mileageRanking.map((r) => r.plate)).not.toContain('粤B90004');
    // ...until the rollup passes that day again.
    expect(await refreshFleetSummary(t.ctx.db, NOW, ['2026-05-07'], true)).toBe(true);
    expect((await fresh(a)).mileageRanking.find((r) => r.plate === '粤B90004')?.mileageKm).toBe(7);
    expect((await fresh(a)).days.find((d) => d.day === '2026-05-07')).toMatchObject({ mileageKm: 7, activeVehicles: 1 });
  });

  it('falls back to the daily rows once a vehicle changed hands, until the next pass recounts', async () => {
    const moved = await t.ctx.db.one<{ account_id: number }>('SELECT account_id FROM vehicles WHERE id = $1', [vid['粤B90003']]);
    await t.ctx.db.query('UPDATE vehicles SET account_id = $2 WHERE id = $1', [vid['粤B90003'], b.accountId]);
    try {
      expect((await fresh(b)).mileageRanking.map((r) => r.plate)).toEqual(['粤B90006', '粤B90003']);
      expect((await fresh(a)).mileageRanking.map((r) => r.plate)).not.toContain('粤B90003');
      expect(await refreshFleetSummary(t.ctx.db, NOW, [], true)).toBe(true);
      expect((await fresh(b)).days[0]).toMatchObject({ day: '2026-04-11', mileageKm: 10, alarms: 2 });
    } finally {
      await t.ctx.db.query('UPDATE vehicles SET account_id = $2 WHERE id = $1', [vid['粤B90003'], moved!.account_id]);
    }
  });

  it('is kept by the rollup: a pass of today recounts its accounts', async () => {
    await rollupPending(t.ctx.db, NOW);
    const [row] = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data_center_summary WHERE through_day = '2026-05-09'`,
    );
    expect(row.n).toBe(1);
    expect((await fresh(a)).days[29].day).toBe('2026-05-10');
  });

  it('counts the kinds that drive only: a person’s badge adds no km, activity or alarms to the 30 days', async () => {
    const day = (o: DataCenterOverview) => o.days.find((d) => d.day === '2026-05-08')!;
    await refreshFleetSummary(t.ctx.db, NOW, ['2026-05-08'], true);
    const before = day(await fresh(b));
    await addVehicle(b, '粤B90007', '13890000007');
    await t.ctx.db.query(`UPDATE vehicles SET type = 'badge' WHERE id = $1`, [vid['粤B90007']]);
    await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z' WHERE id = $1`, [pk['粤B90007']]);
    await rollup('粤B90007', '2026-05-08', { km: 12, alarms: 4, online: 3600, positions: 50 });
    // A person joining the fleet leaves the summary current: it never counted people.
    expect(await refreshFleetSummary(t.ctx.db, NOW, [], true)).toBe(false);
    // Recounted as the rollup recounts that day, from the summary and from the daily rows alike.
    expect(await refreshFleetSummary(t.ctx.db, NOW, ['2026-05-08'], true)).toBe(true);
    const summarized = await fresh(b);
    expect(day(summarized)).toEqual(before);
    expect(summarized.mileageRanking.map((r) => r.plate)).not.toContain('粤B90007');
    await t.ctx.db.query(`UPDATE vehicles SET type = 'vehicle' WHERE id = $1`, [vid['粤B90007']]);
    // Made a vehicle, it changes what the summary counts: the daily rows answer, and count it.
    expect(day(await fresh(b))).toMatchObject({ mileageKm: before.mileageKm + 12, activeVehicles: before.activeVehicles + 1 });
    await t.ctx.db.query(`UPDATE vehicles SET type = 'badge' WHERE id = $1`, [vid['粤B90007']]);
  });
  it("charts today's hours with the fleet's alarms: a person's alarm is in 今日报警 and its kind's, not in 今日活跃时段", async () => {
    // 粤B90007 is a person's badge (as the test before leaves it)
    const alarmsOf = (o: DataCenterOverview, kind: string) => o.assetKinds.find((k) => k.kind === kind)!.alarmsToday;
    const before = await fresh(b);
    await ingestQueries.insertAlarms(t.ctx.db, [
      {
        terminalPk: pk['粤B90007'],
        accountId: b.accountId,
        vehicleId: vid['粤B90007'],
        type: 'sos',
        alarmTime: bj('2026-05-10T09:40:00'),
        lat: 22.55,
        lon: 114.06,
        speed: 0,
      },
    ]);
    const after = await fresh(b);
    expect(after.alarmsToday.total).toBe(before.alarmsToday.total + 1);
    expect(alarmsOf(after, 'badge')).toBe(alarmsOf(before, 'badge') + 1);
    expect(after.hours).toEqual(before.hours);
    expect(after.hours.reduce((n, h) => n + h.alarms, 0)).toBe(alarmsOf(after, 'vehicle') + alarmsOf(after, 'ebike'));
  });
});
