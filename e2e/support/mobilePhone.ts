import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl } from './browser.ts';
import { smsCodeFor } from './server.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A phone in Chromium's mobile emulation: 390×844, touch, zh-CN, in the given colour scheme; page errors
 * collected. `userAgent`: another browser's (WeChat's in-app browser says MicroMessenger).
 */
export async function openPhone(
  browser: Browser,
  colorScheme: 'light' | 'dark' = 'light',
  storageState?: StorageState,
  userAgent?: string,
) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    colorScheme,
    ...(storageState ? { storageState } : {}),
    ...(userAgent ? { userAgent } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** An invited person logs in to 掌上车联 as they would: 短信登录, the code from the server's SMS outbox. */
export async function smsLogin(page: Page, phone: string): Promise<void> {
  await page.goto(`${baseUrl()}/m/login?by=sms`);
  await page.locator('input[type="tel"]').fill(phone);
  const sentAt = Date.now() - 1000;
  await page.getByTestId('send-sms').tap();
  const code = await smsCodeFor(phone, sentAt, 20_000);
  await page.locator('input[autocomplete="one-time-code"]').fill(code);
  await page.locator('button[type="submit"]').tap();
}

/** Waits until the map under `testId` has drawn its basemap and layers (a screenshot then shows them). */
export async function mapDrawn(page: Page, testId: string, timeout = 30_000): Promise<void> {
  await page.locator(`[data-testid="${testId}"][data-map-ready="true"]`).waitFor({ timeout });
  await page.waitForFunction(
    (id) => {
      const canvas = document.querySelector(`[data-testid="${id}"] .cl-map-canvas`) as
        (Element & { maplibre?: { loaded(): boolean } }) | null;
      return canvas?.maplibre?.loaded() === true;
    },
    testId,
    { timeout },
  );
}

/** The name of the style the map under `testId` draws (darkStyle.ts names a dark twin "…-dark"). */
export async function mapStyleName(page: Page, testId: string): Promise<string> {
  return page.evaluate((id) => {
    const canvas = document.querySelector(`[data-testid="${id}"] .cl-map-canvas`) as
      (Element & { maplibre?: { getStyle(): { name?: string } } }) | null;
    return canvas?.maplibre?.getStyle().name ?? '';
  }, testId);
}
