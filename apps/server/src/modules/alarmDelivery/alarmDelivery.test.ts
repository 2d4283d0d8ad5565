import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { AlarmPushMessage } from '@chelian/contracts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant } from '../../testing/fixtures.ts';
import { MQTT_TEST_URL, mqttSkipReason } from '../../testing/mosquitto.ts';
import { startWebhookReceiver } from '../../testing/webhookReceiver.ts';
import { eventually } from '../../testing/testTerminal.ts';
import { subjects } from '../../bus/subjects.ts';
import { alarmSettings } from '../alarmSettings/alarmSettings.service.ts';
import { MqttPool } from './channels/mqttPool.ts';
import { postWebhook } from './channels/webhook.ts';
import { AlarmDeliverer } from './deliverer.service.ts';
import { planAlarm, planPending } from './planner.service.ts';
import { startMqttPositions } from './mqttPositions.ts';

const mqttSkip = await mqttSkipReason('alarm delivery over MQTT');

let t: TestServer;
let pool: MqttPool;
let deliverer: AlarmDeliverer;
const geocode = async () => '广东省深圳市';
const fast = [20, 20];

beforeAll(async () => {
  t = await createTestServer({ pushAllowPrivateTargets: true });
  pool = new MqttPool('chelian-test');
  deliverer = new AlarmDeliverer(t.ctx.db, t.ctx.smsGateway, pool, t.ctx.log, { allowPrivateTargets: true, retryDelaysMs: fast });
});
afterAll(async () => {
  await pool?.close();
  await t?.close();
});

let serial = 0;
/** A tenant with one vehicle (plate 粤B…) on a JT/T 808 terminal. */
async function fleet() {
  const tenant = await createTenant(t, { codes: ['car', 'car:vehicle', 'car:vehicle:add', 'center', 'center:alarmPush'] });
  const terminalId = `013${String(Date.now()).slice(-7)}${String(++serial).padStart(2, '0')}`;
  const plate = `粤B${String(10000 + serial)}`;
  const res = (
    await t.call(tenant.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate, terminalId, protocol: 'jt808' }),
    })
  ).json();
  expect(res.flag, res.msg).toBe(1);
  const vehicle = (await t.ctx.db.one<{ terminal_id: number }>('SELECT terminal_id FROM vehicles WHERE id = $1', [res.obj.vehicleId]))!;
  return { tenant, terminalId, plate, terminalPk: vehicle.terminal_id, vehicleId: res.obj.vehicleId as number };
}
type Fleet = Awaited<ReturnType<typeof fleet>>;

async function raise(f: Fleet, type = 'sos', receivedAt = new Date()) {
  const row = await t.ctx.db.one<{ id: number }>(
    `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, received_at, lat, lon, speed)
     VALUES ($1, $2, $3, $4, $5, $5, 22.543096, 114.057865, 36) RETURNING id`,
    [f.terminalPk, f.tenant.accountId, f.vehicleId, type, receivedAt],
  );
  return row!.id;
}

/** The deliveries an alarm made; those of one account when given (the platform's own account has urgent types pushed to browsers by default). */
const deliveriesOf = (alarmId: number, accountId: number | null = null) =>
  t.ctx.db.query<{
    id: number;
    account_id: number;
    channel: string;
    target: string;
    status: string;
    attempts: number;
    http_status: number | null;
    last_error: string;
  }>(
    'SELECT id, account_id, channel, target, status, attempts, http_status, last_error FROM alarm_deliveries WHERE alarm_id = $1 AND ($2::bigint IS NULL OR account_id = $2) ORDER BY id',
    [alarmId, accountId],
  );
const attemptsOf = (deliveryId: number) =>
  t.ctx.db.query<{ attempt: number; ok: boolean; http_status: number | null; error: string }>(
    'SELECT attempt, ok, http_status, error FROM alarm_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt',
    [deliveryId],
  );

async function pushOnly(
  f: Fleet,
  channels: Array<'web' | 'sms' | 'webhook' | 'mqtt'>,
  extra: { quietStart?: string; quietEnd?: string; minIntervalMinutes?: number } = {},
) {
  await alarmSettings.savePushes(t.ctx.db, f.tenant.accountId, [
    {
      alarmType: 'sos',
      enabled: true,
      channels,
      quietStart: extra.quietStart ?? '',
      quietEnd: extra.quietEnd ?? '',
      minIntervalMinutes: extra.minIntervalMinutes,
    },
  ]);
}

/** Runs the deliverer until nothing is due for `ms` (retries wait `fast`). */
async function drain(ms = 150) {
  let idleSince = Date.now();
  while (Date.now() - idleSince < ms) {
    if ((await deliverer.runDue()) > 0) idleSince = Date.now();
    else await new Promise((r) => setTimeout(r, 10));
  }
}

describe('webhook', () => {
  it('POSTs the documented JSON, signed with HMAC-SHA256 over the raw body, and retries after a 500', async () => {
    const hook = await startWebhookReceiver({ replies: [500, 200] });
    try {
      const f = await fleet();
      const targets = await alarmSettings.saveTargets(t.ctx.db, f.tenant.accountId, { webhookUrl: hook.url });
      expect(targets.webhookSecret).toMatch(/^[0-9a-f]{48}$/); // made when a webhook is set up without one
      await pushOnly(f, ['webhook']);
      const alarmId = await raise(f);
      expect(await planAlarm(t.ctx.db, alarmId, geocode)).toBe(2); // the tenant's webhook, the platform's browsers
      await drain();

      const [first, second] = await hook.waitFor(2);
      for (const h of [first, second]) {
        const expected = `sha256=${createHmac('sha256', targets.webhookSecret).update(h.raw).digest('hex')}`;
        expect(h.headers['x-chelian-signature']).toBe(expected);
        expect(h.headers['x-chelian-timestamp']).toBe(String(h.json.timestamp));
        expect(h.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(h.headers['x-chelian-event']).toBe('alarm');
      }
      const body = second.json as unknown as AlarmPushMessage;
      expect(body).toMatchObject({
        event: 'alarm',
        attempt: 2,
        account: { accountId: f.tenant.accountId },
        alarm: {
          alarmId,
          terminalId: f.terminalId,
          plate: f.plate,
          type: 'sos',
          typeName: '紧急报警',
          lat: 22.543096,
          lon: 114.057865,
          speed: 36,
          address: '广东省深圳市',
        },
      });
      expect(body.alarm.alarmTimeText).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(first.json.deliveryId).toBe(body.deliveryId);
      expect(first.json.attempt).toBe(1);

      const [d] = await deliveriesOf(alarmId, f.tenant.accountId);
      expect(d).toMatchObject({ channel: 'webhook', status: 'sent', attempts: 2, http_status: 200, last_error: '', target: hook.url });
      expect(await attemptsOf(d.id)).toEqual([
        { attempt: 1, ok: false, http_status: 500, error: 'HTTP 500：对方服务器错误' },
        { attempt: 2, ok: true, http_status: 200, error: '' },
      ]);
    } finally {
      await hook.close();
    }
  });

  it('gives up after the last retry and records why, in Chinese', async () => {
    const hook = await startWebhookReceiver({ fallback: 503 });
    try {
      const f = await fleet();
      await alarmSettings.saveTargets(t.ctx.db, f.tenant.accountId, { webhookUrl: hook.url, webhookSecret: 'secret-1' });
      await pushOnly(f, ['webhook']);
      const alarmId = await raise(f);
      await planPending(t.ctx.db, geocode);
      await drain();
      const [d] = await deliveriesOf(alarmId, f.tenant.accountId);
      expect(d).toMatchObject({ status: 'failed', attempts: 3, http_status: 503, last_error: 'HTTP 503：对方服务器错误' });
      expect((await attemptsOf(d.id)).map((a) => a.ok)).toEqual([false, false, false]);
      expect(hook.received).toHaveLength(3);
    } finally {
      await hook.close();
    }
  });

  it('names network failures in Chinese and refuses private addresses unless allowed', async () => {
    const hook = await startWebhookReceiver();
    const port = Number(new URL(hook.url).port);
    await hook.close();
    const base = { secret: 's', body: '{}', timestamp: 0, deliveryId: 1, event: 'test' };
    expect((await postWebhook({ ...base, url: `http://127.0.0.1:${port}/`, allowPrivate: true })).error).toBe('连接被拒绝');
    expect((await postWebhook({ ...base, url: `http://127.0.0.1:${port}/`, allowPrivate: false })).error).toBe(
      '目标地址属于内网或本机，不允许推送',
    );
    expect((await postWebhook({ ...base, url: `http://localhost:${port}/`, allowPrivate: false })).error).toBe(
      '目标地址属于内网或本机，不允许推送',
    );
    expect((await postWebhook({ ...base, url: 'http://169.254.169.254/latest/meta-data', allowPrivate: false })).error).toBe(
      '目标地址属于内网或本机，不允许推送',
    );
  });
});

describe('SMS', () => {
  it('goes through the SMS gateway (the outbox), one per phone', async () => {
    const f = await fleet();
    await alarmSettings.saveTargets(t.ctx.db, f.tenant.accountId, { smsPhones: ['13800138001', '13800138002'] });
    await pushOnly(f, ['sms']);
    const alarmId = await raise(f);
    await planPending(t.ctx.db, geocode);
    await drain();
    expect((await deliveriesOf(alarmId, f.tenant.accountId)).map((d) => [d.target, d.status])).toEqual([
      ['13800138001', 'sent'],
      ['13800138002', 'sent'],
    ]);
    const sms = await t.ctx.db.query<{ phone: string; content: string }>(
      `SELECT phone, content FROM sms_outbox WHERE phone IN ('13800138001', '13800138002') ORDER BY phone`,
    );
    expect(sms.map((s) => s.phone)).toEqual(['13800138001', '13800138002']);
    expect(sms[0].content).toMatch(
      new RegExp(
        `^【车联】${f.plate}发生紧急报警，时间\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d，位置广东省深圳市，速度36km/h，请及时处理。$`,
      ),
    );
  });
});

describe('quiet hours and the rate limit, as planned', () => {
  it('holds browsers and SMS back in quiet hours, still feeds the webhook', async () => {
    const f = await fleet();
    await alarmSettings.saveTargets(t.ctx.db, f.tenant.accountId, { smsPhones: ['13800138003'], webhookUrl: 'http://192.0.2.1/hook' });
    // Quiet around the alarm's Beijing time: 10:00 Beijing is 02:00 UTC.
    await pushOnly(f, ['web', 'sms', 'webhook'], { quietStart: '09:00', quietEnd: '11:00' });
    const alarmId = await raise(f, 'sos', new Date('2026-03-01T02:00:00Z'));
    await planAlarm(t.ctx.db, alarmId, geocode);
    expect((await deliveriesOf(alarmId, f.tenant.accountId)).map((d) => [d.channel, d.status, d.last_error])).toEqual([
      ['web', 'skipped', '免打扰时段（09:00–11:00）内，未推送'],
      ['sms', 'skipped', '免打扰时段（09:00–11:00）内，未推送'],
      ['webhook', 'pending', ''],
    ]);
    await t.ctx.db.query(`UPDATE alarm_deliveries SET status = 'failed' WHERE alarm_id = $1 AND status = 'pending'`, [alarmId]);
  });

  it('tells people of a vehicle and type once per interval', async () => {
    const f = await fleet();
    await pushOnly(f, ['web'], { minIntervalMinutes: 10 });
    const t0 = Date.now() - 60 * 60_000;
    const ids = [
      await raise(f, 'sos', new Date(t0)),
      await raise(f, 'sos', new Date(t0 + 9 * 60_000)),
      await raise(f, 'sos', new Date(t0 + 10 * 60_000)),
    ];
    for (const id of ids) await planAlarm(t.ctx.db, id, geocode);
    const statuses = await Promise.all(ids.map(async (id) => (await deliveriesOf(id, f.tenant.accountId)).map((d) => d.status)));
    expect(statuses).toEqual([['sent'], ['skipped'], ['sent']]);
    expect((await deliveriesOf(ids[1], f.tenant.accountId))[0].last_error).toBe('同一车辆同类报警10分钟内已推送过，未重复推送');
  });

  it('plans an alarm once, and nothing for a type the account switched off', async () => {
    const f = await fleet();
    await pushOnly(f, ['web']);
    const alarmId = await raise(f);
    expect(await planAlarm(t.ctx.db, alarmId, geocode)).toBe(2);
    expect(await planAlarm(t.ctx.db, alarmId, geocode)).toBeNull();
    expect(await deliveriesOf(alarmId)).toHaveLength(2);
    await alarmSettings.saveControls(t.ctx.db, f.tenant.accountId, [{ alarmType: 'sos', enabled: false, sound: false, popup: false }]);
    const off = await raise(f);
    await planAlarm(t.ctx.db, off, geocode);
    expect(await deliveriesOf(off, f.tenant.accountId)).toEqual([]);
  });

  it("each account above the vehicle's uses its own settings", async () => {
    const f = await fleet();
    const child = await createTenant(t, { codes: ['car'], parentAccountId: f.tenant.accountId });
    await t.ctx.db.query('UPDATE vehicles SET account_id = $1 WHERE id = $2', [child.accountId, f.vehicleId]);
    await t.ctx.db.query('UPDATE terminals SET account_id = $1 WHERE id = $2', [child.accountId, f.terminalPk]);
    await pushOnly(f, ['web']);
    const alarmId = await t.ctx.db.one<{ id: number }>(
      `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time) VALUES ($1, $2, $3, 'sos', now()) RETURNING id`,
      [f.terminalPk, child.accountId, f.vehicleId],
    );
    await planAlarm(t.ctx.db, alarmId!.id, geocode);
    const root = (await t.ctx.db.one<{ id: number }>('SELECT id FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1'))!.id;
    const accounts = (await deliveriesOf(alarmId!.id)).filter((d) => d.channel === 'web').map((d) => d.account_id);
    // the platform and the child keep the default (urgent types to browsers), the parent chose browsers too
    expect(accounts.sort((x, y) => x - y)).toEqual([root, f.tenant.accountId, child.accountId]);
  });
});

describe('the queue', () => {
  it('hands a due delivery to one worker only, and takes back one left sending by a stopped process', async () => {
    const f = await fleet();
    await alarmSettings.saveTargets(t.ctx.db, f.tenant.accountId, { smsPhones: ['13800138004'] });
    await pushOnly(f, ['sms']);
    const alarmId = await raise(f);
    await planAlarm(t.ctx.db, alarmId, geocode);
    const { deliveryQueries } = await import('./delivery.queries.ts');
    const [a, b] = await Promise.all([deliveryQueries.claimDue(t.ctx.db, 500), deliveryQueries.claimDue(t.ctx.db, 500)]);
    const mine = [...a, ...b].filter((d) => d.alarm_id === alarmId);
    expect(mine).toHaveLength(1);
    // The claiming process "dies": after STALE_SENDING_MINUTES the row is due again, the cut-off attempt logged.
    await t.ctx.db.query(`UPDATE alarm_deliveries SET updated_at = now() - interval '6 minutes' WHERE id = $1`, [mine[0].id]);
    await deliverer.requeueStale();
    await drain();
    const [d] = await deliveriesOf(alarmId, f.tenant.accountId);
    expect(d).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await attemptsOf(d.id)).map((x) => x.error)).toEqual(['发送过程中断（服务重启），将重试', '']);
  });
});

describe.skipIf(!!mqttSkip)("MQTT (the machines' Mosquitto)", () => {
  const prefix = `chelian-test-${process.pid}-${Date.now()}`;
  let sub: mqtt.MqttClient;
  const messages: Array<{ topic: string; body: Record<string, unknown> }> = [];
  beforeAll(async () => {
    sub = await mqtt.connectAsync(MQTT_TEST_URL, { clientId: `${prefix}-sub` });
    sub.on('message', (topic, payload) => messages.push({ topic, body: JSON.parse(payload.toString()) }));
    await sub.subscribeAsync(`${prefix}/#`, { qos: 1 });
  });
  afterAll(async () => {
    await sub?.endAsync();
  });

  it('publishes an alarm to {prefix}/{accountId}/alarm/{terminalId} with QoS 1', async () => {
    const f = await fleet();
    await alarmSettings.saveTargets(t.ctx.db, f.tenant.accountId, { mqttUrl: MQTT_TEST_URL, mqttTopicPrefix: prefix });
    await pushOnly(f, ['mqtt']);
    const alarmId = await raise(f);
    await planPending(t.ctx.db, geocode);
    await drain();
    const topic = `${prefix}/${f.tenant.accountId}/alarm/${f.terminalId}`;
    const got = await eventually(() => messages.find((m) => m.topic === topic), 5000, 'MQTT alarm message');
    expect(got!.body).toMatchObject({
      event: 'alarm',
      attempt: 1,
      alarm: { alarmId, plate: f.plate, type: 'sos' },
      account: { accountId: f.tenant.accountId },
    });
    expect((await deliveriesOf(alarmId, f.tenant.accountId))[0]).toMatchObject({ channel: 'mqtt', status: 'sent', attempts: 1 });
  });

  it('forwards positions when chosen, from the process holding the lease', async () => {
    const f = await fleet();
    await alarmSettings.saveTargets(t.ctx.db, f.tenant.accountId, { mqttUrl: MQTT_TEST_URL, mqttTopicPrefix: prefix, mqttPositions: true });
    const stop = startMqttPositions(t.ctx, pool, { allowPrivateTargets: true, renewMs: 100 });
    try {
      const topic = `${prefix}/${f.tenant.accountId}/position/${f.terminalId}`;
      // The first position opens the connection; later ones are published.
      await eventually(
        async () => {
          t.ctx.bus.publish(subjects.live('pos', f.tenant.accountPath, f.terminalId), {
            terminalId: f.terminalId,
            plate: f.plate,
            lat: 22.5,
            lon: 114.1,
            speed: 30,
          });
          await new Promise((r) => setTimeout(r, 100));
          return messages.some((m) => m.topic === topic);
        },
        5000,
        'MQTT position message',
      );
      expect(messages.find((m) => m.topic === topic)!.body).toMatchObject({
        event: 'position',
        position: { terminalId: f.terminalId, lat: 22.5 },
      });
    } finally {
      await stop();
    }
  });

  it('records a broker that refuses the connection', async () => {
    const f = await fleet();
    await alarmSettings.saveTargets(t.ctx.db, f.tenant.accountId, { mqttUrl: 'mqtt://127.0.0.1:1', mqttTopicPrefix: prefix });
    await pushOnly(f, ['mqtt']);
    const alarmId = await raise(f);
    await planPending(t.ctx.db, geocode);
    await drain();
    expect((await deliveriesOf(alarmId, f.tenant.accountId))[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: '无法连接 MQTT 服务器：连接被拒绝',
    });
  });
});
