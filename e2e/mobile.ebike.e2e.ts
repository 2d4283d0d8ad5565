import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { cityByName, createTerminal, planTerminals, type EbikeTerminal } from '@chelian/simulator';
import { baseUrl, launch, shot } from './support/browser.ts';
import { mapDrawn, mapStyleName, openPhone, smsLogin } from './support/mobilePhone.ts';
import { apiLogin } from './support/server.ts';
import { ok } from './support/subAccount.ts';
import { api, imei, pause, until } from './support/carFleet.ts';
import { e2eServer } from './support/e2eServer.ts';

// Issue 36 item 4 on a phone (Chromium's mobile emulation, 390×844, touch): the operator binds the
// bike and invites its owner by phone (邀请用户, issue 36 item 2); the owner logs in to 掌上车联 by SMS,
// reads battery and range, arms the simulated bike (it answers 111), and when the bike is shaken and
// then ridden off the alarms reach the app; the 断电 confirmation states the server's rule and, the
// bike riding fast, the cut waits.
let browser: Browser;
let bike: EbikeTerminal;
const tail = String(crypto.randomInt(0, 10 ** 8)).padStart(8, '0');
const [planned] = planTerminals({ count: 1, protocol: 'ebike', seed: crypto.randomInt(1, 1000), cities: [cityByName('深圳')!] });
const spec = { ...planned!, id: imei('8691882') };
const plate = `深圳${tail.slice(-5)}`;
const phone = `136${tail}`;

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  await ok(api(admin, '/car/v4/api/terminal/add.json', { terminalId: spec.id, protocol: 'gt06' }), 'terminal');
  const bound = await ok(
    api<{ bikeId: number }>(
      admin,
      '/elec-car/v1/api/bike/bind.json',
      { imei: spec.id, plate, brand: '雅迪', batteryVoltage: 48, batteryCapacity: 20 },
      true,
    ),
    'bind',
  );
  await ok(api(admin, '/endUser/v1/api/bike/invite.json', { bikeId: bound.bikeId, phone, name: '陈先生' }), 'invite');
  // Parked in its spot (key off), a pack at 68 %, positions every 5 s.
  bike = createTerminal(spec, {
    host: '127.0.0.1',
    ports: { gt06: e2eServer().gt06Port },
    intervalSeconds: 5,
    sleepIntervalSeconds: 5,
    heartbeatSeconds: 10,
    alarmRate: 0,
    reconnectMinMs: 200,
    driver: { startParked: true, parkSeconds: [3600, 3600] },
    ebike: { bmsEverySeconds: 5, battery: { socPct: 68 } },
  }) as EbikeTerminal;
  bike.start();
  await until(() => bike.state === 'online', 20_000);
  await pause(6000); // its first fix, status and BMS report
});
afterAll(async () => {
  bike?.stop();
  await browser?.close();
});

describe('掌上车联 for an e-bike owner', () => {
  it('reads battery and range, arms the bike, gets the alarms when it is moved, and the safe cut states its rule', async () => {
    const { page, errors, context } = await openPhone(browser);
    onTestFailed(() => shot(page, 'mobile-ebike-failed'));
    await smsLogin(page, phone);
    const status = page.getByTestId('mb-status');
    await status.getByText(plate).waitFor({ timeout: 30_000 });
    await until(async () => /\d+%/.test((await page.getByTestId('mb-battery').textContent()) ?? ''), 30_000);
    expect(await page.getByTestId('mb-range').textContent()).toMatch(/\d+ km/);
    await mapDrawn(page, 'mb-bike-map');
    expect(await mapStyleName(page, 'mb-bike-map')).not.toMatch(/-dark$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'mobile-ebike-home-light');

    // 设防: the bike answers 111 and the card says so
    await page.getByTestId('mb-arm').tap();
    await page.locator('.adm-toast-main', { hasText: '设防指令已下发' }).waitFor({ timeout: 20_000 });
    await until(() => bike.armed, 20_000);
    await page.getByTestId('mb-armed').getByText('已设防').waitFor({ timeout: 20_000 });
    await page.getByTestId('mb-disarm').waitFor();

    // Someone shakes the parked bike: 震动报警 pops and tops the alarm entry.
    bike.sendAlarm('vibration');
    await page.locator('.adm-toast-main', { hasText: '震动报警' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('mb-alarms-link').getByText('震动报警').waitFor({ timeout: 20_000 });
    await shot(page, 'mobile-ebike-armed-alarm');

    // …and rides it off at 25 km/h with the guard on: the platform's alarm follows.
    bike.vehicle.driver.speedOverrideKmh = 25;
    await page.getByTestId('mb-alarms-link').tap();
    const alarms = page.getByTestId('mb-alarms');
    await alarms.getByText('震动报警').waitFor();
    await alarms
      .getByText(/设防状态ACC开启|位移报警/)
      .first()
      .waitFor({ timeout: 90_000 });
    await shot(page, 'mobile-ebike-alarms');
    await page.locator('.adm-nav-bar-back').tap();

    // 断电 while riding: the dialog states the server's rule, and the cut waits for the bike to slow down.
    await until(async () => /2\d(\.\d)? km\/h/.test((await status.textContent()) ?? ''), 40_000);
    await page.getByTestId('mb-cut').tap();
    const rule = page.getByTestId('mb-cut-rule');
    await rule.waitFor();
    expect(await rule.textContent()).toContain('低于 20 km/h');
    await shot(page, 'mobile-ebike-cut-confirm');
    await page.locator('.adm-dialog-button', { hasText: '断电' }).tap();
    await page.getByTestId('mb-pending-cut').waitFor({ timeout: 20_000 });
    await page.getByTestId('mb-pending-cut').getByText('取消断电').tap();
    await page.getByTestId('mb-pending-cut').waitFor({ state: 'detached', timeout: 20_000 });
    expect(errors).toEqual([]);

    // 行程: today's rides
    await page.getByTestId('mb-trips-link').tap();
    await page.getByTestId('mb-trips').waitFor();
    await shot(page, 'mobile-ebike-trips');

    // The same home in the dark (the system's scheme)
    const night = await openPhone(browser, 'dark', await context.storageState());
    await night.page.goto(`${baseUrl()}/m/ebike`);
    await night.page.getByTestId('mb-status').getByText(plate).waitFor({ timeout: 30_000 });
    await mapDrawn(night.page, 'mb-bike-map');
    expect(await night.page.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme'))).toBe('dark');
    // the basemap's dark twin (shared/map/darkStyle.ts)
    expect(await mapStyleName(night.page, 'mb-bike-map')).toMatch(/-dark$/);
    await shot(night.page, 'mobile-ebike-home-dark');
    await night.context.close();
    await context.close();
  }, 360_000);
});
