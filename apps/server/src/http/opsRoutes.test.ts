import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { eventually, connectJt808 } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../gateway/gateway.ts';
import { metricValue, TEST_METRICS_TOKEN } from '../testing/metricsText.ts';

let t: TestServer;
let gw: Gateway;
beforeAll(async () => {
  t = await createTestServer({ metricsToken: TEST_METRICS_TOKEN });
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

const metrics = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
};

describe('/readyz', () => {
  it('answers 200 while the database and bus answer, 503 while draining', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', db: true, bus: true, draining: false });
    t.app.readiness.draining = true;
    try {
      const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ status: 'draining', db: true, draining: true });
      expect(metricValue(await metrics(), 'chelian_draining')).toBe(1);
    } finally {
      t.app.readiness.draining = false;
    }
    // liveness is another question: still alive
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it("keeps the load balancer's id and makes one otherwise", async () => {
    const given = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'nginx-abc123' } });
    expect(given.headers['x-request-id']).toBe('nginx-abc123');
    const made = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('/metrics', () => {
  it('answers only the bearer of METRICS_TOKEN; anyone else, and everyone when no token is set, finds nothing there', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', TEST_METRICS_TOKEN, `Basic ${TEST_METRICS_TOKEN}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(404);
      expect(res.body).not.toContain('chelian_');
      expect(res.json()).toMatchObject({ flag: 0, errorCode: 'common.routeNotFound' });
    }
    const open = await createTestServer();
    try {
      expect((await open.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer ' } })).statusCode).toBe(404);
      expect((await open.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer undefined' } })).statusCode).toBe(
        404,
      );
    } finally {
      await open.close();
    }
  });

  it('reports HTTP latency by route (the path pattern), the event loop and the process', async () => {
    await t.app.inject({ method: 'GET', url: '/car/v1/api/user/getUser.json' });
    const text = await metrics();
    expect(
      metricValue(text, 'chelian_http_request_duration_seconds_count', { method: 'GET', route: '/car/v1/api/user/getUser.json' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('process_resident_memory_bytes');
    expect(metricValue(text, 'chelian_ready')).toBe(1);
    expect(metricValue(text, 'chelian_bus_connected')).toBe(1);
    if (t.ctx.db.engine === 'postgres') expect(metricValue(text, 'chelian_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    // the bus probe went round at start
    await eventually(async () => metricValue(await metrics(), 'chelian_bus_lag_seconds_count')! >= 1, 3000, 'bus probe');
  });

  it('counts connections, decoded and rejected frames by protocol, stored positions, batches and reply-after-commit', async () => {
    const before = await metrics();
    const count = (text: string, name: string, labels?: Record<string, string>) => metricValue(text, name, labels) ?? 0;
    // a phone no other file signs in with: test files share a worker, and a code kept from another file's
    // server would add a refused 0x0102 to the frames counted here
    const jt = { phone: `0139${String(randomInt(1e8)).padStart(8, '0')}` };
    const term = await connectJt808(gw.ports.jt808!, jt.phone);
    for (let i = 0; i < 3; i++) {
      term.send(
        encodeJt808Location(jt, 2 + i, {
          time: Date.UTC(2026, 2, 1, 2, 0, i),
          lat: 22.5,
          lon: 114.05,
          valid: true,
          speedKmh: 30,
          course: 0,
          altitude: 0,
        }),
      );
      await term.next();
    }
    // A frame too short for its header: counted under its reason, not stored
    term.send(Buffer.from('7e02000000007e', 'hex'));
    const after = await eventually(
      async () => {
        const text = await metrics();
        return count(text, 'chelian_frames_rejected_total', { protocol: 'jt808' }) >
          count(before, 'chelian_frames_rejected_total', { protocol: 'jt808' })
          ? text
          : '';
      },
      3000,
      'rejected frame counted',
    );

    const open = count(before, 'chelian_terminal_connections', { protocol: 'jt808' });
    expect(count(after, 'chelian_terminal_connections', { protocol: 'jt808' })).toBe(open + 1);
    expect(
      count(after, 'chelian_frames_decoded_total', { protocol: 'jt808' }) -
        count(before, 'chelian_frames_decoded_total', { protocol: 'jt808' }),
    ).toBe(5); // register, authenticate, 3 locations
    expect(after).toMatch(/chelian_frames_rejected_total\{protocol="jt808",reason="[a-zA-Z]+"\} \d+/);
    expect(count(after, 'chelian_positions_stored_total') - count(before, 'chelian_positions_stored_total')).toBe(3);
    expect(count(after, 'chelian_ingest_batch_rows_count') - count(before, 'chelian_ingest_batch_rows_count')).toBeGreaterThanOrEqual(1);
    expect(count(after, 'chelian_reply_after_commit_seconds_count') - count(before, 'chelian_reply_after_commit_seconds_count')).toBe(3);
    term.close();
    await eventually(
      async () => count(await metrics(), 'chelian_terminal_connections', { protocol: 'jt808' }) === open,
      3000,
      'connection closed',
    );
  });
});
