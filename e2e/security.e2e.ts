import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, login, openTab, takeCspViolations } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the web app under its Content-Security-Policy (issue 23)', () => {
  it('gets the policy and the other headers with its pages, and runs logged in', async () => {
    const { page, context, errors } = await openTab(browser);
    const res = await page.goto(`${baseUrl()}/login`);
    const headers = res!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    await login(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('blocks an injected inline script and a script from another host, and the browser tests see each violation', async () => {
    const { page, context } = await openTab(browser);
    await context.route('https://evil.example/**', (route) => route.fulfill({ contentType: 'application/javascript', body: 'window.__foreign = true' }));
    await page.goto(`${baseUrl()}/login`);
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { __injected?: boolean; __foreign?: boolean };
      const inline = document.createElement('script');
      inline.textContent = 'window.__injected = true';
      document.body.appendChild(inline);
      const foreign = document.createElement('script');
      foreign.src = 'https://evil.example/x.js';
      document.body.appendChild(foreign);
      await new Promise((r) => setTimeout(r, 300));
      return { inline: w.__injected === true, foreign: w.__foreign === true };
    });
    expect(ran).toEqual({ inline: false, foreign: false });
    await page.waitForTimeout(300);
    const seen = takeCspViolations(); // taken here, so the guard after this test finds none
    expect(seen.some((v) => v.startsWith('script-src-elem blocked inline'))).toBe(true);
    expect(seen.some((v) => v.startsWith('script-src-elem blocked https://evil.example/x.js'))).toBe(true);
    await context.close();
  });
});
