import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startElecCarEngine, type ElecCarEngine } from './elecCarEngine.ts';
import { eventually } from '../../testing/testTerminal.ts';

let t: TestServer;
let gw: Gateway;
let engine: ElecCarEngine;
let a: Tenant;
let b: Tenant;
const imei = '868120145230001';
const imei2 = '868120145230002';
let bikeId = 0;

const post = (sid: string, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const api = '/elec-car/v1/api';

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60 });
  engine = startElecCarEngine(t.ctx, { sweepMs: 100, replyTimeoutMs: 2000 });
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  for (const id of [imei, imei2])
    expect((await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06' })).flag).toBe(1);
});
afterAll(async () => {
  engine?.stop();
  await gw?.close();
  await t?.close();
});

describe('my bikes', () => {
  it('binds a terminal of the subtree by the text its QR code holds, with the bike profile', async () => {
    const res = await post(a.sessionId, `${api}/bike/bind.json`, {
      imei: `IMEI:${imei};SN=A2391`,
      plate: '沪A·12345',
      brand: '雅迪',
      model: 'DE3',
      frameNo: 'yd2024x0001',
      motorNo: 'm48v350',
      batteryVoltage: 48,
      batteryCapacity: 20,
    });
    expect(res.flag).toBe(1);
    bikeId = res.obj.bikeId;
    expect(res.obj).toMatchObject({
      terminalId: imei,
      protocol: 'gt06',
      plate: '沪A·12345',
      name: '沪A·12345',
      brand: '雅迪',
      frameNo: 'YD2024X0001',
      motorNo: 'M48V350',
      batteryVoltage: 48,
      batteryCapacity: 20,
      status: { online: false, armed: null, pendingCut: null },
      settings: { autoArm: true, displacementRadius: 300, overspeedKmh: 25, reportInterval: 10 },
    });
    const list = await get(a.sessionId, `${api}/bike/list.json?keyword=雅迪`);
    expect(list.obj.list.map((x: { bikeId: number }) => x.bikeId)).toEqual([bikeId]);
  });

  it('refuses a terminal already in a bike, and text with no IMEI in it', async () => {
    expect(await post(a.sessionId, `${api}/bike/bind.json`, { imei })).toMatchObject({
      flag: 0,
      errorCode: 'elecCar.terminalBound',
      msg: `设备 ${imei} 已绑定车辆 沪A·12345`,
    });
    expect(await post(a.sessionId, `${api}/bike/bind.json`, { imei: 'hello world' })).toMatchObject({
      errorCode: 'elecCar.imeiUnreadable',
      msg: '二维码中没有可识别的设备IMEI',
    });
  });

  it('answers a foreign IMEI or bike exactly like a missing one', async () => {
    const foreignImei = await post(b.sessionId, `${api}/bike/bind.json`, { imei: imei2 });
    const missingImei = await post(b.sessionId, `${api}/bike/bind.json`, { imei: '868120145239999' });
    expect(foreignImei).toMatchObject({ flag: 0, msg: '设备不存在或无权访问' });
    expect(missingImei).toMatchObject({ flag: 0, msg: foreignImei.msg, errorCode: foreignImei.errorCode });
    const missing = { flag: 0, errorCode: 'elecCar.bikeNotVisible', msg: '电单车不存在或无权访问' };
    for (const id of [bikeId, 987654]) {
      expect(await get(b.sessionId, `${api}/bike/detail.json?bikeId=${id}`)).toMatchObject(missing);
      expect(await post(b.sessionId, `${api}/bike/control.json`, { bikeId: id, action: 'cut' })).toMatchObject(missing);
      expect(await post(b.sessionId, `${api}/bike/update.json`, { bikeId: id, brand: 'x' })).toMatchObject(missing);
      expect(await post(b.sessionId, `${api}/bike/settings.json`, { bikeId: id, overspeedKmh: 30 })).toMatchObject(missing);
      expect(await get(b.sessionId, `${api}/bike/powerOrders.json?bikeId=${id}`)).toMatchObject(missing);
      expect(await get(b.sessionId, `${api}/bike/battery.json?bikeId=${id}`)).toMatchObject(missing);
      expect(await post(b.sessionId, `${api}/bike/unbind.json`, { bikeId: id })).toMatchObject(missing);
    }
    expect((await get(b.sessionId, `${api}/bike/list.json`)).obj.total).toBe(0);
    expect((await get(b.sessionId, `${api}/alarm/list.json?bikeId=${bikeId}`)).msg).toBe('电单车不存在或无权访问');
  });

  it('edits the profile and checks settings against their ranges (Chinese messages)', async () => {
    const res = await post(a.sessionId, `${api}/bike/update.json`, { bikeId, model: 'DE3 Pro', batteryCapacity: 24 });
    expect(res.obj).toMatchObject({ model: 'DE3 Pro', batteryCapacity: 24, brand: '雅迪' });
    expect(await post(a.sessionId, `${api}/bike/settings.json`, { bikeId, displacementRadius: 100 })).toMatchObject({
      flag: 0,
      errorCode: 'elecCar.settingRange',
      msg: '位移半径（米）应在300到5000之间',
    });
    const saved = await post(a.sessionId, `${api}/bike/settings.json`, { bikeId, overspeedKmh: 30, vibrationLevel: 8, autoArm: false });
    expect(saved.obj).toMatchObject({ overspeedKmh: 30, vibrationLevel: 8, autoArm: false, displacementRadius: 300 });
    expect(await post(a.sessionId, `${api}/bike/settings.json`, { bikeId, overspeedKmh: 61 })).toMatchObject({
      errorCode: 'elecCar.settingRange',
      msg: '超速阈值(km/h)应在10到60之间',
    });
  });

  it('keeps the bike’s 超速阈值 as its vehicle’s speed limit, the one 超速报表 and 平台超速报警 judge by', async () => {
    const vehicle = async () => (await get(a.sessionId, `/car/v4/api/vehicle/detail.json?vehicleId=${bikeId}`)).obj;
    expect((await vehicle()).speedLimitKmh).toBe(30); // saved above in 防盗设防
    const changed = await post(a.sessionId, '/car/v4/api/vehicle/update.json', { vehicleId: bikeId, speedLimitKmh: 20 });
    expect(changed.flag, changed.msg).toBe(1);
    expect((await get(a.sessionId, `${api}/bike/detail.json?bikeId=${bikeId}`)).obj.settings.overspeedKmh).toBe(20);
    // A bike's limit may be cleared in 车辆管理: the platform's default then applies, and the form says so.
    expect((await post(a.sessionId, '/car/v4/api/vehicle/update.json', { vehicleId: bikeId, speedLimitKmh: 0 })).flag).toBe(1);
    expect((await get(a.sessionId, `${api}/bike/detail.json?bikeId=${bikeId}`)).obj.settings.overspeedKmh).toBe(100);
    // The form sends it back unchanged with the other settings: they are saved, the limit left alone.
    const others = await post(a.sessionId, `${api}/bike/settings.json`, { bikeId, overspeedKmh: 100, vibrationLevel: 9 });
    expect(others.obj).toMatchObject({ overspeedKmh: 100, vibrationLevel: 9 });
    expect((await vehicle()).speedLimitKmh).toBeNull();
    expect((await post(a.sessionId, `${api}/bike/settings.json`, { bikeId, overspeedKmh: 30 })).obj.overspeedKmh).toBe(30);
    expect((await vehicle()).speedLimitKmh).toBe(30);
  });

  it('answers an unknown control in Chinese', async () => {
    expect(await post(a.sessionId, `${api}/bike/control.json`, { bikeId, action: 'selfDestruct' })).toMatchObject({
      errorCode: 'elecCar.unknownAction',
      msg: '不支持的操作：selfDestruct',
    });
  });

  it('refuses arm, disarm and find on a JT/T 808 bike in Chinese (no such command in JT/T 808), and sends it a cut word', async () => {
    expect((await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: '013912340808', protocol: 'jt808' })).flag).toBe(1);
    const jt = (await post(a.sessionId, `${api}/bike/bind.json`, { imei: '013912340808', plate: '沪A·80808' })).obj.bikeId;
    for (const [action, name] of [
      ['arm', '设防'],
      ['disarm', '撤防'],
      ['find', '寻车'],
    ]) {
      expect(await post(a.sessionId, `${api}/bike/control.json`, { bikeId: jt, action })).toMatchObject({
        flag: 0,
        errorCode: 'elecCar.unsupported',
        msg: `该设备（JT/T 808）不支持“${name}”`,
      });
    }
    expect((await post(a.sessionId, `${api}/bike/control.json`, { bikeId: jt, action: 'restore' })).flag).toBe(1);
  });

  it('the order sweep rests while no order is open, and looks at once when one is made', async () => {
    const quiet = startElecCarEngine(t.ctx, { sweepMs: 3_600_000 }); // no sweep comes: only the news
    try {
      await t.ctx.db.query(`UPDATE elec_car_power_orders SET status = 'failed' WHERE status IN ('pending', 'sent')`);
      await quiet.settle();
      expect(quiet.orders.outstanding).toBe(false);
      expect((await post(a.sessionId, `${api}/bike/control.json`, { bikeId, action: 'restore' })).flag).toBe(1);
      await eventually(() => quiet.orders.outstanding, 10_000, 'the new order seen');
    } finally {
      await quiet.stop();
    }
  });

  it('gives the account its e-bike alarm push switches, and saves one', async () => {
    const before = (await get(a.sessionId, `${api}/alarm/switches.json`)).obj;
    expect(before.map((s: { alarmType: string }) => s.alarmType)).toContain('accOnWhileArmed');
    const after = await post(a.sessionId, `${api}/alarm/saveSwitch.json`, { alarmType: 'vibration', push: false });
    expect(after.obj.find((s: { alarmType: string }) => s.alarmType === 'vibration')).toEqual({
      alarmType: 'vibration',
      alarmName: '震动报警',
      push: false,
    });
    expect(await post(a.sessionId, `${api}/alarm/saveSwitch.json`, { alarmType: 'sos', push: true })).toMatchObject({
      errorCode: 'elecCar.alarmTypeUnknown',
    });
  });

  it("attaches a fence of the bike's account, and refuses another tenant's", async () => {
    const fenceOf = async (tenant: Tenant) =>
      (
        await t.call(tenant.sessionId, {
          method: 'POST',
          url: '/car/v4/api/geofence/add.json',
          payload: { name: '小区', kind: 'circle', center: [121.4737, 31.2304], radius: 200 },
        })
      ).json().obj.geofenceId as number;
    const mine = await fenceOf(a);
    const theirs = await fenceOf(b);
    const bound = await post(a.sessionId, `${api}/bike/bindFence.json`, { bikeId, geofenceId: mine, bound: true });
    expect(bound.obj).toEqual([expect.objectContaining({ geofenceId: mine, name: '小区', kindName: '圆形', radius: 200, bound: true })]);
    expect(await post(a.sessionId, `${api}/bike/bindFence.json`, { bikeId, geofenceId: theirs, bound: true })).toMatchObject({
      msg: '围栏不存在或无权访问',
    });
    // 智能工牌's responsibility area is people's: not among the bike's fences, and not bound to it
    const area = await fenceOf(a);
    const { staffId } = (await post(a.sessionId, '/card/v1/api/staff/save.json', { name: '李秀兰', staffNo: 'HW-E1' })).obj;
    const saved = await post(a.sessionId, '/card/v1/api/area/save.json', { geofenceId: area, staffId });
    expect(saved.flag, JSON.stringify(saved)).toBe(1);
    const listed = (await t.call(a.sessionId, { url: `${api}/bike/fences.json?bikeId=${bikeId}` })).json().obj;
    expect(listed.map((f: { geofenceId: number }) => f.geofenceId)).toEqual([mine]);
    expect(await post(a.sessionId, `${api}/bike/bindFence.json`, { bikeId, geofenceId: area, bound: true })).toMatchObject({
      msg: '围栏不存在或无权访问',
    });
  });
});
