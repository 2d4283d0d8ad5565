import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startWebhookReceiver } from '../apps/server/src/testing/webhookReceiver.ts';
import { baseUrl, launch, login, openTab, shot, toasts } from './support/browser.ts';
import { api, addVehicle, imei, until } from './support/carFleet.ts';
import { apiLogin } from './support/server.ts';
import { gatewayListening, raiseGt06Alarm } from './support/terminal.ts';
import { e2eServer } from './support/e2eServer.ts';

/**
 * Issue 15 item 3: the push settings deliver. The admin (the platform's own account, which may
 * reach its own network) points a webhook at a receiver this test runs, tests it, gets an SOS
 * from a GT06 terminal delivered to it and to the browser as a notification, and reads the
 * deliveries in the alarm's detail and the failures on the settings page.
 */
let browser: Browser;
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let session: string;
const SECRET = 'e2e-webhook-secret';

beforeAll(async () => {
  browser = await launch();
  hook = await startWebhookReceiver();
  session = await apiLogin();
  // SOS to browsers and the webhook, at every alarm (no rate limit, no quiet hours).
  await api(
    session,
    '/car/v4/api/alarm/push/configAlarmPush.json',
    { items: [{ alarmType: 'sos', enabled: true, channels: ['web', 'webhook'], quietStart: '', quietEnd: '', minIntervalMinutes: 0 }] },
    true,
  );
});
afterAll(async () => {
  await browser?.close();
  await hook?.close();
});

/** Records the notifications the page creates (headless Chromium shows none) and reports them granted. */
async function recordNotifications(page: Page) {
  await page.addInitScript(() => {
    const shown: Array<{ title: string; body: string }> = [];
    (window as unknown as { __notices: typeof shown }).__notices = shown;
    class FakeNotification {
      static permission: NotificationPermission = 'granted';
      static requestPermission = async () => 'granted' as NotificationPermission;
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string } = {}) {
        shown.push({ title, body: options.body ?? '' });
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = FakeNotification;
  });
}

describe('alarm push settings deliver (issue 15 item 3)', () => {
  it('sets up a webhook on the page and its test reaches the receiver, signed', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/center/alarmPush`);
    const push = page.getByTestId('alarm-push-page');
    await push.locator('tbody tr.ant-table-row').first().waitFor();
    await shot(page, 'alarm-push-rules');

    await push.getByRole('tab', { name: '接收设置' }).click();
    const targets = page.getByTestId('push-targets');
    await targets.getByTestId('webhook-url').fill(hook.url);
    await targets.getByTestId('webhook-secret').fill(SECRET);
    await page.getByTestId('save-push-targets').click();
    await page.locator('.ant-message-notice', { hasText: '保存成功' }).waitFor();
    await targets.getByTestId('test-webhook').click();
    await page.locator('.ant-message-notice', { hasText: '测试成功' }).waitFor();
    const test = hook.received.find((h) => h.json.event === 'test')!;
    expect(test.headers['x-chelian-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(test.raw).digest('hex')}`);
    await shot(page, 'alarm-push-targets');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an SOS from a GT06 terminal reaches the webhook and the browser, and shows in the alarm's detail", async (ctx) => {
    const port = e2eServer().gt06Port;
    if (!(await gatewayListening(port))) return ctx.skip(`the server's GT06 gateway does not listen on ${port}`);
    const { page, context, errors } = await openTab(browser);
    await recordNotifications(page);
    await login(page);
    await page.goto(`${baseUrl()}/center/alarmPush`);
    await page.getByTestId('alarm-push-page').getByRole('tab', { name: '接收设置' }).click();
    expect(await page.getByTestId('browser-notify-state').innerText()).toBe('已开启');
    await shot(page, 'alarm-push-browser');
    // The shell's first notice fetch learns where the list stands; the alarm comes after it.
    await page.waitForResponse((r) => r.url().includes('listBrowserNotice.json'));

    const vehicle = await addVehicle(session, imei('86915'));
    const before = hook.received.length;
    await raiseGt06Alarm(port, vehicle.terminalId);
    const delivered = await until(
      () => hook.received.slice(before).find((h) => (h.json.alarm as { terminalId?: string })?.terminalId === vehicle.terminalId),
      30_000,
    );
    expect(delivered.json).toMatchObject({ event: 'alarm', alarm: { plate: vehicle.plate, type: 'sos', typeName: '紧急报警' } });
    expect(delivered.headers['x-chelian-signature']).toBe(`sha256=${createHmac('sha256', SECRET).update(delivered.raw).digest('hex')}`);

    // The browser hears of it at its next fetch (every 15 s).
    await page.waitForFunction(
      (p) => (window as unknown as { __notices: Array<{ title: string }> }).__notices.some((n) => n.title === `${p} 紧急报警`),
      vehicle.plate,
      { timeout: 30_000 },
    );

    // The alarm's detail in the car app lists both deliveries.
    await page.goto(`${baseUrl()}/car/alarm`);
    const frame = page.frameLocator('[data-testid="subproduct-frame"]');
    const row = frame.locator('[data-testid="realtime-alarms-list"] tbody tr.ant-table-row', { hasText: vehicle.plate }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByTestId('alarm-deliveries').click();
    const drawer = frame.getByTestId('alarm-delivery-drawer');
    const table = drawer.getByTestId('alarm-delivery-table');
    await table.locator('tr', { hasText: 'Webhook' }).getByText('已发送').waitFor();
    await table.locator('tr', { hasText: '浏览器' }).getByText('已发送').waitFor();
    await table.locator('tr', { hasText: 'Webhook' }).locator('.ant-table-row-expand-icon').click();
    await drawer.getByTestId('delivery-attempts').getByText('HTTP 200').waitFor();
    await shot(page, 'alarm-delivery-drawer');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a webhook that refuses shows under 推送失败 with the reason, waiting to retry', async (ctx) => {
    const port = e2eServer().gt06Port;
    if (!(await gatewayListening(port))) return ctx.skip(`the server's GT06 gateway does not listen on ${port}`);
    const closed = await startWebhookReceiver();
    await closed.close();
    expect((await api(session, '/car/v4/api/alarm/push/configPushTarget.json', { webhookUrl: closed.url }, true)).flag).toBe(1);
    const vehicle = await addVehicle(session, imei('86916'));
    await raiseGt06Alarm(port, vehicle.terminalId);
    await until(async () => {
      const res = await api<{ list: Array<{ alarm: { plate: string } }> }>(session, '/car/v4/api/alarm/push/listDeliveryFailure.json');
      return res.obj.list.some((d) => d.alarm.plate === vehicle.plate);
    }, 30_000);

    const { page, context, errors } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/center/alarmPush`);
    // the badge counts failures before the tab is opened (attached: its zoom-in may still be running)
    await page.getByTestId('push-failure-count').locator('.ant-badge-count').waitFor({ state: 'attached' });
    await page
      .getByTestId('alarm-push-page')
      .getByRole('tab', { name: /推送失败/ })
      .click();
    const failed = page.getByTestId('push-failure-table').locator('tr.ant-table-row', { hasText: vehicle.plate }).first();
    await failed.getByText('连接被拒绝').waitFor();
    expect(await failed.innerText()).toMatch(/等待重试|发送失败/);
    await shot(page, 'alarm-push-failures');
    expect(errors).toEqual([]);
    expect(await toasts(page)).toEqual([]);
    await context.close();
    await api(session, '/car/v4/api/alarm/push/configPushTarget.json', { webhookUrl: '' }, true);
  });
});
