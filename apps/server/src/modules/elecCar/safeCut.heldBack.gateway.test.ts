import { afterAll, beforeAll, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Location, encodeGt06Login } from '@chelian/protocols/gt06/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startElecCarEngine, type ElecCarEngine } from './elecCarEngine.ts';

/*
 * The safe power cut with the gateway as the server runs it: latest_positions written at most every
 * 30 s a terminal (gateway/latestWrites.ts). The cut's safety check and the pending cut's re-check
 * must read the report just stored, not the held-back row: a bike seen standing and now riding at
 * 40 km/h is not cut, and a pending cut goes down as soon as a report shows the bike slow.
 */
let t: TestServer;
let gw: Gateway;
let engine: ElecCarEngine;
let a: Tenant;
let bikeId: number;
const imei = '868120145239001';
const api = '/elec-car/v1/api';
const start = Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000;
let serial = 10;

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const orders = async () =>
  (await t.call(a.sessionId, { url: `${api}/bike/powerOrders.json?bikeId=${bikeId}` }).then((r) => r.json())).obj.list;

/** Sends a fix (GT06 times are whole seconds: each fix 10 s after the last) and waits until it is stored. */
async function report(gt: TestTerminal, n: number, speedKmh: number) {
  const time = start + n * 10_000;
  gt.send(encodeGt06Location({ time, lat: 31.2304, lon: 121.4737, valid: true, speedKmh, course: 90, satellites: 9, acc: true }, ++serial));
  await eventually(
    async () => {
      const rows = await t.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM positions p JOIN terminals tm ON tm.id = p.terminal_id WHERE tm.identifier = $1 AND p.gps_time = $2`,
        [imei, new Date(time)],
      );
      return rows[0]!.n === 1;
    },
    5000,
    `fix ${n} stored`,
  );
  await engine.settle();
}

async function nextCommand(gt: TestTerminal): Promise<string> {
  for (;;) {
    const frame = gt06Codec.decode(await gt.next(5000));
    if (frame.ok && frame.value.messageType === '0x80') return (frame.value.messages[0].detail as { text: string }).text;
  }
}

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60, ingest: { latestEveryMs: 30_000 } });
  engine = startElecCarEngine(t.ctx, { sweepMs: 100, replyTimeoutMs: 2000 });
  a = await createTenant(t, { codes: 'all' });
  await post('/car/v4/api/terminal/add.json', { terminalId: imei, protocol: 'gt06' });
  bikeId = (await post(`${api}/bike/bind.json`, { imei, plate: '沪A·C0901', batteryVoltage: 48, batteryCapacity: 20 })).obj.bikeId;
});
afterAll(async () => {
  engine?.stop();
  await gw?.close();
  await t?.close();
});

it('checks a cut against the report just stored, not latest_positions held back', async () => {
  const gt = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
  gt.send(encodeGt06Login(imei, 1));
  await gt.next();
  await report(gt, 1, 5); // the first fix at this gateway: latest_positions at once
  await report(gt, 2, 40); // held back from latest_positions, stored in positions

  const sent = await post(`${api}/bike/control.json`, { bikeId, action: 'cut' });
  expect(sent.obj).toMatchObject({ action: 'cut', status: 'pending', commandId: null });
  expect(sent.obj.message).toBe('车辆正在行驶（40 km/h），车速低于 20 km/h 后执行；10 分钟内未满足条件将自动取消');
  expect((await orders())[0]).toMatchObject({ status: 'pending', speedAtRequest: 40 });

  await report(gt, 3, 12); // held back too: the pending cut must still see it
  expect(await nextCommand(gt)).toBe('DYD,000000#');
  expect((await orders())[0]).toMatchObject({ orderId: sent.obj.orderId, status: 'sent', speedAtExecution: 12 });
  gt.close();
});
