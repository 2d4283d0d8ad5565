import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, login, openTab, shot, toasts } from './support/browser.ts';
import { apiLogin } from './support/server.ts';

// Issue 15 item 2, 终端管理: the home page's 30 天内到期 opens the expiring list; a renewal of one
// terminal from there moves its expiry a year on and shows in its history.
let browser: Browser;
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const soon = `86912000${stamp}1`;
const later = `86912000${stamp}2`;
const DAY = 86_400_000;

async function api(sessionId: string, path: string, fields: Record<string, string>) {
  const res = await fetch(`${inject('baseUrl')}${path}`, { method: 'POST', headers: { sessionId, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
  const body = (await res.json()) as { flag: number; msg: string };
  if (body.flag !== 1) throw new Error(`${path}: ${body.msg}`);
}

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  await api(admin, '/car/v4/api/terminal/add.json', { terminalId: soon, protocol: 'gt06', sim: '1440012345678', serviceExpiresAt: String(Date.now() + 5 * DAY) });
  await api(admin, '/car/v4/api/terminal/add.json', { terminalId: later, protocol: 'gt06', serviceExpiresAt: String(Date.now() + 200 * DAY) });
});
afterAll(async () => {
  await browser?.close();
});

describe('终端管理', () => {
  it('opens the 30-day list from the home page, renews a terminal by a year and shows its history', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 860 });
    await login(page);
    await page.getByTestId('home-expiring').click();
    await page.waitForURL((u) => u.pathname === '/system/terminal' && u.search === '?expiring=30');
    const frame = page.frameLocator('iframe').first();
    const table = frame.getByTestId('terminal-table');
    await table.getByText(soon).waitFor({ timeout: 20_000 });
    expect(await table.getByText(later).count()).toBe(0);
    await shot(page, 'system-terminal-expiring');

    await table.locator('tr', { hasText: soon }).getByTestId('terminal-renew').click();
    await frame.getByTestId('renew-preview').waitFor();
    await shot(page, 'system-terminal-renew');
    await frame.locator('.ant-modal-footer .ant-btn-primary').click();
    await frame.getByText('已为 1 台终端续费').waitFor();
    // Renewed past 30 days, it leaves the expiring list.
    await table.getByText(soon).waitFor({ state: 'detached' });

    await frame.getByRole('tab', { name: '全部终端' }).click();
    await table.locator('tr', { hasText: soon }).getByTestId('terminal-history').click();
    const history = frame.getByTestId('renewal-table');
    await history.getByText('1 年').waitFor();
    await shot(page, 'system-terminal-history');
    expect(errors).toEqual([]);
    expect(await toasts(page)).not.toContain('请求失败');
  });
});
