import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../scripts/precompress.ts';
import { loadConfig } from '../config.ts';
import { installCompression } from './compression.ts';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, CACHE_SHORT, installWeb } from './web.ts';

// A built app in miniature: pages, a hashed chunk and stylesheet, an unhashed public file.
const script = `export const names = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `车辆-${i}`))};\n`;
const files: Record<string, string> = {
  'index.html': `<!doctype html><title>车联</title>${'<!-- shell -->'.repeat(100)}<script type="module" src="/assets/shell-AbCd12_-.js"></script>`,
  'child/car/index.html': `<!doctype html><div id="app" data-system="car"></div>${'<!-- car -->'.repeat(100)}`,
  'm/index.html': `<!doctype html><title>掌上车联</title>${'<!-- mobile -->'.repeat(100)}`,
  'm/sw.js': `self.addEventListener('fetch', () => {});\n`,
  'assets/shell-AbCd12_-.js': script,
  'assets/shell-Zz99yy00.css': `.cl-login { color: red; }\n`.repeat(100),
  'assets/china-cities-Dav-y4O9.geojson': JSON.stringify({
    type: 'FeatureCollection',
    features: Array.from({ length: 200 }, (_, i) => ({
      type: 'Feature',
      properties: { name: `城市${i}` },
      geometry: { type: 'Point', coordinates: [113 + i / 100, 22] },
    })),
  }),
  '0123456789abcdef.json': `{"hash":"0123456789abcdef"}\n`,
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(100)}</svg>`,
};

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-web-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  await precompressDir(dir);
  app = Fastify();
  await installCompression(app);
  app.get('/car/v4/api/big.json', async () => ({
    flag: 1,
    obj: Array.from({ length: 200 }, (_, i) => ({ vehicleId: i, plate: `粤B${i}` })),
  }));
  app.get('/car/v4/api/small.json', async () => ({ flag: 1, obj: 1 }));
  await installWeb(app, { ...loadConfig({}, []), webDist: dir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

const decode = (body: Buffer, encoding: string | undefined) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe('built files', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('with Accept-Encoding %s answer %s, the file type and the sent length', async (accept, encoding) => {
    const res = await get('/assets/shell-AbCd12_-.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(decode(res.rawPayload, encoding).toString()).toBe(script);
    if (encoding) expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 3);
  });

  it('keeps content-hashed assets for a year and makes pages revalidate', async () => {
    expect((await get('/assets/shell-AbCd12_-.js', 'br')).headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect((await get('/assets/shell-Zz99yy00.css', 'gzip')).headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect((await get('/assets/china-cities-Dav-y4O9.geojson', 'br')).headers['content-type']).toBe('application/geo+json');
    for (const url of ['/', '/login', '/car/monitor', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.headers['cache-control'], url).toBe(CACHE_REVALIDATE);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
    const child = await get('/child/car/monitor', 'gzip');
    expect(child.headers['cache-control']).toBe(CACHE_REVALIDATE);
    expect(decode(child.rawPayload, 'gzip').toString()).toBe(files['child/car/index.html']);
    expect((await get('/favicon.svg', 'br')).headers['cache-control']).toBe(CACHE_SHORT);
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await get('/login', 'br');
    const again = await app.inject({ url: '/login', headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('does not store the runtime config', async () => {
    const res = await get('/runtime-config.js', 'br');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('window.__CHELIAN_CONFIG__');
  });

  it('answers 404 for a chunk or build file of another build instead of the shell page', async () => {
    expect((await get('/assets/shell-00000000.js', 'br')).statusCode).toBe(404);
    // the page's own build answers (apps/web/build/buildHash.ts); another build's, or an API call, does not
    expect((await get('/0123456789abcdef.json')).json()).toEqual({ hash: '0123456789abcdef' });
    expect((await get('/fedcba9876543210.json')).statusCode).toBe(404);
    expect((await get('/car/v4/api/nothing.json')).statusCode).toBe(404);
    expect((await get('/child/car/../../index.html', 'br')).statusCode).toBe(200);
  });
});

describe('掌上车联 at /m/', () => {
  it('answers its deep links with its own page and its files as they are', async () => {
    for (const url of ['/m/', '/m/fleet/013800000001', '/m/login?redirect=%2Falarms']) {
      const res = await get(url, 'gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(CACHE_REVALIDATE);
      expect(decode(res.rawPayload, 'gzip').toString(), url).toBe(files['m/index.html']);
    }
    const sw = await get('/m/sw.js');
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.body).toBe(files['m/sw.js']);
    const bare = await get('/m');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/m/');
  });
});

describe('API answers', () => {
  it('are compressed above 1 KiB, by the client’s preference', async () => {
    const br = await get('/car/v4/api/big.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decode(br.rawPayload, 'br').toString()).obj).toHaveLength(200);
    expect((await get('/car/v4/api/big.json', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/car/v4/api/big.json')).headers['content-encoding']).toBeUndefined();
  });

  it('go as they are below 1 KiB', async () => {
    const res = await get('/car/v4/api/small.json', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ flag: 1, obj: 1 });
  });
});

describe('a web app built after the start', () => {
  it('is served without a restart', async () => {
    const later = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-web-later-'));
    const server = Fastify();
    await installWeb(server, { ...loadConfig({}, []), webDist: path.join(later, 'dist') });
    await server.ready();
    expect((await server.inject({ url: '/login' })).statusCode).toBe(503);
    fs.mkdirSync(path.join(later, 'dist'));
    fs.writeFileSync(path.join(later, 'dist/index.html'), files['index.html']);
    const page = await server.inject({ url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(files['index.html']);
    await server.close();
    fs.rmSync(later, { recursive: true, force: true });
  });
});
