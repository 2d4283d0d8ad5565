import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log.ts';
import { registry } from '../core/metrics.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { eventually } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from './gateway.ts';

const REFUSED = '同一地址的终端连接数已达上限，拒绝新连接';

/** A raw client from `from`; `closed` turns true when the server ends it. */
function dial(port: number, from: string) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  const state = { closed: false, socket };
  socket.on('error', () => {});
  socket.on('close', () => (state.closed = true));
  // A refused one may be reset before its 'connect' is seen here: settled by either.
  return new Promise<typeof state>((resolve) => {
    socket.once('connect', () => resolve(state));
    socket.once('close', () => resolve(state));
  });
}

let t: TestServer;
let gw: Gateway;
const logged: string[] = [];
beforeAll(async () => {
  t = await createTestServer();
  // The gateway's log lines, as JSON, to count the refusals it logged.
  const log = createLogger('warn', { write: (line: string) => void logged.push(line) });
  gw = await startGateway(
    { ...t.ctx, log },
    { host: '127.0.0.1', ports: { jt808: 0, gt06: 0 }, offlineAfterSeconds: 60, maxConnectionsPerAddress: 3 },
  );
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

describe('connections per source address', () => {
  it('refuses the 4th connection from one address over all ports, while other addresses still connect', async () => {
    const held = [
      await dial(gw.ports.jt808!, '127.0.0.1'),
      await dial(gw.ports.jt808!, '127.0.0.1'),
      await dial(gw.ports.gt06!, '127.0.0.1'),
    ];
    await eventually(() => gw.stats.connections === 3, 15_000, 'three connections held');

    const fourth = await dial(gw.ports.jt808!, '127.0.0.1');
    const fifth = await dial(gw.ports.gt06!, '127.0.0.1');
    await eventually(() => fourth.closed && fifth.closed, 15_000, 'the 4th and 5th refused');
    expect(gw.stats.refusedPerAddress).toBe(2);

    // Another address is not held to the first one's count.
    const other = await dial(gw.ports.jt808!, '127.0.0.2');
    await eventually(() => gw.stats.connections === 4, 15_000, 'the other address connected');
    expect([...held, other].map((c) => c.closed)).toEqual([false, false, false, false]);

    // A place given back is taken again.
    held[0].socket.destroy();
    await eventually(() => gw.stats.connections === 3, 15_000, 'one closed');
    const again = await dial(gw.ports.jt808!, '127.0.0.1');
    await eventually(() => gw.stats.connections === 4, 15_000, 'a new one from the first address');
    expect(again.closed).toBe(false);
    expect(gw.stats.refusedPerAddress).toBe(2);

    // Logged once for the address (not once per refused connection), and counted for /metrics.
    const lines = logged.filter((l) => l.includes(REFUSED)).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ address: '127.0.0.1', limit: 3, refused: 1 });
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/chelian_terminal_connections_refused_total\{protocol="jt808",reason="per_address"\} [1-9]/);
    expect(metrics).toMatch(/chelian_terminal_connections_refused_total\{protocol="gt06",reason="per_address"\} [1-9]/);
    for (const c of [...held, other, again]) c.socket.destroy();
  }, 90_000);
});
