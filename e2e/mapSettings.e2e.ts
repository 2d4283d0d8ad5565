import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startProviderStandIn, type StandIn } from '../apps/server/src/testing/mapProviderStandIn.ts';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { api, until } from './support/carFleet.ts';

// Issue 34 item 1: the administrator switches the basemap in 系统管理 › 地图设置 and a 实时监控
// page opened before follows without a reload, drawing tiles of a local stand-in tile server.
let browser: Browser;
let session: string;
let standIn: StandIn;

beforeAll(async () => {
  browser = await launch();
  session = await apiLogin();
  standIn = await startProviderStandIn();
});
afterAll(async () => {
  // the worker's server is shared with the files after this one: back to the shipped basemap
  if (session) await api(session, '/car/v1/api/mapSettings/save.json', { basemapKind: 'offline', addressProvider: 'offline' }, true);
  await browser?.close();
  await standIn?.close();
});

type MapEl = HTMLElement & { maplibre: { getStyle(): { sources: Record<string, { type: string; tiles?: string[] }> } } };

describe('地图设置', () => {
  it('switches an open 实时监控 to a custom XYZ basemap without a reload', async () => {
    // the page that must follow, opened first
    const monitor = await openTab(browser);
    await login(monitor.page);
    await monitor.page.goto(`${baseUrl()}/child/car/monitor`);
    const map = monitor.page.locator('[data-testid="car-map"]');
    await monitor.page.locator('[data-testid="car-map"][data-map-ready="true"]').waitFor({ timeout: 60_000 });
    expect(await map.getAttribute('data-basemap')).toBe('offline');
    await monitor.page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // the administrator's page
    const admin = await openTab(browser);
    await login(admin.page);
    await admin.page.goto(`${baseUrl()}/child/system/mapSettings`);
    await admin.page.getByTestId('map-settings-basemap-custom').click();
    const tiles = `${standIn.url}/tiles/{z}/{x}/{y}.png`;
    await admin.page.getByTestId('map-settings-url').fill(tiles);
    await admin.page.getByTestId('map-settings-test-basemap').click();
    await expect
      .poll(() => admin.page.getByTestId('map-settings-result').textContent(), { timeout: 20_000 })
      .toContain('自定义地图服务瓦片可用');
    // a key that would be refused shows why, in Chinese
    await admin.page.getByTestId('map-settings-address-amap').click();
    await admin.page.getByTestId('map-settings-address-key').fill('wrong');
    await admin.page.getByTestId('map-settings-test-address').click();
    await expect
      .poll(() => admin.page.getByTestId('map-settings-result').nth(1).textContent(), { timeout: 20_000 })
      .toMatch(/无法连接高德服务|高德密钥无效/);
    await admin.page.getByTestId('map-settings-address-offline').click();
    // counted before saving: the open monitor may follow (and fetch its tiles) while the message shows
    const before = standIn.requests.filter((r) => r.startsWith('/tiles/')).length;
    await admin.page.getByTestId('map-settings-save').click();
    await expect.poll(() => admin.page.locator('.ant-message').textContent(), { timeout: 20_000 }).toContain('地图设置已保存');
    await shot(admin.page, 'map-settings');

    // the open monitor follows: a new basemap, its tiles through the platform's relay from the stand-in
    await monitor.page.locator('[data-testid="car-map"][data-basemap="custom"][data-map-ready="true"]').waitFor({ timeout: 40_000 });
    const sources = await monitor.page.evaluate(() => {
      const el = document.querySelector('[data-testid="car-map"] .cl-map-canvas') as unknown as MapEl;
      return el.maplibre.getStyle().sources;
    });
    expect(sources.tiles).toMatchObject({
      type: 'raster',
      tiles: [expect.stringMatching(/\/car\/v1\/api\/mapSettings\/tile\?z=\{z\}&x=\{x\}&y=\{y\}&layer=0&v=\d+$/)],
    });
    await until(() => standIn.requests.filter((r) => r.startsWith('/tiles/')).length > before, 30_000);
    expect(await monitor.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await shot(monitor.page, 'map-settings-monitor-custom');
    expect(monitor.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await monitor.context.close();
    await admin.context.close();
  });
});
