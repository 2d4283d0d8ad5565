import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, login, openTab } from './support/browser.ts';

// 终端管理's 待认领 tab pages through the shared list hook. The e2e server registers unknown
// terminals at once (TERMINAL_AUTO_REGISTER=1), so none ever waits: this test rewrites the
// list's answer in the browser with 25 made-up waiting ids and checks what the page asks for.
let browser: Browser;
const LIST = '**/car/v4/api/terminal/pending/list.json**';
const TOTAL = 25;

const row = (i: number) => ({
  terminalId: `0139990000${String(i).padStart(2, '0')}`,
  protocol: 'jt808',
  protocolName: 'JT/T 808',
  address: '127.0.0.1:40000',
  firstSeenAt: Date.UTC(2026, 0, 1),
  lastSeenAt: Date.UTC(2026, 0, 2),
  attempts: 1,
  frames: [],
  blocked: false,
});

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('终端管理 待认领', () => {
  it('pages, searches and searches again from page 1', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 860 });
    const asked: URLSearchParams[] = [];
    await page.route(LIST, (route) => {
      const query = new URL(route.request().url()).searchParams;
      asked.push(query);
      const current = Number(query.get('current') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 10);
      const all = Array.from({ length: TOTAL }, (_, i) => row(i + 1)).filter((r) => r.terminalId.includes(query.get('keyword') ?? ''));
      const list = all.slice((current - 1) * pageSize, current * pageSize);
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ flag: 1, msg: '操作成功', obj: { total: all.length, current, pageSize, list } }),
      });
    });
    await login(page);
    await page.goto(`${baseUrl()}/system/terminal?tab=pending`);
    const frame = page.frameLocator('iframe').first();
    const table = frame.getByTestId('pending-table');
    await table.getByText(row(1).terminalId).waitFor({ timeout: 20_000 });
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(10);
    expect(asked.at(-1)?.get('current')).toBe('1');

    await frame.locator('.ant-pagination-item-3').click();
    await table.getByText(row(21).terminalId).waitFor();
    expect(asked.at(-1)?.get('current')).toBe('3');

    // the same (empty) search again goes back to page 1
    const search = frame.getByTestId('pending-search').locator('input');
    await search.press('Enter');
    await table.getByText(row(1).terminalId).waitFor();
    expect(asked.at(-1)?.get('current')).toBe('1');

    await search.fill(row(12).terminalId);
    await search.press('Enter');
    await table.locator('tbody tr.ant-table-row').first().getByText(row(12).terminalId).waitFor();
    expect(asked.at(-1)?.get('keyword')).toBe(row(12).terminalId);
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
