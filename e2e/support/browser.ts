import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { e2eServer } from './e2eServer.ts';

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
];

export function baseUrl(host = 'localhost'): string {
  const url = new URL(e2eServer().baseUrl);
  url.hostname = host;
  return url.origin;
}

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** uncaught page errors and Content-Security-Policy violations: every test expects none */
  errors: string[];
}

/**
 * Content-Security-Policy violations seen by any tab since the last take (support/cspGuard.ts
 * fails the test they happened in): the app must run under the policy the server sends. Caught
 * twice over: the securitypolicyviolation event in every frame (sub-products in their iframes
 * too), and Chromium's console message (workers too).
 */
const cspViolations = new Set<string>();

export function takeCspViolations(): string[] {
  const seen = [...cspViolations];
  cspViolations.clear();
  return seen;
}

async function watchCsp(context: BrowserContext, errors: string[]) {
  const record = (text: string) => {
    if (cspViolations.has(text)) return;
    cspViolations.add(text);
    errors.push(`CSP: ${text}`);
  };
  await context.exposeBinding('__chelianCspViolation', (_source, text: string) => record(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __chelianCspViolation?: (text: string) => void }).__chelianCspViolation;
      void report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || location.href}:${e.lineNumber}`);
    });
  });
  // Chromium's console line: the fallback where no page event fires (a worker's own fetches)
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text) && !/report-only/i.test(text)) record(text.slice(0, 300));
  });
}

export async function openTab(browser: Browser, options: { width?: number; height?: number; timezoneId?: string } = {}): Promise<Tab> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1366, height: options.height ?? 768 },
    locale: 'zh-CN',
    acceptDownloads: true,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const errors: string[] = [];
  await watchCsp(context, errors);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/**
 * A route handler that lets go quietly when its tab or context closed while it was fetching
 * (the test had finished with the page): Playwright then rejects with "disposed"/"closed", which
 * would surface as an unhandled rejection of a test that passed. Any other error is thrown.
 */
export function whileOpen<A extends unknown[]>(handler: (...args: A) => Promise<unknown>): (...args: A) => Promise<void> {
  return async (...args) => {
    try {
      await handler(...args);
    } catch (error) {
      if (!/disposed|has been closed|Target closed/i.test(String((error as Error)?.message ?? error))) throw error;
    }
  };
}

/**
 * Waits until an antd dialog has closed. Its data-testid sits on the dialog's root, whose children
 * are all fixed-position: the root itself has no box, so it reads as hidden even while the dialog
 * is open — the dialog's wrap is what shows and takes the clicks until it closes.
 */
export async function dialogClosed(dialog: Locator, timeout = 60_000): Promise<void> {
  await dialog.locator('.ant-modal-wrap').waitFor({ state: 'hidden', timeout });
}

/** Logs in through the newer login screen and waits for the home page. */
export async function login(page: Page, password = e2eServer().adminPassword, username = 'admin', host?: string): Promise<void> {
  await page.goto(`${baseUrl(host)}/login`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  try {
    await page.waitForURL((u) => u.pathname === '/home', { timeout: 20_000 });
  } catch (error) {
    await shot(page, `login-failed-${Date.now()}`);
    throw new Error(`login did not reach /home; toasts: ${(await toasts(page)).join(' | ')}`, { cause: error });
  }
  await page.getByTestId('home-page').waitFor();
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.waitForTimeout(400); // let antd's open animations (dialogs, toasts, popovers) finish
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

export async function storageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
}

/** The visible antd toasts' texts. */
export async function toasts(page: Page): Promise<string[]> {
  return page.locator('.ant-message-notice').allInnerTexts();
}
