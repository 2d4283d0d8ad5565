import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { contentSecurityPolicy, originOf, policyText } from './securityHeaders.ts';
import { buildHealthApp } from './healthApp.ts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t?.close());

const runtime = { baseUrl: '', systemName: 'chelian', aiBaseUrl: '', aiScriptUrl: '', tileUrl: '', tileCoordSystem: 'wgs84' as const };

describe('security headers', () => {
  it('are on every kind of answer: API success, API failure, not found, the runtime config, a page', async () => {
    const session = await t.login();
    const answers = await Promise.all([
      t.call(session, { url: '/car/v1/api/user/getUser.json' }),
      t.call(null, { url: '/car/v1/api/user/getUser.json' }),
      t.call(null, { url: '/car/v4/api/nothing-here.json' }),
      t.call(null, { url: '/runtime-config.js' }),
      t.call(null, { url: '/login' }),
      t.call(null, { method: 'POST', url: '/oauth/v4/token', payload: '{', headers: { 'content-type': 'application/json' } }),
    ]);
    for (const res of answers) {
      expect(res.headers['content-security-policy'], res.body.slice(0, 80)).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBeUndefined(); // plain HTTP: no HSTS
    }
  });

  it("are on a gateway-only process's answers too", async () => {
    const health = await buildHealthApp({
      config: t.config,
      db: t.ctx.db,
      bus: t.ctx.bus,
      log: t.ctx.log,
      positionFeed: t.ctx.positionFeed,
    });
    try {
      for (const url of ['/healthz', '/nothing']) {
        const res = await health.inject({ url });
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    } finally {
      await health.close();
    }
  }, 60_000);

  it('allows scripts from this server only: no inline script, no eval, no plugins', () => {
    const csp = contentSecurityPolicy({ runtime, servedOverHttps: false });
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(policyText(csp)).not.toContain('unsafe-eval');
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });

  it('names the configured tile host, assistant script and API origin, and upgrades to TLS with HSTS when served over HTTPS', async () => {
    const csp = contentSecurityPolicy({
      runtime: {
        ...runtime,
        tileUrl: 'https://{s}.tile.example.com/{z}/{x}/{y}.png',
        aiScriptUrl: 'https://ai.example.cn/widget/assistant.js',
        aiBaseUrl: 'https://chat.example.cn/api/',
      },
      servedOverHttps: true,
    });
    expect(csp['img-src']).toContain('https://*.tile.example.com');
    expect(csp['connect-src']).toEqual(["'self'", 'wss:', 'https://*.tile.example.com', 'https://chat.example.cn']);
    expect(csp['script-src']).toEqual(["'self'", 'https://ai.example.cn']);
    expect(csp).toHaveProperty('upgrade-insecure-requests');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('not a url')).toBeNull();

    const tls = await createTestServer({ servedOverHttps: true });
    try {
      const res = await tls.call(null, { url: '/runtime-config.js' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await tls.close();
    }
  }, 120_000); // a second server: slow on a busy machine
});
