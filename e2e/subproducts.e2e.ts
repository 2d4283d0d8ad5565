import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { childFrame, postFromChild } from './support/bridge.ts';
import { apiLogin } from './support/server.ts';
import { addVehicle, imei } from './support/carFleet.ts';

const SYSTEMS: Array<[string, string, string]> = [
  ['car', '/car/', '智能车联'],
  ['card', '/card/', '智能工牌'],
  ['system', '/system/', '系统管理'],
  ['pet', '/pet/', '宠物卫士'],
  ['dataCenter', '/dataCenter/', '数据中心'],
  ['elec-car', '/elec-car/', '电单车卫士'],
  ['data-report', '/data-report/', '数据报表'],
  ['elec-lease', '/elec-lease/', '电单车租赁'],
  ['elec-gb', '/elec-gb/', '新国标'],
];

/** The vehicle dialog's poll period (DIALOG_POLL_MS in apps/web/src/shared/dialogs/dialogPosition.ts). */
const POLL_MS = 5000;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('sub-products in the shell and alone (issue 3 item 12)', () => {
  it('embeds every sub-product from /child/{system}/ with its menu from the resource list', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    for (const [system, path, title] of SYSTEMS) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByTestId('main-layout').waitFor();
      expect(await page.getByTestId('subproduct-frame').getAttribute('src')).toBe(`/child/${system}/`);
      const frame = await childFrame(page, system);
      expect(await frame.locator('[data-testid="child-app"]').getAttribute('data-system')).toBe(system);
      await frame.getByTestId('child-overview').waitFor();
      expect(await frame.locator('.ant-menu-item').count()).toBeGreaterThan(1);
      await page.waitForFunction((t) => document.title.startsWith(t), title);
      await shot(page, `subproduct-${system}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves the shell for every menu path of the resource list on a full page load (deep links, reloads)', async () => {
    const sessionId = await apiLogin();
    const res = await fetch(`${baseUrl()}/car/v1/api/resource/newList.json?version=v4&from=carWeb4`, { headers: { sessionId } });
    type Node = { type: number; path: string; children?: Node[] };
    const paths: string[] = [];
    const walk = (nodes: Node[]) =>
      nodes.forEach((n) => {
        if (n.type !== 3 && n.path) paths.push(n.path);
        walk(n.children ?? []);
      });
    walk(((await res.json()) as { obj: Node[] }).obj);
    expect(paths.length).toBeGreaterThan(20);
    const broken: string[] = [];
    for (const path of paths) {
      const page = await fetch(`${baseUrl()}${path}`);
      if (!(page.headers.get('content-type') ?? '').includes('text/html')) broken.push(`${path} → ${page.status}`);
    }
    expect(broken).toEqual([]);
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/car/vehicle`);
    await childFrame(page, 'car');
    expect(await page.getByTestId('main-layout').count()).toBe(1);
    await context.close();
  });

  it('mirrors the child’s menu in the address bar and title, and follows the shell’s history back', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/system/`);
    const frame = await childFrame(page, 'system');
    await frame.locator('.ant-menu-item', { hasText: '用户管理' }).click();
    await page.waitForURL((u) => u.pathname === '/system/user');
    await page.waitForFunction(() => document.title === '用户管理 - 车联智能管理平台');
    await frame.getByTestId('user-add').waitFor(); // the 新增用户 button its role grants
    await shot(page, 'subproduct-system-user');
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/system/');
    await frame.getByTestId('child-overview').waitFor();
    await context.close();
  });

  it('opens deep links inside the sub-product and lets the child send the shell elsewhere (goPage)', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/data-report/dataReport/mileageReport?vehicleId=7`);
    const frame = await childFrame(page, 'data-report');
    await frame.getByTestId('mileage-report').getByText('里程报表').first().waitFor(); // the data-report app's own page
    expect(new URL(frame.url()).pathname).toBe('/child/data-report/dataReport/mileageReport');
    await postFromChild(frame, 'goPage', { path: '/center/notice' });
    await page.waitForURL((u) => u.pathname === '/center/notice');
    await context.close();
  });

  it('opens the vehicle-info dialog and the image viewer for the child (showVehInfo, showImage)', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/car/`);
    const frame = await childFrame(page, 'car');
    const dialog = page.locator('.cl-vehicle-dialog');
    // Opened by its terminal: the dialog resolves terminal → vehicle and reads the vehicle once for both tabs.
    const vehicle = await addVehicle(await apiLogin(), imei('86933'));
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('/terminal/detail.json') || path.endsWith('/vehicle/detail.json')) asked.push(path);
    });
    await postFromChild(frame, 'showVehInfo', { vehicleId: vehicle.terminalId, tab: 'follow' });
    await dialog.getByTestId('follow-card').getByText(vehicle.plate).waitFor();
    await dialog.getByRole('tab', { name: '基本信息' }).click();
    await dialog.getByTestId('car-vehicle-panel').getByText(vehicle.terminalId).waitFor();
    await dialog.getByRole('tab', { name: '实时跟踪' }).click();
    await dialog.locator('.ant-tabs-tab-active', { hasText: '实时跟踪' }).waitFor();
    expect(asked.filter((p) => p.endsWith('/terminal/detail.json'))).toHaveLength(1);
    expect(asked.filter((p) => p.endsWith('/vehicle/detail.json'))).toHaveLength(1);
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });

    await postFromChild(frame, 'showVehInfo', { vehicleId: '013800138000', tab: 'follow' });
    await dialog.waitFor();
    expect(await dialog.locator('.ant-tabs-tab-active').innerText()).toBe('实时跟踪');
    await shot(page, 'vehicle-dialog-follow');
    await dialog.locator('.ant-modal-close').click();
    await postFromChild(frame, 'showVehInfo', { vehicleId: '013800138000', tab: '' });
    await dialog.locator('.ant-tabs-tab-active', { hasText: '基本信息' }).waitFor();
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });

    await postFromChild(frame, 'showImage', { urls: ['/favicon.svg', '/brand/systems/car.svg'], index: 1 });
    const viewer = page.locator('.cl-image-viewer');
    await viewer.getByText('2 / 2').waitFor();
    await shot(page, 'image-viewer');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(500);
    expect(await viewer.isVisible()).toBe(true);
    await page.mouse.click(20, 740);
    await viewer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('polls the dialog’s vehicle position once for all its tabs, and not after it closes', async () => {
    const { page, context } = await openTab(browser);
    // The page's own clock, paused below, so a poll period is exactly the time the test lets pass.
    await page.clock.install();
    // Counted where the app asks (the shell's fetch), at the moment it asks: nothing in flight is missed.
    await page.addInitScript(() => {
      if (window.top !== window) return;
      const counted = window as unknown as { __positionAsks: number };
      counted.__positionAsks = 0;
      const fetchFirst = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes('/monitor/lastPositions.json')) counted.__positionAsks += 1;
        return fetchFirst(input, init);
      };
    });
    const asks = () => page.evaluate(() => (window as unknown as { __positionAsks: number }).__positionAsks);
    await login(page);
    await page.goto(`${baseUrl()}/car/`);
    const frame = await childFrame(page, 'car');
    const dialog = page.locator('.cl-vehicle-dialog');
    const vehicle = await addVehicle(await apiLogin(), imei('86934'));
    await postFromChild(frame, 'showVehInfo', { vehicleId: String(vehicle.vehicleId), tab: 'follow' });
    await dialog.getByTestId('follow-card').getByText(vehicle.plate).waitFor();
    await dialog.getByRole('tab', { name: '基本信息' }).click();
    await dialog.getByTestId('car-vehicle-panel').getByText(vehicle.terminalId).waitFor();
    await shot(page, 'vehicle-dialog-basic');
    await dialog.getByRole('tab', { name: '实时跟踪' }).click();
    await dialog.locator('.ant-tabs-tab-active', { hasText: '实时跟踪' }).waitFor();
    await page.waitForFunction(() => (window as unknown as { __positionAsks: number }).__positionAsks > 0);

    // Both tabs visited and mounted: three poll periods ask three times (each tab polling by itself asked six).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const before = await asks();
    await page.clock.runFor(3 * POLL_MS);
    expect((await asks()) - before).toBe(3);

    // Closed (its animation on the running clock): no poll is left behind.
    await page.clock.resume();
    await dialog.locator('.ant-modal-close').click();
    await dialog.getByTestId('follow-view').waitFor({ state: 'detached' });
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const closed = await asks();
    await page.clock.runFor(3 * POLL_MS);
    expect(await asks()).toBe(closed);
    await context.close();
  });

  it('rebuilds menus, buttons and header navigation from changed resource data, and answers requests for it', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/car/`);
    const frame = await childFrame(page, 'car');
    // the child answers a request for its resource data
    await page.evaluate(() => {
      (window as unknown as { __answers: unknown[] }).__answers = [];
      window.addEventListener('message', (e) => (window as unknown as { __answers: unknown[] }).__answers.push(e.data));
      const child = document.querySelector('iframe')!.contentWindow!;
      child.postMessage({ source: 'chelian-bridge', type: 'getResourceData', payload: {} }, location.origin);
    });
    await page.waitForFunction(() =>
      (window as unknown as { __answers: Array<{ type?: string; payload?: { resources?: unknown[] } }> }).__answers.some(
        (m) => m.type === 'changeResourceData' && (m.payload?.resources?.length ?? 0) > 0,
      ),
    );
    // a narrower tree: only the car product, without vehicle management
    const reduced = await frame.evaluate(async () => {
      const res = await fetch('/car/v1/api/resource/newList.json?version=v4&from=carWeb4', {
        headers: { sessionId: localStorage.getItem('sessionId')! },
      });
      const tree = (await res.json()).obj as Array<{ platformId: number; children: Array<{ code: string }> }>;
      return tree
        .filter((n) => n.platformId === 8 || n.platformId === 0)
        .map((n) => ({ ...n, children: n.children.filter((c) => c.code !== 'car:vehicle') }));
    });
    await postFromChild(frame, 'changeResourceData', { resources: reduced });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="system-nav"] .ant-menu-item').length === 1);
    await frame.waitForFunction(() => ![...document.querySelectorAll('.ant-menu-item')].some((el) => el.textContent === '车辆管理'));
    await shot(page, 'subproduct-reduced-resources');
    await context.close();
  });

  it('runs alone at /child/{system}/ with its own header, and opens /car/playback?urlType=blank without layout', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/child/card/monitor`);
    await page.getByTestId('child-header').waitFor();
    await page.getByTestId('card-monitor').waitFor();
    expect(await page.title()).toBe('工牌定位 - 智能工牌');
    await shot(page, 'child-card-alone');
    await page.goto(`${baseUrl()}/car/playback?urlType=blank&vehicleId=7`);
    const frame = await childFrame(page, 'car');
    expect(await page.getByTestId('main-layout').count()).toBe(0);
    expect(await frame.getByTestId('child-menu').count()).toBe(0);
    expect(new URL(frame.url()).pathname).toBe('/child/car/playback');
    expect(new URL(frame.url()).searchParams.get('urlType')).toBe('blank');
    await page.waitForTimeout(1000);
    await shot(page, 'playback-blank');
    await context.close();
  });
});
