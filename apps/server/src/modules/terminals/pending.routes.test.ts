/**
 * 待接入终端 with auto-registration off (the default outside the demo): unknown ids make no
 * terminals, are recorded rate-limited, and an administrator adopts (接入) or blocks (屏蔽) them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJt808, encodeJt808Register, jt808Codec } from '@chelian/protocols/jt808/index.ts';
import { encodeGt06Location, encodeGt06Login, gt06Codec } from '@chelian/protocols/gt06/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';

let t: TestServer;
let gw: Gateway;
let admin: string;
let customer: Tenant;
beforeAll(async () => {
  t = await createTestServer({ terminalAutoRegister: false });
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0, gt06: 0 }, offlineAfterSeconds: 60 });
  admin = await t.login();
  customer = await createTenant(t, { codes: 'all' });
}, 120_000);
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

const count = async (sql: string, params: unknown[] = []) => (await t.ctx.db.query<{ n: number }>(sql, params))[0].n;
const pending = async (sessionId: string, query = '') =>
  (await t.call(sessionId, { url: `/car/v4/api/terminal/pending/list.json?pageSize=100${query}` })).json();
const post = async (path: string, fields: Record<string, string>) =>
  (await t.call(admin, { method: 'POST', url: `/car/v4/api/terminal/pending/${path}`, ...form(fields) })).json();

describe('unknown terminals wait in 待接入终端', () => {
  it('1 000 made-up JT/T 808 ids make no terminal; each is refused (0x8100 result 4); the list grows at its rate limit', async () => {
    const before = await count('SELECT count(*)::int AS n FROM terminals');
    const ids = Array.from({ length: 1000 }, (_, i) => `0139${String(i).padStart(8, '0')}`);
    const results: number[] = [];
    for (let i = 0; i < ids.length; i += 100) {
      await Promise.all(
        ids.slice(i, i + 100).map(async (phone) => {
          const term = await TestTerminal.connect(gw.ports.jt808!, jt808Codec);
          term.send(
            encodeJt808Register({ phone }, 1, {
              province: 44,
              city: 300,
              maker: 'FAKE',
              model: 'X',
              deviceId: phone.slice(-7),
              plateColor: 0,
              plate: '',
            }),
          );
          const reply = decodeJt808(await term.next());
          results.push(reply.ok ? (reply.value.messages[0].detail as { result: number }).result : -1);
          await term.waitClosed();
        }),
      );
    }
    expect(results.every((r) => r === 4)).toBe(true);
    expect(await count('SELECT count(*)::int AS n FROM terminals')).toBe(before);
    // 60 new ids a minute per gateway: the rest cost a log line, not a row.
    await eventually(
      async () => (await count("SELECT count(*)::int AS n FROM pending_terminals WHERE identifier LIKE '0139%'")) === 60,
      5000,
      'pending rows',
    );
    const list = await pending(admin, '&keyword=0139');
    expect(list.obj.total).toBe(60);
    expect(list.obj.list[0]).toMatchObject({
      protocol: 'jt808',
      protocolName: 'JT/T 808',
      address: expect.stringContaining('127.0.0.1'),
      attempts: 1,
      blocked: false,
    });
    expect(list.obj.list[0].frames[0]).toMatch(/^7e0100/);
  }, 300_000);

  it('is the platform administrator’s: a customer is refused', async () => {
    const answer = await pending(customer.sessionId);
    expect(answer).toMatchObject({ flag: 0, errorCode: 'pendingTerminal.platformOnly' });
  });

  it('接入 makes the id a terminal that then reports; 屏蔽 closes later connections at once', async () => {
    await gw.close(); // its minute's quota of new ids went to the flood above: a fresh gateway has its own
    gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0, gt06: 0 }, offlineAfterSeconds: 60 });
    const imei = '356000000000901';
    const knock = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    knock.send(encodeGt06Login(imei, 1));
    expect(await knock.waitClosed()).toBe(true); // no reply, no terminal
    await eventually(async () => (await pending(admin, `&keyword=${imei}`)).obj.total === 1, 5000, 'pending row');
    const row = (await pending(admin, `&keyword=${imei}`)).obj.list[0];
    expect(row).toMatchObject({ terminalId: imei, protocol: 'gt06' });
    expect(row.frames[0]).toMatch(/^7878/);

    expect(await post('adopt.json', { terminalIds: imei })).toMatchObject({ flag: 1, obj: { adopted: 1 } });
    expect((await pending(admin, `&keyword=${imei}`)).obj.total).toBe(0);
    const back = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    back.send(encodeGt06Login(imei, 1));
    await back.next();
    back.send(
      encodeGt06Location({ time: Date.now() - 1000, lat: 22.54, lon: 114.05, valid: true, speedKmh: 20, course: 0, satellites: 8 }, 2),
    );
    await back.next(); // acknowledged once stored
    expect(
      await count('SELECT count(*)::int AS n FROM positions p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier = $1', [imei]),
    ).toBe(1);
    back.close();

    const blockedImei = '356000000000902';
    const first = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    first.send(encodeGt06Login(blockedImei, 1));
    await first.waitClosed();
    await eventually(async () => (await pending(admin, `&keyword=${blockedImei}`)).obj.total === 1, 5000, 'pending row');
    expect(await post('block.json', { terminalIds: blockedImei })).toMatchObject({ flag: 1, obj: { updated: 1 } });
    expect((await pending(admin, '&blocked=true')).obj.list.map((p: { terminalId: string }) => p.terminalId)).toEqual([blockedImei]);
    const again = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    again.send(encodeGt06Login(blockedImei, 1));
    expect(await again.waitClosed()).toBe(true);
    expect(again.received).toHaveLength(0);
    expect(await count('SELECT count(*)::int AS n FROM terminals WHERE identifier = $1', [blockedImei])).toBe(0);
    // Unknown ids answer as such.
    expect(await post('adopt.json', { terminalIds: '356000000000999' })).toMatchObject({ flag: 0, errorCode: 'pendingTerminal.notFound' });
  });
});
