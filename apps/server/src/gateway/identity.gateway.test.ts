/**
 * A terminal's identity is earned (docs/security.md, 终端身份), over TCP through the real gateway:
 * JT/T 808 stores nothing before authenticating with the code issued at registration; a second
 * connection claiming a live terminal without a login neither displaces it nor is stored, and the
 * conflict is counted on the terminal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jt808Codec, decodeJt808, encodeJt808Auth, encodeJt808Location, encodeJt808Register } from '@chelian/protocols/jt808/index.ts';
import { gt06Codec, encodeGt06Location, encodeGt06Login } from '@chelian/protocols/gt06/index.ts';
import { h02Codec, encodeH02Location } from '@chelian/protocols/h02/index.ts';
import { watchCodec, encodeWatchLink, encodeWatchReport } from '@chelian/protocols/watch/index.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { TestTerminal, connectJt808, eventually, signInJt808 } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from './gateway.ts';

let t: TestServer;
let gw: Gateway;
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0, gt06: 0, h02: 0, watch: 0 }, offlineAfterSeconds: 60 });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

const positionsOf = async (identifier: string) =>
  (
    await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM positions p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier = $1',
      [identifier],
    )
  )[0].n;
const conflictsOf = async (identifier: string) =>
  (await t.ctx.db.one<{ identity_conflicts: number; identity_conflict_at: Date | null }>(
    'SELECT identity_conflicts, identity_conflict_at FROM terminals WHERE identifier = $1',
    [identifier],
  ))!;
const T0 = Date.UTC(2026, 10, 25, 1, 0, 0);
const fix = (i: number) => ({
  time: T0 + i * 10_000,
  lat: 22.5431 + i * 0.001,
  lon: 114.0579,
  valid: true,
  speedKmh: 30,
  course: 90,
  altitude: 10,
  acc: true,
});
const replyOf = (frame: Buffer) => {
  const r = decodeJt808(frame);
  if (!r.ok) throw new Error(r.error.detail);
  return r.value.messages[0];
};

describe('JT/T 808: nothing is stored before the connection authenticated', () => {
  it('a second connection sending 0x0200 with a live terminal’s id neither displaces it nor is stored', async () => {
    const phone = '013900000101';
    const real = await connectJt808(gw.ports.jt808!, phone);
    real.send(encodeJt808Location({ phone }, 1, fix(0)));
    await real.next();
    expect(await positionsOf(phone)).toBe(1);

    const impostor = await TestTerminal.connect(gw.ports.jt808!, jt808Codec);
    impostor.send(encodeJt808Location({ phone }, 1, { ...fix(1), lat: 39.9 }));
    expect(await impostor.silentFor(500)).toBe(true); // not acknowledged
    expect(real.closed).toBe(false);
    expect(await positionsOf(phone)).toBe(1);
    // The real terminal goes on reporting on its connection.
    real.send(encodeJt808Location({ phone }, 2, fix(2)));
    expect(replyOf(await real.next()).commandReply).toMatchObject({ answered: '0x0200', result: 0 });
    expect(await positionsOf(phone)).toBe(2);
    const c = await eventually(
      async () => ((await conflictsOf(phone)).identity_conflicts === 1 ? conflictsOf(phone) : null),
      5000,
      'conflict recorded',
    );
    expect(c!.identity_conflict_at).not.toBeNull();
    impostor.close();
    real.close();
  });

  it('a registered terminal’s 0x0200 before 0x0102 is not stored; after it, it is', async () => {
    const phone = '013900000102';
    const term = await TestTerminal.connect(gw.ports.jt808!, jt808Codec);
    term.send(encodeJt808Location({ phone }, 1, fix(0))); // not even registered
    term.send(
      encodeJt808Register({ phone }, 2, {
        province: 44,
        city: 300,
        maker: 'CHLN',
        model: 'X',
        deviceId: '0000102',
        plateColor: 0,
        plate: '',
      }),
    );
    const reg = replyOf(await term.next());
    expect(reg.messageType).toBe('0x8100');
    const { authCode } = reg.detail as { authCode: string; result: number };
    expect(authCode).toMatch(/^[0-9a-f]{16}$/); // issued, not the terminal's own id
    term.send(encodeJt808Location({ phone }, 3, fix(1))); // registered, not authenticated
    expect(await term.silentFor(400)).toBe(true);
    expect(await positionsOf(phone)).toBe(0);

    term.send(encodeJt808Auth({ phone }, 4, { authCode }));
    expect(replyOf(await term.next()).commandReply).toMatchObject({ answered: '0x0102', result: 0 });
    term.send(encodeJt808Location({ phone }, 5, fix(2)));
    await term.next();
    expect(await positionsOf(phone)).toBe(1);
    term.close();
  });

  it('a wrong auth code is refused (0x8001 result 1); the issued one authenticates every later connection', async () => {
    const phone = '013900000103';
    const first = await TestTerminal.connect(gw.ports.jt808!, jt808Codec);
    const code = await signInJt808(first, phone);
    first.close();
    await eventually(() => !gw.sessions.size || [...gw.sessions.values()].every((s) => s.wireId !== phone), 5000, 'first connection gone');

    const wrong = await TestTerminal.connect(gw.ports.jt808!, jt808Codec);
    wrong.send(encodeJt808Auth({ phone }, 1, { authCode: phone })); // the id itself: what every code used to be
    expect(replyOf(await wrong.next()).commandReply).toMatchObject({ answered: '0x0102', result: 1 });
    wrong.send(encodeJt808Location({ phone }, 2, fix(0)));
    expect(await wrong.silentFor(400)).toBe(true);
    expect(await positionsOf(phone)).toBe(0);
    wrong.close();

    const again = await TestTerminal.connect(gw.ports.jt808!, jt808Codec);
    again.send(encodeJt808Auth({ phone }, 1, { authCode: code }));
    expect(replyOf(await again.next()).commandReply).toMatchObject({ answered: '0x0102', result: 0 });
    again.send(encodeJt808Location({ phone }, 2, fix(1)));
    await again.next();
    expect(await positionsOf(phone)).toBe(1);
    again.close();
  });

  it('a registration for a terminal another connection holds is refused (0x8100 result 3) and closed', async () => {
    const phone = '013900000104';
    const real = await connectJt808(gw.ports.jt808!, phone);
    const other = await TestTerminal.connect(gw.ports.jt808!, jt808Codec);
    other.send(
      encodeJt808Register({ phone }, 1, {
        province: 44,
        city: 300,
        maker: 'CHLN',
        model: 'X',
        deviceId: '0000104',
        plateColor: 0,
        plate: '',
      }),
    );
    expect(replyOf(await other.next()).detail).toMatchObject({ result: 3 });
    expect(await other.waitClosed()).toBe(true);
    expect(real.closed).toBe(false);
    real.send(encodeJt808Location({ phone }, 5, fix(0)));
    expect(replyOf(await real.next()).commandReply).toMatchObject({ result: 0 });
    real.close();
  });
});

describe('protocols without a secret: the live connection keeps its id', () => {
  it('GT06: a second connection without a login does not displace the live one; a login takes over', async () => {
    const imei = '356000000000105';
    const real = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    real.send(encodeGt06Login(imei, 1));
    await real.next();
    real.send(encodeGt06Location(fix(0), 2));
    await real.next();
    const other = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    other.send(encodeGt06Location(fix(1), 1)); // GT06 data names no terminal: nobody's
    expect(await other.silentFor(400)).toBe(true);
    expect(real.closed).toBe(false);
    expect(await positionsOf(imei)).toBe(1);
    // A login is how a reconnecting terminal comes back: it takes the terminal over.
    other.send(encodeGt06Login(imei, 2));
    await other.next();
    expect(await real.waitClosed()).toBe(true);
    other.close();
  });

  it('H02: a newcomer with a live terminal’s id is closed, not stored, and counted as a conflict', async () => {
    const imei = '865205030330106';
    const real = await TestTerminal.connect(gw.ports.h02!, h02Codec);
    real.send(encodeH02Location(imei, fix(0)));
    await eventually(async () => (await positionsOf(imei)) === 1, 5000, 'first fix stored');
    const other = await TestTerminal.connect(gw.ports.h02!, h02Codec);
    other.send(encodeH02Location(imei, { ...fix(1), lat: 39.9 }));
    expect(await other.waitClosed()).toBe(true);
    expect(real.closed).toBe(false);
    real.send(encodeH02Location(imei, fix(2)));
    await eventually(async () => (await positionsOf(imei)) === 2, 5000, 'the live terminal goes on');
    await eventually(async () => (await conflictsOf(imei)).identity_conflicts === 1, 5000, 'conflict recorded');
    real.close();
  });

  it('watch: a report without LK does not displace the live connection; an LK takes over', async () => {
    const id = '9100000107';
    const real = await TestTerminal.connect(gw.ports.watch!, watchCodec);
    real.send(encodeWatchLink(id));
    await real.next();
    const other = await TestTerminal.connect(gw.ports.watch!, watchCodec);
    other.send(encodeWatchReport(id, 'UD', { ...fix(1), satellites: 8, battery: 80 }));
    expect(await other.waitClosed()).toBe(true);
    expect(real.closed).toBe(false);
    expect(await positionsOf(id)).toBe(0);
    const back = await TestTerminal.connect(gw.ports.watch!, watchCodec);
    back.send(encodeWatchLink(id));
    await back.next();
    expect(await real.waitClosed()).toBe(true);
    back.close();
  });
});
