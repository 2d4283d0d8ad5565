import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot, toasts } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { SteeredTerminal, api, imei } from './support/carFleet.ts';
import { createSubAccount, ok } from './support/subAccount.ts';

// The vehicle dialog for an account whose only sub-product is not the car one: a customer whose
// role holds 电单车卫士's 我的车辆 and 车辆监控 alone binds a bike and follows it. Running alone at
// /child/elec-car/ its own page shows the dialog with the default panel (shared/dialogs/VehiclePanel.tsx:
// the last position, its address, online and speed); inside the shell the shell's dialog shows the
// full panel without the car product's 轨迹回放 and 指令下发, which the account does not hold (a
// button into a refused page before). Either way the bike is shown, and nothing is refused.
let browser: Browser;
const stamp = String(Date.now() % 1_000_000);
const username = `e2e_ebike_${stamp}`;
const PASSWORD = 'EbikeOnly2026x';
const id = imei('8691881');
const plate = `电A${stamp.slice(-5)}`;
const SHANGHAI = { lon: 121.4737, lat: 31.2304 };
let bikeId = 0;
let tracker: SteeredTerminal;

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  const { accountId } = await createSubAccount(admin, {
    account: `电单车客户${stamp}`,
    role: `车主${stamp}`,
    resourceIds: [18000, 18004, 1800401, 18001],
    username,
    password: PASSWORD,
    name: '车主',
  });
  await ok(api(admin, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06', accountId }), 'terminal');
  tracker = new SteeredTerminal(id);
  await tracker.connect();
  await tracker.fix({ ...SHANGHAI, speed: 12 });
  const owner = await apiLogin(username, PASSWORD);
  bikeId = (await ok(api<{ bikeId: number }>(owner, '/elec-car/v1/api/bike/bind.json', { imei: id, plate }), 'bind')).bikeId;
});
afterAll(async () => {
  tracker?.close();
  await browser?.close();
});

/** Clicks 跟踪 on 车辆监控 and waits for the dialog on its 实时跟踪 tab. */
async function follow(page: Page, body: Page | ReturnType<Page['frameLocator']>): Promise<Locator> {
  await body.getByTestId('ec-monitor').getByText(plate).first().waitFor({ timeout: 20_000 });
  await body.getByTestId('ec-follow').click();
  const dialog = page.locator('.cl-vehicle-dialog');
  await dialog.locator('.ant-tabs-tab-active', { hasText: '实时跟踪' }).waitFor();
  return dialog;
}

describe('the vehicle dialog when 电单车卫士 is the account’s only sub-product', () => {
  it('alone at /child/elec-car/, shows the bike in the default panel on both tabs', async () => {
    const { page, context, errors } = await openTab(browser);
    const refused: string[] = [];
    page.on('response', async (r) => {
      if (!r.url().endsWith('.json')) return;
      const body = (await r.json().catch(() => null)) as { flag?: number; msg?: string } | null;
      if (body && body.flag !== undefined && body.flag !== 1) refused.push(`${new URL(r.url()).pathname}: ${body.msg}`);
    });
    const sessionId = await apiLogin(username, PASSWORD);
    await page.goto(`${baseUrl()}/404`);
    await page.evaluate((sid) => localStorage.setItem('sessionId', sid), sessionId);
    await page.goto(`${baseUrl()}/child/elec-car/monitor?bikeId=${bikeId}`);
    await page.getByTestId('child-header').waitFor();
    const dialog = await follow(page, page);
    const panel = dialog.getByTestId('vehicle-position');
    await panel.getByText(id).waitFor();
    await panel.getByText(plate).waitFor();
    await panel.getByText('12 km/h').waitFor();
    await panel.getByText('在线').waitFor();
    // the title names the bike by its plate, as the car product's panel does (its id before)
    await dialog.locator('.ant-modal-title', { hasText: `车辆信息 · ${plate}` }).waitFor();
    expect(await dialog.getByTestId('car-vehicle-panel').count()).toBe(0);
    await shot(page, 'vehicle-dialog-default-panel-follow');
    await dialog.getByRole('tab', { name: '基本信息' }).click();
    await dialog.locator('.ant-tabs-tab-active', { hasText: '基本信息' }).waitFor();
    // both tabs' panels stay mounted: the one on 基本信息
    await dialog.getByRole('tabpanel', { name: '基本信息' }).getByTestId('vehicle-position').getByText(id).waitFor();
    await shot(page, 'vehicle-dialog-default-panel');
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(refused).toEqual([]);
    expect(await toasts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in the shell, the shell’s dialog shows the same bike', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page, PASSWORD, username);
    await page.goto(`${baseUrl()}/elec-car/monitor?bikeId=${bikeId}`);
    const frame = page.frameLocator('iframe').first();
    const dialog = await follow(page, frame);
    await dialog.getByText(plate).first().waitFor({ timeout: 20_000 });
    await dialog.locator('.ant-modal-title', { hasText: `车辆信息 · ${plate}` }).waitFor();
    await dialog.getByRole('tab', { name: '基本信息' }).click();
    await dialog.getByText(id).first().waitFor({ timeout: 20_000 });
    // the car product's 轨迹回放 and 指令下发, which this account does not hold, are not offered
    expect(await dialog.getByTestId('open-playback').count()).toBe(0);
    expect(await dialog.getByText('指令下发').count()).toBe(0);
    expect(await frame.getByRole('button', { name: '轨迹回放' }).count()).toBe(0);
    await shot(page, 'vehicle-dialog-shell-ebike-only');
    expect(await toasts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
