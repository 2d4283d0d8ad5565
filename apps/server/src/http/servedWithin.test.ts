import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { servedWithin } from './servedWithin.ts';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

describe('servedWithin', () => {
  it('is true after a connection and a request, and false once the server has served nobody for the quiet time', async () => {
    let now = 1_000_000;
    server = http.createServer((_req, res) => res.end('ok'));
    const serving = servedWithin(server, 10_000, () => now);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    expect(serving()).toBe(false);

    const { port } = server.address() as AddressInfo;
    const body = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(body).toBe('ok');
    expect(serving()).toBe(true);

    now += 9_999;
    expect(serving()).toBe(true);
    now += 2;
    expect(serving()).toBe(false);
  });
});
