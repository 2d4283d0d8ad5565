import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot, takeCspViolations } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { XSS_CASES } from '../apps/server/src/testing/xssCases.ts';
import { sanitizeRichText } from '../apps/server/src/modules/notices/richText.ts';

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
    await context.route('https://evil.example/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: 'window.__foreign = true' }),
    );
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

  it('shows a notice made of the OWASP XSS filter-evasion cases without running any of them', async () => {
    const session = await apiLogin();
    const api = async (path: string, init: RequestInit = {}) =>
      (await fetch(`${baseUrl()}${path}`, { ...init, headers: { sessionId: session, ...(init.headers ?? {}) } })).json();
    const me = await api('/car/v1/api/user/getUser.json');
    // Cases the allow-list closes over what follows them (an unclosed <script> or <style>) each get
    // a notice of their own; the rest share one, so every case reaches the page.
    const tagged = XSS_CASES.map((c, i) => `<p>#${i + 1}</p>${c}`);
    const swallows = (html: string) => !sanitizeRichText(`${html}<p>#after</p>`).includes('#after');
    const notices = [tagged.filter((c) => !swallows(c)).join('\n'), ...tagged.filter(swallows)];
    const stamp = Date.now();
    const ids: number[] = [];
    for (const [n, html] of notices.entries()) {
      const title = `XSS 过滤测试 ${stamp}-${n + 1}`;
      const published = await api('/car/v4/api/notice/publish.json', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'notice', title, html, accountIds: [me.obj.accountId] }),
      });
      expect(published.flag).toBe(1);
      const inbox = await api('/car/v1/helpCenter/helpMessage/pageHelpMessage?pageSize=50');
      ids.push(inbox.obj.list.find((m: { title: string }) => m.title === title).id);
    }

    const { page, context, errors } = await openTab(browser);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await context.route('http://xss.invalid/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: 'alert("XSS from xss.invalid")' }),
    );
    await login(page);
    const shown = new Set<string>();
    for (const id of ids) {
      await page.goto(`${baseUrl()}/center/detail?id=${id}`);
      const body = page.locator('.cl-message-html');
      await body.waitFor();
      for (const n of (await body.innerText()).match(/#\d+/g) ?? []) shown.add(n);
      // every handler an evasion might have kept: hover, focus, click, toggle each element
      await page.evaluate(() => {
        for (const el of document.querySelectorAll('.cl-message-html *')) {
          for (const type of ['mouseover', 'focus', 'toggle', 'load', 'error']) el.dispatchEvent(new Event(type));
          if (!(el instanceof HTMLAnchorElement)) (el as HTMLElement).click?.();
        }
      });
      await page.waitForTimeout(400);
      if (id === ids[0]) await shot(page, 'security-xss-notice');
      expect(
        await page.evaluate(
          () =>
            document.querySelectorAll(
              '.cl-message-html script, .cl-message-html iframe, .cl-message-html object, .cl-message-html svg, .cl-message-html [style]',
            ).length,
        ),
      ).toBe(0);
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('.cl-message-html *')].flatMap((el) => el.getAttributeNames()).filter((a) => a.startsWith('on')),
        ),
      ).toEqual([]);
    }
    expect(shown.size).toBe(XSS_CASES.length); // every case was on a page
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]); // nor anything the Content-Security-Policy had to stop
    await context.close();
  });
});
