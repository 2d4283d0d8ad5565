import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot, whileOpen } from './support/browser.ts';
import { contentSecurityPolicy, policyText } from '../apps/server/src/http/securityHeaders.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const SCRIPT = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/assistant.js'), 'utf8');
const SCRIPT_URL = 'https://ai.chelian.test/assistant.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Serves the real runtime configuration with AI addresses set, and the assistant script. */
async function configureAi(context: BrowserContext, ai: { aiBaseUrl: string; aiScriptUrl: string }) {
  await context.route(
    '**/runtime-config.js',
    whileOpen(async (route) => {
      const res = await route.fetch();
      const text = await res.text();
      const config = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
      await route.fulfill({
        contentType: 'application/javascript',
        body: `window.__CHELIAN_CONFIG__ = ${JSON.stringify({ ...config, ...ai })};`,
      });
    }),
  );
  await context.route(SCRIPT_URL, (route) => route.fulfill({ contentType: 'application/javascript', body: SCRIPT }));
  // ...and pages under the policy a server so configured sends (it allows the assistant's hosts)
  const { runtime } = loadConfig({}, []);
  const policy = policyText(contentSecurityPolicy({ runtime: { ...runtime, ...ai }, servedOverHttps: false }));
  await context.route(
    '**/*',
    whileOpen(async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const res = await route.fetch();
      await route.fulfill({ response: res, headers: { ...res.headers(), 'content-security-policy': policy } });
    }),
  );
}

type Win = {
  __assistantInit?: { right: number; name: string; questions: string[]; at: number; baseUrl: string };
  __assistantLoadedAt?: number;
};

describe('the assistant loader (issue 3 item 13)', () => {
  it('loads nothing unless both AI addresses are configured', async () => {
    for (const ai of [undefined, { aiBaseUrl: 'https://ai.chelian.test/', aiScriptUrl: '' }]) {
      const { page, context } = await openTab(browser);
      if (ai) await configureAi(context, ai);
      await login(page);
      await page.waitForTimeout(1000);
      expect(await page.locator('#chelian-assistant-script').count()).toBe(0);
      await context.close();
    }
  });

  it('loads the script after login, 30 px from the right, ready 500 ms after it loads', async () => {
    const { page, context } = await openTab(browser);
    await configureAi(context, { aiBaseUrl: 'https://ai.chelian.test/', aiScriptUrl: SCRIPT_URL });
    await page.goto(`${baseUrl()}/login`);
    await page.getByTestId('login-new').waitFor();
    expect(await page.locator('#chelian-assistant-script').count()).toBe(0);
    await login(page);
    await page.waitForFunction(() => document.documentElement.dataset.assistant === 'ready');
    const started = await page.evaluate(() => ({
      ...(window as unknown as Win).__assistantInit!,
      loadedAt: (window as unknown as Win).__assistantLoadedAt!,
    }));
    expect(started.right).toBe(30);
    expect(started.name).toBe('AI智能助手');
    expect(started.baseUrl).toBe('https://ai.chelian.test/');
    expect(started.questions).toHaveLength(16);
    expect(started.at - started.loadedAt).toBeGreaterThanOrEqual(490);
    const box = await page.locator('#test-assistant').boundingBox();
    expect(Math.round(1366 - (box!.x + box!.width))).toBe(30);
    await shot(page, 'assistant');
    await context.close();
  });

  it('carries out the chat actions: dialog, reports, playback in a new tab; unknown ones are only logged', async () => {
    const { page, context } = await openTab(browser);
    await configureAi(context, { aiBaseUrl: 'https://ai.chelian.test/', aiScriptUrl: SCRIPT_URL });
    await login(page);
    await page.waitForFunction(() => document.documentElement.dataset.assistant === 'ready');
    const act = (action: object) =>
      page.evaluate((a) => (window as unknown as { __assistantAct: (x: object) => void }).__assistantAct(a), action);

    await act({ type: 'location', vehicleId: 12 });
    await page.locator('.cl-vehicle-dialog .ant-tabs-tab-active', { hasText: '实时跟踪' }).waitFor();
    await page.locator('.cl-vehicle-dialog .ant-modal-close').click();

    await act({ type: 'mileageReport', vehicleId: 12 });
    await page.waitForURL((u) => u.pathname === '/data-report/dataReport/mileageReport' && u.searchParams.get('vehicleId') === '12');

    const opened = context.waitForEvent('page');
    await act({ type: 'playback', vehicleId: 12 });
    const tab = await opened;
    await tab.waitForURL((u) => u.pathname === '/car/playback');
    expect(new URL(tab.url()).searchParams.get('urlType')).toBe('blank');
    await tab.locator('[data-testid="subproduct-frame"]').waitFor();
    expect(await tab.getByTestId('main-layout').count()).toBe(0);

    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    const before = page.url();
    await act({ type: 'launchRocket', vehicleId: 12 });
    await page.waitForTimeout(300);
    expect(logs.some((l) => l.includes('launchRocket'))).toBe(true);
    expect(page.url()).toBe(before);
    await context.close();
  });
});
