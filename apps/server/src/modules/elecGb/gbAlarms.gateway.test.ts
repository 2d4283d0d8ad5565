import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Bms, encodeGt06Location, encodeGt06Login } from '@chelian/protocols/gt06/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startGbEngine, type GbEngineHandle } from './gbEngine.ts';

/*
 * 新国标's alarms from frames sent through the real gateway (GT06 over TCP, as e-bike trackers
 * speak it): each raised by the frame that carries it, once, in the GB alarm list, the platform's
 * alarm centre and the battery board; impossible BMS figures flagged, never alarmed.
 */
let t: TestServer;
let gw: Gateway;
let gb: GbEngineHandle;
let a: Tenant;
const rider = '868120145250001';
const parked = '868120145250002';
const bikes: Record<string, number> = {};
const api = '/elec-gb/v1/api';
let serial = 10;

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (url: string) => t.call(a.sessionId, { url }).then((r) => r.json());
const gbAlarms = async (bikeId: number) =>
  (await get(`${api}/alarm/list.json?bikeId=${bikeId}&pageSize=50`)).obj.list as Array<{
    type: string;
    typeName: string;
    speed: number | null;
    plate: string;
  }>;
const types = async (bikeId: number) => (await gbAlarms(bikeId)).map((x) => x.type).sort();

const at = (time: number, speedKmh: number, valid = true) =>
  encodeGt06Location({ time, lat: 31.2304, lon: 121.4737, valid, speedKmh, course: 90, satellites: valid ? 9 : 0, acc: true }, ++serial);
const cells13 = (v: number) => Array.from({ length: 13 }, () => v);
const pack = {
  socPct: 70,
  remainingMah: 14_000,
  fullMah: 20_000,
  healthPct: 92,
  temperatureC: 30,
  currentA: -5,
  voltageV: 51.2,
  cycles: 80,
  cellVolts: cells13(3.94),
  time: Date.now(),
  barcode: 'BT48V20A0001',
};

async function connect(id: string) {
  const gt = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
  gt.send(encodeGt06Login(id, 1));
  await gt.next();
  return gt;
}

/** Sends a report and waits until the platform stored it (in positions: latest_positions is held back as the server holds it). */
async function send(gt: TestTerminal, id: string, frame: Buffer, time: number) {
  gt.send(frame);
  await eventually(
    async () =>
      !!(await t.ctx.db.one(
        `SELECT 1 FROM positions p JOIN terminals x ON x.id = p.terminal_id WHERE x.identifier = $1 AND p.gps_time = $2`,
        [id, new Date(Math.floor(time / 1000) * 1000)],
      )),
    15_000,
    'position stored',
  );
  await gb.settle();
}

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 1 });
  gb = startGbEngine(t.ctx, { sweepMs: 100 });
  a = await createTenant(t, { codes: 'all' });
  for (const [id, frameNo] of [
    [rider, 'YD2025G0001'],
    [parked, 'YD2025G0002'],
  ]) {
    await post('/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06' });
    bikes[id] = (
      await post(`${api}/bike/add.json`, {
        frameNo,
        plate: `苏A${frameNo.slice(-5)}`,
        terminalId: id,
        batteryCode: 'BT48V20A0001',
        useType: 'rental',
        positioningConsent: true,
      })
    ).obj.bikeId;
  }
});
afterAll(async () => {
  gb?.stop();
  await gw?.close();
  await t?.close();
});

describe('GB alarms from real frames', () => {
  it('raises 车速超过25km/h once per episode, from the fix that carries the speed', async () => {
    const gt = await connect(rider);
    const now = Date.now() - 60_000;
    await send(gt, rider, at(now, 24), now);
    expect(await gbAlarms(bikes[rider]!)).toEqual([]);
    await send(gt, rider, at(now + 5000, 31), now + 5000);
    await send(gt, rider, at(now + 10_000, 33), now + 10_000);
    const list = await gbAlarms(bikes[rider]!);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 'gbOverspeed', typeName: '车速超过25km/h', speed: 31, plate: '苏AG0001' });
    await send(gt, rider, at(now + 15_000, 15), now + 15_000);
    await send(gt, rider, at(now + 20_000, 27), now + 20_000);
    expect((await types(bikes[rider]!)).filter((x) => x === 'gbOverspeed')).toHaveLength(2);
    // the platform's alarm centre lists them too, in the same words
    const centre = (await get(`/car/v1/accelerate/report/alarm/newQueryAlarm?terminalId=${rider}&types=gbOverspeed`)).obj;
    expect(centre.total).toBe(2);
    expect(centre.list[0].typeName).toBe('车速超过25km/h');
    gt.close();
  });

  it('raises the pack alarms from a BMS report and a mismatch when another pack reports; an impossible report is flagged only', async () => {
    const gt = await connect(rider);
    const bikeId = bikes[rider]!;
    gt.send(encodeGt06Bms({ ...pack, time: Date.now() }, ++serial));
    await eventually(
      async () => (await get(`${api}/battery/board.json`)).obj.list.find((r: { bikeId: number }) => r.bikeId === bikeId)?.socPct === 70,
      15_000,
      'first report',
    );
    await gb.settle();
    expect((await types(bikeId)).filter((x) => x !== 'gbOverspeed')).toEqual([]); // the registered pack, calm

    // (no over-current here: 0x40 carries the current as signed mA in 16 bits, ±32.7 A, below the 40 A threshold)
    const hot = { ...pack, temperatureC: 65, cellVolts: [4.3, ...cells13(3.9).slice(1)], barcode: 'BT48V20A0999', time: Date.now() };
    gt.send(encodeGt06Bms(hot, ++serial));
    await eventually(async () => (await types(bikeId)).includes('batteryOverTemp'), 15_000, 'pack alarms');
    await eventually(
      async () => {
        await gb.settle();
        return (await types(bikeId)).includes('batteryMismatch');
      },
      15_000,
      'mismatch',
    );
    expect((await types(bikeId)).filter((x) => x !== 'gbOverspeed')).toEqual([
      'batteryMismatch',
      'batteryOverTemp',
      'batteryOverVoltage',
      'cellImbalance',
    ]);
    const names = (await gbAlarms(bikeId)).map((x) => x.typeName);
    expect(names).toEqual(expect.arrayContaining(['电池与控制器不匹配', '电池温度过高', '电池电压过高', '电芯压差过大']));

    const board = (await get(`${api}/battery/board.json`)).obj.list;
    expect(board[0]).toMatchObject({ bikeId, temperatureC: 65, cellMaxV: 4.3, cellSpreadV: 0.4, currentA: -5 });
    expect(board[0].risk).toBe(100);
    expect(board[0].riskReasons).toContain('温度 65.0°C ≥ 60°C');

    const low = { ...pack, cellVolts: [2.6, ...cells13(3.0).slice(1)], barcode: 'BT48V20A0999', time: Date.now() };
    gt.send(encodeGt06Bms(low, ++serial));
    await eventually(async () => (await types(bikeId)).includes('batteryUnderVoltage'), 15_000, 'under-voltage');
    await gb.settle();
    expect((await types(bikeId)).filter((x) => x === 'batteryMismatch')).toHaveLength(1); // still the other pack: once

    const before = (await gbAlarms(bikeId)).length;
    gt.send(encodeGt06Bms({ ...pack, cellVolts: [...cells13(3.9).slice(1), 65], temperatureC: -200, time: Date.now() }, ++serial));
    await eventually(
      async () =>
        (await get(`${api}/battery/board.json`)).obj.list[0].flagged.length > 0 ||
        (await get(`${api}/battery/board.json`)).obj.list.find((r: { bikeId: number }) => r.bikeId === bikeId).flagged.length > 0,
      15_000,
      'flagged',
    );
    await gb.settle();
    expect((await gbAlarms(bikeId)).length).toBe(before);
    const row = (await get(`${api}/battery/board.json`)).obj.list.find((r: { bikeId: number }) => r.bikeId === bikeId);
    expect(row).toMatchObject({ temperatureC: null, cellSpreadV: null, flagged: ['电芯电压读数异常', '温度读数异常'] });
    const trend = (await get(`${api}/battery/trend.json?bikeId=${bikeId}`)).obj;
    expect(trend.points).toHaveLength(4);
    expect(trend.points.map((p: { temperatureC: number | null }) => p.temperatureC)).toEqual([30, 65, 30, null]);
    gt.close();
  });

  it('raises 定位失败 after five minutes of reports without a fix, and 通信中断 when the module falls silent', async () => {
    const gt = await connect(parked);
    const bikeId = bikes[parked]!;
    const start = Date.now() - 7 * 60_000;
    await send(gt, parked, at(start, 0, false), start);
    await send(gt, parked, at(start + 4 * 60_000, 0, false), start + 4 * 60_000);
    expect(await types(bikeId)).toEqual([]);
    await send(gt, parked, at(start + 6 * 60_000, 0, false), start + 6 * 60_000);
    expect(await types(bikeId)).toEqual(['positioningFailure']);
    expect((await gbAlarms(bikeId))[0].typeName).toBe('定位失败');

    gt.close(); // silent for longer than the gateway's offline delay (1 s here)
    await eventually(
      async () => {
        await gb.settle();
        return (await types(bikeId)).includes('communicationLost');
      },
      6000,
      'communication lost',
    );
    await gb.settle();
    expect(await types(bikeId)).toEqual(['communicationLost', 'positioningFailure']);
    const stats = (await get(`${api}/stats/summary.json`)).obj;
    const count = (key: string) => stats.alarmsByType.find((x: { key: string }) => x.key === key).count;
    // both modules fell silent (the rider's socket closed in the test before): each lost once
    expect([count('gbOverspeed'), count('positioningFailure'), count('communicationLost'), count('batteryMismatch')]).toEqual([2, 1, 2, 1]);
  });
});
