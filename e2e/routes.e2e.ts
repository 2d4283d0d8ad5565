import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { apiLogin } from './support/server.ts';

const BRAND = '车联智能管理平台';
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('routes, titles, branding and the progress bar (issue 3 items 1–3)', () => {
  it('sends an anonymous visitor from / via /home to /login, with branding applied', async () => {
    const { page, errors, context } = await openTab(browser);
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByTestId('login-new').waitFor();
    expect(await page.title()).toBe(`登录 - ${BRAND}`);
    expect(await page.locator('#app').count()).toBe(1);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('车辆与资产定位管理平台');
    expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toContain('GPS定位');
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    await shot(page, 'login-new');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks the branding up once per load, goes to /reload on failure and retries from there', async () => {
    const { page, context } = await openTab(browser);
    let lookups = 0;
    let fail = true;
    await page.route('**/car/v1/api/custom/queryCustomInfo.json**', async (route) => {
      lookups += 1;
      if (fail)
        await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ flag: 0, msg: '站点配置不存在', obj: null }) });
      else await route.continue();
    });
    await page.goto(`${baseUrl()}/login`);
    await page.waitForURL((u) => u.pathname === '/reload');
    await page.getByText('站点信息加载失败').waitFor();
    await shot(page, 'reload');
    fail = false;
    const before = lookups;
    await page.getByRole('button', { name: /重新加载/ }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(lookups).toBe(before + 1);
    // Further navigations in the same load do not look it up again.
    await page.evaluate(() => history.pushState(null, '', '/home'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await page.waitForURL((u) => u.pathname === '/login');
    expect(lookups).toBe(before + 1);
    await context.close();
  });

  it('titles every route with the page and brand title, and redirects / and /center', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    expect(await page.title()).toBe(`首页 - ${BRAND}`);
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL((u) => u.pathname === '/home');
    await page.goto(`${baseUrl()}/center`);
    await page.waitForURL((u) => u.pathname === '/center/notice');
    const titles: Record<string, string> = {
      '/center/notice': '站内信',
      '/center/security': '安全中心',
      '/center/download': '下载中心',
      '/center/detail': '公告详情',
      '/center/alarmSetting': '报警设置',
      '/center/alarmPush': '推送设置',
    };
    for (const [path, title] of Object.entries(titles)) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForFunction((t) => document.title === t, `${title} - ${BRAND}`);
      await page.getByTestId('center-layout').waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads each route lazily', async () => {
    const { page, context } = await openTab(browser);
    const chunks: string[] = [];
    page.on('request', (r) => {
      const m = /\/assets\/([A-Za-z]+Page)-/.exec(r.url());
      if (m) chunks.push(m[1]);
    });
    await login(page);
    expect(chunks).toContain('LoginPage');
    expect(chunks).toContain('HomePage');
    expect(chunks).not.toContain('NoticePage');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '系统中心' }).click();
    await page.waitForURL((u) => u.pathname === '/center/notice');
    expect(chunks).toContain('NoticePage');
    expect(chunks).not.toContain('SecurityPage');
    await context.close();
  });

  it('shows /404 inside the main layout for unknown shell paths', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.waitForURL((u) => u.pathname === '/404');
    await page.getByText('抱歉，您访问的页面不存在。').waitFor();
    expect(await page.getByTestId('main-layout').count()).toBe(1);
    await shot(page, 'not-found');
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((u) => u.pathname === '/home');
    await context.close();
  });

  it('adopts a session handed over to /checkLogin', async () => {
    const sessionId = await apiLogin();
    const { page, context } = await openTab(browser);
    await page.goto(`${baseUrl()}/checkLogin?sessionId=${sessionId}&redirect=${encodeURIComponent('/center/security')}`);
    await page.waitForURL((u) => u.pathname === '/center/security');
    await page.getByTestId('security-page').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBe(sessionId);
    await context.close();
  });

  it('shows the progress bar with the spec settings while a route loads', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.route('**/assets/SecurityPage-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.goto(`${baseUrl()}/center/notice`);
    await page.getByTestId('center-menu').getByText('安全中心').click();
    const bar = page.locator('#nprogress .bar');
    await bar.waitFor({ state: 'attached' });
    const style = (await bar.getAttribute('style')) ?? '';
    expect(style).toContain('500ms');
    await page.waitForURL((u) => u.pathname === '/center/security');
    await page.getByTestId('security-page').waitFor();
    await page.locator('#nprogress').waitFor({ state: 'detached' });
    await context.close();
  });
});
