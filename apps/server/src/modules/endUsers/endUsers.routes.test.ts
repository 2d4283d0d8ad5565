/**
 * 掌上车联's end users over the real routes: the operator invites a pet owner by phone → the
 * invitation SMS is in the outbox → the owner logs in by phone + SMS code → sees only their pet
 * (the operator still sees it, with its place); the same phone again adds a bike to the same
 * person; another tenant's ids are refused in Chinese and change nothing; revoking returns the
 * assets and, the last one gone, disables the person; the pet's zone alarms reach the owner by SMS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { AlarmDeliverer } from '../alarmDelivery/deliverer.service.ts';
import { MqttPool } from '../alarmDelivery/channels/mqttPool.ts';
import { planAlarm } from '../alarmDelivery/planner.service.ts';

let t: TestServer;
let operator: Tenant;
let stranger: Tenant;
let petId = 0;
let bikeId = 0;
let countsBefore: unknown;
const phone = '13700001361';
const collar = '9100003601';
const tracker = '868120300003601';
const api = '/endUser/v1/api';
const post = (sid: string | null, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());

const outbox = (to: string) =>
  t.ctx.db
    .query<{ content: string }>('SELECT content FROM sms_outbox WHERE phone = $1 ORDER BY id', [to])
    .then((r) => r.map((x) => x.content));

/** Logs the phone in as the person would: an SMS code, read from the outbox, then login. */
async function smsLogin(to: string) {
  expect((await post(null, '/oauth/sendLoginSms', { phone: to })).flag).toBe(1);
  const code = /验证码为(\d{6})/.exec((await outbox(to)).at(-1)!)![1]!;
  const res = await post(null, '/oauth/v4/token', { phone: to, smsCode: code });
  expect(res.flag, JSON.stringify(res)).toBe(1);
  return res.obj.sessionId as string;
}

/** What the operator's 数据中心 counts: the fleet now and every asset kind. */
const operatorCounts = async () => {
  const { fleet, assetKinds } = (await get(operator.sessionId, '/car/v4/api/dataCenter/overview.json')).obj;
  return { fleet, assetKinds };
};

beforeAll(async () => {
  t = await createTestServer({ smsMinIntervalSeconds: 1 });
  operator = await createTenant(t, { codes: 'all', name: '宠物店3601' });
  stranger = await createTenant(t, { codes: 'all' });
  expect((await post(operator.sessionId, '/car/v4/api/terminal/add.json', { terminalId: collar, protocol: 'watch' })).flag).toBe(1);
  expect((await post(operator.sessionId, '/car/v4/api/terminal/add.json', { terminalId: tracker, protocol: 'gt06' })).flag).toBe(1);
  const pet = await post(operator.sessionId, '/pet/v1/api/pet/save.json', { name: '旺财3601', imei: collar });
  expect(pet.flag, JSON.stringify(pet)).toBe(1);
  petId = pet.obj.petId;
  const bike = await post(operator.sessionId, '/elec-car/v1/api/bike/bind.json', { imei: tracker, plate: '深圳3601' });
  expect(bike.flag, JSON.stringify(bike)).toBe(1);
  bikeId = bike.obj.bikeId;
  // The collar was heard: the pet has a place the invited owner must see at once.
  await t.ctx.db.query(
    `INSERT INTO latest_positions (terminal_id, gps_time, received_at, lat, lon, speed, course, valid)
     SELECT id, now(), now(), 22.54, 114.05, 0, 0, true FROM terminals WHERE identifier = $1`,
    [collar],
  );
  countsBefore = await operatorCounts();
});
afterAll(async () => {
  await t?.close();
});

describe('inviting a pet owner', () => {
  let personSid = '';

  it('another tenant’s pet is refused in Chinese and nothing is made', async () => {
    expect(await post(stranger.sessionId, `${api}/pet/invite.json`, { petId, phone })).toMatchObject({
      flag: 0,
      errorCode: 'pet.petNotVisible',
      msg: '宠物不存在或无权访问',
    });
    expect(await t.ctx.db.query('SELECT 1 FROM users WHERE phone = $1', [phone])).toEqual([]);
    expect(await outbox(phone)).toEqual([]);
  });

  it('invites by phone: a 个人用户 account under the operator, the SMS in the outbox, the pet moved in', async () => {
    const res = await post(operator.sessionId, `${api}/pet/invite.json`, { petId, phone, name: '张三' });
    expect(res.flag, JSON.stringify(res)).toBe(1);
    expect(res.obj).toMatchObject({
      name: '张三',
      phone,
      persona: 'petOwner',
      personaName: '宠物主人',
      terminalId: collar,
      lastLoginAt: null,
    });
    const account = await t.ctx.db.one<{ kind: string; parent_id: number }>('SELECT kind, parent_id FROM accounts WHERE id = $1', [
      res.obj.accountId,
    ]);
    expect(account).toEqual({ kind: 'person', parent_id: operator.accountId });
    expect(await outbox(phone)).toEqual([expect.stringContaining('掌上车联查看您的宠物')]);
    const moved = await t.ctx.db.one<{ pet: number; terminal: number; handed: Date | null; place: number }>(
      `SELECT p.account_id AS pet, t.account_id AS terminal, t.handed_over_at AS handed,
              (SELECT count(*)::int FROM latest_positions lp WHERE lp.terminal_id = t.id) AS place
         FROM pets p JOIN terminals t ON t.id = p.terminal_id WHERE p.id = $1`,
      [petId],
    );
    expect(moved).toEqual({ pet: res.obj.accountId, terminal: res.obj.accountId, handed: null, place: 1 });
    expect((await get(operator.sessionId, `${api}/pet/users.json?petId=${petId}`)).obj).toEqual([res.obj]);
  });

  it('the person logs in by phone and SMS code and sees only their pet, with its place', async () => {
    personSid = await smsLogin(phone);
    const pets = (await get(personSid, '/pet/v1/api/pet/list.json')).obj;
    expect(pets.map((p: { petId: number }) => p.petId)).toEqual([petId]);
    expect(pets[0].live.lat).toBeCloseTo(22.54);
    // The preset: pet pages yes; inviting others, binding, other sub-products no.
    expect((await post(personSid, `${api}/pet/invite.json`, { petId, phone: '13700001362' })).errorCode).toBe('common.forbidden');
    expect((await get(personSid, '/elec-car/v1/api/bike/list.json?current=1&pageSize=10')).obj.list).toEqual([]);
    expect((await get(personSid, `/elec-car/v1/api/bike/detail.json?bikeId=${bikeId}`)).errorCode).toBe('elecCar.bikeNotVisible');
    // The operator keeps seeing the pet in its subtree.
    const mine = (await get(operator.sessionId, '/pet/v1/api/pet/list.json')).obj;
    expect(mine.map((p: { petId: number }) => p.petId)).toContain(petId);
  });

  it('the same phone again is the same person; a bike is added with the 车主 preset', async () => {
    const again = await post(operator.sessionId, `${api}/pet/invite.json`, { petId, phone });
    expect(again.flag).toBe(1);
    expect(await outbox(phone)).toHaveLength(2); // the invitation and the login code: nothing new was moved
    const bike = await post(operator.sessionId, `${api}/bike/invite.json`, { bikeId, phone });
    expect(bike.flag, JSON.stringify(bike)).toBe(1);
    expect(bike.obj).toMatchObject({ userId: again.obj.userId, accountId: again.obj.accountId, personaName: '车主' });
    expect(await t.ctx.db.query('SELECT id FROM users WHERE phone = $1', [phone])).toHaveLength(1);
    const bikes = (await get(personSid, '/elec-car/v1/api/bike/list.json?current=1&pageSize=10')).obj;
    expect(bikes.list.map((b: { bikeId: number }) => b.bikeId)).toEqual([bikeId]);
    // The operator's 数据中心 counts the pet and the bike as before: they are still in its subtree.
    expect(await operatorCounts()).toEqual(countsBefore);
    const operatorBikes = (await get(operator.sessionId, '/elec-car/v1/api/bike/list.json?current=1&pageSize=10')).obj;
    expect(operatorBikes.list.map((b: { bikeId: number }) => b.bikeId)).toEqual([bikeId]);
  });

  it('a phone of another user, and another tenant’s bike, are refused in Chinese', async () => {
    await t.ctx.db.query('UPDATE users SET phone = $2 WHERE id = $1', [stranger.userId, '13700001363']);
    expect(await post(operator.sessionId, `${api}/bike/invite.json`, { bikeId, phone: '13700001363' })).toMatchObject({
      flag: 0,
      errorCode: 'endUser.phoneTaken',
      msg: '该手机号已被其他用户使用，不能邀请',
    });
    expect(await post(stranger.sessionId, `${api}/bike/invite.json`, { bikeId, phone: '13700001364' })).toMatchObject({
      flag: 0,
      errorCode: 'elecCar.bikeNotVisible',
    });
    expect(await post(stranger.sessionId, `${api}/pet/revoke.json`, { petId, userId: 1 })).toMatchObject({
      errorCode: 'pet.petNotVisible',
    });
    expect(await post(operator.sessionId, `${api}/pet/invite.json`, { petId, phone: '12345' })).toMatchObject({
      errorCode: 'endUser.phoneInvalid',
    });
  });

  it('the pet’s safe-zone alarm reaches the owner by SMS', async () => {
    const person = (await t.ctx.db.one<{ account_id: number }>('SELECT account_id FROM users WHERE phone = $1', [phone]))!;
    const alarm = (await t.ctx.db.one<{ id: number }>(
      `INSERT INTO alarms (terminal_id, account_id, type, alarm_time, received_at, lat, lon, speed)
       SELECT id, account_id, 'petZoneExit', now(), now(), 22.55, 114.06, 0 FROM terminals WHERE identifier = $1 RETURNING id`,
      [collar],
    ))!;
    await planAlarm(t.ctx.db, alarm.id, async () => '广东省深圳市');
    const sms = await t.ctx.db.query<{ account_id: number; target: string; status: string }>(
      `SELECT account_id, target, status FROM alarm_deliveries WHERE alarm_id = $1 AND channel = 'sms'`,
      [alarm.id],
    );
    expect(sms).toEqual([{ account_id: person.account_id, target: phone, status: 'pending' }]);
    const pool = new MqttPool('endusers-test');
    try {
      await new AlarmDeliverer(t.ctx.db, t.ctx.smsGateway, pool, t.ctx.log, { allowPrivateTargets: false }).runDue();
    } finally {
      await pool.close();
    }
    expect((await outbox(phone)).at(-1)).toContain('离开安全区域');
  });

  it('revoking returns each asset to the operator; the last one gone, the person is disabled and logged out', async () => {
    const userId = (await get(operator.sessionId, `${api}/pet/users.json?petId=${petId}`)).obj[0].userId;
    expect((await post(operator.sessionId, `${api}/pet/revoke.json`, { petId, userId })).flag).toBe(1);
    const pet = await t.ctx.db.one<{ account_id: number }>('SELECT account_id FROM pets WHERE id = $1', [petId]);
    expect(Number(pet!.account_id)).toBe(operator.accountId);
    expect((await get(personSid, '/pet/v1/api/pet/list.json')).obj).toEqual([]);
    expect((await get(operator.sessionId, `${api}/pet/users.json?petId=${petId}`)).obj).toEqual([]);
    expect(await post(operator.sessionId, `${api}/pet/revoke.json`, { petId, userId })).toMatchObject({ errorCode: 'endUser.notInvited' });

    expect((await post(operator.sessionId, `${api}/bike/revoke.json`, { bikeId, userId })).flag).toBe(1);
    expect((await get(personSid, '/pet/v1/api/pet/list.json')).flag).not.toBe(1);
    expect((await t.ctx.db.one<{ enabled: boolean }>('SELECT enabled FROM users WHERE id = $1', [userId]))!.enabled).toBe(false);
  });

  it('an asset another page moved out of the person’s account can be invited again', async () => {
    const first = await post(operator.sessionId, `${api}/bike/invite.json`, { bikeId, phone });
    expect(first.flag, JSON.stringify(first)).toBe(1);
    // 终端管理 hands the tracker back to the operator: the invitation's row is left behind.
    await t.ctx.db.query('UPDATE terminals SET account_id = $2 WHERE identifier = $1', [tracker, operator.accountId]);
    await t.ctx.db.query('UPDATE vehicles SET account_id = $2 WHERE id = $1', [bikeId, operator.accountId]);
    expect((await get(operator.sessionId, `${api}/bike/users.json?bikeId=${bikeId}`)).obj).toEqual([]);
    const again = await post(operator.sessionId, `${api}/bike/invite.json`, { bikeId, phone });
    expect(again.flag, JSON.stringify(again)).toBe(1);
    expect((await get(operator.sessionId, `${api}/bike/users.json?bikeId=${bikeId}`)).obj).toEqual([again.obj]);
    expect((await post(operator.sessionId, `${api}/bike/revoke.json`, { bikeId, userId: again.obj.userId })).flag).toBe(1);
  });

  it('re-invited, the person is enabled again; a different person gets the pet only from now on', async () => {
    const back = await post(operator.sessionId, `${api}/pet/invite.json`, { petId, phone });
    expect(back.flag).toBe(1);
    expect((await t.ctx.db.one<{ enabled: boolean }>('SELECT enabled FROM users WHERE id = $1', [back.obj.userId]))!.enabled).toBe(true);
    expect((await post(operator.sessionId, `${api}/pet/revoke.json`, { petId, userId: back.obj.userId })).flag).toBe(1);
    const other = await post(operator.sessionId, `${api}/pet/invite.json`, { petId, phone: '13700001365' });
    expect(other.flag).toBe(1);
    const cut = await t.ctx.db.one<{ handed_over_at: Date | null }>('SELECT handed_over_at FROM terminals WHERE identifier = $1', [collar]);
    expect(cut!.handed_over_at).not.toBeNull();
    expect(await post(operator.sessionId, `${api}/pet/invite.json`, { petId, phone })).toMatchObject({ errorCode: 'endUser.heldByOther' });
  });
});
