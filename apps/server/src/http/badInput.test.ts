import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestServer, type TestServer } from '../testing/testServer.ts';

// Throws malformed, oversized and wrongly typed requests at every route, logged in as the
// administrator (so the body really reaches parsing and validation). Every answer must be a
// JSON failure envelope with a Chinese message, never a 5xx, and the server must keep serving.
let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await createTestServer();
  admin = await t.login();
});
afterAll(() => t?.close());

const CHINESE = /[\u4e00-\u9fa5]/;
const huge = 'x'.repeat(2 * 1024 * 1024);
const deep = '['.repeat(5000) + ']'.repeat(5000);

const bodies: Array<[string, Pick<InjectOptions, 'payload' | 'headers'>]> = [
  ['malformed JSON', { payload: '{"username": "a", ', headers: { 'content-type': 'application/json' } }],
  ['JSON of the wrong shape', { payload: '[1,2,3]', headers: { 'content-type': 'application/json' } }],
  [
    'JSON with wrong types',
    {
      payload: JSON.stringify({ id: { $gt: 1 }, phone: 13800138000, items: 'no', theme: 7, current: 'abc' }),
      headers: { 'content-type': 'application/json' },
    },
  ],
  ['deeply nested JSON', { payload: deep, headers: { 'content-type': 'application/json' } }],
  ['oversized JSON', { payload: JSON.stringify({ name: huge }), headers: { 'content-type': 'application/json' } }],
  ['oversized form', { payload: `name=${huge}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
  ['junk form', { payload: '%%%&&&==\u0000\uffff', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
  ['unknown content type', { payload: '<xml/>', headers: { 'content-type': 'application/xml' } }],
  ['binary bytes', { payload: Buffer.from([0, 255, 1, 254, 0x7e, 0x7d]), headers: { 'content-type': 'application/octet-stream' } }],
  [
    'broken multipart',
    { payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
  ],
];

const queries = [
  '?current=abc&pageSize=-5',
  '?id=../../etc&id=2',
  '?id=99999999999999999999',
  `?type=${'z'.repeat(5000)}`,
  '?url=%E0%A4%A',
  '?terminalIds=' + ',x'.repeat(3000),
];

function expectCleanFailureOrSuccess(
  label: string,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  raw = false,
) {
  expect(res.statusCode, label).toBeLessThan(500);
  if (String(res.headers['content-type']).includes('json') && (!raw || res.statusCode >= 400 || res.body.includes('"flag"'))) {
    const body = JSON.parse(res.body);
    expect(typeof body.flag, label).toBe('number');
    if (body.flag !== 1) expect(body.msg, label).toMatch(CHINESE);
    expect(res.body, label).not.toMatch(/at \w+ \(|node_modules|stack/i);
  }
}

describe('bad input on every route', () => {
  // Walks every route with every kind of body: seconds on an idle machine, far more on a busy one.
  it('gets a Chinese failure, never a 5xx, for every kind of bad body', { timeout: 180_000 }, async () => {
    const routes = t.routes.filter((r) => r.hasBody);
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) {
      for (const [kind, body] of bodies) {
        const res = await t.call(admin, { method: r.method as 'POST', url: r.url, ...body });
        expectCleanFailureOrSuccess(`${r.method} ${r.url} ${kind}`, res, r.raw);
      }
    }
  });

  it('gets a Chinese failure, never a 5xx, for wrongly typed queries', { timeout: 120_000 }, async () => {
    // Logout would end the session the rest of the walk needs; it takes no input anyway. The web
    // app's built files (when a build is there) and the API documents read no input.
    const documents = (url: string) => url === '/openapi.json' || url.startsWith('/api-docs');
    for (const r of t.routes.filter((x) => x.method === 'GET' && x.url !== '/oauth/logout' && !x.file && !documents(x.url))) {
      for (const q of queries) {
        const res = await t.call(admin, { method: 'GET', url: r.url + q });
        expectCleanFailureOrSuccess(`GET ${r.url}${q.slice(0, 40)}`, res, r.raw);
      }
    }
  });

  it('names the field a validation failure is about, in Chinese', async () => {
    const res = await t.call(admin, { method: 'GET', url: '/car/v1/helpCenter/helpMessage/getHelpMessage?id=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ flag: 0 });
    expect(res.json().msg).toBe('请求参数错误：id 类型不正确');
  });

  it('answers unknown API paths with a Chinese 404 envelope', async () => {
    const res = await t.call(admin, { url: '/car/v1/api/nope.json' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ flag: 0, msg: '请求的接口不存在' });
  });

  it('still serves after all of that', async () => {
    const res = await t.call(admin, { url: '/car/v1/api/user/getUser.json' });
    expect(res.json().flag).toBe(1);
  });
});
