import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { childFrame } from './support/bridge.ts';
import { apiLogin } from './support/server.ts';
import { addVehicle, api, imei } from './support/carFleet.ts';
import { launcher } from './support/assistantWidget.ts';

// Issue 35 items 2 and 3: entering a sub-product shows its home — today's figures, each the number
// the page it opens shows, and shortcuts to its daily tasks — for the role's menus only; and the
// 运营大屏 inside the shell at 1366×768 is covered by nothing and fits its panels, without 全屏.
let browser: Browser;
let admin = '';
const stamp = String(Date.now() % 1_000_000);
const PASSWORD = 'HomePages2026x';
const today = beijingDayOf(Date.now());

type Obj = Record<string, unknown> & { total?: number };
async function read(path: string): Promise<Obj> {
  const res = await api<Obj>(admin, path);
  if (res.flag !== 1) throw new Error(`${path}: ${res.msg}`);
  return res.obj;
}
const total = (path: string) => async () => (await read(path)).total as number;

/** Each product's home: one figure against the endpoint of the page it opens, and a shortcut with where it leads. */
const HOMES: Array<{
  system: string;
  figure: string;
  expected: () => Promise<number>;
  shortcut: string;
  opens: string;
  nonzero?: boolean;
}> = [
  {
    system: 'car',
    figure: 'total',
    expected: total('/car/v4/api/vehicle/list.json?current=1&pageSize=1'),
    shortcut: 'car:alarm',
    opens: '/car/alarm',
    nonzero: true,
  },
  {
    system: 'card',
    figure: 'alarms',
    expected: total(`/card/v1/api/alarm/list.json?date=${today}&current=1&pageSize=1`),
    shortcut: 'card:attendance',
    opens: '/card/attendance',
  },
  {
    system: 'pet',
    figure: 'pets',
    expected: async () => ((await read('/pet/v1/api/pet/list.json')) as unknown as unknown[]).length,
    shortcut: 'pet:fence',
    opens: '/pet/fence',
    nonzero: true,
  },
  {
    system: 'elec-car',
    figure: 'bikes',
    expected: total('/elec-car/v1/api/bike/list.json?current=1&pageSize=1'),
    shortcut: 'elecCar:guard',
    opens: '/elec-car/guard',
    nonzero: true,
  },
  {
    system: 'elec-lease',
    figure: 'vehicles',
    expected: total('/elec-lease/v1/api/vehicle/list.json?current=1&pageSize=1'),
    shortcut: 'lease:order',
    opens: '/elec-lease/order',
  },
  {
    system: 'elec-gb',
    figure: 'pending',
    expected: total('/elec-gb/v1/api/declare/list.json?status=pending&current=1&pageSize=1'),
    shortcut: 'gb:declare',
    opens: '/elec-gb/declare',
  },
  {
    system: 'data-report',
    figure: 'offline',
    expected: total('/car/v1/accelerate/report/offline/offlineReport.json?current=1&pageSize=1'),
    shortcut: 'report:mileage',
    opens: '/data-report/dataReport/mileageReport',
    nonzero: true,
  },
  {
    system: 'dataCenter',
    figure: 'total',
    expected: async () => ((await read('/car/v4/api/dataCenter/overview.json')).fleet as { total: number }).total,
    shortcut: 'dataCenter:screen',
    opens: '/dataCenter/screen',
    nonzero: true,
  },
  {
    system: 'system',
    figure: 'terminals',
    expected: total('/car/v4/api/terminal/list.json?current=1&pageSize=1'),
    shortcut: 'system:terminal',
    opens: '/system/terminal',
    nonzero: true,
  },
];

async function encrypt(text: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl()}/oauthToken/getConfig`)).json()) as { obj: { publicKey: string } };
  return crypto
    .publicEncrypt({ key: config.obj.publicKey, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from(text))
    .toString('base64');
}

async function ok<T>(promise: Promise<{ flag: number; msg: string; obj: T }>, what: string): Promise<T> {
  const res = await promise;
  if (res.flag !== 1) throw new Error(`${what}: ${res.msg}`);
  return res.obj;
}

/** The home of a sub-product in the shell, once its figures have loaded. */
async function openHome(page: Page, system: string): Promise<Frame> {
  await page.goto(`${baseUrl()}/${system}/`);
  const frame = await childFrame(page, system);
  await frame.getByTestId('child-overview').waitFor();
  await frame.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid^="home-figure-"]')].every((e) => e.getAttribute('data-value') !== ''),
  );
  return frame;
}
const figure = (frame: Frame, key: string) => frame.getByTestId(`home-figure-${key}`).getAttribute('data-value').then(Number);

beforeAll(async () => {
  browser = await launch();
  admin = await apiLogin();
  // Something for the figures to count: a vehicle that never connects, a pet, a bike bound to a terminal.
  await addVehicle(admin, imei('86935'));
  await ok(api(admin, '/pet/v1/api/pet/save.json', { name: `首页${stamp}` }), 'pet');
  const bike = imei('86936');
  await ok(api(admin, '/car/v4/api/terminal/add.json', { terminalId: bike, protocol: 'gt06' }), 'terminal');
  await ok(api(admin, '/elec-car/v1/api/bike/bind.json', { imei: bike }), 'bike');
});
afterAll(async () => {
  await browser?.close();
});

describe('sub-product home pages (issue 35 item 2)', () => {
  it('shows each product’s figures as its pages count them, fitting 1366×768, and its shortcuts open their pages', async () => {
    const { page, context, errors } = await openTab(browser, { width: 1366, height: 768 });
    await login(page);
    for (const home of HOMES) {
      const frame = await openHome(page, home.system);
      const shown = await figure(frame, home.figure);
      expect(shown, `${home.system} ${home.figure}`).toBe(await home.expected());
      if (home.nonzero) expect(shown, `${home.system} ${home.figure}`).toBeGreaterThan(0);
      // no module cards, and the figures (and the whole home) fit the screen without scrolling
      expect(await frame.locator('.cl-module-card').count()).toBe(0);
      const content = await frame.locator('.cl-child-content').evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
      expect(content.scroll, `${home.system} scrolls`).toBeLessThanOrEqual(content.client);
      const last = (await frame.locator('[data-testid^="home-figure-"]').last().boundingBox())!;
      expect(last.y + last.height).toBeLessThanOrEqual(768 - 56);
      await shot(page, `home-${home.system}`);
      await frame.getByTestId(`home-shortcut-${home.shortcut}`).click();
      await page.waitForURL((u) => u.pathname === home.opens);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a figure’s page with the page’s filter, and another product’s page through the shell', async () => {
    const { page, context } = await openTab(browser, { width: 1366, height: 768 });
    await login(page);
    let frame = await openHome(page, 'system');
    expect(await figure(frame, 'expiring')).toBe(await total('/car/v4/api/terminal/list.json?expiring=30&current=1&pageSize=1')());
    await frame.getByTestId('home-figure-expiring').click();
    await page.waitForURL((u) => u.pathname === '/system/terminal' && u.search === '?expiring=30');
    frame = await openHome(page, 'car');
    expect(await figure(frame, 'unhandled')).toBe(
      await total('/car/v1/accelerate/report/alarm/actualTimeAlarmQuery.json?current=1&pageSize=1')(),
    );
    await frame.getByTestId('home-figure-mileage').click(); // 里程报表 is 数据报表's: the shell goes there
    await page.waitForURL((u) => u.pathname === '/data-report/dataReport/mileageReport');
    await childFrame(page, 'data-report');
    await context.close();
  });

  it('shows a restricted role only the figures and shortcuts it may open, and asks nothing it would be refused', async () => {
    const account = await ok(
      api<{ id: number }>(admin, '/car/v4/api/account/add.json', { name: `首页客户${stamp}`, kind: 'customer' }),
      'account',
    );
    // 智能车联 with 实时监控 and 车辆管理 only: no 报警中心, no 指令下发, no 数据报表
    const role = await ok(
      api<{ id: number }>(
        admin,
        '/car/v4/api/role/save.json',
        { accountId: account.id, name: `监控员${stamp}`, resourceIds: [8000, 8001, 8007] },
        true,
      ),
      'role',
    );
    const username = `e2e_home_${stamp}`;
    await ok(
      api(admin, '/car/v4/api/user/add.json', {
        accountId: account.id,
        roleId: role.id,
        username,
        name: '监控员',
        password: await encrypt(PASSWORD),
      }),
      'user',
    );
    const { page, context, errors } = await openTab(browser, { width: 1366, height: 768 });
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    page.on('response', async (r) => {
      if (!r.url().includes('.json') || !(r.headers()['content-type'] ?? '').includes('json')) return;
      const body = (await r.json().catch(() => null)) as { errorCode?: string } | null;
      if (body?.errorCode === 'common.forbidden') refused.push(r.url());
    });
    await login(page, PASSWORD, username);
    const frame = await openHome(page, 'car');
    const keys = await frame
      .locator('[data-testid^="home-figure-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(12)));
    expect(keys).toEqual(['total', 'moving', 'stopped', 'offline']);
    const shortcuts = await frame
      .locator('[data-testid^="home-shortcut-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(14)));
    expect(shortcuts).toEqual(['car:monitor', 'car:vehicle']);
    expect(await frame.getByTestId('home-recent').count()).toBe(0); // the newest alarms are 报警中心's
    await page.waitForTimeout(1000);
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
    await shot(page, 'home-car-restricted');
    await context.close();
  });
});

describe('运营大屏 inside the shell (issue 35 item 3)', () => {
  it('is covered by nothing at 1366×768 — header, alarm tip, assistant, scrollbars — and shows its panels whole', async () => {
    const { page, context } = await openTab(browser, { width: 1366, height: 768 });
    // an alarm count, so that the tip is open while the screen shows (the server's own count may be 0 here)
    await page.route('**/queryActualTimeAlarmNum.json**', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ flag: 1, msg: '操作成功', obj: { total: 2, types: [] } }) }),
    );
    await login(page);
    await page.goto(`${baseUrl()}/dataCenter/screen`);
    // read as soon as it opens, so it stays open: it folds by itself 8 s after, and the screen's
    // charts can take longer than that to load on a busy machine
    await page.getByTestId('alarm-tip').hover();
    const frame = await childFrame(page, 'dataCenter');
    await frame.locator('.dcs-body').waitFor();
    await page.waitForTimeout(1500); // charts drawn, the stage fitted
    // the stage in page pixels: the frame's place plus the child's own (both zoomed alike)
    const stage = (await frame.getByTestId('dc-screen').boundingBox())!;
    const iframe = (await page.getByTestId('subproduct-frame').boundingBox())!;
    expect(stage.x).toBeGreaterThanOrEqual(iframe.x + 199); // right of the menu column
    expect(stage.y).toBeGreaterThanOrEqual(iframe.y - 0.5); // below the header
    expect(stage.x + stage.width).toBeLessThanOrEqual(1366 + 0.5);
    expect(stage.y + stage.height).toBeLessThanOrEqual(768 + 0.5);
    const header = (await page.getByTestId('app-header').boundingBox())!;
    expect(header.y + header.height).toBeLessThanOrEqual(stage.y + 0.5);
    const overlaps = (a: { x: number; y: number; width: number; height: number }) =>
      a.x < stage.x + stage.width && a.x + a.width > stage.x && a.y < stage.y + stage.height && a.y + a.height > stage.y;
    const tip = (await page.getByTestId('alarm-tip').boundingBox())!;
    expect(overlaps(tip)).toBe(false);
    // the AI智能助手 launcher, when the server runs its assistant, docks in the header
    await page
      .waitForFunction(() => document.documentElement.dataset.assistant === 'ready', null, { timeout: 10_000 })
      .catch(() => undefined);
    if (await launcher(page).count()) expect(overlaps((await launcher(page).boundingBox())!)).toBe(false);
    // no scrollbar anywhere: the shell, the frame's page, its content
    const scrolls = await frame.evaluate(() =>
      [document.documentElement, document.querySelector('.cl-child-content')!].map((e) => [
        e.scrollHeight - e.clientHeight,
        e.scrollWidth - e.clientWidth,
      ]),
    );
    expect(scrolls.flat().every((d) => d <= 0)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight)).toBeLessThanOrEqual(0);
    // every panel within the stage, and nothing in a panel cut at its edge (whole rows only)
    const cut = await frame.evaluate(() =>
      [...document.querySelectorAll('.dcs-box')].flatMap((box) => {
        const body = box.querySelector('.dcs-box-body')!.getBoundingClientRect();
        return [...box.querySelectorAll('.dcs-box-body *')]
          .filter((e) => {
            const r = e.getBoundingClientRect();
            const meets = r.height > 0 && r.left < body.right && r.right > body.left && r.top < body.bottom && r.bottom > body.top;
            return meets && (r.bottom > body.bottom + 0.5 || r.right > body.right + 0.5 || r.top < body.top - 0.5);
          })
          .map((e) => `${box.querySelector('h3')?.textContent}: ${e.tagName}.${e.getAttribute('class') ?? ''}`);
      }),
    );
    expect(cut).toEqual([]);
    const boxes = await frame.locator('.dcs-box').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    const inner = (await frame.getByTestId('dc-screen').evaluate((e) => e.getBoundingClientRect().toJSON())) as DOMRect;
    for (const b of boxes) {
      expect(b.left).toBeGreaterThanOrEqual(inner.left - 0.5);
      expect(b.bottom).toBeLessThanOrEqual(inner.bottom + 0.5);
      expect(b.right).toBeLessThanOrEqual(inner.right + 0.5);
    }
    await shot(page, 'home-screen-in-shell-1366');
    await context.close();
  });
});
