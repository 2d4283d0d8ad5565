/**
 * How the server runs in production: `main.ts --role gateway` as its own process (terminals are
 * served; HTTP answers only `/healthz` for the load balancer and the error envelope), and the
 * build (`npm run build:server` → apps/server/dist/main.js, no tsx) with every role.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeJt808Auth, encodeJt808Register, jt808Codec } from '@chelian/protocols/jt808/index.ts';
import { encryptForLogin } from './modules/auth/rsa.ts';
import {
  CHILD_ADMIN_PASSWORD,
  prepareServer,
  spawnServer,
  waitReady,
  type ServerProcess,
  type ServerSetup,
} from './testing/serverProcess.ts';
import { TestTerminal } from './testing/testTerminal.ts';

let setup: ServerSetup | undefined;
let server: ServerProcess | undefined;

afterEach(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await setup?.cleanup();
  server = setup = undefined;
});

/** A JT/T 808 terminal registers and authenticates on the process's port. */
async function logsInTerminal(port: number, phone: string) {
  const term = await TestTerminal.connect(port, jt808Codec);
  term.send(
    encodeJt808Register({ phone }, 1, {
      province: 44,
      city: 300,
      maker: 'CHLN',
      model: 'JT701',
      deviceId: 'D000001',
      plateColor: 1,
      plate: '',
    }),
  );
  const reg = jt808Codec.decode(await term.next(10_000));
  expect(reg.ok && reg.value.messageType).toBe('0x8100');
  const authCode = reg.ok ? (reg.value.messages[0].detail as { authCode?: string }).authCode : undefined;
  expect(authCode).toBeTruthy();
  term.send(encodeJt808Auth({ phone }, 2, { authCode: authCode! }));
  const ack = jt808Codec.decode(await term.next(10_000));
  expect(ack.ok && ack.value.messages[0].commandReply).toMatchObject({ answered: '0x0102' });
  term.close();
}

describe('a gateway-only process', () => {
  it('serves terminals and /healthz, and no API', async () => {
    setup = await prepareServer();
    server = spawnServer(setup, { args: ['--role', 'gateway'] });
    await waitReady(server, setup.ports);
    const base = `http://127.0.0.1:${setup.ports.http}`;

    const health = await (await fetch(`${base}/healthz`)).json();
    expect(health).toMatchObject({ status: 'ok', roles: ['gateway'] });
    const api = await fetch(`${base}/oauth/getConfig`);
    expect(api.status).toBe(404);
    expect((await api.json()).msg).toMatch(/[\u4e00-\u9fa5]/);
    await logsInTerminal(setup.ports.jt808, '013700000001');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});

describe('the built server (apps/server/dist)', () => {
  it('runs every role without tsx: migrations, login, the offline geocoder, terminals', async () => {
    execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../../scripts/build-server.mjs')], { stdio: 'pipe' });
    setup = await prepareServer();
    server = spawnServer(setup, { built: true });
    await waitReady(server, setup.ports);
    const base = `http://127.0.0.1:${setup.ports.http}`;

    const { obj } = await (await fetch(`${base}/oauth/getConfig`)).json();
    const body = new URLSearchParams({ username: 'admin', password: encryptForLogin(obj.publicKey, CHILD_ADMIN_PASSWORD) });
    const login = await (
      await fetch(`${base}/oauth/v4/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
    ).json();
    expect(login.flag, login.msg).toBe(1);
    // The region boundaries are found from dist/ (they live in packages/geo/data).
    const geo = await (
      await fetch(`${base}/car/v4/api/address/baidu/getGeo.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', sessionid: login.obj.sessionId },
        body: JSON.stringify({ lonAndLatToAddressVOS: [{ lon: 114.0579, lat: 22.5431, mac: '013800138000', index: 0 }] }),
      })
    ).json();
    expect(geo.obj).toEqual([{ address: '广东省深圳市', index: 0 }]);
    // Import sheets are parsed in a worker thread whose code is built beside main.js (dist/sheetWorker.js).
    const sheet = new FormData();
    sheet.append('file', new Blob(['设备号,协议,车牌号\n013800000003,jt808,粤B13579\n']), '车辆.csv');
    const checked = await (
      await fetch(`${base}/car/v4/api/vehicle/vehicleVerify.json`, {
        method: 'POST',
        headers: { sessionid: login.obj.sessionId },
        body: sheet,
      })
    ).json();
    expect(checked.obj, checked.msg).toMatchObject({ total: 1, valid: 1 });
    await logsInTerminal(setup.ports.jt808, '013700000002');
  }, 180_000);
});
