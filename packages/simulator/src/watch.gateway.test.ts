/**
 * Simulated badges on the real gateway over the watch protocol: they come online by LK, walk
 * their route and report (stored, never answered), raise SOS and fall alarms that the platform
 * records and answers, and obey commands sent through the commands API — MONITOR calls the
 * phone back, FIND rings, UPLOAD changes the reporting interval — each answer matched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '@chelian/server/src/testing/testServer.ts';
import { createTenant, type Tenant } from '@chelian/server/src/testing/fixtures.ts';
import { eventually } from '@chelian/server/src/testing/testTerminal.ts';
import { startGateway, type Gateway } from '@chelian/server/src/gateway/gateway.ts';
import { cityByName } from './cities.ts';
import { Fleet, planTerminals } from './fleet.ts';
import type { WatchTerminal } from './watchTerminal.ts';

let t: TestServer;
let gw: Gateway;
let tenant: Tenant;
let fleet: Fleet;
const specs = planTerminals({ count: 2, protocol: 'watch', seed: 7, cities: [cityByName('深圳')!] });
// A patrol round in 深圳: four corners of a block, walked in a loop.
const ROUTE = [
  { lat: 22.5431, lon: 114.0579 },
  { lat: 22.5441, lon: 114.0579 },
  { lat: 22.5441, lon: 114.0592 },
  { lat: 22.5431, lon: 114.0592 },
];

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { watch: 0 }, offlineAfterSeconds: 60 });
  tenant = await createTenant(t, { codes: 'all' });
  for (const s of specs) {
    const res = await t.call(tenant.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate: s.plate!, terminalId: s.id, protocol: 'watch' }),
    });
    expect(res.json().flag).toBe(1);
  }
  fleet = new Fleet(specs, {
    host: '127.0.0.1',
    ports: gw.ports,
    intervalSeconds: 0.5,
    heartbeatSeconds: 5,
    record: true,
    reconnectMinMs: 200,
    reconnectMaxMs: 1000,
    alarmRate: 0,
    watch: { route: ROUTE, walkKmh: 20 },
  });
  await fleet.start();
});
afterAll(async () => {
  fleet?.stop();
  await gw?.close();
  await t?.close();
});

const db = () => t.ctx.db;
const positionsOf = (id: string) =>
  db().query<{ lat: number; lon: number; extras: Record<string, unknown> }>(
    'SELECT p.lat, p.lon, p.extras FROM positions p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier = $1 ORDER BY p.gps_time',
    [id],
  );
const alarmTypes = async (id: string) =>
  (
    await db().query<{ type: string }>(
      'SELECT a.type FROM alarms a JOIN terminals t ON t.id = a.terminal_id WHERE t.identifier = $1 ORDER BY a.id',
      [id],
    )
  ).map((r) => r.type);
const badge = (nth: number) => fleet.terminals[nth] as WatchTerminal;
const send = (fields: Record<string, string | number>) =>
  t.call(tenant.sessionId, { method: 'POST', url: '/car/v1/api/command/commandDownBatch.json', ...form(fields) }).then((r) => r.json());
const commands = async (id: string) =>
  (await t.call(tenant.sessionId, { url: `/car/v1/api/command/listCommand.json?terminalId=${id}&pageSize=50` })).json().obj.list as Array<{
    type: string;
    status: string;
    replySuccess: boolean | null;
  }>;

describe('simulated badges on the real gateway (watch protocol)', () => {
  it('come online by LK and report positions along their route', async () => {
    await eventually(() => fleet.terminals.every((x) => x.state === 'online' && x.delivery.sent >= 4), 15_000, 'badges reporting');
    for (const s of specs) {
      await eventually(async () => (await positionsOf(s.id)).length >= 3, 5000, `${s.id} positions`);
      for (const p of await positionsOf(s.id)) {
        expect(p.lat).toBeGreaterThanOrEqual(22.5431 - 1e-6);
        expect(p.lat).toBeLessThanOrEqual(22.5441 + 1e-6);
        expect(p.lon).toBeGreaterThanOrEqual(114.0579 - 1e-6);
        expect(p.lon).toBeLessThanOrEqual(114.0592 + 1e-6);
        expect(p.extras).toMatchObject({ locationSource: 'gps', worn: true });
      }
    }
  });

  it('raises SOS, a fall and a taken-off badge; the platform stores and answers each', async () => {
    const b = badge(0);
    b.raise('sos');
    await eventually(() => b.watch.alarmsAcknowledged === 1, 5000, 'SOS answered');
    b.raise('fallDown');
    b.setWorn(false);
    await eventually(() => b.watch.alarmsAcknowledged === 3, 5000, 'fall and removal answered');
    expect(await alarmTypes(b.id)).toEqual(['sos', 'fallDown', 'wearRemoved']);
  });

  it('obeys MONITOR, FIND and UPLOAD from the commands API, each answer matched', async () => {
    const b = badge(1);
    expect((await send({ terminalIds: b.id, commandType: 'listenIn', phone: '13800138000' })).flag).toBe(1);
    expect((await send({ terminalIds: b.id, commandType: 'find' })).flag).toBe(1);
    expect((await send({ terminalIds: b.id, commandType: 'setInterval', seconds: 60 })).flag).toBe(1);
    await eventually(
      async () => (await commands(b.id)).filter((c) => c.status === 'replied' && c.replySuccess).length === 3,
      5000,
      'three answers',
    );
    expect(b.watch.monitorCalls).toEqual(['13800138000']);
    expect(b.watch.rings).toBe(1);
    expect(b.intervalSeconds).toBe(60);
  });
});
