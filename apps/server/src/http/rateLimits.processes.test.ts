import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_ERRORS } from '@chelian/contracts';
import { redisSkipReason, TEST_REDIS_URL } from '../testing/redis.ts';
import { prepareServer, spawnServer, waitReady, type ServerProcess, type ServerSetup } from '../testing/serverProcess.ts';

/*
 * Two real server processes with REDIS_URL set share one count: the limit-th + 1 login from an
 * address is refused by whichever process it reaches. (rateLimits.test.ts covers each limit in
 * one process; this is the cross-process promise a load-balanced cluster relies on.)
 */
const noRedis = await redisSkipReason('rate limits shared by two server processes');
const LOGIN_LIMIT = 4;

const servers: { setup: ServerSetup; server: ServerProcess }[] = [];

beforeAll(async () => {
  if (noRedis) return;
  for (let i = 0; i < 2; i++) {
    const setup = await prepareServer();
    // TRUST_PROXY: the test stands where nginx does, so its X-Forwarded-For is believed.
    Object.assign(setup.env, { REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_LOGIN: String(LOGIN_LIMIT), TRUST_PROXY: '127.0.0.1' });
    const server = spawnServer(setup);
    servers.push({ setup, server });
  }
  await Promise.all(servers.map(({ setup, server }) => waitReady(server, setup.ports)));
}, 180_000);

afterAll(async () => {
  for (const { server } of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await Promise.all(servers.map(({ server }) => server.exited));
  await Promise.all(servers.map(({ setup }) => setup.cleanup()));
}, 60_000);

/** A login attempt from `address` (the servers trust X-Forwarded-For from 127.0.0.1, as behind nginx). */
async function attemptLogin(server: ServerSetup, address: string) {
  const res = await fetch(`http://127.0.0.1:${server.ports.http}/oauth/v4/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams({ username: 'nobody', password: 'x' }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, unknown> };
}

describe.skipIf(noRedis)('rate limits across processes', () => {
  it('refuse the limit-th + 1 login from one address on either process once both together reached the limit', async () => {
    // An address of this run's own, so counts other runs left in Redis never meet ours.
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const [one, two] = servers.map((s) => s.setup) as [ServerSetup, ServerSetup];
    for (const server of [one, two, one, two]) expect((await attemptLogin(server, address)).status).not.toBe(429);
    for (const server of [one, two]) {
      const refused = await attemptLogin(server, address);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({
        flag: 0,
        errorCode: COMMON_ERRORS.rateLimited.code,
        msg: expect.stringMatching(/^请求过于频繁，请\d+秒后再试$/),
      });
    }
    // Another address is still let in by both.
    const other = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    for (const server of [one, two]) expect((await attemptLogin(server, other)).status).not.toBe(429);
  }, 60_000);
});
