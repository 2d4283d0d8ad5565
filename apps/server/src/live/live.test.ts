import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { createTestServer, form, type TestServer } from '../testing/testServer.ts';
import { createTenant, type Tenant } from '../testing/fixtures.ts';
import { eventually, connectJt808 } from '../testing/testTerminal.ts';
import { openLive } from '../testing/wsClient.ts';
import { startGateway, type Gateway } from '../gateway/gateway.ts';

let t: TestServer;
let gw: Gateway;
let base: string;
let admin: string;
let a: Tenant;
let sub: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/ws/live`;
  admin = await t.login();
  a = await createTenant(t, { codes: 'all' });
  sub = await createTenant(t, { codes: 'all', parentAccountId: a.accountId });
  b = await createTenant(t, { codes: 'all' });
  // One vehicle per SOS raised below: an SOS raised again within minutes is a repeat of the open one (one alarm per episode), no news.
  for (const [plate, terminalId] of [
    ['粤BW0001', '13800000101'],
    ['粤BW0002', '13800000102'],
    ['粤BW0003', '13800000103'],
    ['粤BW0004', '13800000104'],
  ])
    await t.call(sub.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/add.json', ...form({ plate, terminalId, protocol: 'jt808' }) });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
}, 15000);

const report = (phone: string, serial: number, lat: number, alarms: Array<'sos'> = []) =>
  encodeJt808Location({ phone }, serial, { time: Date.now(), lat, lon: 114, valid: true, speedKmh: 30, course: 0, altitude: 0, alarms });

describe('live feed /ws/live', () => {
  it('refuses an upgrade without a live session', async () => {
    await expect(openLive(base)).rejects.toThrow(/upgrade refused|Unexpected server response/);
    await expect(openLive(`${base}?sessionId=${'f'.repeat(48)}`)).rejects.toThrow();
  });

  it("closes a disabled user's feed at once, not at its next minute check", async () => {
    const u = await createTenant(t);
    const feed = await openLive(`${base}?sessionId=${u.sessionId}`);
    await feed.waitFor((m) => m.type === 'snapshot');
    const updated = await t.call(admin, {
      method: 'POST',
      url: '/car/v4/api/user/update.json',
      ...form({ id: u.userId, accountId: u.accountId, roleId: u.roleId, enabled: false }),
    });
    expect(updated.json().flag).toBe(1);
    const code = await Promise.race([feed.closed, new Promise((r) => setTimeout(() => r('still open'), 5000))]);
    expect(code).toBe(4010);
  });

  it('pushes a snapshot, then positions, alarms and presence of exactly the visible terminals', async () => {
    const owned = await connectJt808(gw.ports.jt808!, '013800000101');
    owned.send(report('013800000101', 1, 22.1));
    await owned.next();

    const feedA = await openLive(`${base}?sessionId=${a.sessionId}`); // the parent account sees its sub-account's vehicle
    const feedB = await openLive(`${base}?sessionId=${b.sessionId}`);
    const feedAdmin = await openLive(`${base}?sessionId=${admin}`);
    const snap = await feedA.waitFor((m) => m.type === 'snapshot');
    expect(snap).toMatchObject({
      type: 'snapshot',
      final: true,
      data: [expect.objectContaining({ terminalId: '013800000101', plate: '粤BW0001', lat: 22.1, online: true })],
    });
    expect((await feedB.waitFor((m) => m.type === 'snapshot')).data).toEqual([]);

    owned.send(report('013800000101', 2, 22.2, ['sos']));
    await owned.next();
    const stranger = await connectJt808(gw.ports.jt808!, '013800000199');
    stranger.send(report('013800000199', 1, 40));
    await stranger.next();

    await feedA.waitFor((m) => m.type === 'position' && (m.data as { lat: number }).lat === 22.2);
    await feedA.waitFor((m) => m.type === 'alarm' && (m.data as { type: string }).type === 'sos');
    await feedAdmin.waitFor((m) => m.type === 'position' && (m.data as { terminalId: string }).terminalId === '013800000199');
    await feedAdmin.waitFor(
      (m) => m.type === 'presence' && (m.data as { terminalId: string; online: boolean }).terminalId === '013800000199',
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(feedA.messages.some((m) => JSON.stringify(m.data).includes('013800000199'))).toBe(false);
    expect(feedB.messages.filter((m) => m.type !== 'snapshot')).toEqual([]);
    expect(feedA.messages.some((m) => m.type === 'presence' || m.type === 'position')).toBe(true);

    // Assigned while connected: the gateway learns it from the bus, and the new owner gets the news.
    await t.call(admin, {
      method: 'POST',
      url: '/car/v4/api/terminal/assign.json',
      ...form({ terminalIds: '013800000199', accountId: b.accountId }),
    });
    await eventually(
      () => [...gw.sessions.values()].some((s) => s.terminal?.identifier === '013800000199' && s.terminal.accountId === b.accountId),
      3000,
      'session refreshed',
    );
    stranger.send(report('013800000199', 2, 41));
    await stranger.next();
    await feedB.waitFor((m) => m.type === 'position' && (m.data as { lat: number }).lat === 41);

    // A reconnect starts from a fresh snapshot.
    feedA.close();
    const again = await openLive(`${base}?sessionId=${a.sessionId}`);
    expect((await again.waitFor((m) => m.type === 'snapshot')).data).toEqual([expect.objectContaining({ lat: 22.2, alarms: ['sos'] })]);
    again.close();
    feedB.close();
    feedAdmin.close();
    owned.close();
    stranger.close();
  });

  it("pushes no alarm of a type the user's account switched off, but still its positions; a change applies at once", async () => {
    const setSos = async (sessionId: string, enabled: boolean) => {
      const res = await t.call(sessionId, {
        method: 'POST',
        url: '/car/v4/api/alarm/control/configAlarmControl.json',
        ...form({ alarmType: 'sos', enabled, sound: enabled, popup: enabled }),
      });
      expect(res.json().flag).toBe(1);
    };
    await setSos(a.sessionId, false);
    const owned = await connectJt808(gw.ports.jt808!, '013800000102');
    const other = await connectJt808(gw.ports.jt808!, '013800000103');
    const raiseSos = async (serial: number, lat: number, terminal = owned, phone = '013800000102') => {
      terminal.send(report(phone, serial, lat)); // alarms are raised on the edge: clear it first
      await terminal.next();
      terminal.send(report(phone, serial + 1, lat, ['sos']));
      await terminal.next();
    };
    const feedA = await openLive(`${base}?sessionId=${a.sessionId}`);
    const feedSub = await openLive(`${base}?sessionId=${sub.sessionId}`); // its own account keeps the defaults
    const feedAdmin = await openLive(`${base}?sessionId=${admin}`);
    await Promise.all([feedA, feedSub, feedAdmin].map((f) => f.waitFor((m) => m.type === 'snapshot')));

    await raiseSos(10, 22.3);
    const muted = (await feedAdmin.waitFor((m) => m.type === 'alarm' && (m.data as { lat: number }).lat === 22.3)).data as {
      alarmId: number;
    };
    await feedSub.waitFor((m) => m.type === 'alarm' && (m.data as { alarmId: number }).alarmId === muted.alarmId);
    await feedA.waitFor((m) => m.type === 'position' && (m.data as { lat: number; alarms: string[] }).lat === 22.3);
    await new Promise((r) => setTimeout(r, 100));
    expect(feedA.messages.filter((m) => m.type === 'alarm')).toEqual([]);

    // Switched back on while the feed is open: the next SOS reaches it.
    await setSos(a.sessionId, true);
    await raiseSos(12, 22.4, other, '013800000103');
    await feedA.waitFor(
      (m) => m.type === 'alarm' && (m.data as { type: string; lat: number }).type === 'sos' && (m.data as { lat: number }).lat === 22.4,
    );
    expect(feedA.messages.filter((m) => m.type === 'alarm')).toHaveLength(1);
    for (const f of [feedA, feedSub, feedAdmin]) f.close();
    owned.close();
    other.close();
  });
});

describe('an expired terminal on the live feed (docs/decisions.md)', () => {
  it('pushes none of its positions while expired, and pushes again right after a renewal', async () => {
    const post = (url: string, fields: Record<string, string>) => t.call(a.sessionId, { method: 'POST', url, ...form(fields) });
    await post('/car/v4/api/vehicle/add.json', { plate: '粤BW0301', terminalId: '13800000301', protocol: 'jt808' });
    await post('/car/v4/api/terminal/update.json', { terminalId: '13800000301', serviceExpiresAt: String(Date.now() - 60_000) });
    const expired = await connectJt808(gw.ports.jt808!, '013800000301');
    const feed = await openLive(`${base}?sessionId=${a.sessionId}`);
    const snap = await feed.waitFor((m) => m.type === 'snapshot');
    expect(JSON.stringify(snap.data)).not.toContain('013800000301');

    expired.send(report('013800000301', 1, 23.5));
    await expired.next();
    await new Promise((r) => setTimeout(r, 150));
    expect(feed.messages.some((m) => m.type === 'position' && JSON.stringify(m.data).includes('013800000301'))).toBe(false);

    await post('/car/v4/api/terminal/renew.json', { terminalIds: '13800000301', count: '1', unit: 'month' });
    await eventually(
      () =>
        [...gw.sessions.values()].some(
          (s) => s.terminal?.identifier === '013800000301' && (s.terminal.serviceExpiresAt?.getTime() ?? 0) > Date.now(),
        ),
      3000,
      'session refreshed',
    );
    expired.send(report('013800000301', 2, 23.6));
    await expired.next();
    await feed.waitFor((m) => m.type === 'position' && (m.data as { terminalId: string; lat: number }).terminalId === '013800000301');
    feed.close();
    expired.close();
  });
});

describe("the alarm-only feed (only=alarm: the shell's alarm tip)", () => {
  it('sends no snapshot and no positions or presence, only the alarms of the visible terminals', async () => {
    const feed = await openLive(`${base}?sessionId=${a.sessionId}&only=alarm`);
    const owned = await connectJt808(gw.ports.jt808!, '013800000104');
    owned.send(report('013800000104', 40, 22.7));
    await owned.next();
    owned.send(report('013800000104', 41, 22.8, ['sos']));
    await owned.next();
    const alarm = await feed.waitFor((m) => m.type === 'alarm');
    expect(alarm.data).toMatchObject({ terminalId: '013800000104', type: 'sos', late: false });
    await new Promise((r) => setTimeout(r, 100));
    expect(feed.messages.map((m) => m.type)).toEqual(['alarm']);
    expect(await openLive(`${base}?sessionId=${a.sessionId}&only=position`).catch(() => 'refused')).toBe('refused');
    feed.close();
    owned.close();
  });
});

describe('a sub-product’s feed (product=: its own kinds, docs/asset-kinds.md)', () => {
  it('sends 智能车联 its vehicles’ positions and alarms, none of a person’s badge; the feed of every kind gets both', async () => {
    const c = await createTenant(t, { codes: 'all' }); // its own alarm settings, whatever the tests above left
    const add = (plate: string, terminalId: string) =>
      t.call(c.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/add.json', ...form({ plate, terminalId, protocol: 'jt808' }) });
    await add('粤BW0501', '13800000501');
    await add('粤BW0502', '13800000502');
    // The second is a person's badge (智能工牌 registers it so; here its kind is set directly).
    await t.ctx.db.query(`UPDATE vehicles SET type = 'badge' WHERE plate = '粤BW0502'`);
    const car = await connectJt808(gw.ports.jt808!, '013800000501');
    const badge = await connectJt808(gw.ports.jt808!, '013800000502');
    for (const [term, phone] of [
      [car, '013800000501'],
      [badge, '013800000502'],
    ] as const) {
      term.send(report(phone, 1, 24.1));
      await term.next();
    }
    const carFeed = await openLive(`${base}?sessionId=${c.sessionId}&product=car`);
    const carTip = await openLive(`${base}?sessionId=${c.sessionId}&only=alarm&product=car`);
    const everyKind = await openLive(`${base}?sessionId=${c.sessionId}`);
    const snap = await carFeed.waitFor((m) => m.type === 'snapshot');
    const snapped = JSON.stringify(snap.data);
    expect(snapped).toContain('013800000501');
    expect(snapped).not.toContain('013800000502');
    expect(JSON.stringify((await everyKind.waitFor((m) => m.type === 'snapshot')).data)).toContain('013800000502');

    badge.send(report('013800000502', 2, 24.2, ['sos']));
    await badge.next();
    car.send(report('013800000501', 2, 24.3, ['sos']));
    await car.next();
    const of = (id: string) => (m: { type: string; data: unknown }) => (m.data as { terminalId?: string }).terminalId === id;
    await everyKind.waitFor((m) => m.type === 'alarm' && of('013800000502')(m));
    await everyKind.waitFor((m) => m.type === 'alarm' && of('013800000501')(m));
    await carFeed.waitFor((m) => m.type === 'alarm' && of('013800000501')(m));
    await carFeed.waitFor((m) => m.type === 'position' && of('013800000501')(m));
    await carTip.waitFor((m) => m.type === 'alarm' && of('013800000501')(m));
    await new Promise((r) => setTimeout(r, 100));
    expect(carFeed.messages.filter((m) => m.type !== 'snapshot' && of('013800000502')(m))).toEqual([]);
    expect(carTip.messages.filter(of('013800000502'))).toEqual([]);
    for (const f of [carFeed, carTip, everyKind]) f.close();
    car.close();
    badge.close();
  });
});
