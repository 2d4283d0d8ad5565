import { randomInt } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_ERRORS } from '@chelian/contracts';
import { loadConfig } from '../config.ts';
import { registry } from '../core/metrics.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';

const defaults = loadConfig({}, []).rateLimits;
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Logins the gate answered itself, by reason. */
async function refusedEarly(reason: 'address' | 'budget'): Promise<number> {
  const metric = await registry.getSingleMetric('chelian_http_logins_refused_early_total')!.get();
  return metric.values.find((v) => v.labels.reason === reason)?.value ?? 0;
}

async function listening(server: TestServer): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}

/** A failing login over a real connection, from `address` as the trusted proxy (this test's peer) says. */
async function login(base: string, address: string, username = `nobody-${randomInt(1e9)}`) {
  const res = await fetch(`${base}/oauth/v4/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams({ username, password: 'x' }),
  });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: (await res.json()) as Record<string, unknown> };
}

const ANSWER_OWN = ['date', 'content-length', 'retry-after', 'x-request-id', 'connection', 'keep-alive'];
const shared = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([k]) => !ANSWER_OWN.includes(k)));

describe('the login gate (a refused address, a spent budget: answered before routing)', () => {
  let t: TestServer;
  let base: string;
  beforeAll(async () => {
    t = await createTestServer({ trustProxy: ['127.0.0.1'], rateLimits: { ...defaults, login: 2, loginPerSecond: 1000 } });
    base = await listening(t);
  });
  afterAll(() => t?.close());

  it('answers an address the limits refused with the very answer the full path gives, until its window ends', async () => {
    const address = someAddress();
    for (let i = 0; i < 2; i++) expect((await login(base, address)).status).toBe(200);
    const full = await login(base, address);
    expect(full.status).toBe(429);
    const before = await refusedEarly('address');
    const early = await login(base, address);
    expect(await refusedEarly('address')).toBe(before + 1);
    expect(early.status).toBe(429);
    expect(early.body).toEqual({ ...full.body, msg: expect.stringMatching(/^请求过于频繁，请\d+秒后再试$/) });
    expect(early.body.errorCode).toBe(COMMON_ERRORS.rateLimited.code);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(Number(full.headers['retry-after']));
    expect(shared(early.headers)).toEqual(shared(full.headers));
    expect(early.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('lets another address, and the same address’s other calls, through to the full path', async () => {
    const address = someAddress();
    for (let i = 0; i < 3; i++) await login(base, address);
    expect((await login(base, someAddress())).status).toBe(200);
    const config = await fetch(`${base}/oauth/getConfig`, { headers: { 'x-forwarded-for': address } });
    expect(config.status).toBe(200);
  });

  it('records nothing in the audit trail for what it answers', async () => {
    const address = someAddress();
    const username = `flooder-${randomInt(1e9)}`;
    for (let i = 0; i < 3; i++) await login(base, address, username);
    await t.ctx.audit.flush();
    const count = async () =>
      Number((await t.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM audit_log WHERE username = $1', [username]))[0].n);
    const audited = await count();
    for (let i = 0; i < 5; i++) expect((await login(base, address, username)).status).toBe(429);
    await t.ctx.audit.flush();
    expect(await count()).toBe(audited);
  });
});

describe('the login gate once this second’s budget is spent', () => {
  it('refuses logins past the budget with Retry-After 1 and counts them', async () => {
    const tight = await createTestServer({ trustProxy: ['127.0.0.1'], rateLimits: { ...defaults, login: 0, loginPerSecond: 2 } });
    try {
      const base = await listening(tight);
      const before = await refusedEarly('budget');
      // Some run within one clock second; the first refusal goes the full path, later ones meet the gate.
      const answers = [];
      for (let i = 0; i < 40; i++) answers.push(await login(base, someAddress()));
      const refused = answers.filter((a) => a.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) expect(r.headers['retry-after']).toBe('1');
      expect(await refusedEarly('budget')).toBeGreaterThan(before);
    } finally {
      await tight.close();
    }
  }, 120_000);
});
