/**
 * An invited e-bike owner's alarms by SMS, over real TCP (GT06) and the platform's engines: the
 * owner arms the bike in the app; the tracker's 震动报警 packet, the ride away while armed (位移报警,
 * the guard's) and its 低电报警 each reach the owner's phone by SMS once — a vibration packet sent
 * again is the same episode and sends nothing — and are in the owner's 报警 list. Another bike of
 * the same operator, not the owner's, sends the owner nothing; a type the owner switched off in the
 * app's 报警推送 is not sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Alarm, encodeGt06Heartbeat, encodeGt06Location, encodeGt06Login } from '@chelian/protocols/gt06/index.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startElecCarEngine, type ElecCarEngine } from '../elecCar/elecCarEngine.ts';
import { AlarmDeliverer } from '../alarmDelivery/deliverer.service.ts';
import { MqttPool } from '../alarmDelivery/channels/mqttPool.ts';
import { planAlarm, planPending } from '../alarmDelivery/planner.service.ts';

let t: TestServer;
let gw: Gateway;
let bikes: ElecCarEngine;
let operator: Tenant;
let ownerSid = '';
let bikeId = 0;
let serial = 1;
const phone = '13700003661';
const mine = '868120300036601';
const theirs = '868120300036602';
const HOME = { lon: 113.9431, lat: 22.5401 };
const AWAY = { lon: 113.9431, lat: 22.5501 }; // about 1.1 km north
const api = '/elec-car/v1/api';
const post = (sid: string | null, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const outbox = (to: string) =>
  t.ctx.db
    .query<{ content: string }>('SELECT content FROM sms_outbox WHERE phone = $1 ORDER BY id', [to])
    .then((r) => r.map((x) => x.content));
/** The SMS the owner got about alarms (not the invitation, not login codes). */
const alarmSms = async () => (await outbox(phone)).filter((c) => !c.includes('验证码') && !c.includes('受邀'));

/** What the jobs role does each second: plan the new alarms, send what is due. */
async function deliver() {
  await planPending(t.ctx.db, async () => '广东省深圳市南山区');
  const pool = new MqttPool('bike-owner-alarms-test');
  try {
    await new AlarmDeliverer(t.ctx.db, t.ctx.smsGateway, pool, t.ctx.log, { allowPrivateTargets: false }).runDue();
  } finally {
    await pool.close();
  }
}

const at = (place: { lon: number; lat: number }, speedKmh = 0) => ({
  time: Math.floor(Date.now() / 1000) * 1000,
  ...place,
  valid: true,
  speedKmh,
  course: 0,
  satellites: 9,
  acc: false,
});

/** Sends the frames and a heartbeat in one write: its reply comes once all of them are stored and fed to the engines. */
async function sendAndSettle(term: TestTerminal, frames: Buffer[]) {
  term.send(Buffer.concat([...frames, encodeGt06Heartbeat({ acc: false, armed: true }, ++serial)]));
  while ((await term.next(5000))[3] !== 0x13);
  await bikes.settle();
}
const alarm = (type: AlarmType, place = HOME) => encodeGt06Alarm(at(place), type, { armed: true }, ++serial);

beforeAll(async () => {
  t = await createTestServer({ smsMinIntervalSeconds: 1 });
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60 });
  bikes = startElecCarEngine(t.ctx, { sweepMs: 60_000 });
  operator = await createTenant(t, { codes: 'all', name: '车行3661' });
  for (const imei of [mine, theirs])
    expect((await post(operator.sessionId, '/car/v4/api/terminal/add.json', { terminalId: imei, protocol: 'gt06' })).flag).toBe(1);
  bikeId = (await post(operator.sessionId, `${api}/bike/bind.json`, { imei: mine, plate: '深B3661' })).obj.bikeId;
  expect((await post(operator.sessionId, `${api}/bike/bind.json`, { imei: theirs, plate: '深B3662' })).flag).toBe(1);
  const invited = await post(operator.sessionId, '/endUser/v1/api/bike/invite.json', { bikeId, phone, name: '李四' });
  expect(invited.flag, JSON.stringify(invited)).toBe(1);
  expect((await post(null, '/oauth/sendLoginSms', { phone })).flag).toBe(1);
  const code = /验证码为(\d{6})/.exec((await outbox(phone)).at(-1)!)![1]!;
  ownerSid = (await post(null, '/oauth/v4/token', { phone, smsCode: code })).obj.sessionId;
}, 120_000);
afterAll(async () => {
  bikes?.stop();
  await gw?.close();
  await t?.close();
});

describe("an invited e-bike owner's alarms", () => {
  it('the invitation turns on SMS for the guard’s alarms on the owner’s own account', async () => {
    const switches = (await get(ownerSid, `${api}/alarm/switches.json`)).obj as { alarmType: string; push: boolean }[];
    const on = switches.filter((s) => s.push).map((s) => s.alarmType);
    expect(on).toEqual(expect.arrayContaining(['vibration', 'displacement', 'lowBattery', 'lowVoltage']));
  });

  it('shaken, moved while armed and low: each reaches the owner by SMS once, and is in the app’s list', async () => {
    const term = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    try {
      term.send(encodeGt06Login(mine, 1));
      await term.next();
      await sendAndSettle(term, [encodeGt06Location(at(HOME), ++serial)]);
      // The owner arms the bike where it stands.
      expect((await post(ownerSid, `${api}/bike/control.json`, { bikeId, action: 'arm' })).obj).toMatchObject({ status: 'sent' });
      await sendAndSettle(term, [encodeGt06Location(at(HOME), ++serial)]);

      await sendAndSettle(term, [alarm('vibration')]);
      await deliver();
      expect(await alarmSms()).toEqual([expect.stringContaining('震动报警')]);
      await sendAndSettle(term, [alarm('vibration')]); // shaken on: the same episode
      await deliver();
      expect(await alarmSms()).toHaveLength(1);

      // Ridden off while armed: the guard's 位移报警, once for this arming.
      await sendAndSettle(term, [encodeGt06Location(at(AWAY, 18), ++serial)]);
      await sendAndSettle(term, [encodeGt06Location(at({ ...AWAY, lat: AWAY.lat + 0.005 }, 20), ++serial)]);
      await deliver();
      expect(await alarmSms()).toEqual([expect.stringContaining('震动报警'), expect.stringContaining('位移报警')]);

      await sendAndSettle(term, [alarm('lowBattery', AWAY)]);
      await deliver();
      const sent = await alarmSms();
      expect(sent).toHaveLength(3);
      expect(sent[2]).toContain('低电报警');
      expect(sent.every((s) => s.includes('深B3661'))).toBe(true);
    } finally {
      term.close();
    }
    const list = (await get(ownerSid, `${api}/alarm/list.json?bikeId=${bikeId}&current=1&pageSize=20`)).obj;
    expect(list.list.map((a: { type: string }) => a.type).sort()).toEqual(['displacement', 'lowBattery', 'vibration']);
  });

  it('another bike of the operator sends the owner nothing', async () => {
    const before = await alarmSms();
    const term = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    try {
      term.send(encodeGt06Login(theirs, 1));
      await term.next();
      await sendAndSettle(term, [alarm('vibration'), alarm('lowBattery')]);
    } finally {
      term.close();
    }
    const raised = await t.ctx.db.query<{ account_id: number }>(
      'SELECT a.account_id FROM alarms a JOIN terminals t ON t.id = a.terminal_id WHERE t.identifier = $1',
      [theirs],
    );
    expect(raised.map((r) => Number(r.account_id))).toEqual([operator.accountId, operator.accountId]);
    await deliver();
    expect(await alarmSms()).toEqual(before);
    const list = (await get(ownerSid, `${api}/alarm/list.json?current=1&pageSize=20`)).obj;
    expect(list.list.every((a: { vehicleId: number }) => a.vehicleId === bikeId)).toBe(true);
  });

  it('a type the owner switched off in the app is not sent', async () => {
    expect((await post(ownerSid, `${api}/alarm/saveSwitch.json`, { alarmType: 'vibration', push: false })).flag).toBe(1);
    const id = (await t.ctx.db.one<{ id: number }>(
      `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, received_at, lat, lon, speed)
       SELECT t.id, t.account_id, $2, 'vibration', now(), now(), $3, $4, 0 FROM terminals t WHERE t.identifier = $1 RETURNING id`,
      [mine, bikeId, HOME.lat, HOME.lon],
    ))!.id;
    await planAlarm(t.ctx.db, id, async () => '');
    const rows = await t.ctx.db.query('SELECT 1 FROM alarm_deliveries WHERE alarm_id = $1 AND channel = $2', [id, 'sms']);
    expect(rows).toEqual([]);
  });
});
