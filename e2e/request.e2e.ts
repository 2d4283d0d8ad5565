import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot, toasts } from './support/browser.ts';
import { apiLogout } from './support/server.ts';
import { childFrame } from './support/bridge.ts';
import { e2eServer } from './support/e2eServer.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const NOTICES = '**/car/v1/helpCenter/helpMessage/pageHelpMessage**';

async function toastText(page: Page): Promise<string> {
  await page.locator('.ant-message-notice').first().waitFor();
  const all = await toasts(page);
  expect(all).toHaveLength(1);
  return all[0];
}

describe('the request layer’s error catalogue (issue 3 item 9)', () => {
  it('shows one 会话过期 dialog for an expired session; 关闭 stays, 登录 goes to /login', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/center/security`);
    await page.getByTestId('security-page').waitFor();
    await apiLogout((await page.evaluate(() => localStorage.getItem('sessionId')))!);
    await page.getByTestId('center-menu').getByText('站内信').click();
    const dialog = page.locator('.cl-session-expired');
    await dialog.waitFor();
    expect(await dialog.count()).toBe(1);
    expect(await dialog.innerText()).toContain('会话过期');
    expect(await dialog.innerText()).toContain('当前会话已过期，请重新登录');
    await shot(page, 'session-expired');
    await dialog
      .getByRole('button', { name: '关 闭' })
      .or(dialog.getByRole('button', { name: '关闭' }))
      .click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/center/notice');
    await page.getByTestId('center-menu').getByText('下载中心').click();
    await dialog.waitFor();
    await dialog
      .getByRole('button', { name: '登 录' })
      .or(dialog.getByRole('button', { name: '登录' }))
      .click();
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });

  it('inside a sub-product: one 会话过期 dialog (the shell’s, none in the frame); 登录 returns to the page (issue 35 item 6)', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/system/user`);
    const frame = await childFrame(page, 'system');
    await frame.getByTestId('user-add').waitFor();
    await apiLogout((await page.evaluate(() => localStorage.getItem('sessionId')))!);
    await frame.locator('.ant-menu-item', { hasText: '操作日志' }).click();
    const dialog = page.locator('.cl-session-expired');
    await dialog.waitFor();
    await page.waitForTimeout(1500); // the frame's other calls and the shell's polls meet 4010 too
    expect(await dialog.count()).toBe(1);
    expect(await frame.locator('.cl-session-expired').count()).toBe(0);
    await dialog
      .getByRole('button', { name: '登 录' })
      .or(dialog.getByRole('button', { name: '登录' }))
      .click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/system/audit');
    await page.locator('#username').fill('admin');
    await page.locator('#password').fill(e2eServer().adminPassword);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/system/audit');
    await context.close();
  });

  it('goes straight to /login without a dialog when the resource list answers 4010', async () => {
    const { page, context } = await openTab(browser);
    await page.goto(`${baseUrl()}/login`);
    await page.evaluate(() => localStorage.setItem('sessionId', 'expired-session-0000000000000000'));
    let resourceCall = false;
    page.on('response', (r) => {
      if (r.url().includes('/car/v1/api/resource/newList.json')) resourceCall = true;
    });
    await page.goto(`${baseUrl()}/center/notice`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('login-new').waitFor();
    expect(resourceCall).toBe(true);
    await page.waitForTimeout(500);
    expect(await page.locator('.cl-session-expired').count()).toBe(0);
    await context.close();
  });

  it('shows the server’s msg for a refused call', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/center/detail?id=987654`);
    expect(await toastText(page)).toBe('消息不存在或已删除');
    await context.close();
  });

  it('shows transport failures in Chinese and 网络异常 for HTTP errors without a msg', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.route(NOTICES, (route) => route.abort('failed'));
    await page.goto(`${baseUrl()}/center/notice`);
    expect(await toastText(page)).toBe('网络连接失败，请检查网络后重试');
    await shot(page, 'network-error');
    await page.unroute(NOTICES);
    await page.route(NOTICES, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }));
    await page.getByTestId('center-menu').getByText('安全中心').click();
    await page.getByTestId('security-page').waitFor();
    await page.getByTestId('center-menu').getByText('站内信').click();
    await page.waitForFunction(() => document.querySelector('.ant-message-notice')?.textContent?.includes('网络异常'));
    await context.close();
  });

  it('rejects a nonzero code and an answer without flag', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    const reply = { body: '' };
    await page.route(NOTICES, (route) => route.fulfill({ contentType: 'application/json', body: reply.body }));
    reply.body = JSON.stringify({ code: 503, flag: 1, msg: '服务繁忙，请稍后再试', obj: { total: 1, current: 1, pageSize: 10, list: [] } });
    await page.goto(`${baseUrl()}/center/notice`);
    expect(await toastText(page)).toBe('服务繁忙，请稍后再试');
    reply.body = JSON.stringify({ total: 0, list: [] });
    await page.getByTestId('center-menu').getByText('安全中心').click();
    await page.getByTestId('security-page').waitFor();
    await page.getByTestId('center-menu').getByText('站内信').click();
    await page.waitForFunction(() => document.querySelector('.ant-message-notice')?.textContent === '网络异常');
    await context.close();
  });
});
