import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gt06Codec,
  encodeGt06Alarm,
  encodeGt06Bms,
  encodeGt06DeviceStatus,
  encodeGt06Location,
  encodeGt06Login,
  encodeGt06StringInfo,
} from '@chelian/protocols/gt06/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startElecCarEngine, type ElecCarEngine } from './elecCarEngine.ts';

/*
 * The safe power cut with an e-bike terminal over real TCP (GT06, as e-bike trackers speak it):
 * a cut sent while the bike moves stays pending until a fix shows it under 20 km/h, then goes
 * down as the terminal's relay command; the answer closes it; a bike that never answers fails.
 */
let t: TestServer;
let gw: Gateway;
let engine: ElecCarEngine;
let a: Tenant;
const imei = '868120145231001';
const silentImei = '868120145231002';
const offlineImei = '868120145231003';
const bikes: Record<string, number> = {};
const api = '/elec-car/v1/api';
const REPLY_TIMEOUT_MS = 2000;

const post = (sid: string, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const orders = async (bikeId: number) => (await get(a.sessionId, `${api}/bike/powerOrders.json?bikeId=${bikeId}`)).obj.list;
const status = async (bikeId: number) => (await get(a.sessionId, `${api}/bike/detail.json?bikeId=${bikeId}`)).obj.status;

let serial = 10;
const fix = (speedKmh: number, lat = 31.2304, acc = true) =>
  encodeGt06Location({ time: Date.now(), lat, lon: 121.4737, valid: true, speedKmh, course: 90, satellites: 9, acc }, ++serial);

/** True when the server sent this terminal no command (0x80) within `ms` (other frames are replies). */
async function noCommandFor(gt: TestTerminal, ms: number): Promise<boolean> {
  await gt.silentFor(ms);
  return !gt.received.some((f) => {
    const frame = gt06Codec.decode(f);
    return frame.ok && frame.value.messageType === '0x80';
  });
}

/** The next command (0x80) the server sends this terminal: its text and server flag. */
async function nextCommand(gt: TestTerminal): Promise<{ text: string; serverFlag: number }> {
  for (;;) {
    const frame = gt06Codec.decode(await gt.next(5000));
    if (frame.ok && frame.value.messageType === '0x80') return frame.value.messages[0].detail as { text: string; serverFlag: number };
  }
}

async function connect(id: string) {
  const gt = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
  gt.send(encodeGt06Login(id, 1));
  await gt.next();
  return gt;
}

/** Sends a fix and waits until the platform's latest position shows it. */
async function drive(gt: TestTerminal, bikeId: number, speedKmh: number, lat?: number, acc?: boolean) {
  gt.send(fix(speedKmh, lat, acc));
  await eventually(async () => (await status(bikeId)).speed === speedKmh, 3000, `speed ${speedKmh} stored`);
  await engine.settle();
}

beforeAll(async () => {
  t = await createTestServer();
  // As the server runs it: latest_positions held back (LATEST_POSITION_SECONDS), so the bike's status must read the newest
  // fix — GT06 times are whole seconds, and drive()'s fixes often share one with the fix before.
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60, ingest: { latestEveryMs: 30_000 } });
  engine = startElecCarEngine(t.ctx, { sweepMs: 100, replyTimeoutMs: REPLY_TIMEOUT_MS });
  a = await createTenant(t, { codes: 'all' });
  for (const [id, plate] of [
    [imei, '沪A·C0001'],
    [silentImei, '沪A·C0002'],
    [offlineImei, '沪A·C0003'],
  ]) {
    await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06' });
    bikes[id] = (await post(a.sessionId, `${api}/bike/bind.json`, { imei: id, plate, batteryVoltage: 48, batteryCapacity: 20 })).obj.bikeId;
  }
});
afterAll(async () => {
  engine?.stop();
  await gw?.close();
  await t?.close();
});

describe('the safe power cut', () => {
  it('keeps a cut sent while the bike moves pending until a fix shows it under 20 km/h, then cuts', async () => {
    const bikeId = bikes[imei]!;
    const gt = await connect(imei);
    await drive(gt, bikeId, 35);

    const sent = await post(a.sessionId, `${api}/bike/control.json`, { bikeId, action: 'cut' });
    expect(sent.obj).toMatchObject({ action: 'cut', status: 'pending', commandId: null });
    expect(sent.obj.message).toBe('车辆正在行驶（35 km/h），车速低于 20 km/h 后执行；10 分钟内未满足条件将自动取消');
    expect((await status(bikeId)).pendingCut).toMatchObject({ orderId: sent.obj.orderId, userName: a.userName });
    // A second cut while one waits is the same order.
    expect((await post(a.sessionId, `${api}/bike/control.json`, { bikeId, action: 'cut' })).obj).toMatchObject({
      status: 'pending',
      orderId: sent.obj.orderId,
    });

    await drive(gt, bikeId, 24); // slower, not slow enough
    expect(await noCommandFor(gt, 300)).toBe(true);
    expect((await orders(bikeId))[0]).toMatchObject({ status: 'pending', statusName: '等待减速', speedAtRequest: 35 });

    await drive(gt, bikeId, 12);
    const command = await nextCommand(gt);
    expect(command.text).toBe('DYD,000000#');
    expect((await orders(bikeId))[0]).toMatchObject({ orderId: sent.obj.orderId, status: 'sent', speedAtExecution: 12 });

    gt.send(encodeGt06StringInfo(command.serverFlag, 'DYD=Success!', ++serial));
    await eventually(async () => (await orders(bikeId))[0].status === 'done', 3000, 'cut confirmed');
    const [done] = await orders(bikeId);
    expect(done).toMatchObject({
      action: 'cut',
      actionName: '断电',
      statusName: '已执行',
      userName: a.userName,
      reason: '断油电成功（DYD=Success!）',
    });
    expect(await status(bikeId)).toMatchObject({ powerCut: true, pendingCut: null });

    // Restore goes at once, and is recorded beside the cut.
    const restore = await post(a.sessionId, `${api}/bike/control.json`, { bikeId, action: 'restore' });
    expect(restore.obj).toMatchObject({ status: 'sent', message: '恢复供电指令已下发' });
    const back = await nextCommand(gt);
    expect(back.text).toBe('HFYD,000000#');
    gt.send(encodeGt06StringInfo(back.serverFlag, 'HFYD=Success!', ++serial));
    await eventually(async () => (await orders(bikeId))[0].status === 'done', 3000, 'restore confirmed');
    expect((await status(bikeId)).powerCut).toBe(false);
    gt.close();
  });

  it('records every cut and restore in the operation log with who sent it', async () => {
    await t.ctx.audit.flush();
    const rows = await t.ctx.db.query<{ username: string; action: string; object_id: string; changes: { after: { action: string } } }>(
      `SELECT username, action, object_id, changes FROM audit_log WHERE path = $1 ORDER BY id`,
      [`${api}/bike/control.json`],
    );
    expect(rows.map((r) => [r.username, r.action, r.object_id, r.changes.after.action])).toEqual([
      [a.username, '电单车控制', String(bikes[imei]), '断电'],
      [a.username, '电单车控制', String(bikes[imei]), '断电'],
      [a.username, '电单车控制', String(bikes[imei]), '恢复供电'],
    ]);
  });

  it('fails a cut the bike never answers, with the reason in Chinese', async () => {
    const bikeId = bikes[silentImei]!;
    const gt = await connect(silentImei);
    await drive(gt, bikeId, 0);
    const sent = await post(a.sessionId, `${api}/bike/control.json`, { bikeId, action: 'cut' });
    expect(sent.obj).toMatchObject({ status: 'sent', message: '断电指令已下发，等待设备回复' });
    expect((await nextCommand(gt)).text).toBe('DYD,000000#'); // received, never answered
    await eventually(async () => (await orders(bikeId))[0].status === 'failed', REPLY_TIMEOUT_MS + 4000, 'unanswered cut failed');
    expect((await orders(bikeId))[0]).toMatchObject({ statusName: '失败', reason: '设备 2 秒内未应答，断电未确认' });
    expect((await status(bikeId)).powerCut).toBeNull();
    gt.close();
  });

  it('lets a pending cut expire, and waits for an offline bike', async () => {
    const bikeId = bikes[offlineImei]!;
    const sent = await post(a.sessionId, `${api}/bike/control.json`, { bikeId, action: 'cut' });
    expect(sent.obj).toMatchObject({ status: 'pending', message: '车辆离线，待车辆上线并确认车速后执行；10 分钟内未满足条件将自动取消' });
    await t.ctx.db.query(`UPDATE elec_car_power_orders SET expires_at = now() - interval '1 second' WHERE id = $1`, [sent.obj.orderId]);
    await engine.settle();
    expect((await orders(bikeId))[0]).toMatchObject({
      status: 'expired',
      statusName: '已过期',
      reason: '10 分钟内车速未降到 20 km/h 以下，断电已取消',
    });

    // Unbinding a bike drops a cut still waiting for it.
    const waiting = await post(a.sessionId, `${api}/bike/control.json`, { bikeId, action: 'cut' });
    expect((await post(a.sessionId, `${api}/bike/unbind.json`, { bikeId })).flag).toBe(1);
    const [row] = await t.ctx.db.query<{ status: string; reason: string }>(
      'SELECT status, reason FROM elec_car_power_orders WHERE id = $1',
      [waiting.obj.orderId],
    );
    expect(row).toEqual({ status: 'cancelled', reason: '车辆已解绑，待执行的断电已取消' });
  });
});

describe('the alarms the platform derives for e-bikes', () => {
  it('raises ACC on while armed and displacement from where it was armed — once each; no overspeed of its own', async () => {
    const bikeId = bikes[imei]!;
    const gt = await connect(imei);
    await drive(gt, bikeId, 0, 31.2304, false);
    const armed = await post(a.sessionId, `${api}/bike/control.json`, { bikeId, action: 'arm' });
    expect(armed.obj).toMatchObject({ status: 'sent', message: '设防指令已下发' });
    expect((await nextCommand(gt)).text).toBe('111');
    expect((await status(bikeId)).armed).toBe(true);

    await drive(gt, bikeId, 3, 31.2305, true); // key turned while armed
    await drive(gt, bikeId, 5, 31.2305, true);
    await drive(gt, bikeId, 18, 31.2345, true); // ~460 m from where it was armed
    await drive(gt, bikeId, 32, 31.2385, true); // over the bike's 25 km/h: 平台超速报警's to judge, not the guard's
    await drive(gt, bikeId, 31, 31.2395, true);
    const alarms = async () =>
      (await get(a.sessionId, `${api}/alarm/list.json?bikeId=${bikeId}`)).obj.list as Array<{
        type: string;
        typeName: string;
        plate: string;
      }>;
    await eventually(async () => (await alarms()).length >= 2, 3000, 'derived alarms');
    await engine.guard.idle();
    const list = await alarms();
    expect(list.map((x) => x.type)).toEqual(['displacement', 'accOnWhileArmed']);
    expect(list.map((x) => x.typeName)).toEqual(['位移报警', '设防状态ACC开启']);
    expect(list[0].plate).toBe('沪A·C0001');
    const all = (await get(a.sessionId, `${api}/alarm/list.json`)).obj;
    expect(all.total).toBe(2); // every bike's, in the e-bike types

    const disarmed = await post(a.sessionId, `${api}/bike/control.json`, { bikeId, action: 'disarm' });
    expect(disarmed.obj.status).toBe('sent');
    expect((await nextCommand(gt)).text).toBe('000');
    expect((await status(bikeId)).armed).toBe(false);
    gt.close();
  });
});

describe('auto-arm and the offline alarm', () => {
  it('arms a bike whose key has been off for the auto-arm delay, and raises offline when an armed bike drops off', async () => {
    const bikeId = bikes[imei]!;
    const gt = await connect(imei);
    await drive(gt, bikeId, 0, 31.2395, false); // parked, key off, disarmed (the previous test)
    expect((await status(bikeId)).armed).toBe(false);
    await post(a.sessionId, `${api}/bike/settings.json`, { bikeId, autoArm: true, autoArmDelay: 60 });
    await drive(gt, bikeId, 1, 31.2395, false); // the engine reloaded the settings: ACC off counts from here
    await engine.guard.autoArm(Date.now() + 59_000);
    expect(await noCommandFor(gt, 200)).toBe(true);
    await engine.guard.autoArm(Date.now() + 61_000);
    expect((await nextCommand(gt)).text).toBe('111');
    expect((await status(bikeId)).armed).toBe(true);

    // The vibration sensitivity goes down to the terminal as its text command, logged with its sender.
    await post(a.sessionId, `${api}/bike/settings.json`, { bikeId, vibrationLevel: 11 });
    expect((await nextCommand(gt)).text).toBe('VIBL,11#');
    const sent = await t.ctx.db.one<{ username: string }>(
      `SELECT u.username FROM commands c JOIN users u ON u.id = c.user_id JOIN terminals tt ON tt.id = c.terminal_id WHERE tt.identifier_key = $1 AND c.params->>'text' = 'VIBL,11#'`,
      [imei.replace(/^0+/, '')],
    );
    expect(sent?.username).toBe(a.username);

    t.ctx.positionFeed.presence({ terminalId: imei, vehicleId: bikeId, plate: '沪A·C0001', online: false, at: Date.now() }); // as the gateway declaring it offline does
    await engine.guard.idle();
    const alarms = (await get(a.sessionId, `${api}/alarm/list.json?bikeId=${bikeId}&types=offline`)).obj.list;
    expect(alarms.map((x: { typeName: string }) => x.typeName)).toEqual(['离线报警']);
    // The alarm centre (报警明细 / the car app's list) names it in the same words.
    const centre = (await get(a.sessionId, `/car/v1/accelerate/report/alarm/newQueryAlarm?types=offline&vehicleId=${bikeId}`)).obj.list;
    expect(centre.map((x: { type: string; typeName: string }) => [x.type, x.typeName])).toEqual([['offline', '离线报警']]);
    gt.close();
  });
});

describe('the status card and battery page from e-bike frames', () => {
  const ebikeImei = '868120145231004';
  it('shows the 0xF1 state and the BMS charge; flags an impossible BMS reading without an alarm', async () => {
    await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: ebikeImei, protocol: 'gt06' });
    const bikeId = (
      await post(a.sessionId, `${api}/bike/bind.json`, { imei: ebikeImei, plate: '沪A·C0004', batteryVoltage: 48, batteryCapacity: 20 })
    ).obj.bikeId;
    const gt = await connect(ebikeImei);
    const cells = Array.from({ length: 13 }, () => 3.94);
    const pack = {
      socPct: 76,
      remainingMah: 15_200,
      fullMah: 20_000,
      healthPct: 97,
      temperatureC: 28,
      currentA: -2.5,
      voltageV: 51.22,
      cycles: 112,
      cellVolts: cells,
      time: Date.now(),
    };
    gt.send(
      encodeGt06DeviceStatus(
        { armed: true, acc: false, supplyVolts: 51.2, charging: false, powerCut: false, chargeVolts: 0, batteryTempC: 27 },
        ++serial,
      ),
    );
    gt.send(encodeGt06Bms(pack, ++serial));
    gt.send(fix(0, 31.2304, false));
    await eventually(async () => (await status(bikeId)).batteryPercent === 76, 3000, 'BMS charge shown');
    expect(await status(bikeId)).toMatchObject({
      armed: true,
      acc: false,
      powerCut: false,
      batteryVoltage: 51.2,
      batteryPercent: 76,
      rangeKm: 61,
    });

    const battery = (await get(a.sessionId, `${api}/bike/battery.json?bikeId=${bikeId}`)).obj;
    expect(battery.trend).toEqual([expect.objectContaining({ voltage: 51.2, percent: 76, charging: false })]);
    expect(battery.bms.figures.find((f: { key: string }) => f.key === 'soc').value).toBe('76%');
    expect(battery.bms).toMatchObject({ cells, faults: [], flagged: [] });

    gt.send(encodeGt06Bms({ ...pack, cellVolts: [...cells.slice(0, 12), 65], controllerFault: 0x0004 }, ++serial));
    await eventually(
      async () => (await get(a.sessionId, `${api}/bike/battery.json?bikeId=${bikeId}`)).obj.bms.flagged.length > 0,
      3000,
      'flagged reading',
    );
    const flagged = (await get(a.sessionId, `${api}/bike/battery.json?bikeId=${bikeId}`)).obj.bms;
    expect(flagged).toMatchObject({ cells: [], flagged: ['电芯电压读数异常'], faults: ['控制器故障码 0x0004'] });
    expect((await get(a.sessionId, `${api}/alarm/list.json?bikeId=${bikeId}`)).obj.total).toBe(0);
    gt.close();
  });
});

describe('an alarm the bike raises itself', () => {
  it('is one alarm, not a second one derived from the same fix (the demo listed 设防状态ACC开启 twice)', async () => {
    const ownImei = '868120145231005';
    await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: ownImei, protocol: 'gt06' });
    const bikeId = (
      await post(a.sessionId, `${api}/bike/bind.json`, { imei: ownImei, plate: '沪A·C0005', batteryVoltage: 48, batteryCapacity: 20 })
    ).obj.bikeId;
    const gt = await connect(ownImei);
    gt.send(
      encodeGt06DeviceStatus(
        { armed: true, acc: false, supplyVolts: 51.2, charging: false, powerCut: false, chargeVolts: 0, batteryTempC: 27 },
        ++serial,
      ),
    );
    await drive(gt, bikeId, 0, 31.2304, false);
    expect((await status(bikeId)).armed).toBe(true);
    // The key turned while armed: the tracker's own alarm packet, with ACC on in its fix.
    gt.send(
      encodeGt06Alarm(
        { time: Date.now(), lat: 31.2304, lon: 121.4737, valid: true, speedKmh: 2, course: 90, satellites: 9, acc: true },
        'accOnWhileArmed',
        { armed: true },
        ++serial,
      ),
    );
    await eventually(async () => (await status(bikeId)).speed === 2, 3000, 'alarm fix stored');
    await engine.settle();
    await engine.guard.idle();
    await drive(gt, bikeId, 3, 31.2304, true); // and the next fix, still ACC on, raises nothing more
    await engine.guard.idle();
    const list = (await get(a.sessionId, `${api}/alarm/list.json?bikeId=${bikeId}`)).obj.list as Array<{ type: string }>;
    expect(list.map((x) => x.type)).toEqual(['accOnWhileArmed']);
    gt.close();
  });
});
