import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { startWebhookReceiver } from '../../testing/webhookReceiver.ts';
import { eventually } from '../../testing/testTerminal.ts';
import { subjects } from '../../bus/subjects.ts';
import { alarmSettings } from '../alarmSettings/alarmSettings.service.ts';
import { startAlarmDelivery, type AlarmDeliveryWorker } from './alarmDelivery.worker.ts';

/**
 * The worker without a tick: its only pass besides the first would come after an hour, so what is
 * delivered here was brought by the bus (a new alarm, 重新推送) or by the timer it set for the
 * queue's next retry.
 */
let t: TestServer;
let worker: AlarmDeliveryWorker;

beforeAll(async () => {
  t = await createTestServer({ pushAllowPrivateTargets: true });
  worker = startAlarmDelivery(t.ctx, { retryDelaysMs: [1500], fallbackMs: 3_600_000, positions: false });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

let serial = 0;
/** A tenant pushing SOS alarms of its one vehicle to `webhookUrl`. */
async function fleet(webhookUrl: string) {
  const tenant = await createTenant(t, { codes: ['car', 'car:vehicle', 'car:vehicle:add', 'center', 'center:alarmPush'] });
  const terminalId = `014${String(Date.now()).slice(-7)}${String(++serial).padStart(2, '0')}`;
  const res = (
    await t.call(tenant.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate: `粤C${10000 + serial}`, terminalId, protocol: 'jt808' }),
    })
  ).json();
  expect(res.flag, res.msg).toBe(1);
  await alarmSettings.saveTargets(t.ctx.db, tenant.accountId, { webhookUrl });
  await alarmSettings.savePushes(t.ctx.db, tenant.accountId, [
    { alarmType: 'sos', enabled: true, channels: ['webhook'], quietStart: '', quietEnd: '' },
  ]);
  return { tenant, terminalId, vehicleId: res.obj.vehicleId as number };
}

/** An SOS stored and announced on the bus, as the gateway does. */
async function raise(f: { tenant: Tenant; terminalId: string; vehicleId: number }) {
  const row = (await t.ctx.db.one<{ id: number }>(
    `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, speed)
     SELECT terminal_id, $1, id, 'sos', now(), 22.5, 114.1, 20 FROM vehicles WHERE id = $2 RETURNING id`,
    [f.tenant.accountId, f.vehicleId],
  ))!;
  t.ctx.bus.publish(subjects.live('alarm', f.tenant.accountPath, f.terminalId), { alarmId: row.id });
  return row.id;
}

describe('alarm delivery without a tick', () => {
  it('delivers a new alarm on its news, and its retry when the retry falls due', async () => {
    const hook = await startWebhookReceiver({ replies: [502] });
    try {
      const alarmId = await raise(await fleet(hook.url));
      const [first, second] = await hook.waitFor(2, 20_000);
      expect([first.json.attempt, second.json.attempt]).toEqual([1, 2]);
      expect((second.json.alarm as { alarmId: number }).alarmId).toBe(alarmId);
      // The answer came; the attempt is recorded just after it.
      await eventually(
        async () =>
          (
            await t.ctx.db.one<{ status: string }>(`SELECT status FROM alarm_deliveries WHERE alarm_id = $1 AND channel = 'webhook'`, [
              alarmId,
            ])
          )?.status === 'sent',
        10_000,
        'the delivery recorded as sent',
      );
    } finally {
      await hook.close();
    }
  });

  it('plans a stream of alarm news about once a second, not in back-to-back passes', async () => {
    const hook = await startWebhookReceiver();
    try {
      const f = await fleet(hook.url);
      const before = worker.stats.passes;
      // 30 alarms' news over ~1.5 s: each pass would find the next one waiting.
      for (let i = 0; i < 30; i++) {
        await raise(f);
        await new Promise((r) => setTimeout(r, 50));
      }
      await hook.waitFor(30, 20_000);
      expect(worker.stats.passes - before).toBeLessThanOrEqual(5);
    } finally {
      await hook.close();
    }
  });

  it('sends a given-up delivery again at once when an operator asks (重新推送)', async () => {
    const hook = await startWebhookReceiver({ replies: [502, 502] });
    try {
      const f = await fleet(hook.url);
      const alarmId = await raise(f);
      await hook.waitFor(2, 20_000);
      const failed = await eventually(
        async () =>
          (await t.ctx.db.query<{ id: number }>(`SELECT id FROM alarm_deliveries WHERE alarm_id = $1 AND status = 'failed'`, [alarmId]))[0],
        10_000,
        'the delivery given up',
      );
      const again = (
        await t.call(f.tenant.sessionId, {
          method: 'POST',
          url: '/car/v4/api/alarm/push/retryDelivery.json',
          ...form({ deliveryId: failed.id }),
        })
      ).json();
      expect(again.obj).toMatchObject({ deliveryId: failed.id, status: 'retrying' });
      const third = (await hook.waitFor(3, 20_000))[2];
      expect(third.json.attempt).toBe(3);
    } finally {
      await hook.close();
    }
  });
});
