/**
 * The simulator against the real gateway, started in-process on free ports: terminals of all
 * three protocols connect, report, get their positions stored, obey commands sent through the
 * commands API and upload what waited after the gateway restarts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '@chelian/server/src/testing/testServer.ts';
import { createTenant, type Tenant } from '@chelian/server/src/testing/fixtures.ts';
import { eventually } from '@chelian/server/src/testing/testTerminal.ts';
import { startGateway, type Gateway } from '@chelian/server/src/gateway/gateway.ts';
import { freshestFix } from '@chelian/server/src/core/freshestFix.ts';
import { cityByName } from './cities.ts';
import { Fleet, planTerminals } from './fleet.ts';
import type { SimTerminal } from './terminal.ts';

let t: TestServer;
let gw: Gateway;
let tenant: Tenant;
let fleet: Fleet;
const specs = planTerminals({ count: 6, protocol: 'mixed', seed: 42, cities: [cityByName('深圳')!] });
const events: string[] = [];

beforeAll(async () => {
  // Auto-registration off, as in production: the fleet's terminals are added (known) before they connect.
  t = await createTestServer({ terminalAutoRegister: false });
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0, gt06: 0, h02: 0 }, offlineAfterSeconds: 60 });
  tenant = await createTenant(t, { codes: 'all' });
  for (const s of specs) {
    const res = await t.call(tenant.sessionId, {
      method: 'POST',
      url: '/car/v4/api/vehicle/add.json',
      ...form({ plate: s.plate!, terminalId: s.id, protocol: s.protocol }),
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
    driver: { startParked: false },
    onEvent: (e) => e.type === 'command' && events.push(`${e.terminal} ${e.command}`),
  });
  await fleet.start();
});
afterAll(async () => {
  fleet?.stop();
  await gw?.close();
  await t?.close();
});

const db = () => t.ctx.db;
const storedTimes = async (id: string) =>
  new Set(
    (
      await db().query<{ gps_time: Date }>(
        'SELECT p.gps_time FROM positions p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier = $1',
        [id],
      )
    ).map((r) => r.gps_time.getTime()),
  );
const ackedTimes = (term: SimTerminal) => term.records!.filter((r) => r.acked).flatMap((r) => r.times);
const terminal = (protocol: string, nth = 0) => fleet.terminals.filter((x) => x.spec.protocol === protocol)[nth];
const send = (fields: Record<string, string | number>) =>
  t.call(tenant.sessionId, { method: 'POST', url: '/car/v1/api/command/commandDownBatch.json', ...form(fields) }).then((r) => r.json());
const commands = async (id: string) =>
  (await t.call(tenant.sessionId, { url: `/car/v1/api/command/listCommand.json?terminalId=${id}&pageSize=50` })).json().obj.list as Array<{
    type: string;
    status: string;
    replySuccess: boolean | null;
    replyText: string;
  }>;

describe('simulated terminals on the real gateway', () => {
  it('connect, report and appear with positions; every acknowledged position is stored', async () => {
    await eventually(() => fleet.terminals.every((x) => x.state === 'online' && x.delivery.sent >= 3), 15_000, 'all terminals reporting');
    await eventually(
      () => fleet.terminals.filter((x) => x.spec.protocol !== 'h02').every((x) => x.delivery.acked >= 3),
      10_000,
      'acknowledgements',
    );
    for (const term of fleet.terminals) {
      const stored = await storedTimes(term.id);
      if (term.spec.protocol === 'h02') {
        // H02 acknowledges nothing: the positions simply arrive.
        await eventually(async () => (await storedTimes(term.id)).size >= 3, 5000, `H02 ${term.id} positions`);
        continue;
      }
      for (const time of ackedTimes(term)) expect(stored.has(time), `${term.id} ${new Date(time).toISOString()}`).toBe(true);
    }
    const latest = (
      await t.call(tenant.sessionId, { url: `/car/v4/api/monitor/lastPositions.json?terminalIds=${specs.map((s) => s.id).join(',')}` })
    ).json().obj;
    expect(latest).toHaveLength(specs.length);
    for (const p of latest) {
      expect(p.online).toBe(true);
      expect(Math.abs(p.lat - 22.59)).toBeLessThan(0.1); // 深圳 (the simulator centre, 福田 梅林)
      expect(Math.abs(p.lon - 114.05)).toBeLessThan(0.1);
    }
  });

  it('obeys oil cut from the commands API on every protocol, replies, and stands still', async () => {
    const ids = specs.map((s) => s.id).join(',');
    const res = await send({ terminalIds: ids, commandType: 'cutOil' });
    expect(res.obj).toMatchObject({ total: 6, sent: 6 });
    await eventually(() => fleet.terminals.every((x) => x.vehicle.oilCut), 5000, 'oil cut everywhere');
    for (const s of specs)
      await eventually(async () => (await commands(s.id))[0]?.status === 'replied', 5000, `${s.protocol} reply stored`);
    expect((await commands(terminal('gt06').id))[0]).toMatchObject({
      type: 'cutOil',
      replySuccess: true,
      replyText: '断油电成功（DYD=Success!）',
    });
    // Braking takes a few seconds (up to ~7 from 60 km/h); then every report says 0 km/h. Only a
    // report made after the cut counts: a car waiting at a light before it also reported 0.
    const term = terminal('jt808');
    const cutAt = Date.now();
    // The newest fix stored, as the platform reads it (latest_positions is held back as the server holds it).
    const stored = async () =>
      (await db().one<{ speed: number; gps_time: Date }>(
        `SELECT f.speed, f.gps_time FROM terminals t CROSS JOIN LATERAL ${freshestFix('t.id')} f WHERE t.identifier = $1`,
        [term.id],
      ))!;
    const storedSpeed = async () => (await stored()).speed;
    await eventually(
      async () => {
        const last = await stored();
        return last.speed === 0 && last.gps_time.getTime() > cutAt;
      },
      15_000,
      'stopped',
    );
    const before = term.delivery.sent;
    await eventually(() => term.delivery.sent >= before + 2, 5000, 'more reports');
    expect(await storedSpeed()).toBe(0); // and it stays stopped

    await send({ terminalIds: ids, commandType: 'restoreOil' });
    await eventually(() => fleet.terminals.every((x) => !x.vehicle.oilCut), 5000, 'oil restored');
    expect(events.some((e) => e.endsWith('恢复油电'))).toBe(true);
  });

  it('answers set-interval, text and locate-now as its protocol says', async () => {
    const gt = terminal('gt06');
    await send({ terminalIds: gt.id, commandType: 'setInterval', seconds: 30 });
    await eventually(() => gt.intervalSeconds === 30, 5000, 'GT06 interval');
    await eventually(async () => (await commands(gt.id))[0].status === 'replied', 5000, 'GT06 TIMER reply');
    const h = terminal('h02');
    await send({ terminalIds: h.id, commandType: 'setInterval', seconds: 20 });
    await eventually(() => h.intervalSeconds === 20, 5000, 'H02 interval');

    const jt = terminal('jt808');
    await send({ terminalIds: jt.id, commandType: 'text', text: '请注意行车安全' });
    await send({ terminalIds: jt.id, commandType: 'locateNow' });
    await eventually(async () => (await commands(jt.id)).slice(0, 2).every((c) => c.status === 'replied'), 5000, 'text and locate replies');
    expect(events).toContain(`${jt.id} 文本信息`);
    expect(events).toContain(`${jt.id} 立即定位`);
  });

  it('reconnects after the gateway went away and uploads what waited, losing nothing acknowledged', async () => {
    const ports = gw.ports;
    await gw.close();
    await eventually(() => fleet.terminals.every((x) => x.state !== 'online'), 5000, 'all offline');
    await new Promise((r) => setTimeout(r, 2000)); // positions pile up meanwhile (blind area)
    expect(terminal('jt808').delivery.backlogSize).toBeGreaterThan(0);
    gw = await startGateway(t.ctx, { host: '127.0.0.1', ports, offlineAfterSeconds: 60 });
    await eventually(
      () => fleet.terminals.every((x) => x.state === 'online' && x.delivery.backlogSize === 0),
      10_000,
      'back online, backlog uploaded',
    );
    for (const term of fleet.terminals.filter((x) => x.spec.protocol !== 'h02')) {
      await eventually(() => term.delivery.pendingCount === 0, 5000, 'acknowledgements');
      const stored = await storedTimes(term.id);
      const acked = new Set(ackedTimes(term));
      for (const time of acked) expect(stored.has(time)).toBe(true);
      // Whatever went unanswered before the gateway closed was sent again and answered then.
      for (const r of term.records!.filter((x) => x.expectsAck && !x.acked)) for (const time of r.times) expect(acked.has(time)).toBe(true);
    }
  });
});
