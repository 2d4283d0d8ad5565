import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, login, openTab } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { SteeredTerminal, addVehicle, api, imei, until } from './support/carFleet.ts';

// One clock on every page (docs/web.md "Times on screen"): a browser in UTC still sees Beijing
// wall times, and a range picker's "now" is Beijing's now.
let browser: Browser;
let session: string;
let terminal: SteeredTerminal;
let vehicle: { vehicleId: number; plate: string; terminalId: string };
const SHENZHEN = { lon: 114.0579, lat: 22.5431 };

/** The expected text, worked out here without the web's formatter: the instant shifted by 8 hours. */
const beijingText = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

beforeAll(async () => {
  browser = await launch();
  session = await apiLogin();
  vehicle = await addVehicle(session, imei('86917'));
  terminal = new SteeredTerminal(vehicle.terminalId);
  await terminal.connect();
  await terminal.fix({ ...SHENZHEN, speed: 0 });
});
afterAll(async () => {
  terminal?.close();
  await browser?.close();
});

describe('Beijing time in a browser set to UTC', () => {
  it("shows an alarm at its Beijing wall time, and the history range ends at Beijing's now", async () => {
    const at = Math.floor(Date.now() / 1000) * 1000 - 120_000;
    await terminal.alarm({ ...SHENZHEN, speed: 12, time: at }, 'sos');
    const stored = await until(async () => {
      const res = await api<{ list: Array<{ alarmTime: number }> }>(
        session,
        `/car/v1/accelerate/report/alarm/newQueryAlarm?vehicleId=${vehicle.vehicleId}&types=sos`,
      );
      return res.obj.list[0]?.alarmTime;
    }, 20_000);
    expect(stored).toBe(at);

    const { page, context, errors } = await openTab(browser, { timezoneId: 'UTC' });
    expect(await page.evaluate(() => new Date(0).getTimezoneOffset())).toBe(0);
    await login(page);
    const opened = Date.now();
    await page.goto(`${baseUrl()}/child/car/alarm?tab=history&vehicleId=${vehicle.vehicleId}`);
    const row = page.getByTestId('alarm-history').locator('.ant-table-row', { hasText: vehicle.plate }).first();
    await row.waitFor({ timeout: 20_000 });
    const text = await row.innerText();
    expect(text).toContain(beijingText(at));
    expect(text).not.toContain(utcText(at));

    // the range picker's end is Beijing's now (to the minute it was opened in), not UTC's
    const end = await page.getByTestId('alarm-history').locator('.ant-picker-range input').nth(1).inputValue();
    expect([
      beijingText(opened).slice(0, 16),
      beijingText(opened + 60_000).slice(0, 16),
      beijingText(opened - 60_000).slice(0, 16),
    ]).toContain(end);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists the audit log at Beijing times', async () => {
    const { page, context, errors } = await openTab(browser, { timezoneId: 'UTC' });
    await login(page);
    await page.goto(`${baseUrl()}/child/system/audit`);
    const first = page.getByTestId('audit-table').locator('.ant-table-row').first();
    await first.waitFor({ timeout: 20_000 });
    const newest = await api<{ list: Array<{ at: number }> }>(session, '/car/v4/api/audit/list.json?current=1&pageSize=1');
    const at = newest.obj.list[0].at;
    const text = await first.innerText();
    expect(text).toContain(beijingText(at));
    expect(text).not.toContain(utcText(at));
    expect(errors).toEqual([]);
    await context.close();
  });
});
