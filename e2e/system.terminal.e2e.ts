import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot, toasts } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { addVehicle, imei, SteeredTerminal, until, api as carApi } from './support/carFleet.ts';
import { e2eServer } from './support/e2eServer.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';

// Issue 15 item 2, 终端管理: the home page's 30 天内到期 opens the expiring list; a renewal of one
// terminal from there moves its expiry a year on and shows in its history. The monitoring map
// shows a vehicle whose service expired as 服务已到期, with the policy's message, not its position.
let browser: Browser;
const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
const soon = `86912000${stamp}1`;
const later = `86912000${stamp}2`;

async function api(sessionId: string, path: string, fields: Record<string, string>) {
  const res = await fetch(`${e2eServer().baseUrl}${path}`, {
    method: 'POST',
    headers: { sessionId, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  const body = (await res.json()) as { flag: number; msg: string };
  if (body.flag !== 1) throw new Error(`${path}: ${body.msg}`);
}

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  await api(admin, '/car/v4/api/terminal/add.json', {
    terminalId: soon,
    protocol: 'gt06',
    sim: '1440012345678',
    serviceExpiresAt: String(Date.now() + 5 * DAY_MS),
  });
  await api(admin, '/car/v4/api/terminal/add.json', {
    terminalId: later,
    protocol: 'gt06',
    serviceExpiresAt: String(Date.now() + 200 * DAY_MS),
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('终端管理', () => {
  it('opens the 30-day list from the home page, renews a terminal by a year and shows its history', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 860 });
    await login(page);
    await page.getByTestId('home-expiring').click();
    await page.waitForURL((u) => u.pathname === '/system/terminal' && u.search === '?expiring=30');
    const frame = page.frameLocator('iframe').first();
    const table = frame.getByTestId('terminal-table');
    await table.getByText(soon).waitFor({ timeout: 20_000 });
    expect(await table.getByText(later).count()).toBe(0);
    await shot(page, 'system-terminal-expiring');

    await table.locator('tr', { hasText: soon }).getByTestId('terminal-renew').click();
    await frame.getByTestId('renew-preview').waitFor();
    await shot(page, 'system-terminal-renew');
    await frame.locator('.ant-modal-footer .ant-btn-primary').click();
    await frame.getByText('已为 1 台终端续费').waitFor();
    // Renewed past 30 days, it leaves the expiring list.
    await table.getByText(soon).waitFor({ state: 'detached' });

    await frame.getByRole('tab', { name: '全部终端' }).click();
    await table.locator('tr', { hasText: soon }).getByTestId('terminal-history').click();
    const history = frame.getByTestId('renewal-table');
    await history.getByText('1 年').waitFor();
    await shot(page, 'system-terminal-history');
    expect(errors).toEqual([]);
    expect(await toasts(page)).not.toContain('请求失败');
  });

  it('activates a new terminal from the list: the service starts today for the chosen period', async () => {
    const admin = await apiLogin();
    const fresh = `86912100${stamp}3`;
    await api(admin, '/car/v4/api/terminal/add.json', { terminalId: fresh, protocol: 'gt06' });
    const { page, errors } = await openTab(browser, { width: 1440, height: 860 });
    await login(page);
    await page.goto(`${baseUrl()}/system/terminal`);
    const frame = page.frameLocator('iframe').first();
    await frame.getByTestId('terminal-search').locator('input').fill(fresh);
    await frame.getByTestId('terminal-search').locator('input').press('Enter');
    const row = frame.getByTestId('terminal-table').locator('tr', { hasText: fresh });
    await row.getByText('未激活').waitFor({ timeout: 20_000 });
    await row.getByTestId('terminal-activate').click();
    await frame.getByTestId('renew-preview').waitFor();
    await shot(page, 'system-terminal-activate');
    await frame.locator('.ant-modal-footer .ant-btn-primary').click();
    await frame.getByText('已激活 1 台终端').waitFor();
    await row.getByText('正常').waitFor();
    expect(await row.getByTestId('terminal-activate').count()).toBe(0);
    await row.getByTestId('terminal-history').click();
    await frame.getByTestId('renewal-table').getByText('激活').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows a vehicle whose service expired on the monitoring map as 服务已到期, with the policy message; a renewal brings its position back', async () => {
    const admin = await apiLogin();
    const id = imei('86913');
    const v = await addVehicle(admin, id);
    const terminal = new SteeredTerminal(id);
    await terminal.connect();
    await terminal.fix({ lon: 114.0579, lat: 22.5431, speed: 0 });
    await until(
      async () =>
        (await carApi<unknown[]>(admin, `/car/v4/api/monitor/lastPositions.json?terminalIds=${id}`)).obj?.length === 1 || undefined,
    );
    await api(admin, '/car/v4/api/terminal/update.json', { terminalId: id, serviceExpiresAt: String(Date.now() - 2 * DAY_MS) });
    await terminal.fix({ lon: 114.06, lat: 22.545, speed: 0 }); // stored, not shown live

    const { page, errors } = await openTab(browser, { width: 1440, height: 860 });
    await login(page);
    await page.goto(`${baseUrl()}/child/car/monitor`);
    await page.locator('[data-testid="car-map"][data-map-ready="true"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('tree-search').fill(v.plate);
    const row = page.locator(`[data-testid="tree-vehicle"][data-vehicle-id="${v.vehicleId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-expired')).toBe('true');
    expect(await row.innerText()).toContain('服务已到期');
    expect(await page.getByTestId('expired-count').innerText()).toMatch(/\d+ 辆服务已到期/);
    await row.click();
    const dialog = page.locator('.cl-vehicle-dialog');
    await dialog.getByTestId('car-vehicle-panel').waitFor();
    await dialog.locator('.ant-modal-close').click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByTestId('monitor-expired');
    expect(await card.innerText()).toContain(`设备 ${id} 服务已到期，实时位置和指令已暂停，续费后立即恢复（历史轨迹仍可查看）`);
    await shot(page, 'car-monitor-expired');

    await api(admin, '/car/v4/api/terminal/renew.json', { terminalIds: id, count: '1', unit: 'year' });
    await page.reload();
    await page.getByTestId('tree-search').fill(v.plate);
    await until(
      async () => ((await row.getAttribute('data-state')) === 'stopped' && (await row.getAttribute('data-expired')) === null) || undefined,
      20_000,
    );
    terminal.close();
    expect(errors).toEqual([]);
  });

  it('导入终端 checks the sheet row by row as the file is chosen, and imports only a sheet with no error', async () => {
    const [a, b] = [`86912300${stamp}5`, `86912300${stamp}6`];
    const { page, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    await page.goto(`${baseUrl()}/system/terminal`);
    const frame = page.frameLocator('iframe').first();
    await frame.getByTestId('terminal-import').click();
    const modal = frame.getByTestId('terminal-import-modal');
    const upload = (name: string, rows: string[]) =>
      modal.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n'), 'utf8') });
    await upload('bad.csv', ['设备号,协议,SIM卡号', `${a},GT06,1440000000001`, `${a},GT06,`, '12345,GT06,']);
    const summary = modal.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('共 3 行：1 行可以导入，2 行有误');
    const reasons = await modal.getByTestId('import-rows').innerText();
    expect(reasons).toContain('设备号与第2行重复');
    expect(reasons).toContain('GT06 设备号应为15位IMEI');
    expect(await modal.locator('.ant-modal-footer .ant-btn-primary').isDisabled()).toBe(true);
    await shot(page, 'system-terminal-import-check');

    await upload('good.csv', ['设备号,协议,SIM卡号', `${a},GT06,1440000000001`, `${b},GT06,`]);
    await until(async () => ((await summary.innerText()).includes('共 2 行：2 行可以导入，0 行有误') ? true : undefined));
    await modal.locator('.ant-modal-footer .ant-btn-primary').click();
    await frame.getByText('已导入 2 台终端').waitFor();
    expect(errors).toEqual([]);
  });

  it('操作日志 lists a renewal with who made it, and opens its input', async () => {
    const admin = await apiLogin();
    const id = `86912200${stamp}4`;
    await api(admin, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'gt06' });
    await api(admin, '/car/v4/api/terminal/renew.json', { terminalIds: id, count: '2', unit: 'month', remark: '日志检查' });
    const { page, errors } = await openTab(browser, { width: 1440, height: 860 });
    await login(page);
    await page.goto(`${baseUrl()}/system/audit`);
    const frame = page.frameLocator('iframe').first();
    await frame.getByTestId('audit-action').fill('续费');
    await frame.getByTestId('audit-search').click();
    const row = frame.getByTestId('audit-table').locator('tr', { hasText: '设备续费' }).first();
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain('admin');
    await row.locator('.ant-table-row-expand-icon').click();
    await frame.getByText('日志检查').first().waitFor();
    await shot(page, 'system-audit');
    expect(errors).toEqual([]);
  });
});
