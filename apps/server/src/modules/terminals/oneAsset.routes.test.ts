/**
 * One terminal sits in one asset (docs/asset-kinds.md): a car's terminal and a pet's collar are
 * refused by the other sub-products' forms, naming what holds them (a 新国标 bike's module may be
 * the same e-bike's in 车辆管理);
 * a collar put on or taken off is announced, so the live feeds read its kind again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { subjects } from '../../bus/subjects.ts';

let t: TestServer;
let a: Tenant;
let staffId: number;
const ID = { car: '013847100001', collar: '9100004711', module: '868120147110003', spare: '9100004712' };

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());

beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes: 'all' });
  expect((await post('/car/v4/api/vehicle/add.json', { plate: '粤B47101', terminalId: ID.car, protocol: 'jt808' })).flag).toBe(1);
  for (const [id, protocol] of [
    [ID.collar, 'watch'],
    [ID.module, 'gt06'],
    [ID.spare, 'watch'],
  ])
    expect((await post('/car/v4/api/terminal/add.json', { terminalId: id, protocol })).flag).toBe(1);
  expect((await post('/pet/v1/api/pet/save.json', { name: '旺财', species: 'dog', imei: ID.collar })).flag).toBe(1);
  const bike = await post('/elec-gb/v1/api/bike/add.json', { frameNo: 'YD2026K0001', useType: 'rental', terminalId: ID.module });
  expect(bike.flag, JSON.stringify(bike)).toBe(1);
  staffId = (await post('/card/v1/api/staff/save.json', { name: '王桂英', staffNo: 'HW-K71' })).obj.staffId;
});
afterAll(async () => {
  await t?.close();
});

const refused = (terminalId: string, holder: string) => ({
  flag: 0,
  errorCode: 'terminal.terminalInOtherAsset',
  msg: `设备号 ${terminalId} 已用于${holder}，请先解绑`,
});

describe('one terminal, one asset', () => {
  it("refuses a pet's collar for a vehicle in 车辆管理; a 新国标 bike's module is the same e-bike's", async () => {
    expect(await post('/car/v4/api/vehicle/add.json', { plate: '粤B47102', terminalId: ID.collar, protocol: 'watch' })).toMatchObject(
      refused(ID.collar, '宠物 旺财'),
    );
    expect(
      await post('/car/v4/api/vehicle/add.json', { plate: '深圳47103', type: 'ebike', terminalId: ID.module, protocol: 'gt06' }),
    ).toMatchObject({
      flag: 1,
    });
  });

  it("refuses a car's terminal or another product's for a pet, a badge or a 新国标 bike", async () => {
    expect(await post('/pet/v1/api/pet/save.json', { name: '豆豆', species: 'dog', imei: ID.car })).toMatchObject(
      refused(ID.car, '车辆 粤B47101'),
    );
    expect(await post('/card/v1/api/staff/bind.json', { staffId, terminalId: ID.collar })).toMatchObject(refused(ID.collar, '宠物 旺财'));
    expect(await post('/elec-gb/v1/api/bike/add.json', { frameNo: 'YD2026K0002', useType: 'rental', terminalId: ID.collar })).toMatchObject(
      refused(ID.collar, '宠物 旺财'),
    );
    expect(await post('/elec-gb/v1/api/bike/add.json', { frameNo: 'YD2026K0003', useType: 'rental', terminalId: ID.car })).toMatchObject(
      refused(ID.car, '车辆 粤B47101'),
    );
    // nothing was made of the refused forms
    const pets = (await t.call(a.sessionId, { url: '/pet/v1/api/pet/list.json' })).json().obj as Array<{ name: string }>;
    expect(pets.map((p) => p.name)).toEqual(['旺财']);
  });

  it('announces a collar put on and taken off, so the live feeds read its kind again', async () => {
    const heard: string[] = [];
    const off = t.ctx.bus.subscribe(subjects.terminalChanged('>'), (_m, subject) => heard.push(subject));
    try {
      const petId = (await post('/pet/v1/api/pet/save.json', { name: '咪咪', species: 'cat', imei: ID.spare })).obj.petId as number;
      expect(heard).toContain(subjects.terminalChanged(ID.spare));
      heard.length = 0;
      expect((await post('/pet/v1/api/pet/remove.json', { petId })).flag).toBe(1);
      expect(heard).toContain(subjects.terminalChanged(ID.spare));
    } finally {
      off();
    }
  });
});
