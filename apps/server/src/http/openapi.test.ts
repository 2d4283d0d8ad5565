import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_GROUPS } from '@chelian/contracts';
import { OPS_PATHS } from './opsRoutes.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';

// The endpoint table is the whole API: the server registers exactly its endpoints, and the
// OpenAPI document describes every one of them.
let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t?.close());

/** What the server serves besides the API: the web app, its runtime config, health, these docs. */
const isWebRoute = (url: string) =>
  url === '/runtime-config.js' ||
  url.startsWith('/child/') ||
  url === '/m' ||
  url.startsWith('/m/') ||
  OPS_PATHS.includes(url) ||
  url === '/openapi.json' ||
  url.startsWith('/api-docs') ||
  /^\/[0-9a-z]+\.json$/.test(url);

const tableKeys = () =>
  Object.values(ENDPOINT_GROUPS)
    .flatMap((group) => Object.values(group))
    .flatMap((e) => (e.method === 'GET|POST' ? ['GET', 'POST'] : [e.method]).map((m) => `${m} ${e.path}`));

describe('the API is the endpoint table', () => {
  it('registers every route of the API from the table', () => {
    const loose = t.routes.filter((r) => !r.file && !isWebRoute(r.url) && !r.endpoint).map((r) => `${r.method} ${r.url}`);
    expect(loose).toEqual([]);
  });

  it('registers every endpoint of the table', () => {
    const registered = new Set(t.routes.filter((r) => r.endpoint).map((r) => `${r.method} ${r.url}`));
    for (const key of tableKeys()) expect(registered, key).toContain(key);
  });

  it('describes every endpoint in /openapi.json (OpenAPI 3.1)', async () => {
    const res = await t.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const ops = new Set(
      Object.entries(doc.paths as Record<string, object>).flatMap(([path, item]) =>
        Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    for (const key of tableKeys()) expect(ops, key).toContain(key);
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string; summary: string }>>).flatMap((item) =>
      Object.values(item),
    );
    expect(new Set(ids.map((op) => op.operationId)).size).toBe(ids.length);
    for (const op of ids) expect(op.summary).toMatch(/[\u4e00-\u9fff]/);
    // A GET's input becomes query parameters; a form POST's a request body.
    const realtime = doc.paths['/car/v1/accelerate/report/alarm/actualTimeAlarmQuery.json'];
    expect(realtime.get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['current', 'pageSize', 'hours']));
    expect(Object.keys(realtime.post.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(doc.paths['/car/v1/api/monitor/processAlarm'].post['x-permission']).toBe('car:alarm:process');
  });

  it('serves the reference page and its assets offline', async () => {
    const page = await t.app.inject({ url: '/api-docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('车联 API 文档');
    for (const asset of ['/api-docs/assets/swagger-ui-bundle.js', '/api-docs/assets/swagger-ui.css', '/api-docs/init.js']) {
      expect((await t.app.inject({ url: asset })).statusCode, asset).toBe(200);
    }
  });
});
