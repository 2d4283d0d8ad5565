import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { distanceMeters } from '@chelian/geo/coords.ts';
import { beijingDayOf, beijingDisplayText } from '@chelian/contracts/beijingTime.ts';
import { baseUrl, launch, login, openTab, shot, toasts } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { SteeredTerminal, addVehicle, api, imei, pause, until, type Fix } from './support/carFleet.ts';

// Issue 5 item 7: the data-report pages behind the deep links. A steered GT06 terminal drives a
// known route (after its vehicle was registered: a new owner's reports start at the hand-over),
// raises two alarms, and the three pages, each opened with ?vehicleId=, show its figures.
let browser: Browser;
let vehicle: { vehicleId: number; plate: string; terminalId: string };
/** Stands at one spot from its registration on: 停留报表 lists the stay once a minute of it has passed. */
let parked: { vehicleId: number; plate: string; terminalId: string };
const PARKED = { lon: 113.96, lat: 22.55 };
let parkedFrom = 0;
const route: Fix[] = [];
let expectedKm = 0;
let today = '';
/** Report times are Beijing's, whatever the browser's zone. */

beforeAll(async () => {
  browser = await launch();
  const session = await apiLogin();
  vehicle = await addVehicle(session, imei('86920'));
  parked = await addVehicle(session, imei('86921'));
  await pause(1100);
  // Fixes 10 s apart for 70 s, sent now with their own (partly future) times: no waiting here.
  parkedFrom = Date.now();
  const standing = new SteeredTerminal(parked.terminalId);
  await standing.connect();
  for (let i = 0; i <= 7; i++) await standing.fix({ ...PARKED, speed: 0, time: parkedFrom + i * 10_000 });
  standing.close();
  const start = Date.now();
  // 12 fixes 2 s apart going east at 56 km/h (0.0003° of longitude ≈ 31 m per step).
  for (let i = 0; i < 12; i++) route.push({ lon: 113.95 + i * 0.0003, lat: 22.54, speed: 56, course: 90, time: start + i * 2000 });
  for (let i = 1; i < route.length; i++)
    expectedKm += distanceMeters([route[i - 1].lon, route[i - 1].lat], [route[i].lon, route[i].lat]) / 1000;
  const terminal = new SteeredTerminal(vehicle.terminalId);
  await terminal.connect();
  for (const f of route) await terminal.fix(f);
  const last = route.at(-1)!;
  await terminal.alarm({ ...last, time: last.time! + 1000 }, 'sos');
  await terminal.alarm({ ...last, time: last.time! + 2000 }, 'overspeed');
  terminal.close();
  today = beijingDayOf(last.time!);
  // The route's last fix lies ~24 s ahead of its first: wait until it is in the past, then for a rollup.
  await pause(Math.max(0, last.time! + 3000 - Date.now()));
});
afterAll(async () => {
  await browser?.close();
  // Its two alarms handled, so no later file meets them as real-time alarms.
  const session = await apiLogin();
  const list = await api<{ list: Array<{ alarmId: number }> }>(
    session,
    `/car/v1/accelerate/report/alarm/newQueryAlarm?vehicleId=${vehicle.vehicleId}&pageSize=50`,
  );
  const ids = list.obj?.list.map((a) => a.alarmId) ?? [];
  if (ids.length) await api(session, '/car/v1/api/monitor/processAlarm', { alarmIds: ids.join(','), note: 'e2e 数据报表' });
});

/** Opens a report by deep link and reloads until the rollup has caught up with `ready`. */
async function openReport(page: Page, path: string, ready: () => Promise<boolean>) {
  await until(
    async () => {
      await page.goto(`${baseUrl()}/child/data-report/dataReport/${path}?vehicleId=${vehicle.vehicleId}`);
      await page.locator('.ant-table-tbody').first().waitFor();
      await page.waitForTimeout(600);
      return (await ready()) || undefined;
    },
    60_000,
    1500,
  );
}

describe('data reports by deep link', () => {
  it('shows the drive on 里程报表, its online time on 在线明细 and its alarms on 报警明细', async () => {
    const { page, context, errors } = await openTab(browser, { width: 1440, height: 860 });
    await login(page);
    const row = () => page.locator(`tr[data-row-key="${vehicle.vehicleId}-${today}"]`);

    // 里程报表: pre-filtered to the vehicle (its plate in the search box), 7 days, today's mileage.
    const km = expectedKm.toFixed(2);
    await openReport(page, 'mileageReport', async () => (await row().count()) > 0 && (await row().innerText()).includes(km));
    expect(await page.getByTestId('report-vehicle').innerText()).toContain(vehicle.plate);
    expect(await page.getByTestId('total-mileage').innerText()).toContain(km);
    const cells = await row().locator('td').allInnerTexts();
    expect(cells.slice(0, 3)).toEqual([today, vehicle.plate, vehicle.terminalId]);
    expect(await row().locator('[data-source="gps"]').count()).toBe(1); // computed from the track: GT06 sends no odometer
    expect(cells).toContain('56.0'); // the highest speed, to a tenth as every speed shows
    expect(cells).toContain(String(route.length + 2)); // fixes and the two alarms' positions
    expect(await page.locator('.ant-pagination-total-text').innerText()).toBe('共 7 条'); // one vehicle × 7 days
    await shot(page, 'data-report-mileage');

    // A week of one vehicle is small: 导出 downloads the file at once (data-report.monthly.e2e.ts opens one).
    await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('report-export').click()]);
    await until(async () => ((await toasts(page)).some((t) => t.includes('已导出')) ? true : undefined), 10_000, 200);

    // 在线明细: online since it connected, still online (silence has not yet made it offline).
    await openReport(
      page,
      'carDayOnline',
      async () => (await row().count()) > 0 && (await row().locator('td').nth(4).innerText()) !== '0秒',
    );
    const online = await row().locator('td').allInnerTexts();
    expect(online[4]).toMatch(/秒|分钟/);
    expect(online[5]).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(online[6]).toBe('未离线');
    expect(online[7]).toMatch(/^\d+\.\d{2}%$/);
    await shot(page, 'data-report-online');

    // 报警明细: the two alarms, counted by type and listed.
    await openReport(page, 'alarmInfo', async () => (await page.getByTestId('alarm-list').locator('tbody tr.ant-table-row').count()) === 2);
    expect(await page.getByTestId('total-alarms').innerText()).toContain('2');
    const list = await page.getByTestId('alarm-list').locator('tbody tr.ant-table-row').allInnerTexts();
    expect(list.join('\n')).toContain('紧急报警');
    expect(list.join('\n')).toContain('终端超速报警');
    expect(list.every((r) => r.includes(vehicle.plate))).toBe(true);
    // addresses from the offline geocoder, in Chinese
    await until(async () => ((await page.getByTestId('alarm-list').innerText()).includes('广东省深圳市') ? true : undefined), 20_000);
    await shot(page, 'data-report-alarms');
    await page.getByRole('tab', { name: '报警统计' }).click();
    const stats = await page.getByTestId('alarm-stats').locator('tbody tr.ant-table-row').first().innerText();
    expect(stats).toContain(vehicle.plate);
    expect(stats).toMatch(/紧急报警 1/);
    await shot(page, 'data-report-alarm-stats');

    // The same deep link in the shell (as the assistant opens it): the page inside the sub-product frame.
    await page.goto(`${baseUrl()}/data-report/dataReport/mileageReport?vehicleId=${vehicle.vehicleId}`);
    const frame = page.frameLocator('[data-testid="subproduct-frame"]');
    await frame.locator(`tr[data-row-key="${vehicle.vehicleId}-${today}"]`).waitFor({ timeout: 30_000 });
    expect(await frame.getByTestId('total-mileage').innerText()).toContain(km);
    await shot(page, 'data-report-shell');
    expect(errors).toEqual([]);
    await context.close();
  });

  // Its fixes span 70 s from the start: the stay shows once a minute of it is in the past and rolled up.
  it("shows the parked vehicle's stay, still going, with its address on 停留报表", async () => {
    const { page, context, errors } = await openTab(browser, { width: 1600, height: 860 });
    await login(page);
    const stayRow = () => page.getByTestId('stay-report-table').locator('tbody tr.ant-table-row');
    await until(
      async () => {
        await page.goto(`${baseUrl()}/child/data-report/dataReport/stayReport?vehicleId=${parked.vehicleId}&minMinutes=1`);
        await page.locator('.ant-table-tbody').first().waitFor();
        await page.waitForTimeout(600);
        return (await stayRow().count()) === 1 || undefined;
      },
      120_000,
      2000,
    );
    expect(await page.getByTestId('report-vehicle').innerText()).toContain(parked.plate);
    const stay = await stayRow().locator('td').allInnerTexts();
    // times as the browser shows them (its zone is this machine's)
    expect(stay.slice(0, 5)).toEqual([today, parked.plate, parked.terminalId, '—', beijingDisplayText(parkedFrom)]);
    expect(stay[5]).toContain('停留中'); // no moving fix after it
    expect(stay[6]).toMatch(/^1分钟$/); // 60 or 70 s of it, depending on the pass
    // the place as an address, never raw coordinates
    await until(async () => ((await stayRow().locator('td').nth(7).innerText()).startsWith('广东省深圳市') ? true : undefined), 20_000);
    expect(await stayRow().innerText()).not.toMatch(/\d+\.\d{4,}/);
    expect(await page.getByTestId('total-stays').innerText()).toContain('1');
    await shot(page, 'data-report-stays');
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  // No stop at all: one trip from its first fix to its last, with its distance and both addresses.
  it('shows the drive as one trip with its distance, speeds and addresses on 行程报表', async () => {
    const { page, context, errors } = await openTab(browser, { width: 1600, height: 860 });
    await login(page);
    const tripRow = () => page.getByTestId('trip-report-table').locator('tbody tr.ant-table-row');
    await openReport(page, 'tripReport', async () => (await tripRow().count()) === 1);
    const trip = await tripRow().locator('td').allInnerTexts();
    expect(trip.slice(0, 4)).toEqual([today, vehicle.plate, vehicle.terminalId, '—']);
    // It ends at the day's last fix: the second alarm's, 2 s after the route's last.
    expect(trip.slice(4, 6)).toEqual([beijingDisplayText(route[0].time!), beijingDisplayText(route.at(-1)!.time! + 2000)]);
    expect(trip[7]).toBe(expectedKm.toFixed(2));
    expect(trip[9]).toBe('56.0');
    await until(async () => ((await tripRow().locator('td').nth(10).innerText()).startsWith('广东省深圳市') ? true : undefined), 20_000);
    expect(await page.getByTestId('total-trips').innerText()).toContain('1');
    await shot(page, 'data-report-trips');
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
