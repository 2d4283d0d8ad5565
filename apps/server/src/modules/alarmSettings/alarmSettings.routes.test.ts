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
  t.call(sessionId, { method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }).then((r) => r.json());

describe('alarm settings', () => {
  it('lists every alarm type with Chinese names and sensible defaults', async () => {
    const list = (await t.call(a.sessionId, { url: '/car/v4/api/alarm/control/listAlarmControlInfo.json' })).json().obj;
    const sos = list.find((x: { alarmType: string }) => x.alarmType === 'sos');
    expect(sos).toEqual({ alarmType: 'sos', alarmName: '紧急报警', enabled: true, sound: true, popup: true });
    expect(list.length).toBeGreaterThan(20);
  });

  it('saves per account: one tenant\'s change does not touch another', async () => {
    const saved = await json(a.sessionId, '/car/v4/api/alarm/control/configAlarmControl.json', { items: [{ alarmType: 'sos', enabled: true, sound: false, popup: true }] });
    expect(saved.obj.find((x: { alarmType: string }) => x.alarmType === 'sos').sound).toBe(false);
    const form1 = (await t.call(a.sessionId, { method: 'POST', url: '/car/v4/api/alarm/control/configAlarmControl.json', ...form({ alarmType: 'vibration', enabled: false, sound: false, popup: false }) })).json();
    expect(form1.obj.find((x: { alarmType: string }) => x.alarmType === 'vibration').enabled).toBe(false);
    const other = (await t.call(b.sessionId, { url: '/car/v4/api/alarm/control/listAlarmControlInfo.json' })).json().obj;
    expect(other.find((x: { alarmType: string }) => x.alarmType === 'sos').sound).toBe(true);
  });

  it('refuses unknown alarm types in Chinese', async () => {
    const res = await json(a.sessionId, '/car/v4/api/alarm/control/configAlarmControl.json', { items: [{ alarmType: 'nuke', enabled: true, sound: true, popup: true }] });
    expect(res.flag).toBe(0);
    expect(res.msg).toBe('未知的报警类型：nuke');
  });
});

describe('push settings', () => {
  it('saves channels and quiet hours, validating the times', async () => {
    const saved = await json(a.sessionId, '/car/v4/api/alarm/push/configAlarmPush.json', {
      items: [{ alarmType: 'overspeed', enabled: true, channels: ['web', 'sms'], quietStart: '22:00', quietEnd: '07:00' }],
    });
    expect(saved.obj.find((x: { alarmType: string }) => x.alarmType === 'overspeed')).toEqual({
      alarmType: 'overspeed', alarmName: '超速报警', enabled: true, channels: ['web', 'sms'], quietStart: '22:00', quietEnd: '07:00',
    });
    const bad = await json(a.sessionId, '/car/v4/api/alarm/push/configAlarmPush.json', { items: [{ alarmType: 'sos', enabled: true, channels: ['web'], quietStart: '25:00', quietEnd: '07:00' }] });
    expect(bad.msg).toContain('HH:mm');
    const badChannel = await json(a.sessionId, '/car/v4/api/alarm/push/configAlarmPush.json', { items: [{ alarmType: 'sos', enabled: true, channels: ['pager'] }] });
    expect(badChannel.flag).toBe(0);
    const list = (await t.call(b.sessionId, { url: '/car/v4/api/alarm/push/listAlarmPushInfo.json' })).json().obj;
    expect(list.find((x: { alarmType: string }) => x.alarmType === 'overspeed').channels).toEqual(['web']);
  });
});
