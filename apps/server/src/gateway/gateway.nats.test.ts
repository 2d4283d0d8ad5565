import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jt808Codec, encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import type { Bus } from '../bus/bus.ts';
import { connectNatsBus } from '../bus/nats.bus.ts';
import { createLogger } from '../log.ts';
import { createTestServer, form, type TestServer } from '../testing/testServer.ts';
import { natsSkipReason } from '../testing/nats.ts';
import { eventually, connectJt808 } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from './gateway.ts';

const skipReason = await natsSkipReason('API and gateway in separate processes');

// Two "processes" sharing one database and one nats-server: the API (its own bus connection) and
// a gateway (another). Nothing passes between them except through NATS and the database.
describe.skipIf(!!skipReason)('API and gateway on separate NATS connections', () => {
  let t: TestServer;
  let gatewayBus: Bus;
  let gw: Gateway;
  const phone = `0139${String(Date.now()).slice(-8)}`;
  // One deployment of its own: other runs sharing this nats-server must not hear its news.
  const prefix = `t${Date.now()}-gateway`;
  beforeAll(async () => {
    t = await createTestServer({}, { bus: await connectNatsBus(process.env.NATS_URL!, createLogger('silent'), prefix) });
    gatewayBus = await connectNatsBus(process.env.NATS_URL!, createLogger('silent'), prefix);
    gw = await startGateway(
      { db: t.ctx.db, bus: gatewayBus, log: createLogger('silent'), config: t.ctx.config },
      { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 },
    );
    await gatewayBus.flush();
  });
  afterAll(async () => {
    await gw?.close();
    await gatewayBus?.close();
    await t?.close();
  });

  it('carries positions to the API side and commands to the gateway holding the socket', async () => {
    const admin = await t.login();
    const seen: Array<{ terminalId: string }> = [];
    t.ctx.bus.subscribe<{ terminalId: string }>('pos.>', (m) => seen.push(m));
    await t.ctx.bus.flush();
    const term = await connectJt808(gw.ports.jt808!, phone);
    term.send(
      encodeJt808Location({ phone }, 1, { time: Date.now(), lat: 31.2, lon: 121.5, valid: true, speedKmh: 20, course: 0, altitude: 0 }),
    );
    await term.next();
    await eventually(() => seen.some((m) => m.terminalId === phone), 3000, 'position over NATS');

    const res = await t.call(admin, {
      method: 'POST',
      url: '/car/v1/api/command/commandDownBatch.json',
      ...form({ terminalIds: phone, commandType: 'reboot' }),
    });
    expect(res.json().obj).toMatchObject({ sent: 1 });
    const frame = jt808Codec.decode(await term.next());
    expect(frame.ok && frame.value.messageType).toBe('0x8105');
    term.close();
  });
});
