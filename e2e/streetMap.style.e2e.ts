import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nanshanExtract, osmXmlToPbf, writeOsmXml } from '../apps/server/src/modules/streetMap/streetMap.fixture.ts';
import { missingTools } from '../apps/server/src/modules/streetMap/streetMap.import.ts';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { e2eServer } from './support/e2eServer.ts';
import { apiLogin } from './support/server.ts';
import { api } from './support/carFleet.ts';

// Issue 34 item 2: `npm run map:import` on the extract the import tests build, 离线街道地图 chosen in
// 地图设置, and 实时监控 draws its roads and their Chinese names from the platform's own tiles.
const repo = path.resolve(import.meta.dirname, '..');
const tools = missingTools().length === 0;
let browser: Browser;
let session: string;
let work: string;

/** The worker's server's data folder (the import writes its tiles there; PGlite: the server loads the rest). */
const serverDataDir = () => process.env.CHELIAN_E2E_DATA_DIR ?? path.join(path.dirname(e2eServer().serverLog), 'data');

/** `npm run map:import -- file` as an operator runs it, against the server's data folder. */
function mapImport(pbf: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/modules/streetMap/streetMap.import.cli.ts', pbf], {
      cwd: repo,
      env: { ...process.env, DATA_DIR: serverDataDir(), DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`map:import exited ${code}: ${output.slice(-600)}`))));
  });
}

beforeAll(async () => {
  if (!tools) return;
  browser = await launch();
  session = await apiLogin();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-street-e2e-'));
}, 120_000);
afterAll(async () => {
  // the worker's server is shared with the files after this one: back to the shipped basemap
  if (session) await api(session, '/car/v1/api/mapSettings/save.json', { basemapKind: 'offline', addressProvider: 'offline' }, true);
  await browser?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

type StreetMapEl = HTMLElement & {
  maplibre: {
    jumpTo(o: { center: [number, number]; zoom: number }): void;
    once(event: string, cb: () => void): void;
    loaded(): boolean;
    areTilesLoaded(): boolean;
    getZoom(): number;
    project(p: [number, number]): { x: number; y: number };
    getCanvas(): HTMLCanvasElement;
    queryRenderedFeatures(o: { layers: string[] }): Array<{ layer: { id: string }; properties: Record<string, unknown> }>;
    getStyle(): { layers: Array<{ id: string }> };
  };
};

const distance = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));
const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));

describe.skipIf(!tools)('offline street map in the browser', () => {
  it(
    'imports an extract, switches 地图设置 to 离线街道地图, and 实时监控 draws roads with Chinese names',
    { timeout: 240_000 },
    async () => {
      const xml = path.join(work, 'nanshan.osm');
      writeOsmXml(xml, nanshanExtract('深南大道'));
      osmXmlToPbf(xml, `${xml}.pbf`);
      expect(await mapImport(`${xml}.pbf`)).toContain('离线街道地图已就绪');

      // the administrator chooses it in 地图设置 (offered once the import is ready)
      const admin = await openTab(browser);
      await login(admin.page);
      await admin.page.goto(`${baseUrl()}/child/system/mapSettings`);
      await expect.poll(() => admin.page.getByTestId('map-settings-street-state').textContent(), { timeout: 30_000 }).toContain('nanshan');
      await admin.page.getByTestId('map-settings-basemap-offlineStreet').click();
      await admin.page.getByTestId('map-settings-address-offlineStreet').click();
      await admin.page.getByTestId('map-settings-save').click();
      await expect.poll(() => admin.page.locator('.ant-message').textContent(), { timeout: 20_000 }).toContain('地图设置已保存');
      await shot(admin.page, 'street-map-settings');

      // 实时监控 at street zoom over the extract
      const monitor = await openTab(browser, { width: 1366, height: 768 });
      await login(monitor.page);
      await monitor.page.goto(`${baseUrl()}/child/car/monitor`);
      await monitor.page
        .locator('[data-testid="car-map"][data-basemap="offlineStreet"][data-map-ready="true"]')
        .waitFor({ timeout: 60_000 });
      const canvas = '[data-testid="car-map"] .cl-map-canvas';
      const settled = () =>
        monitor.page.evaluate(
          (sel) =>
            new Promise<boolean>((resolve) => {
              const map = (document.querySelector(sel) as unknown as StreetMapEl).maplibre;
              map.jumpTo({ center: [113.94, 22.5375], zoom: 15 });
              map.once('idle', () => resolve(map.areTilesLoaded()));
            }),
          canvas,
        );
      await expect.poll(settled, { timeout: 60_000, interval: 1_000 }).toBe(true);

      // 实时监控 may still fit the camera to the fleet once its vehicles arrive (on a server shared with other
      // files' vehicles, after the first settle): read the roads only at street zoom, settling again if it moved
      const read = () =>
        monitor.page.evaluate((sel) => {
          const map = (document.querySelector(sel) as unknown as StreetMapEl).maplibre;
          const ids = map.getStyle().layers.map((l) => l.id);
          const roads = map.queryRenderedFeatures({ layers: ids.filter((id) => /^street-road-(?!casing|name)/.test(id)) });
          const names = map.queryRenderedFeatures({ layers: ['street-road-name'] });
          const box = map.getCanvas().getBoundingClientRect();
          const onPage = (lon: number, lat: number) => {
            const p = map.project([lon, lat]);
            return { x: box.left + p.x, y: box.top + p.y };
          };
          const inside = (p: { x: number; y: number }) =>
            p.x > box.left + 5 && p.x < box.right - 5 && p.y > box.top + 5 && p.y < box.bottom - 5;
          // points along 深南大道 (a label may sit on some of them) and a block north of it, where the extract has nothing
          const road = Array.from({ length: 14 }, (_, i) => onPage(113.9315 + i * 0.002, 22.54)).filter(inside);
          const blank = Array.from({ length: 5 }, (_, i) => onPage(113.938 + i * 0.001, 22.5428)).filter(inside);
          return {
            zoom: map.getZoom(),
            roadClasses: [...new Set(roads.map((f) => String(f.properties.class)))],
            names: [...new Set(names.map((f) => String(f.properties.name)))],
            road,
            blank,
          };
        }, canvas);
      let drawn = await read();
      for (let tries = 0; Math.abs(drawn.zoom - 15) > 0.01 && tries < 10; tries++) {
        await expect.poll(settled, { timeout: 60_000, interval: 1_000 }).toBe(true);
        drawn = await read();
      }
      await shot(monitor.page, 'street-map-monitor');
      expect(drawn.roadClasses).toEqual(expect.arrayContaining(['primary', 'secondary', 'minor']));
      // the names as placed on the map (MapLibre draws CJK from the browser's fonts; no glyph server)
      expect(drawn.names).toEqual(expect.arrayContaining(['深南大道', '科技路', '学府路']));
      expect(drawn.names).not.toContain('Keji Road');

      // and in pixels: the primary road's colour along 深南大道, the land's a block away
      const png = PNG.sync.read(await monitor.page.screenshot());
      const pixel = ({ x, y }: { x: number; y: number }) => {
        const i = (Math.round(y) * png.width + Math.round(x)) * 4;
        return [png.data[i], png.data[i + 1], png.data[i + 2]];
      };
      const roadColoured = drawn.road.filter((p) => distance(pixel(p), hex('#fde5a6')) < 12);
      expect(drawn.road.length).toBeGreaterThan(5);
      expect(roadColoured.length).toBeGreaterThan(drawn.road.length / 2);
      expect(drawn.blank.length).toBeGreaterThan(2);
      for (const p of drawn.blank) expect(distance(pixel(p), hex('#f5f3ef'))).toBeLessThan(12);
      expect(monitor.errors).toEqual([]);
      expect(admin.errors).toEqual([]);
      await monitor.context.close();
      await admin.context.close();
    },
  );
});
