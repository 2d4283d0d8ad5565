/**
 * The operator's first day (issue 35, "Done when"): a fresh `--demo` server, and as soon as its
 * fleet drives, the admin opens every sub-product's landing page and every menu of it — the list
 * read from the resource tree the server gives the admin, 64 menus — in one tab, and each page
 * must show real data: no empty table, no chart over nothing, no empty state, no 4xx/5xx answer,
 * no console error, no formula or raw coordinates in the page's text. Every paged list opens at
 * page 1 with 10 rows a page (spec §3, §9).
 *
 * The server is this file's own (e2e/support/demoFleet.ts), not the suite's shared one, so what
 * the pages show is what `npm start -- --demo` shows a new operator. "Within a minute of start":
 * its terminals drive FIRST_MINUTE_DRIVE seconds and then fall silent (CHELIAN_DEMO_DRIVE_SECONDS),
 * staying online as they were (OFFLINE_AFTER_SECONDS raised for the walk), so however long the
 * walk takes on a busy machine, every page shows only what the seed and that first minute made —
 * with the seed's 10–25 s on PGlite, the first minute after `npm start`. The seed's own time is
 * printed, not judged (machine speed is no test's pass/fail). MENUS_DEMO_URL (with
 * MENUS_DEMO_PASSWORD, the admin's) points it at a demo server already running instead (then the
 * first-minute bound is not checked);
 * MENUS_SHOTS=1 saves a screenshot of every page (e2e/screenshots/menus-*.png), not only of failing ones.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { RESOURCES } from '@chelian/contracts';
import { launch, openTab, shot, type Tab } from './support/browser.ts';
import { childFrame } from './support/bridge.ts';
import { startDemoFleet, type DemoFleet } from './support/demoFleet.ts';
import { pageProbe, type PageFindings } from './support/menuProbe.ts';

/**
 * Every sub-product's menu page of the resource catalogue (the admin holds them all; 系统中心's
 * own pages aside): 64 when issue 35 was written, 65 with 系统管理's 地图设置. A menu the admin's
 * tree lacks fails the test by its name.
 */
const CATALOGUE_MENUS = RESOURCES.filter(
  (r) => r.type === 1 && r.platformId !== 0 && !RESOURCES.some((c) => c.parentId === r.id && c.type === 1),
).map((r) => `${r.path} ${r.name}`);

/**
 * Pages (by path) and the parts of them (by the probe's label) that are rightly empty on the
 * first day, each with its reason. Nothing else may be.
 */
const EMPTY_ON_DAY_ONE: Record<string, Array<{ part: RegExp; why: string }>> = {
  '/car/playback': [{ part: /^空状态 car-playback /, why: 'a query page: the track shows once a vehicle and a time are picked' }],
  '/card/playback': [{ part: /^表格 card-playback/, why: 'a query page: stops and off-post spans show once a person is picked' }],
  '/pet/profile': [{ part: /^表格 pt-family/, why: "家庭成员 are other people's own accounts the owner invites; the demo has one person" }],
};

/**
 * What no operator should have to read (issue 35 item 5): a rule written as a formula
 * ("max(20米, 定位精度)"), a place as raw coordinates ("114.057123, 22.543210"). Inputs' values are
 * not page text, so a form where an operator types coordinates is not caught.
 */
const UNREADABLE: ReadonlyArray<readonly [RegExp, string]> = [
  [/max\s*\(|定位精度\)/, '公式'],
  [/(?:1[0-3]\d|[1-5]\d)\.\d{4,}\s*[,，]\s*(?:1[0-3]\d|[1-5]\d)\.\d{4,}/, '坐标'],
];

interface MenuNode {
  id: number;
  name: string;
  type: number;
  path: string;
  code?: string;
  children?: MenuNode[];
}

interface Product {
  name: string;
  path: string;
  system: string;
  menus: MenuNode[];
}

let browser: Browser;
let fleet: DemoFleet | undefined;
let baseUrl = '';
let adminPassword = '';
let startedAt = Date.now();

/** Seconds the fresh demo's terminals drive before falling silent: with the seed, the first minute. */
const FIRST_MINUTE_DRIVE = 45;

beforeAll(async () => {
  browser = await launch();
  if (process.env.MENUS_DEMO_URL) {
    baseUrl = process.env.MENUS_DEMO_URL;
    adminPassword = process.env.MENUS_DEMO_PASSWORD ?? '';
  } else {
    fleet = await startDemoFleet('pglite', {
      env: { CHELIAN_DEMO_DRIVE_SECONDS: String(FIRST_MINUTE_DRIVE), OFFLINE_AFTER_SECONDS: '3600' },
    });
    ({ baseUrl, adminPassword, startedAt } = fleet);
    // the seed's time, as a figure: how much of the first minute the seed took
    const line = fs
      .readFileSync(fleet.serverLog, 'utf8')
      .split('\n')
      .find((l) => l.includes('演示模式已启动'));
    console.log(`demo started: ${line?.slice(0, 600)}`);
  }
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await fleet?.stop();
});

async function loginAsAdmin(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#username').fill('admin');
  await page.locator('#password').fill(adminPassword);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/home', { timeout: 30_000 });
}

/** The sub-products and their menus, as the resource tree gives them to the signed-in user. */
async function productsOf(page: Page): Promise<Product[]> {
  const tree = (await page.evaluate(() =>
    fetch('/car/v1/api/resource/newList.json?version=v4&from=carWeb4', {
      headers: { sessionId: localStorage.getItem('sessionId') ?? '' },
    }).then((r) => r.json()),
  )) as { obj: MenuNode[] };
  const leaves = (nodes: MenuNode[] = []): MenuNode[] =>
    nodes.filter((n) => n.type !== 3 && n.path).flatMap((n) => (n.children?.some((c) => c.type !== 3) ? leaves(n.children) : [n]));
  return tree.obj
    .filter((root) => root.type !== 3 && /^\/[\w-]+\/$/.test(root.path) && root.code !== 'center')
    .map((root) => ({ name: root.name, path: root.path, system: root.path.slice(1, -1), menus: leaves(root.children) }));
}

/** Waits until the frame's requests have been quiet for a moment and nothing spins (bounded). */
async function settle(page: Page, frame: Frame, pending: Set<unknown>) {
  const until = Date.now() + 15_000;
  let quietSince = 0;
  while (Date.now() < until) {
    const spinning = await frame
      .locator('.ant-spin-spinning, .ant-skeleton-active')
      .count()
      .catch(() => 0);
    if (pending.size === 0 && spinning === 0) {
      quietSince ||= Date.now();
      if (Date.now() - quietSince >= 500) return;
    } else quietSince = 0;
    await page.waitForTimeout(100);
  }
}

/** What is wrong with the page now, allowed parts left out; asked again for a few seconds while anything is. */
async function problemsOf(page: Page, frame: Frame, path: string): Promise<PageFindings> {
  const allowed = EMPTY_ON_DAY_ONE[path] ?? [];
  const until = Date.now() + 6_000;
  for (;;) {
    const found = (await frame.evaluate(pageProbe)) as PageFindings;
    found.empty = found.empty.filter((label) => !allowed.some((a) => a.part.test(label)));
    if ((found.empty.length === 0 && found.paging.length === 0) || Date.now() > until) return found;
    await page.waitForTimeout(500);
  }
}

describe('a fresh --demo shows real data on every menu (issue 35)', () => {
  it('opens every landing page and every menu of every sub-product as admin: data everywhere, lists at page 1 with 10 rows', async () => {
    const tab: Tab = await openTab(browser, { timezoneId: 'Asia/Shanghai' });
    const { page, context } = tab;
    const failed: string[] = [];
    const consoleErrors: string[] = [];
    const pending = new Set<unknown>();
    context.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${m.text().slice(0, 200)} (${m.location().url})`);
    });
    context.on('request', (r) => {
      if (['fetch', 'xhr'].includes(r.resourceType())) pending.add(r);
    });
    context.on('requestfinished', (r) => pending.delete(r));
    context.on('requestfailed', (r) => pending.delete(r));
    context.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    });

    await loginAsAdmin(page);
    const products = await productsOf(page);
    const menus = products.flatMap((p) => p.menus);
    expect(menus.map((m) => `${m.path} ${m.name}`).sort()).toEqual([...CATALOGUE_MENUS].sort());
    expect(menus.length).toBeGreaterThanOrEqual(64);

    const report: string[] = [];
    const visited: string[] = [];
    let pagers = 0;
    const visit = async (frame: Frame, path: string, name: string) => {
      const errorsBefore = consoleErrors.length + tab.errors.length + failed.length;
      const t0 = Date.now();
      await settle(page, frame, pending);
      const t1 = Date.now();
      const found = await problemsOf(page, frame, path);
      pagers += found.pagers;
      if (process.env.MENUS_DEBUG)
        console.log(
          `${path} settle ${t1 - t0} ms, probe ${Date.now() - t1} ms, pending ${[...pending].map((r) => (r as { url(): string }).url()).join(' ')}`,
        );
      const errors = [...consoleErrors, ...tab.errors, ...failed].slice(errorsBefore);
      const text = await frame
        .locator('body')
        .innerText()
        .catch(() => '');
      const words = UNREADABLE.flatMap(([pattern, what]) => {
        const hit = pattern.exec(text);
        return hit ? [`${what}「${text.slice(Math.max(0, hit.index - 20), hit.index + hit[0].length + 10).replace(/\s+/g, ' ')}」`] : [];
      });
      consoleErrors.length = 0;
      tab.errors.length = 0;
      failed.length = 0;
      const after = Math.round((Date.now() - startedAt) / 1000);
      visited.push(`${path} ${name} +${after}s`);
      if (process.env.MENUS_DEBUG)
        console.log(`${path} ${name} +${after}s ${found.empty.join(' | ')} ${found.paging.join(' | ')} ${errors.join(' | ')}`);
      const problems = [
        ...found.empty.map((e) => `空: ${e}`),
        ...found.paging.map((p) => `分页: ${p}`),
        ...errors.map((e) => `错误: ${e}`),
        ...words.map((w) => `文字: ${w}`),
      ];
      const file = `menus-${path.replace(/^\/|\/$/g, '').replace(/\//g, '_')}`;
      if (problems.length) {
        report.push(`${path} ${name} (+${after}s): ${problems.join(' | ')}`);
        await shot(page, file);
      } else if (process.env.MENUS_SHOTS) await shot(page, file);
    };

    await page.goto(`${baseUrl}${products[0]!.path}`);
    for (const product of products.filter((p) => !process.env.MENUS_ONLY || p.system === process.env.MENUS_ONLY)) {
      // from product to product through the header, as an operator goes (the shell stays loaded)
      if (new URL(page.url()).pathname !== product.path) {
        await page.getByTestId('system-nav').locator('.ant-menu-item').filter({ hasText: product.name }).click();
        await page.waitForURL((u) => u.pathname === product.path);
      }
      const frame = await childFrame(page, product.system);
      await visit(frame, product.path, `${product.name}首页`);
      for (const menu of product.menus) {
        await frame
          .getByTestId('child-menu')
          .locator('.ant-menu-item')
          .filter({ hasText: new RegExp(`^${menu.name}$`) })
          .click();
        await page.waitForURL((u) => u.pathname === menu.path);
        await visit(frame, menu.path, menu.name);
      }
    }
    console.log(`menus visited (seconds after the demo drove):\n${visited.join('\n')}`);
    expect(report).toEqual([]);
    // the paging rule was checked, not met by having no paged list in view
    expect(pagers).toBeGreaterThan(20);
    await context.close();
    // 74 pages: about 3 minutes on a quiet machine, 8 with the machine's cores shared by a dozen jobs
  }, 720_000);
});
