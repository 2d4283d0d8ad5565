/**
 * Asset kinds (docs/asset-kinds.md) on one account holding one of each: a car and an e-bike
 * (智能车联's kinds), a person wearing a badge (智能工牌) and a pet wearing a collar (宠物卫士).
 * 智能车联's vehicle list, monitor, group counts and mileage report hold the car and the e-bike only;
 * a responsibility area stays out of 电子围栏 and 服务区域; 数据中心 splits its figures by kind and its
 * fleet equals 实时监控's list; 终端管理 names every terminal's kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TERMINAL_ERRORS,
  type AssetKindCount,
  type DataCenterOverview,
  type LastPosition,
  type Terminal,
  type Vehicle,
} from '@chelian/contracts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';

let t: TestServer;
let a: Tenant;
const ID = { car: '013846000001', bike: '868120146460002', badge: '868120146460003', pet: '9100004604', spare: '013846000005' };
const fenceId: Record<string, number> = {};

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const postJson = (url: string, body: unknown) =>
  t.call(a.sessionId, { method: 'POST', url, payload: body as object }).then((r) => r.json());
const get = (url: string) => t.call(a.sessionId, { url }).then((r) => r.json());

/** The answer's obj, once its flag says it succeeded. */
async function ok<T = Record<string, unknown>>(res: Promise<{ flag: number; obj?: unknown }>): Promise<T> {
  const r = await res;
  expect(r.flag, JSON.stringify(r)).toBe(1);
  return r.obj as T;
}

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  await ok(post('/car/v4/api/vehicle/add.json', { plate: '粤B46001', terminalId: ID.car, protocol: 'jt808' }));
  await ok(post('/car/v4/api/vehicle/add.json', { plate: '深圳46002', type: 'ebike', terminalId: ID.bike, protocol: 'gt06' }));
  for (const id of [ID.badge, ID.pet]) await ok(post('/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'watch' }));
  await ok(post('/car/v4/api/terminal/add.json', { terminalId: ID.spare, protocol: 'jt808' }));
  const { staffId } = await ok<{ staffId: number }>(post('/card/v1/api/staff/save.json', { name: '李秀兰', staffNo: 'HW-K1' }));
  await ok(post('/card/v1/api/staff/bind.json', { staffId, terminalId: ID.badge }));
  await ok(post('/pet/v1/api/pet/save.json', { name: '豆豆', species: 'dog', imei: ID.pet }));

  const fence = (name: string, center: [number, number], radius: number) =>
    ok<{ geofenceId: number }>(postJson('/car/v4/api/geofence/add.json', { name, kind: 'circle', center, radius })).then(
      (f) => f.geofenceId,
    );
  fenceId.area = await fence('福田环卫责任区', [114.06, 22.55], 600);
  fenceId.depot = await fence('车场', [114.07, 22.56], 300);
  await ok(post('/card/v1/api/area/save.json', { geofenceId: fenceId.area, staffId }));

  // Everyone online with a position at the same spot.
  const db = t.ctx.db;
  const reporting = [ID.car, ID.bike, ID.badge, ID.pet];
  await db.query(`UPDATE terminals SET online = true, last_seen_at = now() WHERE identifier = ANY($1::text[])`, [reporting]);
  await db.query(
    `INSERT INTO latest_positions (terminal_id, gps_time, received_at, lat, lon, speed, alarms)
     SELECT id, now(), now(), 22.55, 114.06, 30, '{}' FROM terminals WHERE identifier = ANY($1::text[])`,
    [reporting],
  );
  // Today's alarms: one of the car, two of the person, one of the pet.
  await db.query(
    `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time)
     SELECT t.id, $2, v.id, 'sos', now() - interval '1 second' FROM unnest($1::text[]) AS x(identifier)
       JOIN terminals t ON t.identifier = x.identifier LEFT JOIN vehicles v ON v.terminal_id = t.id`,
    [[ID.car, ID.badge, ID.badge, ID.pet], a.accountId],
  );
});
afterAll(async () => {
  await t?.close();
});

type Page<T> = { total: number; list: T[] };

describe('智能车联 holds its own kinds', () => {
  it('lists the car and the e-bike as vehicles, never the person or the pet', async () => {
    const list = await ok<Page<Vehicle>>(get('/car/v4/api/vehicle/list.json?pageSize=50'));
    expect(list.list.map((v) => [v.plate, v.type, v.typeName]).sort()).toEqual([
      ['深圳46002', 'ebike', '电单车'],
      ['粤B46001', 'vehicle', '车辆'],
    ]);
    expect(list.total).toBe(2);
    // Asked for 智能工牌's kind, 车辆管理 gives nothing rather than another product's assets.
    expect((await ok<Page<Vehicle>>(get('/car/v4/api/vehicle/list.json?type=badge'))).total).toBe(0);
    expect((await ok<Page<Vehicle>>(get('/car/v4/api/vehicle/list.json?type=ebike'))).total).toBe(1);
    // a word outside the kinds (an inherited name too) is refused with the kinds there are, not answered with nothing
    for (const type of ['truck', 'toString'])
      expect(await get(`/car/v4/api/vehicle/list.json?type=${type}`)).toMatchObject({
        flag: 0,
        errorCode: TERMINAL_ERRORS.typeUnknown.code,
        msg: `不支持的类型：${type}（可选 vehicle、ebike、badge、pet）`,
      });
  });

  it('registers only its own kinds: a person or a pet is refused in 车辆管理', async () => {
    for (const type of ['badge', '人员', 'pet']) {
      const res = await post('/car/v4/api/vehicle/add.json', { plate: '保洁员甲', type });
      expect(res).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.typeInvalid.code });
    }
  });

  it('shows the monitor the fleet’s positions only, and still answers a named terminal', async () => {
    const all = await ok<LastPosition[]>(get('/car/v4/api/monitor/lastPositions.json'));
    expect(all.map((p) => p.terminalId).sort()).toEqual([ID.car, ID.bike].sort());
    const named = await ok<LastPosition[]>(get(`/car/v4/api/monitor/lastPositions.json?terminalIds=${ID.badge}`));
    expect(named.map((p) => p.terminalId)).toEqual([ID.badge]);
  });

  it('gives the person no row, mileage or driving time in 里程报表', async () => {
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const url = `/car/v1/accelerate/report/mileage/dayMileage.json?startDate=${today}&endDate=${today}&pageSize=50`;
    const res = await ok<Page<{ plate: string; name: string }>>(get(url));
    expect(res.list.map((r) => r.plate).sort()).toEqual(['深圳46002', '粤B46001']);
    expect(res.total).toBe(2);
  });

  it('keeps the responsibility area out of 电子围栏 and 服务区域', async () => {
    const fences = await ok<Page<{ geofenceId: number }>>(get('/car/v4/api/geofence/list.json?pageSize=50'));
    expect(fences.list.map((f) => f.geofenceId)).toEqual([fenceId.depot]);
    const leaseAreas = await ok<Array<{ geofenceId: number }>>(get('/elec-lease/v1/api/area/list.json'));
    expect(leaseAreas.map((f) => f.geofenceId)).toEqual([fenceId.depot]);
    const cardAreas = await ok<Array<{ geofenceId: number }>>(get('/card/v1/api/area/list.json'));
    expect(cardAreas.map((f) => f.geofenceId)).toEqual([fenceId.area]);
  });
});

describe('the pages spanning kinds split them', () => {
  it('数据中心: the fleet is 实时监控’s list, and every kind is counted beside it', async () => {
    const o = await ok<DataCenterOverview>(get('/car/v4/api/dataCenter/overview.json'));
    const listed = await ok<Page<Vehicle>>(get('/car/v4/api/vehicle/list.json?pageSize=50'));
    const online = await ok<Page<Vehicle>>(get('/car/v4/api/vehicle/list.json?pageSize=50&online=true'));
    expect(o.fleet.total).toBe(listed.total);
    expect(o.fleet.online).toBe(online.total);
    const byKind = Object.fromEntries(
      o.assetKinds.map((k: AssetKindCount) => [k.kind, [k.kindName, k.total, k.online, k.alarmsToday, k.inFleet]]),
    );
    expect(byKind).toEqual({
      vehicle: ['车辆', 1, 1, 1, true],
      ebike: ['电单车', 1, 1, 0, true],
      badge: ['人员', 1, 1, 2, false],
      pet: ['宠物', 1, 1, 1, false],
    });
    // Today's alarms split by kind add up to 今日报警 (every alarming terminal sits in an asset here).
    expect(o.assetKinds.reduce((n, k) => n + k.alarmsToday, 0)).toBe(o.alarmsToday.total);
    // The split of the fleet's kinds adds up to the fleet.
    const fleetKinds = o.assetKinds.filter((k) => k.inFleet);
    expect(fleetKinds.reduce((n, k) => n + k.total, 0)).toBe(o.fleet.total);
    expect(fleetKinds.reduce((n, k) => n + k.online, 0)).toBe(o.fleet.online);
    // Where the fleet stands: its two vehicles, not the person or the pet at the same spot.
    expect(o.regions.reduce((n, r) => n + r.vehicles, 0) + o.unlocated).toBe(2);
  });

  it('终端管理: every terminal says the kind of what it sits in', async () => {
    const res = await ok<Page<Terminal>>(get('/car/v4/api/terminal/list.json?pageSize=50'));
    const kinds = Object.fromEntries(res.list.map((x) => [x.terminalId, [x.assetKind, x.assetKindName, x.plate || x.vehicleName]]));
    expect(kinds).toEqual({
      [ID.car]: ['vehicle', '车辆', '粤B46001'],
      [ID.bike]: ['ebike', '电单车', '深圳46002'],
      [ID.badge]: ['badge', '人员', '李秀兰'],
      [ID.pet]: ['pet', '宠物', '豆豆'],
      [ID.spare]: ['', '', ''],
    });
  });
});
