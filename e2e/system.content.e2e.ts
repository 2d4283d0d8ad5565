import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, openTab, shot, toasts } from './support/browser.ts';
import { apiLogin } from './support/server.ts';

// Issue 15 item 2: 系统管理 › 品牌设置 and 内容发布, as the platform administrator.
let browser: Browser;
const stamp = String(Date.now() % 1_000_000);
const host = `gps${stamp}.example.com`;
const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#e8590c"/><path d="M8 22l8-12 8 12z" fill="#fff"/></svg>';

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, path: string, testId: string) {
  const sessionId = await apiLogin();
  await page.goto(`${baseUrl()}/404`);
  await page.evaluate((id) => localStorage.setItem('sessionId', id), sessionId);
  await page.goto(`${baseUrl()}/child/system/${path}`);
  await page
    .getByTestId(testId)
    .waitFor({ timeout: 20_000 })
    .catch(async (error) => {
      await shot(page, `system-${path}-failed`);
      throw new Error(`${path} did not open: ${await page.locator('body').innerText()}`, { cause: error });
    });
  await page.locator('.ant-table-tbody').first().waitFor();
}

describe('系统管理 › 品牌设置 and 内容发布', () => {
  it('brands a host with an uploaded icon and a live preview; queryCustomInfo serves it', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 900 });
    await open(page, 'branding', 'system-branding');
    await page.getByTestId('branding-add').click();
    await page.getByTestId('branding-host').fill(host);
    await page.getByTestId('branding-title').fill('华东物流定位平台');
    await page.getByTestId('branding-file').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(ICON_SVG) });
    await page.locator('.sys-brand-preview img[src*="icon?id="]').first().waitFor();
    await page.locator('textarea').first().fill('华东物流车辆实时监控与调度');
    await expect.poll(() => page.getByTestId('branding-preview').innerText()).toContain('华东物流定位平台');
    await shot(page, 'system-branding-edit');
    await page.getByTestId('branding-style').getByText('经典版').click();
    await shot(page, 'system-branding-edit-legacy');

    // an SVG with a script is refused with a Chinese reason
    await page.getByTestId('branding-file').setInputFiles({
      name: 'bad.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('不能包含脚本'));

    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByTestId('branding-table').getByText(host).waitFor();
    await shot(page, 'system-branding');
    const info = await (await fetch(`${baseUrl()}/car/v1/api/custom/queryCustomInfo.json?url=${host}`)).json();
    expect(info.obj).toMatchObject({ title: '华东物流定位平台', legacyLogin: true });
    expect(errors).toEqual([]);
  });

  it('publishes a rich-text notice to an account and lists it with recipients and read counts', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 900 });
    await open(page, 'notice', 'system-notice');
    await page.getByTestId('notice-publish').click();
    await page.getByTestId('notice-title').fill(`系统维护通知 ${stamp}`);
    await page.getByTestId('notice-recipients').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-checkbox').first().click();
    await page.keyboard.press('Escape');
    const editor = page.getByTestId('notice-editor');
    await editor.click();
    await page.keyboard.type('今晚 22:00 至 23:00 平台维护，');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('期间实时定位暂停');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('，历史轨迹不受影响。');
    await shot(page, 'system-notice-publish');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => toasts(page)).toContainEqual(expect.stringContaining('已发布'));
    await page.getByTestId('notice-table').getByText(`系统维护通知 ${stamp}`).waitFor();
    await shot(page, 'system-notice');
    await page.getByTestId('notice-table').getByText(`系统维护通知 ${stamp}`).click();
    await page.locator('.ant-modal .sys-rich-text b, .ant-modal .sys-rich-text strong').first().waitFor();
    await shot(page, 'system-notice-view');

    // the administrator's own account received it: the centre shows the rich text
    const sessionId = await page.evaluate(() => localStorage.getItem('sessionId'));
    const inbox = await (
      await fetch(`${baseUrl()}/car/v1/helpCenter/helpMessage/pageHelpMessage?pageSize=50`, { headers: { sessionId: sessionId ?? '' } })
    ).json();
    const received = inbox.obj.list.find((m: { title: string }) => m.title === `系统维护通知 ${stamp}`);
    expect(received.html).toContain('期间实时定位暂停');
    await page.goto(`${baseUrl()}/center/detail?id=${received.id}`);
    await page.locator('.cl-message-html b, .cl-message-html strong').first().waitFor({ timeout: 20_000 });
    await shot(page, 'center-notice-detail-html');
    expect(errors).toEqual([]);
  });
});
