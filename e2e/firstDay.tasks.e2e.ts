import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { cityByName, createTerminal, type SimTerminal } from '@chelian/simulator';
import { baseUrl, launch, login, openTab, shot, toasts } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { api, imei, until } from './support/carFleet.ts';
import { createSubAccount, ok } from './support/subAccount.ts';
import { e2eServer } from './support/e2eServer.ts';

// Issue 35, items 4 and 5: what an operator does on the first day. 电单车租赁 takes a bike that is
// already an 电单车卫士 bike and rents it out (登记收款's button saying what it does), and taking it
// out of the lease leaves it in 电单车卫士; a terminal's English reply reads in Chinese with its own
// words beside it; an exported file writes the Beijing time the page shows.
let browser: Browser;
let admin: string;
let sim: SimTerminal;
const stamp = String(Date.now() % 1_000_000);
const lease = '/elec-lease/v1/api';
const guard = '/elec-car/v1/api';
/** The simulated e-bike (packages/simulator): it answers 设防 as its vendor does, in English. */
const rented = { imei: imei('8631'), plate: '', bikeId: 0, code: `ZL-${stamp}` };
/** A bike that is rented in, then taken out of the lease again. */
const removed = { imei: imei('8632'), plate: '', bikeId: 0, code: `ZL-${stamp}-R` };
const riderName = '钱十一';
const planName = `日租${stamp}`;
const username = `e2e_export_${stamp}`;
const PASSWORD = 'Export2026x';

const frameOf = (page: Page): FrameLocator => page.frameLocator('iframe').first();
/** The expected text, worked out here without any formatter: the instant shifted by 8 hours. */
const beijingText = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** A resident ID number that passes the GB 11643 check digit, unique for this run. */
function idNumber(): string {
  const body = `110105199003${String(crypto.randomInt(10, 28)).padStart(2, '0')}${String(crypto.randomInt(0, 1000)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11];
}

/** Picks an antd Select's option by its text. */
async function pick(frame: FrameLocator, testId: string, text: string) {
  await frame.getByTestId(testId).click();
  await frame.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

/** Adds a lease vehicle in 租赁车辆 by its tracker's IMEI and a rental code, the rest left as the bike has it. */
async function addLeaseVehicle(page: Page, bike: { imei: string; code: string }) {
  const frame = frameOf(page);
  await frame.getByTestId('vehicle-add').click();
  const modal = frame.locator('.ant-modal:visible');
  await frame.getByTestId('vehicle-imei').fill(bike.imei);
  await modal.locator('#code').fill(bike.code);
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  await modal.waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  browser = await launch();
  admin = await apiLogin();
  for (const bike of [rented, removed]) {
    bike.plate = `沪A·${bike.imei.slice(-5)}`;
    await ok(api(admin, '/car/v4/api/terminal/add.json', { terminalId: bike.imei, protocol: 'gt06' }), 'terminal');
    const bound = await ok(
      api<{ bikeId: number }>(admin, `${guard}/bike/bind.json`, { imei: bike.imei, plate: bike.plate, brand: '雅迪', model: 'DE3' }),
      '电单车卫士 bike',
    );
    bike.bikeId = bound.bikeId;
  }
  sim = createTerminal(
    { protocol: 'gt06', kind: 'ebike', id: rented.imei, city: cityByName('杭州') ?? cityByName('深圳')!, seed: 35, plate: rented.plate },
    { host: '127.0.0.1', ports: { gt06: e2eServer().gt06Port }, intervalSeconds: 2, alarmRate: 0, driver: { startParked: true } },
  );
  sim.start();
  await ok(
    api(admin, `${lease}/rider/save.json`, {
      name: riderName,
      idNumber: idNumber(),
      phone: `135${stamp.padStart(8, '0')}`,
      emergencyName: '钱十二',
      emergencyPhone: `134${stamp.padStart(8, '0')}`,
    }),
    'rider',
  );
  await ok(api(admin, `${lease}/plan/save.json`, { name: planName, kind: 'daily', rentFen: 1500, depositFen: 0, insuranceFen: 0 }), 'plan');

  // A user of a customer account, who logs in once: 最近登录 then stays put while the test reads it.
  await createSubAccount(admin, {
    account: `导出核对客户${stamp}`,
    role: `导出核对${stamp}`,
    resourceIds: [8000, 8001],
    username,
    password: PASSWORD,
    name: '导出核对员',
  });
  await apiLogin(username, PASSWORD);
});
afterAll(async () => {
  sim?.stop();
  await browser?.close();
});

describe('what an operator does on the first day', () => {
  it('电单车租赁 rents out a bike already in 电单车卫士, and 删除 takes it out of the lease only', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    await page.goto(`${baseUrl()}/elec-lease/vehicle`);
    const frame = frameOf(page);
    await frame.getByTestId('lease-vehicle').waitFor({ timeout: 20_000 });

    // Its tracker is bound to an 电单车卫士 bike: taken as that bike (its plate kept), not refused as 已绑定车辆.
    await addLeaseVehicle(page, rented);
    const row = frame.locator('tr', { hasText: rented.code });
    await row.getByText(rented.plate).waitFor();
    await row.getByText(rented.imei).waitFor();
    expect(await toasts(page)).not.toContainEqual(expect.stringContaining('已绑定车辆'));
    await shot(page, 'first-day-lease-adopted');

    // A rent contract for it; 登记收款 says what its button does: record money already received.
    await page.goto(`${baseUrl()}/elec-lease/order`);
    await frame.getByTestId('order-create').click();
    await pick(frame, 'create-rider', riderName);
    await pick(frame, 'create-vehicle', rented.code);
    await pick(frame, 'create-plan', planName);
    await frame.locator('.ant-modal-footer .ant-btn-primary').click();
    const drawer = frame.getByTestId('contract-drawer');
    await drawer.getByTestId('contract-status').getByText('待交车').waitFor();
    await drawer.getByTestId('contract-owed').getByText('15.00').waitFor();
    expect((await drawer.getByTestId('contract-pay').textContent())?.replace(/\s/g, '')).toBe('登记收款');
    await drawer.getByTestId('contract-pay').click();
    const dialog = frame.getByTestId('contract-action');
    await dialog.getByTestId('pay-explain').getByText('系统不会向骑手发起扣款').waitFor();
    expect((await dialog.locator('.ant-btn-primary').textContent())?.replace(/\s/g, '')).toBe('确认已收15.00元');
    await shot(page, 'first-day-lease-pay');
    const contract = await ok(
      api<{ list: Array<{ vehicleId: number; status: string }> }>(admin, `${lease}/contract/list.json?keyword=${rented.code}`),
      'contracts',
    );
    expect(contract.list.find((c) => c.vehicleId === rented.bikeId)).toMatchObject({ status: 'pending' });

    // The other bike: rented in, then 删除 — gone from 租赁车辆, still an 电单车卫士 bike.
    await page.goto(`${baseUrl()}/elec-lease/vehicle`);
    await frame.getByTestId('lease-vehicle').waitFor();
    await addLeaseVehicle(page, removed);
    const other = frame.locator('tr', { hasText: removed.code });
    await other.getByText(removed.plate).waitFor();
    await other.getByRole('button', { name: /删\s?除/ }).click();
    const confirm = frame.locator('.ant-popconfirm:visible');
    await confirm.getByText('车辆与定位终端仍保留在电单车卫士中').waitFor();
    await confirm.locator('.ant-btn-primary').click();
    await other.waitFor({ state: 'detached' });
    const still = await ok(
      api<{ bikeId: number; plate: string; terminalId: string }>(admin, `${guard}/bike/detail.json?bikeId=${removed.bikeId}`),
      'bike',
    );
    expect(still).toMatchObject({ bikeId: removed.bikeId, plate: removed.plate, terminalId: removed.imei });
    await page.goto(`${baseUrl()}/elec-car/bikes`);
    const bikes = frameOf(page).getByTestId('ec-bikes');
    await bikes.locator('input.ant-input').first().fill(removed.plate);
    await bikes.locator('input.ant-input').first().press('Enter');
    await bikes.getByTestId('bike-table').locator('tr', { hasText: removed.plate }).waitFor();
    await shot(page, 'first-day-lease-removed');
    expect(errors).toEqual([]);
  });

  it("reads a terminal's English reply in Chinese, with the terminal's own words beside it, whole in 指令下发's row", async () => {
    const { page, errors } = await openTab(browser, { width: 1366, height: 768 });
    await login(page);
    await page.goto(`${baseUrl()}/elec-car/monitor?bikeId=${rented.bikeId}`);
    const frame = frameOf(page);
    await frame.getByTestId('ec-status').getByText(rented.plate).waitFor({ timeout: 20_000 });
    await frame.getByTestId('ec-control-arm').click();
    await frame.getByText('设防指令已下发').waitFor();

    await page.goto(`${baseUrl()}/child/car/command`);
    const row = page.getByTestId('command-results').locator('.ant-table-row', { hasText: rented.plate }).first();
    await row.waitFor({ timeout: 20_000 });
    await until(
      async () => ((await row.getByTestId('command-status').getAttribute('data-status')) === 'replied' ? true : undefined),
      30_000,
    );
    const reply = row.getByTestId('command-reply');
    expect(await reply.innerText()).toBe('远程设防成功（Remote setting up defenses Successful）');
    // Readable in the row at 1366 px: nothing cut to an ellipsis or a tooltip, and the cell inside the window.
    const fit = await reply.evaluate((el) => {
      const cell = el.closest('td')!;
      const box = el.getBoundingClientRect();
      return {
        overflow: cell.scrollWidth - cell.clientWidth,
        ellipsis: cell.className.includes('ellipsis'),
        right: cell.getBoundingClientRect().right,
        width: innerWidth,
        lines: Math.round(box.height / (parseFloat(getComputedStyle(el).lineHeight) || 22)),
      };
    });
    expect(fit.overflow).toBeLessThanOrEqual(0);
    expect(fit.ellipsis).toBe(false);
    expect(fit.right).toBeLessThanOrEqual(fit.width);
    // a phrase to read, not a column of single words
    expect(fit.lines).toBeLessThanOrEqual(2);
    // sent and replied, one above the other, in Beijing time
    expect((await row.getByTestId('command-times').innerText()).split('\n')).toHaveLength(2);
    await shot(page, 'first-day-command-reply');
    expect(errors).toEqual([]);
  });

  it('an exported user list writes 最近登录 in the Beijing time 用户管理 shows', async () => {
    // A browser in UTC: the page's Beijing text is then not the browser's own clock.
    const { page, errors } = await openTab(browser, { width: 1440, height: 900, timezoneId: 'UTC' });
    await login(page);
    await page.goto(`${baseUrl()}/child/system/user`);
    await page.getByTestId('system-user').locator('.ant-input-search input').fill(username);
    await page.getByTestId('system-user').locator('.ant-input-search input').press('Enter');
    const row = page.getByTestId('user-table').locator('.ant-table-row', { hasText: username });
    await row.waitFor({ timeout: 20_000 });
    const shown = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.exec(await row.innerText())?.[0];
    expect(shown).toBeTruthy();
    const users = await ok(
      api<{ list: Array<{ username: string; lastLoginAt: number | null }> }>(admin, `/car/v4/api/user/list.json?keyword=${username}`),
      'users',
    );
    const lastLoginAt = users.list.find((u) => u.username === username)?.lastLoginAt;
    expect(lastLoginAt).toBeTruthy();
    expect(shown).toBe(beijingText(lastLoginAt!));
    expect(shown).not.toBe(utcText(lastLoginAt!));

    await page.goto(`${baseUrl()}/center/download`);
    await page.getByTestId('export-users').click();
    const prompt = page.locator('.ant-modal-confirm');
    const name = `用户列表-${stamp}`;
    await prompt.locator('.cl-prompt input').fill(name);
    await prompt.getByRole('button', { name: /确\s?定/ }).click();
    const job = page.getByTestId('export-table').locator('tbody tr.ant-table-row', { hasText: name });
    await job.getByText('已完成').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      job.getByRole('button', { name: /下载/ }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
    const header = rows[0]!;
    const line = rows.find((r) => r[header.indexOf('用户名')] === username);
    expect(line?.[header.indexOf('最近登录')]).toBe(shown);
    expect(errors).toEqual([]);
  });
});
