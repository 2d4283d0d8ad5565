/**
 * Alarms by asset kind (docs/asset-kinds.md) on one account holding a car and an e-bike (智能车联's
 * kinds), a person wearing a badge (智能工牌), a pet (宠物卫士) and a terminal in no asset, each with
 * alarms today. 智能车联's 报警中心 (list, count, bell), 报警明细 and 报警处理统计 hold the car's, the
 * e-bike's and the unbound terminal's (listed with the vehicles': core/assetKinds.ts
 * NO_ASSET_ALARMS_KIND) and agree with each other; 数据中心's 车辆 + 电单车 + 未绑定 equal 报警中心's for
 * the day and, with 人员 and 宠物, its 今日报警; 智能工牌 and 宠物卫士 list their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alarm, AlarmHandleAnswer, AlarmStatisticsPage, DataCenterOverview, PetAlarm } from '@chelian/contracts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';

let t: TestServer;
let a: Tenant;
let petId: number;
let staffId: number;
const ID = { car: '013847000001', bike: '868120147470002', badge: '868120147470003', pet: '9100004704', spare: '013847000005' };
/** Today's alarms per terminal: 3 of 智能车联's kinds, 2 of the person, 1 of the pet, 1 of the spare terminal (in no asset). */
const ALARMS: Array<[string, string]> = [
  [ID.car, 'sos'],
  [ID.car, 'overspeed'],
  [ID.bike, 'lowBattery'],
  [ID.badge, 'sos'],
  [ID.badge, 'sos'],
  [ID.pet, 'sos'],
  [ID.spare, 'sos'],
];
const CAR_ALARMS = 3;
/** 智能车联's lists: its kinds' and the spare terminal's */
const LISTED = CAR_ALARMS + 1;

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (url: string) => t.call(a.sessionId, { url }).then((r) => r.json());

async function ok<T = Record<string, unknown>>(res: Promise<{ flag: number; obj?: unknown }>): Promise<T> {
  const r = await res;
  expect(r.flag, JSON.stringify(r)).toBe(1);
  return r.obj as T;
}

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const alarmBase = '/car/v1/accelerate/report/alarm';

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  await ok(post('/car/v4/api/vehicle/add.json', { plate: '粤B47001', terminalId: ID.car, protocol: 'jt808' }));
  await ok(post('/car/v4/api/vehicle/add.json', { plate: '深圳47002', type: 'ebike', terminalId: ID.bike, protocol: 'gt06' }));
  for (const id of [ID.badge, ID.pet]) await ok(post('/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'watch' }));
  await ok(post('/car/v4/api/terminal/add.json', { terminalId: ID.spare, protocol: 'jt808' }));
  ({ staffId } = await ok<{ staffId: number }>(post('/card/v1/api/staff/save.json', { name: '王桂英', staffNo: 'HW-K7' })));
  await ok(post('/card/v1/api/staff/bind.json', { staffId, terminalId: ID.badge }));
  await ok(post('/pet/v1/api/pet/save.json', { name: '旺财', species: 'dog', imei: ID.pet }));
  petId = (await t.ctx.db.one<{ id: number }>('SELECT id FROM pets WHERE account_id = $1', [a.accountId]))!.id;
  await t.ctx.db.query(
    `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time)
     SELECT t.id, $3, v.id, x.type, now() - interval '2 seconds' FROM unnest($1::text[], $2::text[]) AS x(identifier, type)
       JOIN terminals t ON t.identifier = x.identifier LEFT JOIN vehicles v ON v.terminal_id = t.id`,
    [ALARMS.map((x) => x[0]), ALARMS.map((x) => x[1]), a.accountId],
  );
});
afterAll(async () => {
  await t?.close();
});

type Page<T> = { total: number; list: T[] };
const terminalsOf = (list: Array<{ terminalId: string }>) => [...new Set(list.map((x) => x.terminalId))].sort();

describe('智能车联’s alarms are of its own kinds and of terminals in no asset', () => {
  it('报警中心: the real-time list, its count and the header bell hold the car, the e-bike and the spare terminal, and agree', async () => {
    const list = await ok<Page<Alarm>>(get(`${alarmBase}/actualTimeAlarmQuery.json?pageSize=50`));
    expect(terminalsOf(list.list)).toEqual([ID.car, ID.bike, ID.spare].sort());
    expect(list.total).toBe(LISTED);
    const bell = await ok<{ total: number; types: Array<{ type: string; count: number }> }>(
      post(`${alarmBase}/queryActualTimeAlarmNum.json`, {}),
    );
    expect(bell.total).toBe(list.total);
    expect(bell.types.reduce((n, x) => n + x.count, 0)).toBe(list.total);
    // The host shell's bell spans the sub-products: every kind's, the person's, the pet's and the spare terminal's too.
    const shellBell = await ok<{ total: number }>(post(`${alarmBase}/queryActualTimeAlarmNum.json`, { allKinds: 'true' }));
    expect(shellBell.total).toBe(ALARMS.length);
  });

  it('报警中心’s history of today holds them too', async () => {
    const start = Date.parse(`${today()}T00:00:00+08:00`);
    const history = await ok<Page<Alarm>>(get(`${alarmBase}/newQueryAlarm?pageSize=50&start=${start}`));
    expect(terminalsOf(history.list)).toEqual([ID.car, ID.bike, ID.spare].sort());
    expect(history.total).toBe(LISTED);
  });

  it('报警明细: its cards, its 统计 tab and its list are of 数据报表’s kinds, and equal 报警中心’s', async () => {
    const day = today();
    const range = `startDate=${day}&endDate=${day}&pageSize=50`;
    const detail = await ok<Page<Alarm>>(get(`/car/v1/accelerate/report/alarm/alarmDetail.json?${range}`));
    expect(terminalsOf(detail.list)).toEqual([ID.car, ID.bike, ID.spare].sort());
    expect(detail.total).toBe(LISTED);
    const stats = await ok<AlarmStatisticsPage>(get(`/car/v1/accelerate/report/alarm/alarmStatistics.json?${range}`));
    expect(stats.totals.total).toBe(LISTED);
    // the spare terminal is a row of its own, by its number (no plate)
    expect(stats.list.map((r) => r.plate).sort()).toEqual(['', '深圳47002', '粤B47001']);
    const handling = await ok<AlarmHandleAnswer>(
      get(`/car/v1/accelerate/report/alarm/alarmHandleReport.json?startDate=${day}&endDate=${day}`),
    );
    expect(handling.totals.total).toBe(LISTED);
  });
});

describe('the other sub-products’ alarms', () => {
  it('智能工牌 lists the person’s alarms only', async () => {
    const list = await ok<Page<Alarm>>(get('/card/v1/api/alarm/list.json?pageSize=50'));
    expect(terminalsOf(list.list)).toEqual([ID.badge]);
    expect(list.total).toBe(2);
  });

  it('宠物卫士 lists the pet’s alarms only', async () => {
    const alarms = await ok<PetAlarm[]>(get(`/pet/v1/api/pet/alarms.json?petId=${petId}`));
    expect(alarms.map((x) => x.type)).toEqual(['sos']);
  });
});

describe('数据中心 agrees with 报警中心', () => {
  it('counts as many of today’s alarms for 车辆 + 电单车 + 未绑定 as 报警中心 lists for today, and splits the rest by kind', async () => {
    const o = await ok<DataCenterOverview>(get('/car/v4/api/dataCenter/overview.json'));
    const byKind = Object.fromEntries(o.assetKinds.map((k) => [k.kind, k.alarmsToday]));
    expect(byKind).toEqual({ vehicle: 2, ebike: 1, badge: 2, pet: 1 });
    expect(o.alarmsToday.unbound).toBe(1);
    const start = Date.parse(`${today()}T00:00:00+08:00`);
    const center = await ok<Page<Alarm>>(get(`${alarmBase}/newQueryAlarm?pageSize=1&start=${start}`));
    const fleetKinds = o.assetKinds.filter((k) => k.inFleet).reduce((n, k) => n + k.alarmsToday, 0);
    expect(fleetKinds + o.alarmsToday.unbound).toBe(center.total);
    // The 30-day trend's today and 今日活跃时段 are the fleet's kinds', as their rollup rows and their title say.
    expect(o.days.at(-1)?.alarms).toBe(fleetKinds);
    expect(o.hours.reduce((n, h) => n + h.alarms, 0)).toBe(fleetKinds);
    // 今日报警 is every alarm of the scope, each in one list: 报警中心's, 智能工牌's or 宠物卫士's.
    const card = await ok<Page<Alarm>>(get('/card/v1/api/alarm/list.json?pageSize=1'));
    const pet = await ok<PetAlarm[]>(get(`/pet/v1/api/pet/alarms.json?petId=${petId}`));
    expect(o.alarmsToday.total).toBe(ALARMS.length);
    expect(o.alarmsToday.total).toBe(center.total + card.total + pet.length);
    expect(o.alarmsToday.total).toBe(o.assetKinds.reduce((n, k) => n + k.alarmsToday, 0) + o.alarmsToday.unbound);
  });
});

describe('an alarm stays of the asset that raised it', () => {
  it("keeps a person's and a pet's alarms theirs after the badge is unbound and the collar taken off", async () => {
    await ok(post('/card/v1/api/staff/unbind.json', { staffId }));
    await ok(post('/pet/v1/api/pet/save.json', { petId, name: '旺财', imei: '' }));
    const list = await ok<Page<Alarm>>(get(`${alarmBase}/actualTimeAlarmQuery.json?pageSize=50`));
    expect(terminalsOf(list.list)).toEqual([ID.car, ID.bike, ID.spare].sort());
    expect(list.total).toBe(LISTED);
    const o = await ok<DataCenterOverview>(get('/car/v4/api/dataCenter/overview.json'));
    expect(Object.fromEntries(o.assetKinds.map((k) => [k.kind, k.alarmsToday]))).toMatchObject({ badge: 2, pet: 1 });
    expect(o.alarmsToday.unbound).toBe(1);
  });
});
