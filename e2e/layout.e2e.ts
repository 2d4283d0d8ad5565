import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot, storageOf } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The user menu's theme labels and the names the page keeps in `<html data-theme>`. */
const THEME_NAMES: Record<string, string> = { 经典深色: 'origin', 科技蓝: 'blue', 清新绿: 'green', 默认主题: 'default' };

const bodyZoom = (page: Page) => page.evaluate(() => Number(document.body.style.zoom));

/**
 * Picks a theme from the user menu. The theme submenu opens on hover and closes with an animation
 * when the pointer leaves it; on a loaded machine a click can land on the closing item and do
 * nothing, so the pick is tried again until the page wears the theme.
 */
async function pickTheme(page: Page, label: string) {
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '主题切换' }).hover();
    await page.getByRole('menuitem', { name: label }).click();
    const chosen = await page
      .waitForFunction((l) => document.documentElement.dataset.theme === l, THEME_NAMES[label], { timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (chosen || attempt === 3) break;
    await page.keyboard.press('Escape');
  }
  await page.waitForFunction(() => !document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)'));
}

describe('layout, scaling, themes and persisted state (issue 3 items 5, 7, 8)', () => {
  it('shows the main layout on sub-product paths only: bare shell routes, none on /login', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    expect(await page.getByTestId('main-layout').count()).toBe(0);
    expect(await page.getByTestId('portal-bar').count()).toBe(1);
    await page.goto(`${baseUrl()}/car/`);
    await page.getByTestId('main-layout').waitFor();
    const nav = page.getByTestId('system-nav');
    await nav.getByText('智能车联').waitFor();
    expect(await page.getByTestId('user-menu').count()).toBe(1);
    expect(await page.getByTestId('alarm-bell').count()).toBe(1);
    await page.goto(`${baseUrl()}/center/notice`);
    await page.getByTestId('center-layout').waitFor();
    expect(await page.getByTestId('main-layout').count()).toBe(0);
    await page.goto(`${baseUrl()}/login`);
    await page.getByTestId('login-new').waitFor();
    expect(await page.getByTestId('main-layout').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('scales the body to the window against 1366×768, between 0.5 and 1, on resize', async () => {
    const { page, context } = await openTab(browser, { width: 1024, height: 600 });
    await page.goto(`${baseUrl()}/login`);
    await page.getByTestId('login-new').waitFor();
    expect(await bodyZoom(page)).toBe(0.75);
    await shot(page, 'login-scaled-1024x600');
    await page.setViewportSize({ width: 500, height: 300 });
    await page.waitForFunction(() => document.body.style.zoom === '0.5');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.waitForFunction(() => document.body.style.zoom === '1');
    await page.setViewportSize({ width: 1366, height: 700 });
    await page.waitForFunction(() => Number(document.body.style.zoom) === 0.911);
    await context.close();
  });

  it('switches between the four themes from the user menu and keeps the choice', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/car/`);
    await page.getByTestId('subproduct-frame').waitFor();
    const primary = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--cl-primary').trim().toUpperCase());
    expect(await primary()).toBe('#1265E0');
    const themes: Array<[string, string, string]> = [
      ['经典深色', 'origin', '#1677FF'],
      ['科技蓝', 'blue', '#2F54EB'],
      ['清新绿', 'green', '#0E9F6E'],
      ['默认主题', 'default', '#1265E0'],
    ];
    for (const [label, name, color] of themes) {
      await pickTheme(page, label);
      await page.waitForFunction(
        (c) => getComputedStyle(document.documentElement).getPropertyValue('--cl-primary').trim().toUpperCase() === c,
        color,
      );
      expect(JSON.parse((await storageOf(page)).chelian_themeValue ?? '"default"')).toBe(name);
      const headerBg = await page.getByTestId('app-header').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(headerBg).not.toBe('rgba(0, 0, 0, 0)');
      // the sub-product frame follows the theme through the shared storage
      const frame = page.frameLocator('[data-testid="subproduct-frame"]');
      await frame.locator('[data-testid="child-app"]').waitFor();
      await page.waitForTimeout(300);
      await shot(page, `theme-${name}`);
      const childPrimary = await frame
        .locator('html')
        .evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--cl-primary').trim().toUpperCase());
      expect(childPrimary).toBe(color);
    }
    await pickTheme(page, '清新绿');
    await page.reload();
    await page.getByTestId('main-layout').waitFor();
    expect(await primary()).toBe('#0E9F6E');
    const button = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.color = 'var(--cl-primary)';
      document.body.appendChild(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    });
    expect(button).toBe('rgb(14, 159, 110)');
    await pickTheme(page, '默认主题');
    await context.close();
  });

  it('persists the spec keys under the system-name prefix and clears the right ones on logout', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/car/`);
    await page.getByTestId('group-selector').waitFor();
    let stored = await storageOf(page);
    expect(JSON.parse(stored.chelian_currentSystem)).toMatchObject({ systemId: 'car', path: '/car/', title: '智能车联' });
    expect(JSON.parse(stored.chelian_systemId)).toBe('car');
    expect(JSON.parse(stored.chelian_navUserClient)).toHaveProperty('userId');
    expect(Object.keys(JSON.parse(stored.chelian_dictionary)).length).toBeGreaterThan(0);
    expect(stored.chelian_alarmVoiceOn ?? 'true').toBe('true');
    await page.getByTestId('alarm-bell').click();
    const voice = page.getByTestId('alarm-voice-switch');
    await voice.waitFor();
    expect(await voice.getAttribute('aria-checked')).toBe('true');
    // the popover may still be settling under load: click until the switch reports off
    for (let i = 0; i < 3 && (await voice.getAttribute('aria-checked')) !== 'false'; i++) {
      await voice.click();
      await page.waitForTimeout(300);
    }
    await page.waitForFunction(() => localStorage.getItem('chelian_alarmVoiceOn') === 'false');
    await shot(page, 'alarm-bell');
    await page.keyboard.press('Escape');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page
      .getByRole('button', { name: '确 定' })
      .or(page.getByRole('button', { name: '确定' }))
      .click();
    await page.waitForURL((u) => u.pathname === '/login');
    stored = await storageOf(page);
    for (const key of [
      'sessionId',
      'USER',
      'chelian_user',
      'chelian_navUserClient',
      'chelian_alarmRealTime',
      'chelian_themeValue',
      'chelian_dictionary',
      'chelian_history',
    ]) {
      expect(stored, key).not.toHaveProperty(key);
    }
    expect(stored).toHaveProperty('chelian_systemList');
    expect(stored.chelian_alarmVoiceOn).toBe('false');
    await context.close();
  });

  it('starts every product page the same 20 px from the menu and the header (--cl-page-gap)', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    // 智能车联 (its own list page), 系统管理 (its tree-and-table frame), 电单车卫士 (the card-style sp-page)
    for (const path of ['/car/vehicle', '/system/user', '/elec-car/bikes']) {
      await page.goto(`${baseUrl()}${path}`);
      const frame = page.frameLocator('[data-testid="subproduct-frame"]');
      const page0 = frame.locator('.cl-child-content > *').first();
      await page0.waitFor();
      const menu = (await frame.getByTestId('child-menu').boundingBox())!;
      const content = (await frame.locator('.cl-child-content').boundingBox())!;
      // the page's first card: a frame page (sys-page, sp-page) is a transparent box around it
      const card = (await frame.locator('.car-page, .sys-page > *, .sp-page > *').first().boundingBox())!;
      expect([Math.round(card.x - (menu.x + menu.width)), Math.round(card.y - content.y)], path).toEqual([20, 20]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the vehicle-group selector only where the sub-product asks for it', async () => {
    const { page, context } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/car/monitor`);
    await page.getByTestId('group-selector').waitFor();
    await page.getByTestId('group-selector').locator('.ant-select').click();
    await page.locator('.ant-select-tree-title', { hasText: '平台' }).first().waitFor();
    await shot(page, 'group-selector');
    await page.keyboard.press('Escape');
    await page.getByTestId('system-nav').getByText('系统管理').click();
    await page.waitForURL((u) => u.pathname === '/system/');
    await page.frameLocator('[data-testid="subproduct-frame"]').locator('[data-testid="child-app"]').waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="group-selector"]'));
    await context.close();
  });
});
