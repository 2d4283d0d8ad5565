import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SimTerminal } from '@chelian/simulator';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { addVehicle, api, imei, startSimulated, until } from './support/carFleet.ts';

// Issue 5 item 11 with the simulator as the fleet: vehicles appear and move on the map, follow
// keeps one in view, a command reaches a simulated terminal and its result shows.
let browser: Browser;
let session: string;
let sims: SimTerminal[] = [];
const commands: string[] = [];
let fleet: Array<{ vehicleId: number; plate: string; terminalId: string }> = [];

beforeAll(async () => {
  browser = await launch();
  session = await apiLogin();
  const ids = [imei('86912'), imei('86912'), imei('86912')];
  fleet = await Promise.all(ids.map((id) => addVehicle(session, id)));
  sims = startSimulated(ids, 2, (_terminal, command) => commands.push(command));
  await until(async () => {
    const list = (await api<Array<{ terminalId: string }>>(session, `/car/v4/api/monitor/lastPositions.json?terminalIds=${ids.join(',')}`))
      .obj;
    return list.length === ids.length;
  }, 60_000);
});
afterAll(async () => {
  for (const s of sims) s.stop();
  await browser?.close();
});

type MapEl = HTMLElement & {
  maplibre: {
    getSource(id: string): { getData(): Promise<{ features: Array<{ id: number; geometry: { coordinates: [number, number] } }> }> };
    getLayer(id: string):
      | undefined
      | {
          implementation: { drawnLngLat(id: number): [number, number] | null; isShown(id: number): boolean; labelledVehicles(): number[] };
        };
    project(p: [number, number]): { x: number; y: number };
  };
};

/** Where the vehicle layer draws this vehicle now (its test accessor on the custom WebGL layer). */
const onMap = (page: Page, vehicleId: number) =>
  page.evaluate((id) => {
    const el = document.querySelector('[data-testid="car-map"] .cl-map-canvas') as unknown as MapEl;
    return el.maplibre.getLayer('car-vehicle-arrow')?.implementation.drawnLngLat(id) ?? null;
  }, vehicleId);

/** The vehicle's arrow in page pixels, when it is drawn as an arrow inside the map. */
const arrowOnScreen = (page: Page, vehicleId: number, mapId = 'car-map') =>
  page.evaluate(
    ([id, map]) => {
      const el = document.querySelector(`[data-testid="${map}"] .cl-map-canvas`) as unknown as MapEl & { getBoundingClientRect(): DOMRect };
      const layer = el.maplibre.getLayer('car-vehicle-arrow')?.implementation;
      const at = layer?.drawnLngLat(id);
      if (!layer) return null;
      if (!at || !layer.isShown(id)) return null;
      const p = el.maplibre.project(at);
      const box = el.getBoundingClientRect();
      return p.x > 20 && p.y > 20 && p.x < box.width - 20 && p.y < box.height - 20 ? { x: box.left + p.x, y: box.top + p.y } : null;
    },
    [vehicleId, mapId] as const,
  );

/** The vehicles whose plate the label layer draws now. */
const labelled = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector('[data-testid="car-map"] .cl-map-canvas') as unknown as MapEl;
    // (no layer for a moment after a lost context, while MapLibre rebuilds its style)
    return el.maplibre.getLayer('car-vehicle-label')?.implementation.labelledVehicles() ?? [];
  });

describe('car monitoring with a simulated fleet', () => {
  it('shows the vehicles in the tree and on the map, moving, and opens the vehicle dialog', async () => {
    const { page, context, errors } = await openTab(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await login(page);
    await page.goto(`${baseUrl()}/child/car/monitor`);
    await page.locator('[data-testid="car-map"][data-map-ready="true"]').waitFor({ timeout: 60_000 });
    const [v] = fleet;
    await page.getByTestId('tree-search').fill(v.plate);
    const row = page.locator(`[data-testid="tree-vehicle"][data-vehicle-id="${v.vehicleId}"]`);
    await row.waitFor();
    expect(['moving', 'stopped']).toContain(await row.getAttribute('data-state'));
    expect(Number(await page.getByTestId('state-count-all').getAttribute('data-count'))).toBeGreaterThanOrEqual(3);
    // the 报警 tab counts vehicles in alarm, not the bell's unhandled alarm records, and says so
    const alarmTab = page.getByTestId('state-count-alarm');
    expect(await alarmTab.innerText()).toContain('报警车辆');
    expect(await alarmTab.getAttribute('title')).toContain('未处理的报警条数见右上角铃铛');
    // the simulated vehicles drive on: their points on the map follow (live feed, no reload)
    const firsts = await Promise.all(fleet.map((f) => until(() => onMap(page, f.vehicleId).then((p) => p ?? undefined))));
    await until(async () => {
      for (const [i, f] of fleet.entries()) {
        const now = await onMap(page, f.vehicleId);
        if (now && (now[0] !== firsts[i][0] || now[1] !== firsts[i][1])) return true;
      }
      return undefined;
    }, 90_000);

    await row.click();
    const dialog = page.locator('.cl-vehicle-dialog');
    await dialog.waitFor();
    const panel = dialog.getByTestId('car-vehicle-panel');
    await panel.waitFor();
    expect(await panel.innerText()).toContain(v.terminalId);
    // the administrator holds 轨迹回放 (a menu, not a button): the dialog offers it
    await panel.getByTestId('open-playback').waitFor();
    // the title names the vehicle by its plate, not its database id
    await until(
      async () => ((await dialog.locator('.ant-modal-title').innerText()) === `车辆信息 · ${v.plate}` ? true : undefined),
      10_000,
    );
    // the address comes from getGeo, in Chinese
    await until(
      async () => ((await dialog.getByTestId('vehicle-address').innerText()).includes('广东省深圳市') ? true : undefined),
      20_000,
    );
    await page.waitForTimeout(800);
    await shot(page, 'car-monitor-dialog');
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
    // clicking the vehicle's arrow on the map opens it too (hit test against the layer's arrays)
    const arrow = await until(() => arrowOnScreen(page, v.vehicleId).then((p) => p ?? undefined));
    // zoomed in on it, its plate is drawn by the label layer (from the same arrays as the arrow)
    await until(() => labelled(page).then((ids) => (ids.includes(v.vehicleId) ? true : undefined)), 10_000);
    await page.mouse.click(arrow.x, arrow.y);
    await dialog.waitFor();
    await until(
      async () =>
        (await dialog.getByTestId('car-vehicle-panel').getAttribute('data-vehicle-id')) === String(v.vehicleId) ? true : undefined,
      10_000,
    );
    await dialog.locator('.ant-modal-close').click();
    await page.getByTestId('tree-search').fill('');
    await page.waitForTimeout(1500);
    await shot(page, 'car-monitor');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps drawing the vehicles and their plates after the WebGL context is lost and restored', async () => {
    const { page, context, errors } = await openTab(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await login(page);
    await page.goto(`${baseUrl()}/child/car/monitor`);
    await page.locator('[data-testid="car-map"][data-map-ready="true"]').waitFor({ timeout: 60_000 });
    const v = fleet[2];
    await page.getByTestId('tree-search').fill(v.plate);
    await page.locator(`[data-testid="tree-vehicle"][data-vehicle-id="${v.vehicleId}"]`).click(); // zooms in on it
    const dialog = page.locator('.cl-vehicle-dialog');
    await dialog.waitFor();
    await dialog.locator('.ant-modal-close').click();
    await until(() => labelled(page).then((ids) => (ids.includes(v.vehicleId) ? true : undefined)), 20_000);
    // a GPU reset or driver update: MapLibre rebuilds its style without custom layers; ours go
    // back on and make their programs, buffers and text atlas again on the restored context
    const events = await page.evaluate(async () => {
      const el = document.querySelector('[data-testid="car-map"] .cl-map-canvas') as unknown as MapEl & {
        maplibre: { getCanvas(): HTMLCanvasElement; once(event: string, listener: () => void): void };
      };
      const lose = el.maplibre.getCanvas().getContext('webgl2')!.getExtension('WEBGL_lose_context')!;
      const event = (name: string, action: () => void) =>
        new Promise<string>((resolve) => {
          el.maplibre.once(name, () => resolve(name));
          action();
          setTimeout(() => resolve(`no ${name}`), 10_000);
        });
      const lost = await event('webglcontextlost', () => lose.loseContext());
      await new Promise((resolve) => setTimeout(resolve, 200)); // restoring inside the lost event's dispatch does nothing
      return [lost, await event('webglcontextrestored', () => lose.restoreContext())];
    });
    expect(events).toEqual(['webglcontextlost', 'webglcontextrestored']);
    await until(() => labelled(page).then((ids) => (ids.includes(v.vehicleId) ? true : undefined)), 20_000);
    expect(await arrowOnScreen(page, v.vehicleId)).not.toBeNull();
    await page.waitForTimeout(1000);
    await shot(page, 'car-monitor-context-restored');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows a vehicle: the map keeps it in view as it moves and draws its trail', async () => {
    const { page, context, errors } = await openTab(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await login(page);
    const v = fleet[1];
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    // none picked: the fleet on the map, and a click on a vehicle follows it
    await page.goto(`${baseUrl()}/child/car/follow`);
    await page.locator('[data-testid="car-follow-fleet"][data-map-ready="true"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('car-follow').innerText()).toContain('点击地图上的车辆开始跟踪');
    const arrow = await until(() => arrowOnScreen(page, v.vehicleId, 'car-follow-fleet').then((a) => a ?? undefined), 30_000);
    await page.mouse.click(arrow.x, arrow.y);
    await page.waitForURL((url) => url.searchParams.get('vehicleId') === String(v.vehicleId));
    await page.locator('[data-testid="follow-map"][data-map-ready="true"]').waitFor({ timeout: 60_000 });
    const view = page.getByTestId('follow-view');
    let seen = Number(await view.getAttribute('data-gps-time'));
    for (let i = 0; i < 3; i++) {
      seen = await until(async () => {
        const t = Number(await view.getAttribute('data-gps-time'));
        return t > seen ? t : undefined;
      }, 30_000);
      await page.waitForTimeout(300);
      const inView = await page.evaluate(async () => {
        const el = document.querySelector('[data-testid="follow-map"] .cl-map-canvas') as unknown as MapEl & {
          getBoundingClientRect(): DOMRect;
        };
        const data = await el.maplibre.getSource('car-focus').getData();
        const p = el.maplibre.project(data.features[0].geometry.coordinates);
        const box = el.getBoundingClientRect();
        return p.x >= 0 && p.y >= 0 && p.x <= box.width && p.y <= box.height;
      });
      expect(inView).toBe(true);
    }
    // the address arrives from getGeo after the position (slower on a loaded machine)
    await until(async () => ((await page.getByTestId('follow-address').innerText()).includes('广东省') ? true : undefined), 20_000);
    // the page asks for the last hour's trail once (positions that came since join it)
    expect(asked.filter((p) => p.startsWith('/car/v4/api/monitor/track.bin'))).toHaveLength(1);
    await shot(page, 'car-follow');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a command after checking the terminals, and shows the simulated terminal's reply", async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    const v = fleet[2];
    await page.goto(`${baseUrl()}/child/car/command`);
    await page.getByTestId('tree-search').fill(v.plate);
    const row = page.locator(`[data-testid="tree-vehicle"][data-vehicle-id="${v.vehicleId}"]`);
    await row.waitFor();
    await page.locator('.car-command .ant-tree-treenode', { has: row }).locator('.ant-tree-checkbox').click();
    await page.getByTestId('command-type').getByText('立即定位').click();
    await page.getByTestId('command-send').click();
    const confirm = page.getByTestId('command-confirm');
    await confirm.waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'car-command-check');
    await confirm.click();
    // this vehicle's row: other files on the same server send commands too (e.g. firstDay.tasks' 设防)
    const resultRow = page.getByTestId('command-results').locator('.ant-table-row', { hasText: v.plate }).first();
    const status = resultRow.locator('[data-testid="command-status"]');
    await until(async () => ((await status.getAttribute('data-status')) === 'replied' ? true : undefined), 45_000);
    expect(commands.length).toBeGreaterThan(0);
    expect(await resultRow.innerText()).toContain('终端已回复');
    // sent and replied read as every other page's times: the full date, 2026-05-02 08:00:00, never 05-02 08:00:00
    const sentRow = await resultRow.innerText();
    expect(sentRow).toMatch(/\b\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\b/);
    expect(sentRow).not.toMatch(/(^|[^\d-])\d{2}-\d{2} \d{2}:\d{2}/);
    await shot(page, 'car-command-replied');
    expect(errors).toEqual([]);
    await context.close();
  });
});
