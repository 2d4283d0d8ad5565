/**
 * 电单车卫士's home figures against 我的车辆's list on one tenant's data (a real GT06 tracker through the
 * gateway: armed, a low pack by its BMS report); a foreign tenant and a role without 电单车卫士.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Bms, encodeGt06DeviceStatus, encodeGt06Location, encodeGt06Login } from '@chelian/protocols/gt06/index.ts';
import type { Bike } from '@chelian/contracts';
import type { TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import type { Gateway } from '../../gateway/gateway.ts';
import { twoTenantsOnGateway, type TwoTenantsOnGateway } from '../../testing/twoTenantsOnGateway.ts';

let bed: TwoTenantsOnGateway;
let t: TestServer;
let gw: Gateway;
let a: Tenant;
let b: Tenant;
const LOW = '868120145239101';
const IDLE = '868120145239102';
const api = '/elec-car/v1/api';
const post: TwoTenantsOnGateway['post'] = (...args) => bed.post(...args);
const get: TwoTenantsOnGateway['get'] = (...args) => bed.get(...args);
const summary = (sid: string) => get(sid, `${api}/home/summary.json`);

beforeAll(async () => {
  bed = await twoTenantsOnGateway({ gt06: 0 });
  ({ t, gw, a, b } = bed);
  for (const id of [LOW, IDLE]) {
    expect((await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06' })).flag).toBe(1);
    expect((await post(a.sessionId, `${api}/bike/bind.json`, { imei: id, batteryVoltage: 48, batteryCapacity: 20 })).flag).toBe(1);
  }
});
afterAll(() => bed?.close());

describe('电单车卫士 home figures', () => {
  it('counts the bikes, online, armed, low on battery and cut off as 我的车辆 shows each', async () => {
    expect((await summary(a.sessionId)).obj).toEqual({ bikes: 2, online: 0, armed: 0, lowBattery: 0, powerCut: 0 });
    const gt = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    gt.send(encodeGt06Login(LOW, 1));
    await gt.next();
    gt.send(
      encodeGt06DeviceStatus(
        { armed: true, acc: false, supplyVolts: 44.1, charging: false, powerCut: false, chargeVolts: 0, batteryTempC: 25 },
        2,
      ),
    );
    const pack = {
      socPct: 12,
      remainingMah: 2400,
      fullMah: 20_000,
      healthPct: 90,
      temperatureC: 25,
      currentA: 0,
      voltageV: 44.1,
      cycles: 300,
      cellVolts: Array.from({ length: 13 }, () => 3.39),
      time: Date.now(),
    };
    gt.send(encodeGt06Bms(pack, 3));
    gt.send(
      encodeGt06Location(
        { time: Date.now(), lat: 31.2304, lon: 121.4737, valid: true, speedKmh: 0, course: 0, satellites: 9, acc: false },
        4,
      ),
    );
    const list = async () => (await get(a.sessionId, `${api}/bike/list.json?pageSize=50`)).obj.list as Bike[];
    await eventually(
      async () => (await list()).some((x) => x.status.batteryPercent === 12 && x.status.armed === true),
      3000,
      'status shown',
    );

    const bikes = await list();
    expect((await summary(a.sessionId)).obj).toEqual({
      bikes: bikes.length,
      online: bikes.filter((x) => x.status.online).length,
      armed: bikes.filter((x) => x.status.armed === true).length,
      lowBattery: bikes.filter((x) => x.status.batteryPercent !== null && x.status.batteryPercent < 20).length,
      powerCut: bikes.filter((x) => x.status.powerCut === true).length,
    });
    expect((await summary(a.sessionId)).obj).toEqual({ bikes: 2, online: 1, armed: 1, lowBattery: 1, powerCut: 0 });
    gt.close();
  });

  it('answers another tenant with its own (none) and refuses a role without 电单车卫士', async () => {
    expect((await summary(b.sessionId)).obj).toEqual({ bikes: 0, online: 0, armed: 0, lowBattery: 0, powerCut: 0 });
    const petOnly = await createTenant(t, { codes: ['pet', 'pet:monitor'] });
    expect(await summary(petOnly.sessionId)).toMatchObject({ flag: 0, errorCode: 'common.forbidden' });
  });
});
