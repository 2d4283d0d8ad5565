import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot, whileOpen } from './support/browser.ts';
import { answers, ask, launcher, openPanel, panel, switchOn, widget } from './support/assistantWidget.ts';
import { apiLogin } from './support/server.ts';
import { api, addVehicle, imei, startSimulated, until } from './support/carFleet.ts';
import { e2eServer } from './support/e2eServer.ts';

// Issue 22: the platform's own AI智能助手 — the script the server builds and serves at
// /ai/assistant.js and its API under /ai/ — in Chromium, as a logged-in operator uses it.
// (e2e/assistant.e2e.ts holds the shell's loader against a stand-in script on another host.)
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const focused = (page: Page) =>
  page.evaluate(() => document.getElementById('chelian-assistant')?.shadowRoot?.activeElement?.tagName ?? document.activeElement?.tagName);

describe('AI智能助手 served by the platform', () => {
  it('is asked for only when switched on and only for a logged-in user', async () => {
    for (const on of [false, true]) {
      const { page, context } = await openTab(browser);
      if (on) await switchOn(context);
      const asked: string[] = [];
      page.on('request', (r) => r.url().includes('/ai/') && asked.push(r.url()));
      await page.goto(`${baseUrl()}/login`);
      await page.getByTestId('login-new').waitFor();
      await page.waitForTimeout(800);
      expect(asked, 'on the login page').toEqual([]);
      await login(page);
      if (on) await page.waitForFunction(() => document.documentElement.dataset.assistant === 'ready');
      else await page.waitForTimeout(3500); // past the idle wait's longest
      expect(await widget(page).count()).toBe(on ? 1 : 0);
      expect(asked.some((u) => u.endsWith('/ai/assistant.js'))).toBe(on);
      await context.close();
    }
  });

  it('is served as its own small script, sits 30 px from the right and is used by keyboard', async () => {
    const script = await fetch(`${baseUrl()}/ai/assistant.js`, { headers: { 'accept-encoding': 'br' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('content-encoding')).toBe('br');

    // the admin's conversation starts empty (history is kept per user on the server)
    expect((await api(await apiLogin('admin', e2eServer().adminPassword), '/ai/clearHistory.json', {})).flag).toBe(1);
    const { page, context, errors } = await openTab(browser);
    await switchOn(context);
    // the user's chatLogo (queryUserInfo.chatLogo, from getUser.json) is the assistant's face
    const LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#fa8c16"/></svg>')}`;
    await context.route(
      '**/car/v1/api/user/getUser.json',
      whileOpen(async (route) => {
        const body = await (await route.fetch()).json();
        await route.fulfill({ json: { ...body, obj: { ...body.obj, chatLogo: LOGO } } });
      }),
    );
    await login(page);
    await page.waitForFunction(() => document.documentElement.dataset.assistant === 'ready');
    expect(await launcher(page).locator('img').getAttribute('src')).toBe(LOGO);
    const box = (await launcher(page).boundingBox())!;
    expect(Math.round(1366 - (box.x + box.width))).toBe(30);
    await expect.poll(() => launcher(page).innerText()).toContain('AI智能助手');

    await launcher(page).focus();
    await page.keyboard.press('Enter');
    await panel(page).waitFor();
    await widget(page).locator('.log[aria-busy="false"]').waitFor();
    expect(await launcher(page).getAttribute('aria-expanded')).toBe('true');
    expect(await focused(page)).toBe('TEXTAREA');
    // an empty history: the welcome and the sixteen suggested questions
    await widget(page).locator('.chips button').first().waitFor();
    expect(await widget(page).locator('.chips button').count()).toBe(16);

    const answer = await ask(page, '设备接入的在线域名和端口是多少？');
    const text = await answer.innerText();
    expect(text).toContain('localhost');
    expect(text).toContain(String(e2eServer().gt06Port));
    await shot(page, 'assistant-widget');

    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'hidden' });
    expect(await launcher(page).getAttribute('aria-expanded')).toBe('false');
    expect(await focused(page)).toBe('BUTTON');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers each of the sixteen suggested questions from the knowledge base', async () => {
    const { page, context } = await openTab(browser);
    await switchOn(context);
    await login(page);
    await page.waitForFunction(() => document.documentElement.dataset.assistant === 'ready');
    await openPanel(page);
    await widget(page).getByRole('button', { name: '常见问题' }).click();
    const chips = widget(page).locator('.chips').last().locator('button');
    expect(await chips.count()).toBe(16);
    for (let i = 0; i < 16; i++) {
      const question = await chips.nth(i).innerText();
      const before = await answers(page).count();
      await chips.nth(i).click();
      await until(async () => (await answers(page).count()) > before, 15_000, 100);
      const last = answers(page).last();
      expect(await last.getAttribute('data-kind'), question).toBe('knowledge');
      expect(await last.innerText(), question).toContain(`来源：${question}`);
    }
    await context.close();
  });

  it('tells where a simulated vehicle is and its button opens that vehicle; the history survives a reload', async () => {
    const admin = await apiLogin('admin', e2eServer().adminPassword);
    const id = imei('8688');
    const vehicle = await addVehicle(admin, id);
    const [terminal] = startSimulated([id], 1);
    type Last = { lat: number; lon: number; gpsTime: number };
    const latest = () => api<Last[]>(admin, `/car/v4/api/monitor/lastPositions.json?terminalIds=${id}`).then((r) => r.obj?.[0]);
    await until(latest, 30_000, 300);
    terminal!.stop();
    await new Promise((r) => setTimeout(r, 1500)); // the last fix in flight is stored
    const where = (await latest())!;

    const { page, context } = await openTab(browser);
    await switchOn(context);
    await login(page);
    await page.waitForFunction(() => document.documentElement.dataset.assistant === 'ready');
    await openPanel(page);
    const answer = await ask(page, `${vehicle.plate}在哪`);
    const text = await answer.innerText();
    expect(text).toContain(vehicle.plate);
    expect(text).toContain(`经度 ${where.lon.toFixed(6)}，纬度 ${where.lat.toFixed(6)}`);
    expect(text).toContain('深圳');
    await shot(page, 'assistant-widget-location');

    await answer.getByRole('button', { name: '实时跟踪' }).click();
    await page.locator('.cl-vehicle-dialog .ant-tabs-tab-active', { hasText: '实时跟踪' }).waitFor();
    await page.locator('.cl-vehicle-dialog', { hasText: vehicle.plate }).waitFor();
    await page.locator('.cl-vehicle-dialog .ant-modal-close').click();

    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.assistant === 'ready');
    await openPanel(page);
    expect(
      await widget(page)
        .locator('.msg.user', { hasText: `${vehicle.plate}在哪` })
        .count(),
    ).toBe(1);
    await context.close();
  });

  it('sits in the header on every page, so no page keeps a band at its foot for it (e2e/navigation.e2e.ts: clear of every list)', async () => {
    const { page, context, errors } = await openTab(browser);
    await switchOn(context);
    await login(page);
    for (const path of ['/car/vehicle', '/system/terminal', '/elec-car/bikes', '/center/notice']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.waitForFunction(() => document.documentElement.dataset.assistant === 'ready');
      const shell = path.startsWith('/center/');
      const header = (await page.getByTestId(shell ? 'portal-bar' : 'app-header').boundingBox())!;
      const box = (await launcher(page).boundingBox())!;
      expect(box.y + box.height, path).toBeLessThanOrEqual(header.y + header.height);
      const html = shell ? page.locator('html') : page.frameLocator('[data-testid="subproduct-frame"]').locator('html');
      const clearance = await html.evaluate((el) => getComputedStyle(el).getPropertyValue('--cl-assistant-clearance').trim());
      expect(clearance, path).toBe('0px');
    }
    await shot(page, 'assistant-in-header');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps its input above the real-time alarm tip while the panel is open', async () => {
    const { page, context } = await openTab(browser);
    await switchOn(context);
    await page.route('**/car/v1/accelerate/report/alarm/queryActualTimeAlarmNum.json**', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ flag: 1, msg: '操作成功', obj: { total: 3, types: [] } }) }),
    );
    await login(page);
    await page.getByTestId('alarm-tip').getByText('您有 3 条未处理的实时报警').waitFor();
    await page.getByTestId('alarm-tip').hover(); // read, so it stays open (it folds by itself within seconds)
    await page.waitForFunction(() => document.documentElement.dataset.assistant === 'ready');
    await openPanel(page);
    const input = (await panel(page).getByRole('textbox').boundingBox())!;
    // the tip (if it has not folded into the bell since the pointer left it) sits at the foot of the
    // menu column, clear of the panel's input; whatever is drawn at the input's centre is the widget
    const tip = (await page.getByTestId('alarm-tip').count()) ? await page.getByTestId('alarm-tip').boundingBox() : null;
    if (tip) expect(tip.x + tip.width).toBeLessThan(input.x);
    const topmost = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('#chelian-assistant, [data-testid="alarm-tip"]')?.id ?? 'other',
      [input.x + input.width / 2, input.y + input.height / 2],
    );
    expect(topmost).toBe('chelian-assistant');
    await panel(page).getByRole('textbox').click();
    expect(await focused(page)).toBe('TEXTAREA');
    await shot(page, 'assistant-over-alarm-tip');
    await context.close();
  });
});
