import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { childFrame } from './support/bridge.ts';
import { apiLogin } from './support/server.ts';
import { api, imei } from './support/carFleet.ts';

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
