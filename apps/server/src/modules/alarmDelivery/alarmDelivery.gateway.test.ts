import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { eventually, connectJt808 } from '../../testing/testTerminal.ts';
import { startWebhookReceiver } from '../../testing/webhookReceiver.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startAlarmDelivery, type AlarmDeliveryWorker } from './alarmDelivery.worker.ts';

/**
 * End to end: a JT/T 808 terminal reports SOS over TCP; the gateway stores and publishes the
 * alarm; the jobs role's worker plans and delivers it to the tenant's webhook and browsers; the
 * API shows the deliveries in the alarm's detail, the browser notification and the failures.
 */
let t: TestServer;
let gw: Gateway;
let worker: AlarmDeliveryWorker;
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let tenant: Tenant;
const terminalId = '013912340077';

const json = (sessionId: string, url: string, body: unknown) =>
  t
    .call(sessionId, { method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    .then((r) => r.json());
const get = (sessionId: string, url: string) => t.call(sessionId, { url }).then((r) => r.json());
const post = (sessionId: string, url: string, fields: Record<string, string | number>) =>
  t.call(sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());

beforeAll(async () => {
  t = await createTestServer({ pushAllowPrivateTargets: true });
  hook = await startWebhookReceiver({ replies: [502] });
  tenant = await createTenant(t, { codes: ['car', 'car:vehicle', 'car:vehicle:add', 'center', 'center:alarmPush'] });
  expect((await post(tenant.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B7A077', terminalId, protocol: 'jt808' })).flag).toBe(1);
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  worker = startAlarmDelivery(t.ctx, { retryDelaysMs: [100], positions: false });
});
afterAll(async () => {
  await worker?.stop();
  await gw?.close();
  await hook?.close();
  await t?.close();
});

describe('an SOS from a terminal leaves the platform', () => {
  let alarmId: number;

  it('reaches the webhook, signed, after a retry; browsers get a notice', async () => {
    const target = await json(tenant.sessionId, '/car/v4/api/alarm/push/configPushTarget.json', {
      webhookUrl: hook.url,
      webhookSecret: 'shared-secret',
    });
    expect(target.flag, target.msg).toBe(1);
    const pushes = await json(tenant.sessionId, '/car/v4/api/alarm/push/configAlarmPush.json', {
      items: [{ alarmType: 'sos', enabled: true, channels: ['web', 'webhook'] }],
    });
    expect(pushes.flag, pushes.msg).toBe(1);
    // Where the browser list stands before the alarm.
    const before = await get(tenant.sessionId, '/car/v4/api/alarm/push/listBrowserNotice.json');
    expect(before.obj.list).toEqual([]);

    const jt = { phone: terminalId };
    const term = await connectJt808(gw.ports.jt808!, jt.phone); // registers, then authenticates with the code issued
    term.send(
      encodeJt808Location(jt, 3, {
        time: Date.now() - 1000,
        lat: 22.543096,
        lon: 114.057865,
        valid: true,
        speedKmh: 48,
        course: 90,
        altitude: 12,
        acc: true,
        alarms: ['sos'],
      }),
    );
    await term.next();
    term.close();

    const [first, second] = await hook.waitFor(2, 10_000);
    expect(first.json.attempt).toBe(1);
    expect(second.headers['x-chelian-signature']).toBe(`sha256=${createHmac('sha256', 'shared-secret').update(second.raw).digest('hex')}`);
    expect(second.json).toMatchObject({
      event: 'alarm',
      attempt: 2,
      alarm: { terminalId, plate: '粤B7A077', type: 'sos', typeName: '紧急报警', speed: 48 },
    });
    alarmId = (second.json.alarm as { alarmId: number }).alarmId;

    const notices = await get(tenant.sessionId, `/car/v4/api/alarm/push/listBrowserNotice.json?afterId=${before.obj.lastId}`);
    expect(notices.obj.list).toEqual([expect.objectContaining({ alarmId, plate: '粤B7A077', typeName: '紧急报警', speed: 48 })]);
    expect(notices.obj.lastId).toBeGreaterThan(before.obj.lastId);
  });

  it("shows every delivery with its attempts in the alarm's detail", async () => {
    const list = await eventually(
      async () => {
        const res = await get(tenant.sessionId, `/car/v4/api/alarm/push/listDelivery.json?alarmId=${alarmId}`);
        return res.obj?.find((d: { channel: string; status: string }) => d.channel === 'webhook' && d.status === 'sent') ? res.obj : null;
      },
      5000,
      'webhook delivery sent',
    );
    const webhook = list.find((d: { channel: string }) => d.channel === 'webhook');
    expect(webhook).toMatchObject({
      alarmId,
      accountId: tenant.accountId,
      target: `http://127.0.0.1:${new URL(hook.url).port}/hooks/chelian`,
      status: 'sent',
      attempts: 2,
      httpStatus: 200,
      error: '',
      alarm: { plate: '粤B7A077', terminalId, typeName: '紧急报警' },
    });
    expect(webhook.log.map((a: { ok: boolean; httpStatus: number; error: string }) => [a.ok, a.httpStatus, a.error])).toEqual([
      [false, 502, 'HTTP 502：对方服务器错误'],
      [true, 200, ''],
    ]);
    expect(list.find((d: { channel: string }) => d.channel === 'web')).toMatchObject({ status: 'sent', target: '' });
    // Only deliveries of the caller's account and below: the platform's own stay out of a tenant's view.
    expect(list.every((d: { accountId: number }) => d.accountId === tenant.accountId)).toBe(true);
    // Another tenant cannot see the alarm at all.
    const other = await createTenant(t, { codes: ['car'] });
    expect((await get(other.sessionId, `/car/v4/api/alarm/push/listDelivery.json?alarmId=${alarmId}`)).msg).toBe('报警不存在或无权访问');
  });

  it('lists failures on the push settings page and sends a given-up one again', async () => {
    // The webhook now refuses everything; a second alarm is given up after its attempts.
    await hook.close();
    const [row] = await t.ctx.db.query<{ id: number; terminal_id: number; vehicle_id: number }>(
      'SELECT al.id, al.terminal_id, al.vehicle_id FROM alarms al WHERE al.id = $1',
      [alarmId],
    );
    await t.ctx.db.query(
      `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, speed) VALUES ($1, $2, $3, 'sos', now(), 22.5, 114.1, 10)`,
      [row.terminal_id, tenant.accountId, row.vehicle_id],
    );
    const failures = await eventually(
      async () => {
        await worker.kick();
        const res = await get(tenant.sessionId, '/car/v4/api/alarm/push/listDeliveryFailure.json');
        return res.obj.list.some((d: { status: string }) => d.status === 'failed') ? res.obj : null;
      },
      10_000,
      'a failed delivery',
    );
    const failed = failures.list.find((d: { status: string }) => d.status === 'failed');
    expect(failed).toMatchObject({
      channel: 'webhook',
      attempts: 2,
      error: '连接被拒绝',
      alarm: { plate: '粤B7A077', typeName: '紧急报警' },
    });

    const again = await post(tenant.sessionId, '/car/v4/api/alarm/push/retryDelivery.json', { deliveryId: failed.deliveryId });
    expect(again.obj).toMatchObject({ deliveryId: failed.deliveryId, status: 'retrying' });
    const other = await createTenant(t, { codes: ['center', 'center:alarmPush'] });
    expect((await post(other.sessionId, '/car/v4/api/alarm/push/retryDelivery.json', { deliveryId: failed.deliveryId })).msg).toBe(
      '数据不存在或无权访问',
    );
  });

  it('the test button sends a signed test event to the webhook and says how it went', async () => {
    const receiver = await startWebhookReceiver();
    try {
      await json(tenant.sessionId, '/car/v4/api/alarm/push/configPushTarget.json', { webhookUrl: receiver.url });
      const res = await post(tenant.sessionId, '/car/v4/api/alarm/push/testPush.json', { channel: 'webhook' });
      expect(res.obj).toMatchObject({ ok: true, channel: 'webhook', httpStatus: 200, error: '' });
      expect(receiver.received[0].json).toMatchObject({ event: 'test', alarm: { plate: '测试车辆' } });
      expect(receiver.received[0].headers['x-chelian-event']).toBe('test');
    } finally {
      await receiver.close();
    }
  });
});
