import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer.ts';
import { availableProviders, createProvider, type ProviderContext } from '../address/address.registry.ts';
import { streetMapState } from '../mapSettings/streetMap.port.ts';
import { nanshanExtract as extract, osmXmlToPbf, writeOsmXml } from './streetMap.fixture.ts';
import { readStreetMapState } from './streetMap.files.ts';
import { buildStreetMap, loadStreetMap, missingTools } from './streetMap.import.ts';
import { loadStagedStreetMap } from './streetMap.jobs.ts';
import { streetGeocoderStore } from './streetMap.provider.ts';

// Needs Debian's tilemaker and osmium-tool (scripts/test.mjs says when they are absent).
const tools = missingTools().length === 0;

/** The tile of a point at a zoom (slippy-map numbering). */
function tileOf(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return { z, x: Math.floor(((lon + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n) };
}

let t: TestServer;
let work: string;
let providers: ProviderContext;
async function importExtract(mainRoad: string) {
  const xml = path.join(work, `${mainRoad}.osm`);
  writeOsmXml(xml, extract(mainRoad));
  osmXmlToPbf(xml, `${xml}.pbf`);
  const build = await buildStreetMap(`${xml}.pbf`, t.config.dataDir);
  await loadStreetMap(t.ctx.db, t.config.dataDir, build);
  await streetGeocoderStore(t.ctx.db).refresh();
  return build;
}
async function tile(lon: number, lat: number, z: number, v?: string) {
  const { x, y } = tileOf(lon, lat, z);
  const url = `/car/v1/api/streetMap/tile?z=${z}&x=${x}&y=${y}${v ? `&v=${v}` : ''}`;
  const res = await t.call(null, { url, headers: { 'accept-encoding': 'gzip' } });
  if (res.statusCode === 204) return { res, layers: {} as VectorTile['layers'] };
  return { res, layers: new VectorTile(new PbfReader(zlib.gunzipSync(res.rawPayload))).layers };
}
const names = (layers: VectorTile['layers'], layer: string) =>
  Array.from({ length: layers[layer]?.length ?? 0 }, (_, i) => layers[layer].feature(i).properties.name);

beforeAll(async () => {
  t = await createTestServer();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-osm-'));
  providers = { db: t.ctx.db, fetcher: fetch as unknown as ProviderContext['fetcher'], baseUrls: {} };
}, 180_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!tools)('npm run map:import on an extract the test writes', () => {
  it('offers no offline street map before an import', async () => {
    expect(await availableProviders(providers)).not.toContain('offlineStreet');
    expect(await streetMapState(t.ctx)).toEqual({ state: 'none' });
    expect((await t.call(null, { url: '/car/v1/api/streetMap/tile?z=14&x=1&y=1' })).statusCode).toBe(404);
  });

  it('builds tiles with the streets in the right tiles at the right zooms, names in Chinese', { timeout: 60_000 }, async () => {
    const build = await importExtract('深南大道');
    const z14 = await tile(113.94, 22.54, 14);
    expect(z14.res.headers['content-encoding']).toBe('gzip');
    expect(z14.res.headers['cache-control']).toBe('public, max-age=60'); // no build named: the next import replaces it
    expect(names(z14.layers, 'road')).toContain('深南大道');
    const keji = await tile(113.945, 22.545, 14);
    expect(names(keji.layers, 'road')).toContain('科技路'); // name:zh before name
    expect(names(keji.layers, 'road')).not.toContain('Keji Road');
    // a residential street shows from z13, a primary road from z8
    expect(names((await tile(113.935, 22.535, 14)).layers, 'road')).toContain('学府路');
    expect(names((await tile(113.935, 22.535, 12)).layers, 'road')).not.toContain('学府路');
    expect(names((await tile(113.94, 22.54, 9)).layers, 'road')).toContain('深南大道');
    // from the country's zoom on, the city's name
    expect(names((await tile(113.96, 22.555, 3)).layers, 'place')).toEqual(['深圳市']);
    // a tile away from the street does not have it
    expect(names((await tile(113.94, 22.575, 14)).layers, 'road')).not.toContain('深南大道');
    const poiTile = await tile(113.95, 22.541, 14);
    expect(names(poiTile.layers, 'poi')).toContain('腾讯大厦');
    expect(Object.keys(poiTile.layers)).toEqual(expect.arrayContaining(['building', 'road']));
    expect(Object.keys((await tile(113.91, 22.53, 14)).layers)).toContain('boundary'); // on the district's west edge
    expect(Object.keys((await tile(113.933, 22.547, 14)).layers)).toContain('green');
    expect(Object.keys((await tile(113.953, 22.546, 14)).layers)).toContain('water');
    // as the style asks: the build named, kept by the browser for good, and revalidated by its ETag
    const versioned = await tile(113.94, 22.54, 14, build);
    expect(versioned.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.res.rawPayload).toEqual(z14.res.rawPayload);
    const { x, y } = tileOf(113.94, 22.54, 14);
    const url = `/car/v1/api/streetMap/tile?z=14&x=${x}&y=${y}&v=${build}`;
    const again = await t.call(null, { url, headers: { 'accept-encoding': 'gzip', 'if-none-match': String(versioned.res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.byteLength).toBe(0);
    // a client that takes no gzip gets the tile unzipped, under its own ETag
    const plain = await t.call(null, { url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).not.toBe(versioned.res.headers.etag);
    expect(new VectorTile(new PbfReader(plain.rawPayload)).layers.road).toBeDefined();
  });

  it('serves a MapLibre style naming the build, with no glyph download', async () => {
    const res = await t.call(null, { url: '/car/v1/api/streetMap/style.json', headers: { host: 'map.example.cn' } });
    const style = res.json();
    expect(style.glyphs).toBeUndefined();
    expect(style.sources.street.tiles[0]).toMatch(/^\/\/map\.example\.cn\/car\/v1\/api\/streetMap\/tile\?z=\{z\}&x=\{x\}&y=\{y\}&v=/);
    expect(style.layers.map((l: { id: string }) => l.id)).toEqual(
      expect.arrayContaining(['street-road-name', 'street-water', 'street-green', 'street-building', 'street-poi']),
    );
    expect(await streetMapState(t.ctx)).toMatchObject({ state: 'ready', styleUrl: '/car/v1/api/streetMap/style.json' });
  });

  it('answers street-level addresses: the street and district on a street, the POI and direction beside one', async () => {
    expect(await availableProviders(providers)).toContain('offlineStreet');
    const provider = (await createProvider('offlineStreet', '', providers))!;
    const [onStreet, besidePoi, house, nowhere] = await provider.lookup([
      { lon: 113.9402, lat: 22.5402 },
      { lon: 113.9505, lat: 22.5415 },
      { lon: 113.9381, lat: 22.5401 },
      { lon: 113.995, lat: 22.51 },
    ]);
    expect(onStreet).toBe('广东省深圳市南山区深南大道');
    expect(besidePoi).toBe('广东省深圳市南山区，距腾讯大厦东北约80米');
    expect(house).toBe('广东省深圳市南山区深南大道8号');
    expect(nowhere).toBe(''); // the extract knows nothing there: the shipped boundaries answer
  });

  it(
    'replaces the map on a second import: new tiles and addresses, the previous build kept for requests in flight',
    { timeout: 90_000 },
    async () => {
      const before = (await t.call(null, { url: '/car/v1/api/streetMap/style.json' })).json().sources.street.tiles[0];
      const previous = /v=([\w-]+)/.exec(before)![1];
      const build = await importExtract('深南中路');
      await new Promise((r) => setTimeout(r, 2_100)); // the routes re-read which build is served every 2 s
      const after = (await t.call(null, { url: '/car/v1/api/streetMap/style.json' })).json().sources.street.tiles[0];
      expect(after).not.toBe(before);
      expect(after).toContain(`v=${build}`);
      // at once: the switch once deleted the new build when both imports fell in one second (streetMap.files.test.ts)
      expect(names((await tile(113.94, 22.54, 14)).layers, 'road')).toContain('深南中路');
      expect(names((await tile(113.94, 22.54, 14, build)).layers, 'road')).toContain('深南中路');
      // a page still on the replaced style gets that build's tiles while it is on disk, not a mix
      expect(names((await tile(113.94, 22.54, 14, previous)).layers, 'road')).toContain('深南大道');
      const provider = (await createProvider('offlineStreet', '', providers))!;
      expect(await provider.lookup([{ lon: 113.9402, lat: 22.5402 }])).toEqual(['广东省深圳市南山区深南中路']);
      const [{ n }] = await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM street_map_builds');
      expect(n).toBe(1);
    },
  );

  it(
    "has a build the command staged loaded by the server's jobs role (PGlite: the server holds the database)",
    { timeout: 60_000 },
    async () => {
      const xml = path.join(work, 'staged.osm');
      writeOsmXml(xml, extract('深南东路'));
      osmXmlToPbf(xml, `${xml}.pbf`);
      const build = await buildStreetMap(`${xml}.pbf`, t.config.dataDir);
      expect(readStreetMapState(t.config.dataDir)).toMatchObject({ status: 'staged', build });
      // the map served so far stays usable while the new one loads
      expect(await streetMapState(t.ctx)).toMatchObject({
        state: 'ready',
        progress: 0.85,
        message: expect.stringContaining('正在导入新数据'),
      });
      const stop = loadStagedStreetMap(t.ctx);
      try {
        await expect.poll(() => readStreetMapState(t.config.dataDir).status, { timeout: 30_000 }).toBe('ready');
      } finally {
        await stop();
      }
      await streetGeocoderStore(t.ctx.db).refresh();
      const provider = (await createProvider('offlineStreet', '', providers))!;
      expect(await provider.lookup([{ lon: 113.9402, lat: 22.5402 }])).toEqual(['广东省深圳市南山区深南东路']);
    },
  );

  it('fails with a Chinese reason on a file that is not an extract, keeping the map served', { timeout: 60_000 }, async () => {
    const bad = path.join(work, 'bad.osm.pbf');
    fs.writeFileSync(bad, 'not a pbf');
    await expect(buildStreetMap(bad, t.config.dataDir)).rejects.toThrow(/失败/);
    await expect(buildStreetMap(path.join(work, 'missing.osm.pbf'), t.config.dataDir)).rejects.toThrow('找不到文件');
    expect((await tile(113.94, 22.54, 14)).res.statusCode).toBe(200);
    expect(await streetMapState(t.ctx)).toMatchObject({ state: 'ready', message: expect.stringContaining('找不到文件') });
  });
});
