import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityByName, createTerminal, planTerminals, type EbikeTerminal } from '@chelian/simulator';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { eventually } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startElecCarEngine, type ElecCarEngine } from './elecCarEngine.ts';

/*
 * The safe power cut end to end with a simulated e-bike (packages/simulator: a GT06 tracker that
 * sends its 0xF1 status and obeys the relay, answering as a tracker does) riding a real street
 * grid over real TCP: the cut sent at speed waits, goes down once the rider slows, and the bike
 * reports its power cut; the restore brings it back.
 */
let t: TestServer;
let gw: Gateway;
let engine: ElecCarEngine;
let tenant: Tenant;
let sim: EbikeTerminal;
let bikeId = 0;
const [spec] = planTerminals({ count: 1, protocol: 'ebike', seed: 17, cities: [cityByName('杭州') ?? cityByName('深圳')!] });
const api = '/elec-car/v1/api';

const post = (url: string, fields: Record<string, string | number>) =>
  t.call(tenant.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (url: string) => t.call(tenant.sessionId, { url }).then((r) => r.json());
const status = async () => (await get(`${api}/bike/detail.json?bikeId=${bikeId}`)).obj.status;
const lastOrder = async () => (await get(`${api}/bike/powerOrders.json?bikeId=${bikeId}`)).obj.list[0];

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60 });
  engine = startElecCarEngine(t.ctx, { sweepMs: 200, replyTimeoutMs: 10_000 });
  tenant = await createTenant(t, { codes: 'all' });
  expect((await post('/car/v4/api/terminal/add.json', { terminalId: spec.id, protocol: 'gt06' })).flag).toBe(1);
  bikeId = (await post(`${api}/bike/bind.json`, { imei: spec.id, plate: '浙A·S0017', batteryVoltage: 48, batteryCapacity: 20 })).obj.bikeId;
  sim = createTerminal(spec, {
    host: '127.0.0.1',
    ports: gw.ports,
    intervalSeconds: 0.5,
    sleepIntervalSeconds: 1,
    heartbeatSeconds: 5,
    alarmRate: 0,
    reconnectMinMs: 200,
    driver: { startParked: false },
    ebike: { bmsEverySeconds: 2 },
  }) as EbikeTerminal;
  sim.vehicle.driver.speedOverrideKmh = 28;
  sim.start();
});
afterAll(async () => {
  sim?.stop();
  engine?.stop();
  await gw?.close();
  await t?.close();
});

describe('the safe power cut with a simulated e-bike', () => {
  it('waits while it rides at 28 km/h, cuts once it slows, and the bike reports its power cut', async () => {
    await eventually(async () => (await status()).speed >= 25, 15_000, 'riding at speed');
    const cut = await post(`${api}/bike/control.json`, { bikeId, action: 'cut' });
    expect(cut.obj).toMatchObject({ status: 'pending' });
    expect(cut.obj.message).toMatch(/^车辆正在行驶（2\d km\/h），车速低于 20 km\/h 后执行/);
    expect(sim.vehicle.oilCut).toBe(false);

    sim.vehicle.driver.speedOverrideKmh = 8;
    await eventually(async () => (await lastOrder()).status === 'done', 20_000, 'cut carried out and answered');
    const order = await lastOrder();
    expect(order.speedAtExecution).toBeLessThan(20);
    expect(order.userName).toBe(tenant.userName);
    expect(sim.vehicle.oilCut).toBe(true);
    await eventually(async () => (await status()).powerCut === true, 5000, 'power cut reported');

    expect((await post(`${api}/bike/control.json`, { bikeId, action: 'restore' })).obj.status).toBe('sent');
    await eventually(async () => (await lastOrder()).status === 'done' && !sim.vehicle.oilCut, 10_000, 'restored');
    await eventually(async () => (await status()).powerCut === false, 5000, 'power back reported');
  });
});
