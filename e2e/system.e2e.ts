import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, openTab, shot, toasts } from './support/browser.ts';
import { apiLogin } from './support/server.ts';

// Issue 15 item 2: the system sub-product's 账户管理, 角色管理 and 用户管理 pages. The admin builds
// a dealer, a customer under it, a role for the customer and a user holding it; that user then
// logs in and sees only what the role grants.
let browser: Browser;
const stamp = String(Date.now() % 1_000_000);
const dealer = `华东经销商${stamp}`;
const customer = `杭州车队${stamp}`;
const roleName = `调度员${stamp}`;
const username = `e2e_dispatch_${stamp}`;
const PASSWORD = 'Dispatch2026x';

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Logs in over HTTP and hands the session to the web app (the login screen has its own tests). */
async function login(page: Page, password?: string, username?: string) {
  const sessionId = await apiLogin(username, password);
  await page.goto(`${baseUrl()}/404`);
  await page.evaluate((id) => localStorage.setItem('sessionId', id), sessionId);
  await page.goto(`${baseUrl()}/home`);
  await page
    .getByTestId('home-page')
    .waitFor({ timeout: 20_000 })
    .catch(async (error) => {
      await shot(page, 'system-login-failed');
      throw new Error(`home did not open at ${page.url()}: ${await page.locator('body').innerText()}`, { cause: error });
    });
}

const openSystem = async (page: Page, path: string, testId: string) => {
  await page.goto(`${baseUrl()}/child/system/${path}`);
  await page
    .getByTestId(testId)
    .waitFor({ timeout: 20_000 })
    .catch(async (error) => {
      await shot(page, `system-${path}-failed`);
      throw new Error(`${path} did not open: ${await page.locator('body').innerText()}`, { cause: error });
    });
  await page.locator('.ant-table-tbody').first().waitFor();
  await page.waitForTimeout(400);
};

/** Picks `label` in the open form's TreeSelect / Select found by test id or label. */
async function pick(page: Page, field: ReturnType<Page['locator']>, label: string) {
  await field.click();
  await page
    .locator('.ant-select-dropdown:visible')
    .getByTitle(label, { exact: true })
    .or(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }))
    .first()
    .click();
}

describe('system management', () => {
  it('admin → dealer → customer → role → user, who logs in with only what the role grants', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 860 });
    await login(page);

    // 账户管理: a dealer under the platform, a customer under the dealer.
    await openSystem(page, 'account', 'system-account');
    await page.getByTestId('account-add').click();
    await page.getByTestId('account-name').fill(dealer);
    await pick(page, page.getByTestId('account-kind'), '经销商');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await page.getByText(dealer).waitFor();
    const dealerRow = page.locator('tr', { has: page.getByText(dealer, { exact: true }) });
    await dealerRow.getByTestId('account-add-child').click();
    await page.getByTestId('account-name').fill(customer);
    await page.locator('.ant-modal .ant-btn-primary').click();
    await page.getByText(customer).waitFor();
    await page.getByTestId('account-search').locator('input').fill(customer);
    await page.getByTestId('account-search').locator('input').press('Enter');
    await page.waitForTimeout(400);
    expect(await page.getByTestId('account-row-name').allInnerTexts()).toEqual(expect.arrayContaining([dealer, customer]));
    await shot(page, 'system-account');
    // The dealer holds the customer: its delete is refused (disabled, with the reason).
    expect(await dealerRow.getByTestId('account-delete').isDisabled()).toBe(true);

    // 角色管理: a role of the customer granting 实时监控 only.
    await openSystem(page, 'role', 'system-role');
    await page.getByTestId('role-add').click();
    await pick(page, page.locator('.ant-modal .ant-tree-select').first(), customer);
    await page.getByTestId('role-name').fill(roleName);
    await page.getByTestId('role-resources').locator('.ant-tree-treenode', { hasText: '实时监控' }).locator('.ant-tree-checkbox').click();
    await shot(page, 'system-role-form');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await page.getByText(roleName).waitFor();
    await shot(page, 'system-role');

    // 用户管理: a user of the customer holding that role.
    await openSystem(page, 'user', 'system-user');
    await page.getByTestId('user-add').click();
    await pick(page, page.getByTestId('user-account'), customer);
    await pick(page, page.getByTestId('user-role'), roleName);
    await page.getByTestId('user-username').fill(username);
    await page.getByTestId('user-name').fill('小王');
    await page.getByTestId('user-phone').fill(`139${stamp.padStart(8, '0')}`);
    await page.getByTestId('user-password').fill(PASSWORD);
    await page.locator('.ant-modal .ant-btn-primary').click();
    await page.getByText(username).waitFor();
    await shot(page, 'system-user');
    expect(errors).toEqual([]);

    // The new user sees 智能车联 with 实时监控, and no 系统管理.
    const other = await openTab(browser, { width: 1440, height: 860 });
    // Every call refused for want of a permission, from the login on: the home page, the header and
    // its widgets make none (a role without 站内信 has no notices to ask for).
    const refused: string[] = [];
    other.page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
      void r.json().then(
        (b: { msg?: string }) => b?.msg === '没有该操作的权限' && refused.push(r.url()),
        () => undefined,
      );
    });
    await login(other.page, PASSWORD, username);
    const systems = await other.page.getByTestId('home-systems').innerText();
    expect(systems).toContain('智能车联');
    expect(systems).not.toContain('系统管理');
    await shot(other.page, 'system-new-user-home');
    await other.page.waitForTimeout(1500);
    expect(refused).toEqual([]);
    await other.page.goto(`${baseUrl()}/child/system/account`);
    await other.page.getByTestId('child-forbidden').waitFor();
    expect(await other.page.getByTestId('account-table').count()).toBe(0);
    // a deep link to a car page the role lacks (指令下发): 没有访问权限, and none of the page's calls is made
    await other.page.goto(`${baseUrl()}/child/car/command`);
    expect(await other.page.getByTestId('child-forbidden').innerText()).toContain('没有访问权限');
    await other.page.waitForTimeout(1500);
    expect(refused).toEqual([]);
    expect(other.errors).toEqual([]);
    expect(await toasts(page)).not.toContain('没有该操作的权限');
  });
});
