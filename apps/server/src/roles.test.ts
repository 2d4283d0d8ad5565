/**
 * `main.ts --role gateway` as its own process: terminals are served, the HTTP side answers only
 * `/healthz` (for the load balancer) and the error envelope, and no API is served.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { encodeJt808Auth, encodeJt808Register, jt808Codec } from '@chelian/protocols/jt808/index.ts';
import { prepareServer, spawnServer, waitReady, type ServerProcess, type ServerSetup } from './testing/serverProcess.ts';
import { TestTerminal } from './testing/testTerminal.ts';

let setup: ServerSetup | undefined;
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await setup?.cleanup();
});

describe('a gateway-only process', () => {
  it('serves terminals and /healthz, and no API', async () => {
    setup = await prepareServer();
    server = spawnServer(setup, ['--role', 'gateway']);
    await waitReady(server, setup.ports);
    const base = `http://127.0.0.1:${setup.ports.http}`;

    const health = await (await fetch(`${base}/healthz`)).json();
    expect(health).toMatchObject({ status: 'ok', roles: ['gateway'] });
    const api = await fetch(`${base}/oauth/getConfig`);
    expect(api.status).toBe(404);
    expect((await api.json()).msg).toMatch(/[\u4e00-\u9fa5]/);

    const jt = { phone: '013700000001' };
    const term = await TestTerminal.connect(setup.ports.jt808, jt808Codec);
    term.send(encodeJt808Register(jt, 1, { province: 44, city: 300, maker: 'CHLN', model: 'JT701', deviceId: 'D000001', plateColor: 1, plate: '' }));
    const reg = jt808Codec.decode(await term.next(10_000));
    expect(reg.ok && reg.value.messageType).toBe('0x8100');
    const authCode = reg.ok ? (reg.value.messages[0].detail as { authCode?: string }).authCode : undefined;
    expect(authCode).toBeTruthy();
    term.send(encodeJt808Auth(jt, 2, { authCode: authCode! }));
    const ack = jt808Codec.decode(await term.next(10_000));
    expect(ack.ok && ack.value.messages[0].commandReply).toMatchObject({ answered: '0x0102' });
    term.close();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
