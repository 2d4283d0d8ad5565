import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { childFrame } from './support/bridge.ts';

// Issue 35 item 3: navigation that stays put, at the 1366×768 design size.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
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
