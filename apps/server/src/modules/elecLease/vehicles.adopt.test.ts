import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';

/*
 * 电单车租赁 rents out an e-bike already on the platform: a terminal that is an 电单车卫士 bike
 * becomes a rental bike as that bike (its id, history and guard kept) instead of being refused as
 * 已绑定车辆; a car's terminal is still refused, and a bike already rented out is named.
 */
let t: TestServer;
let a: Tenant;
let b: Tenant;
const lease = '/elec-lease/v1/api';
const guard = '/elec-car/v1/api';
const bikeImei = '868120145247101';
const carImei = '868120145247102';
let bikeId = 0;

const post = (sid: string, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  for (const id of [bikeImei, carImei])
    expect((await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06' })).flag).toBe(1);
  const bike = await post(a.sessionId, `${guard}/bike/bind.json`, { imei: bikeImei, plate: '沪A·47101', brand: '雅迪', model: 'DE3' });
  expect(bike.flag).toBe(1);
  bikeId = bike.obj.bikeId;
  expect((await post(a.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B47102', terminalId: carImei, protocol: 'gt06' })).flag).toBe(
    1,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('a rental bike from an 电单车卫士 bike', () => {
  it('takes the bike as it is, writing what the form fills in, and rents it out', async () => {
    const added = await post(a.sessionId, `${lease}/vehicle/add.json`, {
      imei: bikeImei,
      code: 'ZL-471',
      plate: '',
      frameNo: 'YD471FRAME',
      batteryModel: '48V20Ah 锂电',
      batteryVoltage: 48,
      batteryCapacity: 20,
    });
    expect(added).toMatchObject({
      flag: 1,
      obj: {
        vehicleId: bikeId,
        code: 'ZL-471',
        plate: '沪A·47101', // left empty in the form: the bike's own is kept
        terminalId: bikeImei,
        frameNo: 'YD471FRAME',
        model: 'DE3',
        state: 'available',
      },
    });
    // Still the same 电单车卫士 bike, with its brand.
    const mine = await get(a.sessionId, `${guard}/bike/detail.json?bikeId=${bikeId}`);
    expect(mine.obj).toMatchObject({ bikeId, plate: '沪A·47101', brand: '雅迪', frameNo: 'YD471FRAME', batteryVoltage: 48 });

    const rider = await post(a.sessionId, `${lease}/rider/save.json`, {
      name: '周十',
      idNumber: '110105199003071239',
      phone: '13500135471',
      emergencyName: '周九',
      emergencyPhone: '13400134471',
    });
    const plan = await post(a.sessionId, `${lease}/plan/save.json`, {
      name: '日租471',
      kind: 'daily',
      rentFen: 1500,
      depositFen: 0,
      insuranceFen: 0,
    });
    const contract = await post(a.sessionId, `${lease}/contract/create.json`, {
      riderId: rider.obj.riderId,
      vehicleId: bikeId,
      planId: plan.obj.planId,
    });
    expect(contract).toMatchObject({ flag: 1, obj: { contract: { status: 'pending', vehicleId: bikeId } } });
  });

  it('names the rental code of a bike already rented out, and still refuses a car or a foreign terminal', async () => {
    expect(await post(a.sessionId, `${lease}/vehicle/add.json`, { imei: bikeImei, code: 'ZL-472' })).toMatchObject({
      flag: 0,
      errorCode: 'elecLease.alreadyLeased',
      msg: `设备 ${bikeImei} 的电单车已是租赁车辆（编号 ZL-471）`,
    });
    expect(await post(a.sessionId, `${lease}/vehicle/add.json`, { imei: carImei, code: 'ZL-473' })).toMatchObject({
      flag: 0,
      errorCode: 'elecCar.terminalBound',
      msg: `设备 ${carImei} 已绑定车辆 粤B47102`,
    });
    expect(await post(b.sessionId, `${lease}/vehicle/add.json`, { imei: bikeImei, code: 'B-471' })).toMatchObject({
      flag: 0,
      errorCode: 'terminal.terminalNotVisible',
    });
    expect((await get(a.sessionId, `${lease}/vehicle/list.json?keyword=ZL-47`)).obj.list).toHaveLength(1);
  });

  it('takes a bike out of 电单车租赁 without deleting it from 电单车卫士', async () => {
    const imei = '868120145247103';
    expect((await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: imei, protocol: 'gt06' })).flag).toBe(1);
    const own = await post(a.sessionId, `${guard}/bike/bind.json`, { imei, plate: '沪A·47103', brand: '爱玛' });
    const added = await post(a.sessionId, `${lease}/vehicle/add.json`, { imei, code: 'ZL-474' });
    expect(added.obj.vehicleId).toBe(own.obj.bikeId);
    expect(await post(a.sessionId, `${lease}/vehicle/delete.json`, { vehicleId: own.obj.bikeId })).toMatchObject({ flag: 1 });
    expect((await get(a.sessionId, `${lease}/vehicle/list.json?keyword=ZL-474`)).obj.list).toHaveLength(0);
    const still = await get(a.sessionId, `${guard}/bike/detail.json?bikeId=${own.obj.bikeId}`);
    expect(still.obj).toMatchObject({ bikeId: own.obj.bikeId, plate: '沪A·47103', brand: '爱玛', terminalId: imei });
    // and it may be rented out again, as the same bike
    expect((await post(a.sessionId, `${lease}/vehicle/add.json`, { imei, code: 'ZL-475' })).obj.vehicleId).toBe(own.obj.bikeId);
  });
});
