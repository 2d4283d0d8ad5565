import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { beijingDayOf, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { SteeredTerminal, addVehicle, api, imei, pause, until } from './support/carFleet.ts';

// Issue 16: 离线报表, 到期报表 and 报警处理统计 by deep link. One vehicle's GT06 terminal
// reports and raises two alarms (one handled), one never comes online, and two terminals'
// service ends on known dates; each page shows what the test can count from that.
let browser: Browser;
let session: string;
type V = { vehicleId: number; plate: string; terminalId: string };
let active: V;
let silent: V;
let ending: V;
let ended: V;
const today = () => beijingDayOf(Date.now());

beforeAll(async () => {
  browser = await launch();
  session = await apiLogin();
  [active, silent, ending, ended] = await Promise.all(['86930', '86931', '86932', '86933'].map((p) => addVehicle(session, imei(p))));
  await pause(1100); // a new owner's history starts after the hand-over second
  const terminal = new SteeredTerminal(active.terminalId);
  await terminal.connect();
  const here = { lon: 113.95, lat: 22.54, speed: 30, course: 90 };
  await terminal.fix({ ...here, time: Date.now() });
  await terminal.alarm({ ...here, time: Date.now() }, 'sos');
  await terminal.alarm({ ...here, time: Date.now() + 1000 }, 'overspeed');
  terminal.close();
  const alarms = await until(async () => {
    const list = await api<{ list: Array<{ alarmId: number; type: string }> }>(
      session,
      `/car/v1/accelerate/report/alarm/alarmDetail.json?vehicleId=${active.vehicleId}`,
    );
    return list.obj?.list.length === 2 ? list.obj.list : undefined;
  }, 20_000);
  const sos = alarms.find((a) => a.type === 'sos')!;
  expect((await api(session, '/car/v1/api/monitor/processAlarm', { alarmIds: sos.alarmId, note: 'e2e 已联系司机' })).flag).toBe(1);
  // One ends in 10 days (and a bit), one ended 3 days (and a bit) ago.
  for (const [v, at] of [
    [ending, Date.now() + 10 * DAY_MS + 3_600_000],
    [ended, Date.now() - 3 * DAY_MS - 3_600_000],
  ] as const) {
    expect((await api(session, '/car/v4/api/terminal/update.json', { terminalId: v.terminalId, serviceExpiresAt: at })).flag).toBe(1);
  }
});
afterAll(async () => {
  await browser?.close();
  // The unhandled alarm handled, so no later file meets it as a real-time alarm.
  const list = await api<{ list: Array<{ alarmId: number }> }>(
    session,
    `/car/v1/accelerate/report/alarm/newQueryAlarm?vehicleId=${active.vehicleId}&pageSize=50`,
  );
  const ids = list.obj?.list.map((a) => a.alarmId) ?? [];
  if (ids.length) await api(session, '/car/v1/api/monitor/processAlarm', { alarmIds: ids.join(','), note: 'e2e 数据报表' });
});

const open = async (page: Page, path: string, testId: string) => {
  await page.goto(`${baseUrl()}/child/data-report/dataReport/${path}`);
  await page.getByTestId(testId).locator('.ant-table-tbody').first().waitFor();
};
const rows = (page: Page, table: string) => page.getByTestId(table).locator('tbody tr.ant-table-row');
const statText = async (page: Page, id: string) => (await page.getByTestId(id).locator('.ant-statistic-content').innerText()).trim();

describe('fleet reports by deep link', () => {
  it('离线报表 lists the never-seen vehicle and not the one online; 到期报表 the ended and ending terminals', async () => {
    const { page, context, errors } = await openTab(browser, { width: 1440, height: 860 });
    await login(page);

    await open(page, `offlineReport?vehicleId=${silent.vehicleId}`, 'offline-report');
    await until(async () => (await rows(page, 'offline-report-table').count()) === 1 || undefined, 10_000, 300);
    const cells = await rows(page, 'offline-report-table').first().locator('td').allInnerTexts();
    expect(cells.slice(0, 3)).toEqual([silent.plate, silent.terminalId, '—']);
    expect(cells[4]).toBe('从未上线');
    expect(await statText(page, 'offline-never')).toBe('1');
    expect(await page.getByTestId('report-range').count()).toBe(0); // the fleet now: no days to pick
    await page.getByTestId('offline-chart').locator('canvas').waitFor();
    await shot(page, 'data-report-offline');
    // The vehicle that just reported is online: counted, not listed.
    await open(page, `offlineReport?vehicleId=${active.vehicleId}`, 'offline-report');
    await until(async () => (await statText(page, 'offline-online')) === '1' || undefined, 10_000, 300);
    expect(await rows(page, 'offline-report-table').count()).toBe(0);
    expect(await statText(page, 'offline-listed')).toBe('0');

    await open(page, 'expireReport?withinDays=30', 'expire-report');
    const ours = (v: V) => rows(page, 'expire-report-table').filter({ hasText: v.plate });
    await until(async () => (await ours(ending).count()) === 1 || undefined, 10_000, 300);
    expect(await ours(ending).locator('td').nth(5).innerText()).toBe('剩 10 天');
    expect(await ours(ended).locator('td').nth(5).innerText()).toBe('已过期 3 天');
    await shot(page, 'data-report-expire');
    await open(page, `expireReport?withinDays=7&vehicleId=${ending.vehicleId}`, 'expire-report');
    await until(async () => (await statText(page, 'expire-30')) === '1' || undefined, 10_000, 300);
    expect(await rows(page, 'expire-report-table').count()).toBe(0); // 10 days is beyond the 7-day window
    expect(errors).toEqual([]);
    await context.close();
  });

  it('报警处理统计 counts the handled and unhandled alarm by type and operator, and exports the same figures', async () => {
    const { page, context, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    const day = today();
    await page.goto(
      `${baseUrl()}/child/data-report/dataReport/alarmHandleReport?vehicleId=${active.vehicleId}&startDate=${day}&endDate=${day}`,
    );
    await until(async () => (await rows(page, 'alarm-handle-types').count()) === 2 || undefined, 15_000, 300);
    expect(await statText(page, 'handle-total')).toBe('2');
    expect(await statText(page, 'handle-handled')).toBe('1');
    expect(await statText(page, 'handle-unhandled')).toBe('1');
    expect(await statText(page, 'handle-rate')).toBe('50.00%');
    const types = await rows(page, 'alarm-handle-types').allInnerTexts();
    expect(types.map((r) => r.split('\t').slice(0, 5))).toEqual(
      expect.arrayContaining([
        ['紧急报警', '1', '1', '0', '100.00%'],
        ['终端超速报警', '1', '0', '1', '0.00%'],
      ]),
    );
    const operators = await rows(page, 'alarm-handle-operators').allInnerTexts();
    expect(operators).toHaveLength(1);
    expect(operators[0].split('\t')[1]).toBe('1');
    await page.getByTestId('alarm-handle-chart').locator('canvas').waitFor();
    await shot(page, 'data-report-alarm-handle');

    const download = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
    const file = await download;
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await file.path());
    const sheet = book.worksheets[0]
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(sheet[0].slice(0, 6)).toEqual(['统计', '报警类型 / 处理人', '报警数', '已处理', '未处理', '处理率']);
    expect(sheet.slice(1).map((r) => r.slice(0, 6))).toEqual(
      expect.arrayContaining([
        ['按类型', '紧急报警', 1, 1, 0, '100.00%'],
        ['按类型', '终端超速报警', 1, 0, 1, '0.00%'],
        ['合计', '全部报警', 2, 1, 1, '50.00%'],
      ]),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
