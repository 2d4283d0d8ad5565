import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { SteeredTerminal, addVehicle, imei, until, type Fix } from './support/carFleet.ts';

// Issue 5 item 11: playback plays a known route — one drive through Shenzhen with a stop of
// eight minutes and a stretch above 120 km/h, reported by a steered GT06 terminal.
let browser: Browser;
let vehicle: { vehicleId: number; plate: string; terminalId: string };
const route: Fix[] = [];
const start = Math.floor((Date.now() - 60 * 60_000) / 1000) * 1000;

beforeAll(async () => {
  browser = await launch();
  const session = await apiLogin();
  vehicle = await addVehicle(session, imei('86914'));
  let t = start;
  const at = (i: number, speed: number, stepS = 30) => {
    t += stepS * 1000;
    route.push({ lon: 113.93 + i * 0.004, lat: 22.53 + i * 0.001, speed, course: 80, time: t });
  };
  for (let i = 0; i < 10; i++) at(i, 45);
  for (let i = 0; i < 9; i++) at(10, 0, 60); // parked eight minutes
  for (let i = 11; i < 15; i++) at(i, 130); // overspeed
  for (let i = 15; i < 22; i++) at(i, 50);
  const terminal = new SteeredTerminal(vehicle.terminalId);
  await terminal.connect();
  for (const f of route) await terminal.fix(f);
  terminal.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('track playback', () => {
  it('draws the known route with its stop and overspeed stretch, plays it, lists addresses and exports it', async () => {
    const { page, context, errors } = await openTab(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await login(page);
    // The picker names the linked vehicle before the fleet's list arrives (10 000 vehicles take seconds): hold the list back.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/car/v4/api/vehicle/list.json**', async (route) => (await held, route.continue()));
    await page.goto(
      `${baseUrl()}/child/car/playback?urlType=blank&vehicleId=${vehicle.vehicleId}&start=${start}&end=${start + 2 * 3600_000}`,
    );
    await page.getByTestId('vehicle-picker').getByText(vehicle.plate).waitFor({ timeout: 20_000 });
    release();
    const pageEl = page.getByTestId('car-playback');
    await until(async () => (Number(await pageEl.getAttribute('data-points')) === route.length ? true : undefined), 30_000);
    const summary = page.getByTestId('playback-summary');
    await summary.waitFor();
    const text = await summary.innerText();
    expect(text).toMatch(/停留\s*1/);
    expect(text).toMatch(/超速\s*1/);
    // addresses in the point table, in Chinese
    await until(async () => ((await page.getByTestId('point-table').innerText()).includes('广东省深圳市') ? true : undefined), 20_000);
    // times are Beijing's whatever the browser's zone (run with TZ=UTC to see it); the range read back from the address unchanged
    expect(await page.getByTestId('point-table').innerText()).toContain(
      new Date(route[0].time! + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
    );
    await page.locator('[data-testid="playback-map"][data-map-ready="true"]').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    await shot(page, 'car-playback');

    const controls = page.getByTestId('playback-controls');
    await page.getByTestId('playback-speed').click();
    await page.locator('.ant-select-item-option', { hasText: /^4×$/ }).click();
    await page.getByTestId('playback-toggle').click();
    await until(async () => ((await controls.getAttribute('data-playing')) === 'true' ? true : undefined), 5000, 50);
    await page.waitForTimeout(1000);
    await shot(page, 'car-playback-playing');
    const end = route.at(-1)!.time!;
    await until(async () => (Number(await controls.getAttribute('data-time')) >= end ? true : undefined), 60_000, 250);
    expect(await controls.getAttribute('data-playing')).toBe('false');

    const download = page.waitForEvent('download');
    await page.getByTestId('playback-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^轨迹明细-.+\.xlsx$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
