import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot, storageOf, toasts } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Fills the form and submits it; resolves with the token call's answer, waited for before the click so a fast answer is not missed. */
async function attempt(page: Page, username: string, password: string, code?: string) {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  if (code !== undefined) await page.getByTestId('captcha-input').fill(code);
  const answer = page.waitForResponse((r) => r.url().includes('/oauth/v4/token'));
  await page.getByTestId('login-submit').click();
  return answer;
}

describe('login screens (issue 3 item 4)', () => {
  it('serves the newer screen with account and SMS tabs and shows one toast at a time', async () => {
    const { page, context } = await openTab(browser);
    await page.goto(`${baseUrl()}/login`);
    await page.getByTestId('login-new').waitFor();
    await page.getByRole('tab', { name: '短信登录' }).waitFor();
    expect(await page.getByTestId('main-layout').count()).toBe(0);
    await attempt(page, 'admin', 'wrong-password-1');
    await page.locator('.ant-message-notice').first().waitFor();
    const first = await toasts(page);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/[\u4e00-\u9fa5]/);
    await attempt(page, 'admin', 'wrong-password-2');
    await page.waitForTimeout(800);
    expect(await toasts(page)).toHaveLength(1);
    await context.close();
  });

  it('asks for the image captcha once the server demands it', async () => {
    const { page, context } = await openTab(browser);
    const user = `nobody${Date.now()}`;
    await page.goto(`${baseUrl()}/login`);
    await page.getByTestId('login-new').waitFor();
    expect(await page.getByTestId('captcha-image').count()).toBe(0);
    for (let i = 0; i < 4 && (await page.getByTestId('captcha-image').count()) === 0; i++) {
      await attempt(page, user, `bad-${i}`);
      await page.waitForTimeout(400);
    }
    const image = page.getByTestId('captcha-image');
    await image.waitFor();
    const src = (await image.getAttribute('src')) ?? '';
    expect(src).toMatch(/^data:image\/svg\+xml/);
    await shot(page, 'login-captcha');
    await image.click();
    await page.waitForFunction((old) => document.querySelector('[data-testid="captcha-image"]')?.getAttribute('src') !== old, src);
    const answer = await attempt(page, user, 'bad-again', '0000');
    const body = (await answer.json()) as { flag: number; msg: string };
    expect(body.flag).not.toBe(1);
    await page.locator('.ant-message-notice').first().waitFor();
    expect(await toasts(page)).toHaveLength(1);
    await context.close();
  });

  it('stores sessionId and USER on success and loads the user', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    const stored = await storageOf(page);
    expect(stored.sessionId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(JSON.parse(stored.USER)).toMatchObject({ username: 'admin' });
    expect(typeof JSON.parse(stored.USER).userId).toBe('number');
    expect(JSON.parse(stored.chelian_user)).toMatchObject({ username: 'admin', isPlatformAdmin: true });
    expect(JSON.parse(stored.chelian_queryUserInfo)).toHaveProperty('chatLogo');
    expect(JSON.parse(stored.chelian_systemList).map((s: { systemId: string }) => s.systemId)).toContain('car');
    await shot(page, 'home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the older screen its captcha as the image getCodeImg draws (spec §7)', async () => {
    const { page, context } = await openTab(browser);
    const user = `legacy${Date.now()}`;
    await page.goto(`${baseUrl('legacy.localhost')}/login`);
    await page.getByTestId('login-legacy').waitFor();
    for (let i = 0; i < 4 && (await page.getByTestId('captcha-image').count()) === 0; i++) {
      await attempt(page, user, `bad-${i}`);
      await page.waitForTimeout(400);
    }
    const image = page.getByTestId('captcha-image');
    await image.waitFor();
    const src = (await image.getAttribute('src')) ?? '';
    expect(src).toMatch(/\/oauth\/getCodeImg\?codeKey=[0-9a-f]{32}$/);
    await page.waitForFunction(
      () => ((document.querySelector('[data-testid="captcha-image"]') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0,
    );
    await image.click();
    await page.waitForFunction((old) => document.querySelector('[data-testid="captcha-image"]')?.getAttribute('src') !== old, src);
    // A wrong answer under the screen's own key: refused as a captcha failure, and a new image.
    const before = (await image.getAttribute('src')) ?? '';
    const answer = await attempt(page, user, 'bad-again', 'zzzz');
    expect(((await answer.json()) as { errorCode?: string }).errorCode).toBe('auth.captchaRequired');
    await page.waitForFunction((old) => document.querySelector('[data-testid="captcha-image"]')?.getAttribute('src') !== old, before);
    await context.close();
  });

  it('serves the older screen on the legacy host, without SMS login', async () => {
    const { page, context } = await openTab(browser);
    await page.goto(`${baseUrl('legacy.localhost')}/login`);
    await page.getByTestId('login-legacy').waitFor();
    expect(await page.getByRole('tab', { name: '短信登录' }).count()).toBe(0);
    expect(await page.title()).toContain('经典版');
    await shot(page, 'login-legacy');
    await login(page, undefined, 'admin', 'legacy.localhost');
    await context.close();
  });
});
