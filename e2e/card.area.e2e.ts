import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { api } from './support/carFleet.ts';

// 智能工牌's 责任区域 draws polygons as 电子围栏 does (click the vertices, double-click to finish),
// lists them, draws them on its map and on 工牌定位's live map, and draws one again when edited.
let browser: Browser;
let session: string;
const suffix = String(Date.now() % 100000);
const team = `环卫${suffix}组`;
const areaName = `广场${suffix}`;
const at = { lon: 121.4737, lat: 31.2304 };

type Area = { areaId: number; fenceName: string; kind: string; rings: number[][][] | null };
const areaOf = async () => (await api<Area[]>(session, '/card/v1/api/area/list.json')).obj.find((a) => a.fenceName === areaName);

beforeAll(async () => {
  browser = await launch();
  session = await apiLogin();
  const teams = await api<Array<{ name: string }>>(session, '/card/v1/api/team/save.json', { name: team });
  if (teams.flag !== 1) throw new Error(teams.msg);
});
afterAll(async () => {
  await browser?.close();
});

/** Waits for the card map, then centres it on the square at street level. */
async function streetLevel(page: Page) {
  await page.locator('[data-testid="card-map"][data-map-ready="true"]').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500); // the areas' own framing (the first area) happens once they load
  await page.evaluate(
    ([lon, lat]) => {
      const el = document.querySelector('[data-testid="card-map"] .cl-map-canvas') as HTMLElement & {
        maplibre: { jumpTo(o: object): void };
      };
      el.maplibre.jumpTo({ center: [lon, lat], zoom: 15 });
    },
    [at.lon, at.lat],
  );
}

/**
 * Waits until the map renders the area as a polygon (its fill). The view is brought back to the
 * square while it waits: the live map frames its people when they arrive.
 */
const drawnOnMap = (page: Page, areaId: number) =>
  page.waitForFunction(
    ([id, lon, lat]) => {
      type Rendered = Array<{ properties: { id: number }; geometry: { type: string } }>;
      const el = document.querySelector('[data-testid="card-map"] .cl-map-canvas') as HTMLElement & {
        maplibre: { queryRenderedFeatures(o: object): Rendered; jumpTo(o: object): void };
      };
      if (
        el.maplibre.queryRenderedFeatures({ layers: ['areas-fill'] }).some((f) => f.properties.id === id && f.geometry.type === 'Polygon')
      )
        return true;
      el.maplibre.jumpTo({ center: [lon, lat], zoom: 15 });
      return false;
    },
    [areaId, at.lon, at.lat],
    { timeout: 20_000, polling: 250 },
  );

/** Clicks the vertices around the map's middle and double-clicks the last one. */
async function drawPolygon(page: Page, offsets: Array<[number, number]>) {
  const box = (await page.getByTestId('card-map').boundingBox())!;
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  for (const [dx, dy] of offsets.slice(0, -1)) {
    await page.mouse.click(cx + dx, cy + dy);
    await page.waitForTimeout(150);
  }
  const [dx, dy] = offsets.at(-1)!;
  await page.mouse.dblclick(cx + dx, cy + dy);
}

describe('智能工牌 polygon areas', () => {
  it('draws a polygon area, lists it, shows it on the map and the live map, and draws it again when edited', async () => {
    const { page, context, errors } = await openTab(browser, { width: 1440, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await login(page);
    await page.goto(`${baseUrl()}/child/card/area`);
    await streetLevel(page);

    await page.getByTestId('card-area-name').fill(areaName);
    await page.getByTestId('card-area-kind').getByText('多边形').click();
    await page.getByTestId('card-area-hint').getByText('在地图上依次点击各顶点，双击结束').waitFor();
    await page.getByTestId('card-area-team').click();
    await page.locator('.ant-select-tree-title', { hasText: team }).click();
    await drawPolygon(page, [
      [-120, -80],
      [120, -80],
      [120, 80],
      [-120, 80],
    ]);
    await page.getByTestId('card-area-hint').getByText('多边形 · 4 个顶点').waitFor();
    await page.getByTestId('card-area-save').click();

    const row = page.getByTestId('card-area-table').locator('tr', { hasText: areaName });
    await row.waitFor();
    expect(await row.textContent()).toContain('多边形');
    expect(await row.textContent()).toContain(team);
    const saved = (await areaOf())!;
    expect(saved.kind).toBe('polygon');
    const ring = saved.rings![0]!;
    expect(ring.length).toBeGreaterThanOrEqual(4);
    // The vertices are where they were clicked: around the square, within a few hundred metres.
    for (const [lon, lat] of ring) expect(Math.abs(lon! - at.lon) + Math.abs(lat! - at.lat)).toBeLessThan(0.01);
    await drawnOnMap(page, saved.areaId);
    await shot(page, 'card-area-polygon');

    // Edited: drawn again as a triangle; the assignment stays.
    await row.getByText('编辑').click();
    await page.getByRole('button', { name: '重新绘制' }).click();
    await drawPolygon(page, [
      [-100, 60],
      [0, -90],
      [100, 60],
    ]);
    await page.getByTestId('card-area-hint').getByText('多边形 · 3 个顶点').waitFor();
    await page.getByTestId('card-area-save').click();
    await expect.poll(async () => new Set((await areaOf())!.rings![0]!.map((p) => p.join(','))).size, { timeout: 10_000 }).toBe(3);
    expect(await row.textContent()).toContain(team);

    await page.goto(`${baseUrl()}/child/card/monitor`);
    await streetLevel(page);
    await drawnOnMap(page, saved.areaId);
    await shot(page, 'card-monitor-areas');
    expect(errors).toEqual([]);
    await context.close();
  });
});
