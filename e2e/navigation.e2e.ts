import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot, whileOpen } from './support/browser.ts';
import { childFrame } from './support/bridge.ts';
import { apiLogin } from './support/server.ts';
import { SteeredTerminal, addVehicle, api, imei, until, type Fix } from './support/carFleet.ts';

// Issue 35 item 3: navigation that stays put, at the 1366×768 design size.
let browser: Browser;
/** Two e-bikes of the admin in 电单车卫士, this run's own. */
const BIKES = [
  { imei: imei('8691881'), plate: `导航${imei('1').slice(-4)}` },
  { imei: imei('8691882'), plate: `导航${imei('2').slice(-4)}` },
];
beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  for (const bike of BIKES) {
    const terminal = await api(admin, '/car/v4/api/terminal/add.json', { terminalId: bike.imei, protocol: 'gt06' });
    if (terminal.flag !== 1) throw new Error(terminal.msg);
    const bound = await api(admin, '/elec-car/v1/api/bike/bind.json', { imei: bike.imei, plate: bike.plate, brand: '雅迪' }, true);
    if (bound.flag !== 1) throw new Error(bound.msg);
  }
});
afterAll(async () => {
  await browser?.close();
});

/** Every sub-product the admin's role has, as the header names them. */
const PRODUCTS: Array<[string, string]> = [
  ['智能车联', '/car/'],
  ['智能工牌', '/card/'],
  ['系统管理', '/system/'],
  ['宠物卫士', '/pet/'],
  ['数据中心', '/dataCenter/'],
  ['电单车卫士', '/elec-car/'],
  ['数据报表', '/data-report/'],
  ['电单车租赁', '/elec-lease/'],
  ['新国标', '/elec-gb/'],
];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The header's product entries in view (one folded into "…" is hidden): text and box. */
async function headerProducts(page: Page) {
  const nav = page.getByTestId('system-nav');
  const entries = nav.locator(':scope > li.ant-menu-item');
  const drawn: Array<{ title: string; box: Box }> = [];
  for (let i = 0; i < (await entries.count()); i++) {
    const entry = entries.nth(i);
    if (!(await entry.isVisible())) continue;
    drawn.push({ title: (await entry.innerText()).trim(), box: (await entry.boundingBox())! });
  }
  return drawn;
}

describe('the header at 1366 px', () => {
  it('shows every product of the role, the same on every page, each one click away', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    const seen: string[][] = [];
    // 车辆管理 draws the group selector in the header, 用户管理 does not: the products stay the same
    for (const [path, system] of [
      ['/car/vehicle', 'car'],
      ['/system/user', 'system'],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await childFrame(page, system);
      if (system === 'car') await page.getByTestId('group-selector').waitFor();
      await page.waitForTimeout(300); // the menu measures itself after the first paint
      const drawn = await headerProducts(page);
      await shot(page, `navigation-header-${system}`);
      expect(drawn.map((d) => d.title)).toEqual(PRODUCTS.map(([title]) => title));
      const right = (await page.locator('.cl-header-right').boundingBox())!;
      for (const { title, box } of drawn) {
        expect(box.x + box.width, `${title} within the window`).toBeLessThanOrEqual(1366);
        expect(overlaps(box, right), `${title} clear of the header's right side`).toBe(false);
      }
      seen.push(drawn.map((d) => d.title));
    }
    expect(seen[0]).toEqual(seen[1]);

    // one click on each reaches its product
    for (const [title, path] of PRODUCTS) {
      await page.getByTestId('system-nav').getByText(title, { exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith(path));
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The bike a picker shows (antd's select names its value in the title of its content). */
const shown = (picker: Locator, plate: string) => picker.locator(`.ant-select-content[title="${plate}"]`);

describe('a sub-product keeps its asset across its menus', () => {
  it('电单车卫士 opens each of its menus on the bike picked on another', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/elec-car/guard`);
    const frame = await childFrame(page, 'elec-car');
    const picker = frame.getByTestId('bike-picker');
    await picker.waitFor();
    // one that is not the first (which every page shows when it knows nothing)
    const first = await picker.locator('.ant-select-content').getAttribute('title');
    const picked = BIKES.map((b) => b.plate).find((p) => p !== first)!;
    await picker.click();
    await frame.locator('.ant-select-item-option', { hasText: picked }).click();
    await shown(picker, picked).waitFor();
    // through the sub-product's own menu, whose links carry no query
    for (const [menu, testId] of [
      ['车辆监控', 'bike-picker'],
      ['行程停留', 'ec-trips-page'],
      ['电子围栏', 'ec-fence'],
      ['电池管理', 'ec-battery'],
      ['防盗设防', 'ec-guard'],
    ] as const) {
      await frame.locator('.ant-menu-item', { hasText: menu }).click();
      await frame.getByTestId(testId).waitFor();
      await shown(frame.getByTestId('bike-picker'), picked).waitFor();
      expect(await frame.getByTestId('bike-picker').locator('.ant-select-content').getAttribute('title'), menu).toBe(picked);
    }
    await shot(page, 'navigation-elec-car-kept-bike');
    // a reload of the page keeps it too (the tab's storage, not the frame's memory)
    await page.reload();
    const again = await childFrame(page, 'elec-car');
    await shown(again.getByTestId('bike-picker'), picked).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The server's runtime configuration with the platform's own assistant switched on (as `--demo` does). */
async function assistantOn(context: BrowserContext) {
  await context.route(
    '**/runtime-config.js',
    whileOpen(async (route) => {
      const text = await (await route.fetch()).text();
      const config = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
      await route.fulfill({
        contentType: 'application/javascript',
        body: `window.__CHELIAN_CONFIG__ = ${JSON.stringify({ ...config, aiBaseUrl: '/ai/', aiScriptUrl: '/ai/assistant.js' })};`,
      });
    }),
  );
}

/** What an operator works with on a list page: its row actions and its pagination (when it has one), each box in the window. */
async function pageControls(frame: Frame): Promise<Array<{ what: string; box: Box }>> {
  await frame.locator('.ant-table-row').first().waitFor();
  await frame.waitForTimeout(500); // the pagination, under a list of more than one page
  const controls: Array<{ what: string; box: Box }> = [];
  for (const control of await frame.locator('.ant-table-row :is(a, button), .ant-pagination').all()) {
    const box = await control.boundingBox();
    if (box) controls.push({ what: (await control.innerText()).trim().slice(0, 20), box });
  }
  return controls;
}

describe('nothing permanent covers the page', () => {
  it('docks the assistant’s launcher in the header, 30 px from the right, clear of the header’s own items and of every list', async () => {
    const { page, context, errors } = await openTab(browser);
    await assistantOn(context);
    await login(page);
    const launcher = page.locator('#chelian-assistant').getByRole('button', { name: '打开AI智能助手' });
    await launcher.waitFor();
    for (const [path, system] of [
      ['/home', null],
      ['/car/vehicle', 'car'],
      ['/system/user', 'system'],
      ['/elec-car/bikes', 'elec-car'],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForFunction(() => document.documentElement.dataset.assistant === 'ready');
      const header = page.getByTestId(system ? 'app-header' : 'portal-bar');
      const bar = (await header.boundingBox())!;
      const box = (await launcher.boundingBox())!;
      expect(box.y, path).toBeGreaterThanOrEqual(bar.y);
      expect(box.y + box.height, `${path}: within the header`).toBeLessThanOrEqual(bar.y + bar.height);
      expect(Math.round(1366 - (box.x + box.width))).toBe(30);
      for (const item of await header.locator('.cl-header-brand, .ant-menu-item, [data-testid], .cl-portal-link').all()) {
        const other = await item.boundingBox();
        if (other) expect(overlaps(box, other), `${path}: over ${await item.innerText()}`).toBe(false);
      }
      if (system) {
        const frame = await childFrame(page, system);
        for (const control of await pageControls(frame)) expect(overlaps(box, control.box), `${path}: over ${control.what}`).toBe(false);
      }
      await shot(page, `navigation-assistant-docked${path.replace(/\//g, '-')}`);
    }
    // its panel opens under the header, over the page, and closes to give it back
    await launcher.click();
    const panel = page.locator('#chelian-assistant').getByRole('dialog', { name: 'AI智能助手' });
    await panel.waitFor();
    expect((await panel.boundingBox())!.y).toBeGreaterThanOrEqual(56);
    await shot(page, 'navigation-assistant-panel');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the real-time alarm tip over the menu column only, and folds it into the header bell', async () => {
    const { page, context, errors } = await openTab(browser);
    await page.route('**/car/v1/accelerate/report/alarm/queryActualTimeAlarmNum.json**', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ flag: 1, msg: '操作成功', obj: { total: 3, types: [] } }) }),
    );
    await login(page);
    await page.goto(`${baseUrl()}/car/vehicle`);
    const frame = await childFrame(page, 'car');
    const tip = page.getByTestId('alarm-tip');
    await tip.getByText('您有 3 条未处理的实时报警').waitFor();
    await tip.hover(); // read, so it stays open while the page's controls are measured
    const tipBox = (await tip.boundingBox())!;
    const content = (await frame.locator('.cl-child-content').boundingBox())!;
    expect(tipBox.x + tipBox.width, 'left of the page, over the menu column').toBeLessThanOrEqual(content.x);
    for (const control of await pageControls(frame)) expect(overlaps(tipBox, control.box), control.what).toBe(false);
    await shot(page, 'navigation-alarm-tip');
    await tip.getByRole('button', { name: '关闭提醒' }).click();
    await tip.waitFor({ state: 'hidden' });
    await page.getByTestId('alarm-bell').locator('.ant-badge-count', { hasText: '3' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('folds the tip into the header bell by itself: soon nothing of it is over the menu column, and the bell keeps the count', async () => {
    const { page, context, errors } = await openTab(browser, { width: 1366, height: 768 });
    await page.route('**/car/v1/accelerate/report/alarm/queryActualTimeAlarmNum.json**', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ flag: 1, msg: '操作成功', obj: { total: 3, types: [] } }) }),
    );
    await login(page);
    await page.goto(`${baseUrl()}/car/vehicle`);
    const frame = await childFrame(page, 'car');
    const tip = page.getByTestId('alarm-tip');
    await tip.getByText('您有 3 条未处理的实时报警').waitFor();
    const menu = (await frame.getByTestId('child-menu').boundingBox())!;
    // the operator does nothing: the tip (not urgent) folds on its own, ALARM_TIP_OPEN_MS (8 s) after it popped
    const overMenu = async () => {
      if (!(await tip.count())) return false;
      const box = await tip.boundingBox();
      return box !== null && overlaps(box, menu);
    };
    await expect.poll(overMenu, { timeout: 15_000, interval: 500 }).toBe(false);
    expect(await tip.count()).toBe(0);
    await page.getByTestId('alarm-bell').locator('.ant-badge-count', { hasText: '3' }).waitFor();
    await shot(page, 'navigation-alarm-tip-folded');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('playback keeps the track clear of its floating panels', () => {
  it('frames the track so its end, and the vehicle replayed to it, are never under the player bar or the summary', async () => {
    // a drive southwards: its end is the track's lowest point, where the player bar floats
    const vehicle = await addVehicle(await apiLogin(), imei('86915'));
    const start = Math.floor((Date.now() - 60 * 60_000) / 1000) * 1000;
    const route: Fix[] = Array.from({ length: 16 }, (_, i) => ({
      lon: 113.93 + i * 0.0008,
      lat: 22.6 - i * 0.004,
      speed: 40,
      course: 170,
      time: start + i * 30_000,
    }));
    const terminal = new SteeredTerminal(vehicle.terminalId);
    await terminal.connect();
    for (const f of route) await terminal.fix(f);
    terminal.close();

    const { page, context, errors } = await openTab(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await login(page);
    await page.goto(
      `${baseUrl()}/child/car/playback?urlType=blank&vehicleId=${vehicle.vehicleId}&start=${start}&end=${start + 2 * 3600_000}`,
    );
    const playback = page.getByTestId('car-playback');
    await until(async () => (Number(await playback.getAttribute('data-points')) === route.length ? true : undefined), 30_000);
    const map = page.getByTestId('playback-map');
    const controls = (await page.getByTestId('playback-controls').boundingBox())!;
    const summary = (await page.getByTestId('playback-summary').boundingBox())!;
    /** Where the map draws a place it names in data-*, as a 24 px box around it (a vehicle icon's size). */
    const drawn = async (attribute: string) => {
      const at = await until(async () => (await map.getAttribute(attribute)) ?? undefined, 20_000, 200);
      const [x, y] = at.split(',').map(Number) as [number, number];
      const box = (await map.boundingBox())!;
      return { x: box.x + x - 12, y: box.y + y - 12, width: 24, height: 24 };
    };
    await page.waitForTimeout(800); // the fit's camera move
    const end = await drawn('data-track-end');
    const mapBox = (await map.boundingBox())!;
    expect(end.y + end.height, 'the end within the map').toBeLessThanOrEqual(mapBox.y + mapBox.height);
    expect(overlaps(end, controls), 'the end clear of the player bar').toBe(false);
    expect(overlaps(end, summary), 'the end clear of the summary').toBe(false);

    // replayed to its end at the fastest speed
    await page.locator('.car-playback-controls .ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: /^64×$/ }).click();
    await page.getByTestId('playback-controls').getByRole('button').first().click();
    const player = page.getByTestId('playback-controls');
    const lastFix = route[route.length - 1]!.time!;
    await until(async () => (Number(await player.getAttribute('data-time')) >= lastFix ? true : undefined));
    await until(async () => ((await player.getAttribute('data-playing')) === 'false' ? true : undefined));
    await page.waitForTimeout(800);
    await shot(page, 'navigation-playback-end');
    const vehicleBox = await drawn('data-vehicle-at');
    expect(overlaps(vehicleBox, controls), 'the vehicle clear of the player bar').toBe(false);
    expect(overlaps(vehicleBox, summary), 'the vehicle clear of the summary').toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
