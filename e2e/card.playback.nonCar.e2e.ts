import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot, toasts } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { SteeredTerminal, api, imei, pause } from './support/carFleet.ts';
import { createSubAccount, ok } from './support/subAccount.ts';

// 轨迹回放 for an account whose only sub-product is 智能工牌: a customer whose role holds 工牌定位,
// 人员管理, 工牌管理 and 轨迹回放 of the card product alone binds a badge (GT06) to a person who
// walks three fixes. 工牌定位's 轨迹回放 opens the card product's own 轨迹回放 with that person picked
// and their track drawn — not the car product's playback in a new tab, refused to this account —
// and the car player's button is not offered there either.
let browser: Browser;
const stamp = String(Date.now() % 1_000_000);
const username = `e2e_badge_${stamp}`;
const PASSWORD = 'BadgeOnly2026x';
const badge = imei('8691882');
const name = `保洁员${stamp.slice(-3)}`;
let tracker: SteeredTerminal;
let staffId = 0;
/** the Beijing day of the fixes */
let day = '';

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  const { accountId } = await createSubAccount(admin, {
    account: `工牌客户${stamp}`,
    role: `班长${stamp}`,
    resourceIds: [11000, 11001, 11004, 1100401, 11003, 1100301, 11008],
    username,
    password: PASSWORD,
    name: '班长',
  });
  await ok(api(admin, '/car/v4/api/terminal/add.json', { terminalId: badge, protocol: 'gt06', accountId }), 'terminal');
  const owner = await apiLogin(username, PASSWORD);
  staffId = (
    await ok(api<{ staffId: number }>(owner, '/card/v1/api/staff/save.json', { name, staffNo: `B${stamp}`, job: '保洁员' }), 'staff')
  ).staffId;
  await ok(api(owner, '/card/v1/api/staff/bind.json', { staffId, terminalId: badge }), 'bind');
  tracker = new SteeredTerminal(badge);
  await tracker.connect();
  // three fixes a second apart, ending now, in one Beijing day (just after its midnight, wait until
  // they fit); the terminal was assigned before the first of them, so its history holds all three
  const sinceMidnight = (Date.now() + 8 * 3_600_000) % 86_400_000;
  await pause(Math.max(3_000, 5_000 - sinceMidnight));
  const now = Date.now();
  day = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
  await tracker.fix({ lon: 121.4737, lat: 31.2304, speed: 4, time: now - 2_000 });
  await tracker.fix({ lon: 121.4747, lat: 31.231, speed: 4, time: now - 1_000 });
  await tracker.fix({ lon: 121.4757, lat: 31.2316, speed: 4, time: now });
});
afterAll(async () => {
  tracker?.close();
  await browser?.close();
});

describe('轨迹回放 when 智能工牌 is the account’s only sub-product', () => {
  it('工牌定位’s 轨迹回放 opens the card product’s own playback with the person and their track', async () => {
    const { page, context, errors } = await openTab(browser, { width: 1440, height: 900 });
    const refused: string[] = [];
    context.on('response', async (r) => {
      if (!r.url().endsWith('.json') && !r.url().includes('.json?') && !r.url().includes('.bin?')) return;
      if (r.status() >= 400) refused.push(`${new URL(r.url()).pathname}: HTTP ${r.status()}`);
      const body = (await r.json().catch(() => null)) as { flag?: number; msg?: string } | null;
      if (body && body.flag !== undefined && body.flag !== 1) refused.push(`${new URL(r.url()).pathname}: ${body.msg}`);
    });
    await login(page, PASSWORD, username);
    await page.goto(`${baseUrl()}/card/monitor`);
    const frame = page.frameLocator('iframe').first();
    await frame.getByTestId('card-staff-item').filter({ hasText: name }).click({ timeout: 20_000 });
    const info = frame.getByTestId('card-info');
    await info.getByText(badge).waitFor();
    await info.getByRole('button', { name: '轨迹回放' }).click();
    // the same tab, the card product's page, the person picked and their three fixes drawn
    const playback = frame.getByTestId('card-playback');
    await playback.waitFor({ timeout: 20_000 });
    await playback.locator('.sp-toolbar').getByText(`${name} B${stamp}`).waitFor();
    await playback.getByTestId('card-playback-count').filter({ hasText: '轨迹点 3 个' }).waitFor({ timeout: 20_000 });
    expect(context.pages()).toHaveLength(1);
    // the car product's player is refused to this account: not offered
    expect(await playback.getByTestId('card-playback-car').count()).toBe(0);
    await shot(page, 'card-playback-card-only');
    expect(refused).toEqual([]);
    expect(await toasts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an account that holds the car product’s 轨迹回放 is offered its player beside the track', async () => {
    const { page, context, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    await page.goto(`${baseUrl()}/card/playback?staffId=${staffId}&date=${day}`);
    const playback = page.frameLocator('iframe').first().getByTestId('card-playback');
    await playback.getByTestId('card-playback-count').filter({ hasText: '轨迹点 3 个' }).waitFor({ timeout: 20_000 });
    await playback.getByTestId('card-playback-car').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
