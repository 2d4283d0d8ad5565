import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, openTab, shot } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { SteeredTerminal, api, imei, plate, until } from './support/carFleet.ts';
import { createSubAccount, ok } from './support/subAccount.ts';

// Issue 16 item 3: the data centre on a customer's own fleet. The admin makes a customer with a
// user whose role holds only 数据中心; three GT06 terminals join it — one driving in Shenzhen, one
// parked in Beijing, one never connected — and the pages must show exactly those figures, then
// count a new alarm from a real terminal without a reload.
let browser: Browser;
const stamp = String(Date.now() % 1_000_000);
const username = `e2e_dc_${stamp}`;
const PASSWORD = 'DataCentre2026x';
const SHENZHEN = { lon: 114.06, lat: 22.55 };
const BEIJING = { lon: 116.4, lat: 39.91 };
let driving: SteeredTerminal;
let parked: SteeredTerminal;
let drivingPlate = '';

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  const { accountId } = await createSubAccount(admin, {
    account: `数据中心客户${stamp}`,
    role: `大屏值守${stamp}`,
    resourceIds: [17000, 17001, 17002],
    username,
    password: PASSWORD,
    name: '值守员',
  });
  const add = async (terminalId: string) => {
    const p = plate();
    await ok(api(admin, '/car/v4/api/vehicle/add.json', { plate: p, terminalId, protocol: 'gt06', accountId }), 'vehicle');
    return p;
  };
  const ids = [imei('86930'), imei('86931'), imei('86932')];
  drivingPlate = await add(ids[0]);
  await add(ids[1]);
  await add(ids[2]); // never connects: offline, no position
  driving = new SteeredTerminal(ids[0]);
  parked = new SteeredTerminal(ids[1]);
  await driving.connect();
  await parked.connect();
  await driving.fix({ ...SHENZHEN, speed: 42 });
  await parked.fix({ ...BEIJING, speed: 0 });
});
afterAll(async () => {
  driving?.close();
  parked?.close();
  await browser?.close();
});

async function openAs(page: Page, path: string, testId: string) {
  const sessionId = await apiLogin(username, PASSWORD);
  await page.goto(`${baseUrl()}/404`);
  await page.evaluate((id) => localStorage.setItem('sessionId', id), sessionId);
  await page.goto(`${baseUrl()}/child/dataCenter/${path}`);
  await page
    .getByTestId(testId)
    .waitFor({ timeout: 20_000 })
    .catch(async (error) => {
      await shot(page, `data-center-${testId}-failed`);
      throw new Error(`${path} did not open: ${await page.locator('body').innerText()}`, { cause: error });
    });
}

/** Whether the 大屏's map looks different 700 ms later. */
async function mapMoves(page: Page): Promise<boolean> {
  const map = page.getByTestId('dc-map');
  const first = await map.screenshot();
  await page.waitForTimeout(700);
  return !first.equals(await map.screenshot());
}

const figure = (page: Page, key: string) => page.getByTestId(key).locator('.dc-figure-value, strong').first().innerText();

describe('数据中心', () => {
  it("数据总览 shows the customer's fleet as sent, and counts a new alarm without a reload", async () => {
    const { page, errors } = await openTab(browser, { width: 1920, height: 1080 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openAs(page, 'overview', 'dc-overview');
    const figures = async () =>
      Object.fromEntries(
        await Promise.all(
          ['total', 'online', 'moving', 'parked', 'offline', 'alarmsToday'].map(async (k) => [k, await figure(page, `dc-figure-${k}`)]),
        ),
      );
    await until(async () => (await figures()).online === '2', 20_000);
    expect(await figures()).toEqual({ total: '3', online: '2', moving: '1', parked: '1', offline: '1', alarmsToday: '0' });
    // Every kind counted and named beside the fleet: three 车辆, none of the others (docs/asset-kinds.md).
    const kind = async (k: string) => {
      const el = page.getByTestId(`dc-kind-${k}`);
      return [await el.getAttribute('data-total'), await el.getAttribute('data-online'), await el.innerText()];
    };
    expect(await kind('vehicle')).toEqual(['3', '2', '车辆 3（在线 2 · 今日报警 0）']);
    expect(await kind('ebike')).toEqual(['0', '0', '电单车 0（在线 0 · 今日报警 0）']);
    expect(await kind('badge')).toEqual(['0', '0', '人员 0（在线 0 · 今日报警 0）']);
    expect(await kind('pet')).toEqual(['0', '0', '宠物 0（在线 0 · 今日报警 0）']);
    const areas = await page.getByTestId('dc-region-row').allInnerTexts();
    const rows = areas.map((t) => t.replace(/\s+/g, ' '));
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([expect.stringContaining('北京 · 东城区 1 / 1'), expect.stringContaining('广东 · 深圳市 1 / 1')]),
    );
    await page.getByTestId('dc-live').and(page.locator('[data-status="open"]')).waitFor({ timeout: 15_000 });
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await driving.alarm({ ...SHENZHEN, speed: 42 }, 'sos');
    await until(async () => (await figure(page, 'dc-figure-alarmsToday')) === '1', 20_000);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.waitForTimeout(600); // the charts settle
    await shot(page, 'data-center-overview');
    expect(await page.locator('.ant-menu-item-selected').innerText()).toBe('数据总览');
    // Its button opens the 大屏 inside the app, whose menu follows.
    await page.getByTestId('dc-open-screen').click();
    await page.getByTestId('dc-screen').waitFor();
    expect(new URL(page.url()).pathname).toBe('/child/dataCenter/screen');
    expect(await page.locator('.ant-menu-item-selected').innerText()).toBe('运营大屏');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('运营大屏 fills 1920×1080 with the same figures and lists the alarm', async () => {
    const { page, errors } = await openTab(browser, { width: 1920, height: 1080 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openAs(page, 'screen?urlType=blank', 'dc-screen');
    await until(
      async () => (await page.getByTestId('dcs-figure-total').count()) > 0 && (await figure(page, 'dcs-figure-total')) === '3',
      20_000,
    );
    expect(await figure(page, 'dcs-figure-alarmsToday')).toBe('1');
    expect(await page.getByTestId('dcs-alarms').innerText()).toContain(drivingPlate);
    const box = await page.getByTestId('dc-screen').boundingBox();
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([1920, 1080]);
    await page.waitForTimeout(1500); // the map's boundaries
    await shot(page, 'data-center-screen');
    // Asked for reduced motion, the busiest areas' dots stand still (a 大屏 runs for days: their
    // ripple redrew a full-screen layer every frame); without the ask they pulse.
    expect(await mapMoves(page)).toBe(false);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await openAs(page, 'screen?urlType=blank', 'dc-screen');
    await page.waitForTimeout(1500);
    expect(await mapMoves(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
