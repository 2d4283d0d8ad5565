import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_ERRORS, DAY_MS, TERMINAL_ERRORS } from '@chelian/contracts';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { connectJt808 } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';

let t: TestServer;
let gw: Gateway;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  for (const [plate, terminalId] of [
    ['粤B60001', '13860000001'],
    ['粤B60002', '13860000002'],
    ['粤B60003', '13860000003'],
  ]) {
    await post(a.sessionId, '/car/v4/api/vehicle/add.json', { plate, terminalId, protocol: 'jt808' });
  }
  await post(b.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B69001', terminalId: '13869000001', protocol: 'jt808' });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

const post = (sid: string, url: string, fields: Record<string, string | number>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const setExpiry = (terminalId: string, at: number) =>
  post(a.sessionId, '/car/v4/api/terminal/update.json', { terminalId, serviceExpiresAt: String(at) });
const expiryOf = async (terminalId: string) =>
  (await get(a.sessionId, `/car/v4/api/terminal/detail.json?terminalId=${terminalId}`)).obj.serviceExpiresAt as number;
/** calendar months later, as PostgreSQL adds them (within the request's own second) */
const monthsAfter = (from: number, months: number) => {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
};

describe('service renewal', () => {
  it('extends a running service from its expiry and an expired one from now, by months or years', async () => {
    const running = Date.now() + 10 * DAY_MS;
    await setExpiry('13860000001', running);
    await setExpiry('13860000002', Date.now() - 40 * DAY_MS);
    const before = Date.now();
    const res = await post(a.sessionId, '/car/v4/api/terminal/renew.json', {
      terminalIds: '13860000001,13860000002',
      count: 6,
      unit: 'month',
      remark: '半年',
    });
    expect(res).toMatchObject({ flag: 1, obj: { renewed: 2 } });
    expect(await expiryOf('13860000001')).toBe(monthsAfter(running, 6));
    const fromNow = await expiryOf('13860000002');
    expect(fromNow).toBeGreaterThanOrEqual(monthsAfter(before, 6) - 1000);
    expect(fromNow).toBeLessThanOrEqual(monthsAfter(Date.now(), 6));

    await post(a.sessionId, '/car/v4/api/terminal/renew.json', { terminalIds: '13860000001', count: 2, unit: 'year' });
    expect(await expiryOf('13860000001')).toBe(monthsAfter(running, 30));
  });

  it('keeps a renewal history per terminal, newest first', async () => {
    const history = await get(a.sessionId, '/car/v4/api/terminal/renewals.json?terminalId=13860000001');
    expect(history.obj).toHaveLength(2);
    expect(history.obj[0]).toMatchObject({ terminalId: '013860000001', months: 24, userName: a.username, remark: '' });
    expect(history.obj[1]).toMatchObject({ months: 6, remark: '半年', expiresAt: history.obj[0].previousExpiresAt });
  });

  it("refuses another tenant's terminals and touches nothing (all or nothing)", async () => {
    const expiry = await expiryOf('13860000003');
    const mixed = await post(a.sessionId, '/car/v4/api/terminal/renew.json', {
      terminalIds: '13860000003,13869000001',
      count: 1,
      unit: 'year',
    });
    expect(mixed).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.terminalNotVisible.code });
    expect(await expiryOf('13860000003')).toBe(expiry);
    const foreign = await get(b.sessionId, '/car/v4/api/terminal/renewals.json?terminalId=13860000001');
    expect(foreign).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.terminalNotVisible.code });
    const tooLong = await post(a.sessionId, '/car/v4/api/terminal/renew.json', { terminalIds: '13860000003', count: 11, unit: 'year' });
    expect(tooLong).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.renewTooLong.code, msg: '一次最多续费120个月' });
  });

  it('lists the terminals expired or expiring within 30 days, and filters by service state', async () => {
    await setExpiry('13860000003', Date.now() + 5 * DAY_MS);
    await setExpiry('13860000002', Date.now() - DAY_MS);
    const soon = await get(a.sessionId, '/car/v4/api/terminal/list.json?expiring=30');
    expect(soon.obj.list.map((x: { terminalId: string }) => x.terminalId).sort()).toEqual(['013860000002', '013860000003']);
    const expired = await get(a.sessionId, '/car/v4/api/terminal/list.json?serviceState=expired');
    expect(expired.obj.list.map((x: { terminalId: string }) => x.terminalId)).toEqual(['013860000002']);
    // unbound is a vehicle's state, toString an inherited name of SERVICE_STATES: neither is a terminal's
    for (const state of ['unbound', 'toString'])
      expect(await get(a.sessionId, `/car/v4/api/terminal/list.json?serviceState=${state}`)).toMatchObject({
        flag: 0,
        errorCode: TERMINAL_ERRORS.serviceStateInvalid.code,
        msg: '服务状态应为 未激活、正常、已过期 或 已停用',
      });
  });
});

describe('activation', () => {
  it('starts the service now for the period (or keeps a later expiry), writes it into the history, and refuses a second activation', async () => {
    const far = Date.now() + 800 * DAY_MS;
    await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: '13860000011', protocol: 'jt808' });
    await post(a.sessionId, '/car/v4/api/terminal/add.json', {
      terminalId: '13860000012',
      protocol: 'jt808',
      serviceExpiresAt: String(far),
    });
    expect((await get(a.sessionId, '/car/v4/api/terminal/detail.json?terminalId=13860000011')).obj).toMatchObject({
      status: 'unactivated',
      activatedAt: null,
    });

    const before = Date.now();
    const res = await post(a.sessionId, '/car/v4/api/terminal/activate.json', {
      terminalIds: '13860000011,13860000012',
      count: 1,
      unit: 'year',
      remark: '装车',
    });
    expect(res).toMatchObject({ flag: 1, obj: { activated: 2 } });
    const fresh = (await get(a.sessionId, '/car/v4/api/terminal/detail.json?terminalId=13860000011')).obj;
    expect(fresh).toMatchObject({ status: 'active', statusName: '正常' });
    expect(fresh.activatedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(fresh.serviceExpiresAt).toBeGreaterThanOrEqual(monthsAfter(before, 12) - 1000);
    expect(fresh.serviceExpiresAt).toBeLessThanOrEqual(monthsAfter(Date.now(), 12));
    expect(await expiryOf('13860000012')).toBe(far);
    const history = (await get(a.sessionId, '/car/v4/api/terminal/renewals.json?terminalId=13860000011')).obj;
    expect(history).toEqual([expect.objectContaining({ months: 12, previousExpiresAt: null, remark: '激活：装车', userName: a.username })]);

    await t.ctx.audit.flush();
    const [logged] = (await get(a.sessionId, '/car/v4/api/audit/list.json?action=激活设备')).obj.list;
    expect(logged.changes.before).toEqual({
      '013860000011 服务到期': null,
      '013860000012 服务到期': expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    });
    expect(logged.changes.after['013860000011 服务到期']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);

    const again = await post(a.sessionId, '/car/v4/api/terminal/activate.json', { terminalIds: '13860000011', count: 1, unit: 'year' });
    expect(again).toMatchObject({
      flag: 0,
      errorCode: TERMINAL_ERRORS.alreadyActivated.code,
      msg: '设备 013860000011 已激活，无需再次激活（延长服务请使用续费）',
    });
  });

  it('refuses foreign terminals and callers without the 激活 button, touching nothing', async () => {
    await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: '13860000013', protocol: 'jt808' });
    const foreign = await post(b.sessionId, '/car/v4/api/terminal/activate.json', { terminalIds: '13860000013', count: 1, unit: 'year' });
    expect(foreign).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.terminalNotVisible.code });
    const mixed = await post(a.sessionId, '/car/v4/api/terminal/activate.json', {
      terminalIds: '13860000013,13869000001',
      count: 1,
      unit: 'year',
    });
    expect(mixed).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.terminalNotVisible.code });
    const renewOnly = await createTenant(t, {
      codes: ['system', 'system:terminal', 'system:terminal:renew'],
      parentAccountId: a.accountId,
    });
    const refused = await post(renewOnly.sessionId, '/car/v4/api/terminal/activate.json', {
      terminalIds: '13860000013',
      count: 1,
      unit: 'year',
    });
    expect(refused).toMatchObject({ flag: 0, errorCode: COMMON_ERRORS.forbidden.code });
    expect((await get(a.sessionId, '/car/v4/api/terminal/detail.json?terminalId=13860000013')).obj).toMatchObject({
      status: 'unactivated',
      serviceExpiresAt: null,
    });
  });
});

describe('an expired terminal (docs/decisions.md)', () => {
  it('withholds its live position and commands with the code, keeps its history, and renewal restores both at once', async () => {
    const id = '13860000003';
    const T0 = Date.UTC(2026, 4, 1, 0, 0, 0);
    // The owner sees history from when the terminal joined the account: make that before T0.
    await t.ctx.db.query(`UPDATE terminals SET assigned_at = '2026-01-01T00:00:00Z' WHERE identifier = '013860000003'`);
    const terminal = await connectJt808(gw.ports.jt808!, '013860000003');
    terminal.send(
      encodeJt808Location({ phone: '013860000003' }, 1, {
        time: T0,
        lat: 23.1,
        lon: 113.3,
        valid: true,
        speedKmh: 40,
        course: 0,
        altitude: 0,
      }),
    );
    await terminal.next();
    expect((await get(a.sessionId, `/car/v4/api/monitor/lastPositions.json?terminalIds=${id}`)).obj).toHaveLength(1);

    await setExpiry(id, Date.now() - 1000);
    const live = await get(a.sessionId, `/car/v4/api/monitor/lastPositions.json?terminalIds=${id}`);
    expect(live).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.serviceExpired.code });
    expect(live.msg).toContain('服务已到期');
    expect(
      (await get(a.sessionId, '/car/v4/api/monitor/lastPositions.json')).obj.map((p: { terminalId: string }) => p.terminalId),
    ).not.toContain('013860000003');
    const command = await post(a.sessionId, '/car/v1/api/command/commandDownBatch.json', {
      terminalIds: id,
      commandType: 'text',
      text: '你好',
    });
    expect(command).toMatchObject({ flag: 0, errorCode: TERMINAL_ERRORS.serviceExpired.code });
    const check = await post(a.sessionId, '/car/v1/api/command/checkCommandDownBatchTer.json', { terminalIds: id, commandType: 'text' });
    expect(check.obj.list[0]).toMatchObject({ supported: false, reason: '服务已到期，续费后可下发指令' });

    const track = await t.call(a.sessionId, {
      url: `/car/v4/api/monitor/track.json?terminalId=${id}&start=${T0 - 60_000}&end=${T0 + 60_000}`,
    });
    expect(track.json()).toMatchObject({ flag: 1, obj: { points: [expect.objectContaining({ lat: 23.1 })] } });
    // A range wholly before the terminal joined the account is empty, and still starts before it ends.
    const before = (
      await t.call(a.sessionId, {
        url: `/car/v4/api/monitor/track.json?terminalId=${id}&start=${Date.UTC(2025, 5, 1)}&end=${Date.UTC(2025, 5, 2)}`,
      })
    ).json();
    expect(before).toMatchObject({ flag: 1, obj: { points: [] } });
    expect(before.obj.start).toBeLessThanOrEqual(before.obj.end);

    await post(a.sessionId, '/car/v4/api/terminal/renew.json', { terminalIds: id, count: 1, unit: 'month' });
    expect((await get(a.sessionId, `/car/v4/api/monitor/lastPositions.json?terminalIds=${id}`)).obj).toHaveLength(1);
    expect(
      (await post(a.sessionId, '/car/v1/api/command/commandDownBatch.json', { terminalIds: id, commandType: 'text', text: '你好' })).flag,
    ).toBe(1);
    terminal.close();
  });
});
