import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
const codes = ['center', 'center:alarmSetting', 'center:alarmPush'];
beforeAll(async () => {
  t = await createTestServer();
  a = await createTenant(t, { codes });
  b = await createTenant(t, { codes });
});
afterAll(() => t?.close());

const json = (sessionId: string, url: string, body: unknown) =>
  t
    .call(sessionId, { method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    .then((r) => r.json());

describe('alarm settings', () => {
  it('lists every alarm type with Chinese names and sensible defaults', async () => {
    const list = (await t.call(a.sessionId, { url: '/car/v4/api/alarm/control/listAlarmControlInfo.json' })).json().obj;
    const sos = list.find((x: { alarmType: string }) => x.alarmType === 'sos');
    expect(sos).toEqual({ alarmType: 'sos', alarmName: '紧急报警', enabled: true, sound: true, popup: true });
    expect(list.length).toBeGreaterThan(20);
  });

  it("saves per account: one tenant's change does not touch another", async () => {
    const saved = await json(a.sessionId, '/car/v4/api/alarm/control/configAlarmControl.json', {
      items: [{ alarmType: 'sos', enabled: true, sound: false, popup: true }],
    });
    expect(saved.obj.find((x: { alarmType: string }) => x.alarmType === 'sos').sound).toBe(false);
    const form1 = (
      await t.call(a.sessionId, {
        method: 'POST',
        url: '/car/v4/api/alarm/control/configAlarmControl.json',
        ...form({ alarmType: 'vibration', enabled: false, sound: false, popup: false }),
      })
    ).json();
    expect(form1.obj.find((x: { alarmType: string }) => x.alarmType === 'vibration').enabled).toBe(false);
    const other = (await t.call(b.sessionId, { url: '/car/v4/api/alarm/control/listAlarmControlInfo.json' })).json().obj;
    expect(other.find((x: { alarmType: string }) => x.alarmType === 'sos').sound).toBe(true);
  });

  it('refuses unknown alarm types in Chinese', async () => {
    const res = await json(a.sessionId, '/car/v4/api/alarm/control/configAlarmControl.json', {
      items: [{ alarmType: 'nuke', enabled: true, sound: true, popup: true }],
    });
    expect(res.flag).toBe(0);
    expect(res.msg).toBe('未知的报警类型：nuke');
    // the push settings take the same catalogue and say the same
    const push = await json(a.sessionId, '/car/v4/api/alarm/push/configAlarmPush.json', {
      items: [{ alarmType: 'nuke', enabled: true, channels: ['web'] }],
    });
    expect([push.flag, push.msg]).toEqual([0, '未知的报警类型：nuke']);
  });
});

describe('push settings', () => {
  it('saves channels and quiet hours, validating the times', async () => {
    const saved = await json(a.sessionId, '/car/v4/api/alarm/push/configAlarmPush.json', {
      items: [{ alarmType: 'overspeed', enabled: true, channels: ['web', 'sms'], quietStart: '22:00', quietEnd: '07:00' }],
    });
    expect(saved.obj.find((x: { alarmType: string }) => x.alarmType === 'overspeed')).toEqual({
      alarmType: 'overspeed',
      alarmName: '终端超速报警',
      enabled: true,
      channels: ['web', 'sms'],
      quietStart: '22:00',
      quietEnd: '07:00',
      minIntervalMinutes: 5,
    });
    const bad = await json(a.sessionId, '/car/v4/api/alarm/push/configAlarmPush.json', {
      items: [{ alarmType: 'sos', enabled: true, channels: ['web'], quietStart: '25:00', quietEnd: '07:00' }],
    });
    expect(bad).toMatchObject({ flag: 0, errorCode: 'alarmPush.badQuietHours' });
    expect(bad.msg).toContain('HH:mm');
    const same = await json(a.sessionId, '/car/v4/api/alarm/push/configAlarmPush.json', {
      items: [{ alarmType: 'sos', enabled: true, channels: ['web'], quietStart: '07:00', quietEnd: '07:00' }],
    });
    expect(same.errorCode).toBe('alarmPush.badQuietHours');
    const badChannel = await json(a.sessionId, '/car/v4/api/alarm/push/configAlarmPush.json', {
      items: [{ alarmType: 'sos', enabled: true, channels: ['pager'] }],
    });
    expect(badChannel.flag).toBe(0);
    const list = (await t.call(b.sessionId, { url: '/car/v4/api/alarm/push/listAlarmPushInfo.json' })).json().obj;
    expect(list.find((x: { alarmType: string }) => x.alarmType === 'overspeed').channels).toEqual(['web']);
  });

  it('keeps the rate limit a client did not send, and saves the one it did', async () => {
    await json(a.sessionId, '/car/v4/api/alarm/push/configAlarmPush.json', {
      items: [{ alarmType: 'sos', enabled: true, channels: ['webhook', 'mqtt'], minIntervalMinutes: 30 }],
    });
    const kept = await json(a.sessionId, '/car/v4/api/alarm/push/configAlarmPush.json', {
      items: [{ alarmType: 'sos', enabled: true, channels: ['web'] }],
    });
    expect(kept.obj.find((x: { alarmType: string }) => x.alarmType === 'sos')).toMatchObject({ channels: ['web'], minIntervalMinutes: 30 });
    const tooLong = await json(a.sessionId, '/car/v4/api/alarm/push/configAlarmPush.json', {
      items: [{ alarmType: 'sos', enabled: true, channels: [], minIntervalMinutes: 5000 }],
    });
    expect(tooLong.flag).toBe(0);
  });
});

describe('push destinations', () => {
  const TARGET = '/car/v4/api/alarm/push/configPushTarget.json';
  it('saves phones, a webhook (a secret made when none is given) and a broker, never sending the broker password back', async () => {
    const saved = await json(a.sessionId, TARGET, {
      smsPhones: ['13800138000', ' 13800138000 ', '13900139000'],
      webhookUrl: 'https://hooks.example.com/chelian?token=1',
      mqttUrl: 'mqtt://broker.example.com:1883',
      mqttUsername: 'fleet',
      mqttPassword: 'pw-1',
      mqttPositions: true,
    });
    expect(saved.flag, saved.msg).toBe(1);
    expect(saved.obj).toMatchObject({
      smsPhones: ['13800138000', '13900139000'],
      webhookUrl: 'https://hooks.example.com/chelian?token=1',
      mqttUrl: 'mqtt://broker.example.com:1883',
      mqttUsername: 'fleet',
      mqttPasswordSet: true,
      mqttTopicPrefix: 'chelian',
      mqttPositions: true,
    });
    expect(saved.obj.webhookSecret).toMatch(/^[0-9a-f]{48}$/);
    expect(JSON.stringify(saved.obj)).not.toContain('pw-1');
    // Fields left out are kept, the secret too.
    const again = await json(a.sessionId, TARGET, { mqttTopicPrefix: 'fleet/east' });
    expect(again.obj).toMatchObject({
      smsPhones: ['13800138000', '13900139000'],
      webhookSecret: saved.obj.webhookSecret,
      mqttPasswordSet: true,
      mqttTopicPrefix: 'fleet/east',
    });
    const read = (await t.call(a.sessionId, { url: '/car/v4/api/alarm/push/getPushTarget.json' })).json();
    expect(read.obj).toEqual(again.obj);
    expect((await t.call(b.sessionId, { url: '/car/v4/api/alarm/push/getPushTarget.json' })).json().obj).toMatchObject({
      smsPhones: [],
      webhookUrl: '',
      mqttPasswordSet: false,
    });
  });

  it('refuses what cannot work, in Chinese with a stable code', async () => {
    const cases: Array<[object, string]> = [
      [{ smsPhones: ['12345'] }, 'alarmPush.badPhone'],
      [{ smsPhones: Array.from({ length: 11 }, (_, i) => `138001380${String(i).padStart(2, '0')}`) }, 'alarmPush.tooManyPhones'],
      [{ webhookUrl: 'ftp://example.com/x' }, 'alarmPush.badWebhookUrl'],
      [{ mqttUrl: 'http://broker' }, 'alarmPush.badMqttUrl'],
      [{ mqttTopicPrefix: 'a/#' }, 'alarmPush.badTopicPrefix'],
    ];
    for (const [body, code] of cases) {
      const res = await json(b.sessionId, TARGET, body);
      expect(res.errorCode, JSON.stringify(body)).toBe(code);
      expect(res.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('the test button says what is missing', async () => {
    const res = (
      await t.call(b.sessionId, { method: 'POST', url: '/car/v4/api/alarm/push/testPush.json', ...form({ channel: 'webhook' }) })
    ).json();
    expect(res).toMatchObject({ flag: 0, errorCode: 'alarmPush.notConfigured', msg: '尚未设置Webhook地址，请先填写并保存' });
  });

  it('needs the push settings permission', async () => {
    const viewer = await createTenant(t, { codes: ['center'] });
    const res = await t.call(viewer.sessionId, { url: '/car/v4/api/alarm/push/getPushTarget.json' });
    expect(res.statusCode).toBe(403);
  });
});
