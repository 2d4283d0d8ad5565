import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { startProviderStandIn, type StandIn } from '../../testing/mapProviderStandIn.ts';
import { MAP_SETTINGS_KEY } from './mapSettings.queries.ts';
import { MapSettingsStore } from './mapSettings.store.ts';

let t: TestServer;
let admin: string;
let standIn: StandIn;
let operator: Tenant;
let viewer: Tenant;

beforeAll(async () => {
  standIn = await startProviderStandIn();
  t = await createTestServer({ mapProviderBaseUrls: { amap: standIn.url, baidu: standIn.url, tianditu: standIn.url } });
  admin = await t.login();
  // a customer administrator given the menu by mistake, and an operator without it
  operator = await createTenant(t, { codes: ['system', 'system:mapSettings', 'system:mapSettings:edit'] });
  viewer = await createTenant(t, { codes: ['car', 'car:monitor'] });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const json = (url: string, body: unknown, session: string | null = admin) =>
  t.call(session, { method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const get = (url: string, session: string | null = admin) => t.call(session, { method: 'GET', url });
const SAVE = '/car/v1/api/mapSettings/save.json';
const TEST = '/car/v1/api/mapSettings/test.json';
const GET = '/car/v1/api/mapSettings/get.json';
const BASEMAP = '/car/v1/api/mapSettings/basemap.json';
const getGeo = (lon: number, lat: number) =>
  json('/car/v4/api/address/baidu/getGeo.json', { lonAndLatToAddressVOS: [{ lon, lat, mac: 'x', index: 0 }] }).then(
    (r) => r.json().obj[0].address as string,
  );

describe('地图设置 (docs/maps.md)', () => {
  it('answers the environment defaults before any save: the offline basemap and addresses', async () => {
    const view = (await get(GET)).json().obj;
    expect(view).toMatchObject({
      source: 'env',
      basemap: { kind: 'offline' },
      address: { provider: 'offline' },
      streetMap: { state: expect.any(String) },
    });
    expect(view.availableProviders).toEqual(expect.arrayContaining(['offline', 'amap', 'tianditu', 'baidu']));
    expect((await get(BASEMAP, viewer.sessionId)).json().obj).toMatchObject({ kind: 'offline', style: 'offline', tiles: [] });
  });

  it('is the platform administrator’s only: a customer holding the menu is refused, one without it too', async () => {
    const refused = (await get(GET, operator.sessionId)).json();
    expect(refused).toMatchObject({ flag: 0, msg: '仅平台管理员可设置地图' });
    const save = await json(SAVE, { basemapKind: 'amap', addressProvider: 'offline' }, operator.sessionId);
    expect(save.statusCode).toBe(403);
    expect((await json(TEST, { target: 'address', name: 'amap', apiKey: 'good' }, operator.sessionId)).statusCode).toBe(403);
    expect((await get(GET, viewer.sessionId)).statusCode).toBe(403);
    expect((await get(BASEMAP, null)).json()).toMatchObject({ flag: 4010 });
  });

  it('tests a key against the provider and says in Chinese what failed', async () => {
    const test = async (body: object) => (await json(TEST, body)).json().obj;
    expect(await test({ target: 'address', name: 'amap', apiKey: 'good' })).toMatchObject({
      ok: true,
      sample: '北京市东城区东华门街道天安门',
    });
    expect(await test({ target: 'address', name: 'amap', apiKey: 'wrong' })).toEqual({
      ok: false,
      message: '高德密钥无效或无权使用该服务（10001 INVALID_USER_KEY）',
      sample: '',
    });
    expect((await test({ target: 'address', name: 'amap', apiKey: 'quota' })).message).toBe(
      '高德密钥的调用量已超限，请稍后再试或提升配额（10003 DAILY_QUERY_OVER_LIMIT）',
    );
    expect(await test({ target: 'address', name: 'baidu', apiKey: 'good' })).toMatchObject({
      ok: true,
      sample: '北京市东城区中华路甲10号',
    });
    expect((await test({ target: 'address', name: 'baidu', apiKey: 'nope' })).message).toBe(
      '百度密钥无效或无权使用该服务（200 APP不存在，AK有误请检查再重试）',
    );
    expect((await test({ target: 'address', name: 'baidu', apiKey: 'quota' })).message).toBe(
      '百度密钥的调用量已超限，请稍后再试或提升配额（302 天配额超限，限制访问）',
    );
    expect(await test({ target: 'address', name: 'tianditu', apiKey: 'good' })).toMatchObject({ ok: true, sample: '北京市东城区天安门' });
    expect((await test({ target: 'address', name: 'tianditu', apiKey: 'bad' })).message).toBe('天地图密钥无效或无权使用该服务（HTTP 403）');
    expect((await test({ target: 'address', name: 'tianditu', apiKey: 'quota' })).message).toBe(
      '天地图密钥的调用量已超限，请稍后再试或提升配额（1 访问量超出限制）',
    );
    expect(await test({ target: 'address', name: 'amap' })).toMatchObject({ ok: false, message: '请填写高德密钥' });
    // a custom tile server and a style, and one that is not there
    expect(await test({ target: 'basemap', name: 'custom', url: `${standIn.url}/tiles/{z}/{x}/{y}.png` })).toMatchObject({
      ok: true,
      sample: 'image/png',
    });
    expect(await test({ target: 'basemap', name: 'custom', url: `${standIn.url}/style.json` })).toMatchObject({ ok: true });
    expect((await test({ target: 'basemap', name: 'custom', url: `${standIn.url}/missing/{z}/{x}/{y}` })).message).toBe(
      '自定义地图服务返回了无法识别的应答（HTTP 404）',
    );
    expect((await test({ target: 'basemap', name: 'custom', url: 'http://127.0.0.1:1/{z}/{x}/{y}.png' })).message).toMatch(
      /^无法连接自定义地图服务服务，请检查服务器网络/,
    );
  });

  it('stores keys sealed, never answers them, audits the change without them, and every page reads the new basemap', async () => {
    const tiles = `${standIn.url}/tiles/{z}/{x}/{y}.png`;
    const res = await json(SAVE, {
      basemapKind: 'custom',
      basemapUrl: tiles,
      coordSystem: 'gcj02',
      tileApiKey: 'tile-secret-1',
      addressProvider: 'amap',
      addressApiKey: 'good',
    });
    expect(res.json()).toMatchObject({
      flag: 1,
      obj: {
        source: 'saved',
        basemap: { kind: 'custom', url: tiles, keySet: { custom: true } },
        address: { provider: 'amap', keySet: { amap: true } },
      },
    });
    expect(res.body).not.toContain('tile-secret-1');

    const row = await t.ctx.db.one<{ value: unknown }>('SELECT value FROM settings WHERE key = $1', [MAP_SETTINGS_KEY]);
    const stored = JSON.stringify(row!.value);
    expect(stored).not.toContain('tile-secret-1');
    expect(stored).not.toContain('"good"');
    expect(stored).toMatch(/"amap":"sb1:[A-Za-z0-9+/=]+"/);

    // any signed-in page: the relay's address, the version, no key
    const basemap = (await get(BASEMAP, viewer.sessionId)).json().obj;
    expect(basemap).toMatchObject({ kind: 'custom', style: 'raster', coordSystem: 'gcj02' });
    expect(basemap.tiles[0]).toMatch(/^\/car\/v1\/api\/mapSettings\/tile\?z=\{z\}&x=\{x\}&y=\{y\}&layer=0&v=\d+$/);
    expect(JSON.stringify(basemap)).not.toContain('secret');
    const tile = await get(basemap.tiles[0].replace('{z}', '3').replace('{x}', '6').replace('{y}', '2'), viewer.sessionId);
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    expect(standIn.requests).toContain('/tiles/3/6/2.png');

    // the addresses follow at once: the stand-in's answer, then the cache
    const before = standIn.requests.filter((r) => r.startsWith('/v3/geocode/regeo')).length;
    expect(await getGeo(116.3913, 39.9074)).toBe('北京市东城区东华门街道天安门');
    expect(await getGeo(116.39131, 39.90741)).toBe('北京市东城区东华门街道天安门'); // same ~10 m cell
    expect(standIn.requests.filter((r) => r.startsWith('/v3/geocode/regeo')).length).toBe(before + 1);

    await t.ctx.audit.flush();
    const audit = await t.ctx.db.query<{ action: string; input: unknown; changes: unknown; username: string }>(
      `SELECT action, input, changes, username FROM audit_log WHERE path = $1 ORDER BY id DESC LIMIT 1`,
      [SAVE],
    );
    expect(audit[0]).toMatchObject({
      action: '保存地图设置',
      username: 'admin',
      changes: { after: { basemap: 'custom', address: 'amap', addressKeys: ['amap'] } },
    });
    expect(JSON.stringify(audit[0])).not.toContain('tile-secret-1');
    expect(JSON.stringify(audit[0])).not.toContain('"good"');
  });

  it('reaches another process’s copy over the bus at once', async () => {
    const other = new MapSettingsStore({ db: t.ctx.db, bus: t.ctx.bus, config: t.config });
    const seen = (await other.current()).version;
    const heard = new Promise((resolve) => other.onChange(resolve));
    await json(SAVE, { basemapKind: 'amap', addressProvider: 'amap' });
    await heard;
    const now = await other.current();
    expect(now.version).not.toBe(seen);
    expect(now.basemap.kind).toBe('amap');
    expect(now.address.keys.amap).toBe('good'); // opened with the platform's box
  });

  it('keeps a stored key when none is sent, and switching provider empties the address cache', async () => {
    const saved = await json(SAVE, { basemapKind: 'amap', addressProvider: 'baidu', addressApiKey: 'good' });
    expect(saved.json().obj).toMatchObject({
      basemap: { kind: 'amap', coordSystem: 'gcj02' },
      address: { provider: 'baidu', keySet: { amap: true, baidu: true } },
    });
    expect(await getGeo(116.3913, 39.9074)).toBe('北京市东城区中华路甲10号');
    // back to 高德 without sending its key: the stored one answers, asked again (new cache)
    const before = standIn.requests.filter((r) => r.startsWith('/v3/geocode/regeo')).length;
    await json(SAVE, { basemapKind: 'offline', addressProvider: 'amap' });
    expect(await getGeo(116.3913, 39.9074)).toBe('北京市东城区东华门街道天安门');
    expect(standIn.requests.filter((r) => r.startsWith('/v3/geocode/regeo')).length).toBe(before + 1);
    expect((await json(TEST, { target: 'address', name: 'amap' })).json().obj).toMatchObject({ ok: true });
  });

  it('refuses what cannot work, in Chinese', async () => {
    const save = async (body: object) => (await json(SAVE, body)).json();
    expect(await save({ basemapKind: 'tianditu', addressProvider: 'offline' })).toMatchObject({ flag: 0, msg: '天地图底图需要填写密钥' });
    expect(await save({ basemapKind: 'baidu', addressProvider: 'offline' })).toMatchObject({
      msg: '百度瓦片使用自有投影网格，暂不能作为底图；百度可用于地址解析',
    });
    expect(await save({ basemapKind: 'custom', basemapUrl: '', addressProvider: 'offline' })).toMatchObject({
      msg: '自定义底图需要填写瓦片地址或样式地址',
    });
    expect(await save({ basemapKind: 'custom', basemapUrl: 'ftp://x/{z}/{x}/{y}', addressProvider: 'offline' })).toMatchObject({
      errorCode: 'mapSettings.urlInvalid',
    });
    expect(await save({ basemapKind: 'offline', addressProvider: 'tianditu', addressApiKey: '' })).toMatchObject({
      msg: '天地图地址解析需要填写密钥',
    });
    // offline again: no relay, the shipped basemap
    await save({ basemapKind: 'offline', addressProvider: 'offline' });
    expect((await get(BASEMAP)).json().obj).toMatchObject({ style: 'offline' });
    expect((await get('/car/v1/api/mapSettings/tile?z=1&x=0&y=0')).json()).toMatchObject({ errorCode: 'mapSettings.noTiles' });
  });
});
