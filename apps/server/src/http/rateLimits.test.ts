import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_ERRORS, type EndpointSpec } from '@chelian/contracts';
import { loadConfig } from '../config.ts';
import { createTestServer, form, TEST_ADMIN_PASSWORD, type TestServer } from '../testing/testServer.ts';
import { encryptForLogin } from '../modules/auth/rsa.ts';
import { redisSkipReason, TEST_REDIS_URL } from '../testing/redis.ts';
import { limitedActionOf, type LimitedAction } from './rateLimits.ts';

/** A client address of its own per run (X-Forwarded-For from the trusted proxy), so counts kept in Redis by other runs never meet ours. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const defaults = loadConfig({}, []).rateLimits;
const noRedis = await redisSkipReason('rate limits shared through Redis');

// inject()'s peer is 127.0.0.1: the proxy these servers trust, as the cluster's nginx is.
const behindProxy = { trustProxy: ['127.0.0.1'] };
let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({
    ...behindProxy,
    // the process-wide logins-a-second budget has a test (and a server) of its own: here the tests' own logins, a few in one second, must not meet it
    rateLimits: { ...defaults, login: 3, export: 2, apiPerSession: 40, loginFailuresPerAccount: 5, loginPerSecond: 1000 },
  });
});
afterAll(() => t?.close());

/** A failing login (a name of its own unless given) that says it comes from `address`, through a peer at `peer`. */
const attemptLogin = (
  server: TestServer,
  address: string,
  opts: { username?: string; peer?: string; fields?: Record<string, string> } = {},
) =>
  server.app.inject({
    method: 'POST',
    url: '/oauth/v4/token',
    remoteAddress: opts.peer,
    ...form({ username: opts.username ?? `nobody-${randomInt(1e9)}`, password: 'x', ...opts.fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
  });

function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({
    code: 429,
    flag: 0,
    errorCode: COMMON_ERRORS.rateLimited.code,
    msg: expect.stringMatching(/^请求过于频繁，请\d+秒后再试$/),
  });
}

describe('rate limits', () => {
  it('cover login, captcha, SMS, password changes and exports, found from the endpoint table', () => {
    const byAction = new Map<LimitedAction, string[]>();
    for (const route of t.routes) {
      const action = route.endpoint ? limitedActionOf(route.endpoint as EndpointSpec) : null;
      if (action) byAction.set(action, [...(byAction.get(action) ?? []), route.url]);
    }
    expect(byAction.get('login')).toContain('/oauth/v4/token');
    expect(byAction.get('captcha')).toEqual(expect.arrayContaining(['/oauth/getCode', '/oauth/getCodeImg']));
    expect(byAction.get('sms')).toEqual(expect.arrayContaining(['/oauth/sendLoginSms', '/car/v1/api/user/sendSmsCode.json']));
    expect(byAction.get('password')).toContain('/car/v1/api/user/updateUserPassword.json');
    expect(byAction.get('password')!.some((url) => url.endsWith('/resetPassword.json'))).toBe(true);
    expect(byAction.get('export')!.some((url) => url.endsWith('/exportDataReportFile.json'))).toBe(true);
    expect(byAction.get('export')!.some((url) => url.endsWith('/exportDataReport.json'))).toBe(true);
    expect(byAction.get('export')).not.toContain('/car/v4/api/exports/listExportRecord.json');
  });

  it('answer the limit-th + 1 login from one address with 429 and a Chinese message; another address still logs in', async () => {
    const address = someAddress();
    for (let i = 0; i < 3; i++) expect((await attemptLogin(t, address)).statusCode).not.toBe(429);
    expectLimited(await attemptLogin(t, address));
    expect((await attemptLogin(t, someAddress())).statusCode).not.toBe(429);
  });

  it('ignore X-Forwarded-For from a peer that is not a configured proxy', async () => {
    const peer = `198.51.100.${randomInt(1, 255)}`;
    for (let i = 0; i < 3; i++) expect((await attemptLogin(t, someAddress(), { peer })).statusCode).not.toBe(429);
    expectLimited(await attemptLogin(t, someAddress(), { peer })); // four "addresses", one client
    expect((await attemptLogin(t, someAddress())).statusCode).not.toBe(429); // through the proxy: each its own
  });

  it('refuse the budget + 1th failed login for one username from many addresses', async () => {
    const username = `victim-${randomInt(1e9)}`;
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      // Past 3 failures a captcha is due: a solved one each time, so every attempt is a real failure.
      const cap = (await t.app.inject({ url: '/oauth/getCode' })).json().obj;
      const fields = {
        password: encryptForLogin(t.ctx.publicKey, 'wrong-pass-1'),
        codeKey: cap.codeKey,
        code: (await t.ctx.captchas.answerOf(cap.codeKey))!,
      };
      const res = await attemptLogin(t, someAddress(), { username, fields });
      codes.push(res.json().errorCode);
    }
    expect(codes.every((c) => c !== COMMON_ERRORS.rateLimited.code)).toBe(true);
    const refused = await attemptLogin(t, someAddress(), {
      username,
      fields: { password: encryptForLogin(t.ctx.publicKey, TEST_ADMIN_PASSWORD) },
    });
    expectLimited(refused);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800); // the oldest failure leaves the 15-minute window
    expect((await attemptLogin(t, someAddress())).json().errorCode).not.toBe(COMMON_ERRORS.rateLimited.code); // another name is let in
  });

  it('take at most the configured logins a second in all, from however many addresses', async () => {
    const tight = await createTestServer({ rateLimits: { ...defaults, login: 0, loginPerSecond: 3 } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => attemptLogin(tight, someAddress(), { peer: `203.0.113.${i + 1}` })),
      );
      const refused = answers.filter((r) => r.statusCode === 429);
      expect(refused.length).toBeGreaterThanOrEqual(6); // 12 within at most two clock seconds
      expectLimited(refused[0]);
    } finally {
      await tight.close();
    }
  }, 120_000);

  it('count exports per session: one user reaching the limit does not stop another', async () => {
    const exportRoute = t.routes.find((r) => r.method === 'POST' && r.url.endsWith('/exportDataReportFile.json'))!;
    const a = await t.login();
    const b = await t.login();
    const exportAs = (session: string) => t.call(session, { method: 'POST', url: exportRoute.url, ...form({ kind: 'nothing' }) });
    for (let i = 0; i < 2; i++) expect((await exportAs(a)).statusCode).not.toBe(429);
    expectLimited(await exportAs(a));
    expect((await exportAs(b)).statusCode).not.toBe(429);
  });

  it('limit the API as a whole per session', async () => {
    const session = await t.login();
    const codes: number[] = [];
    for (let i = 0; i < 41; i++) codes.push((await t.call(session, { url: '/car/v1/api/user/getUser.json' })).statusCode);
    expect(codes.slice(0, 40).every((c) => c === 200)).toBe(true);
    expectLimited(await t.call(session, { url: '/car/v1/api/user/getUser.json' }));
  });

  it('let requests through, uncounted and unhurried, while Redis cannot be reached', async () => {
    const down = await createTestServer({ ...behindProxy, redisUrl: 'redis://127.0.0.1:1', rateLimits: { ...defaults, login: 1 } });
    try {
      const address = someAddress();
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        expect((await attemptLogin(down, address)).statusCode).not.toBe(429);
        expect(Date.now() - started).toBeLessThan(5000);
      }
    } finally {
      await down.close();
    }
  }, 120_000);

  it.skipIf(noRedis)(
    'share one count between two servers through Redis',
    async () => {
      const limits = { ...defaults, login: 4 };
      const one = await createTestServer({ ...behindProxy, redisUrl: TEST_REDIS_URL, rateLimits: limits });
      const two = await createTestServer({ ...behindProxy, redisUrl: TEST_REDIS_URL, rateLimits: limits });
      try {
        const address = someAddress();
        for (const server of [one, one, two, two]) expect((await attemptLogin(server, address)).statusCode).not.toBe(429);
        expectLimited(await attemptLogin(one, address));
        expectLimited(await attemptLogin(two, address));
      } finally {
        await one.close();
        await two.close();
      }
    },
    120_000,
  ); // two more servers: slow on a busy machine
});
