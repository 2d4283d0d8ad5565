import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { Fleet, cityByName, planTerminals, type PetCollar } from '@chelian/simulator';
import { baseUrl, launch, shot } from './support/browser.ts';
import { mapDrawn, mapStyleName, openPhone, smsLogin } from './support/mobilePhone.ts';
import { apiLogin } from './support/server.ts';
import { ok } from './support/subAccount.ts';
import { api, pause, until } from './support/carFleet.ts';
import { e2eServer } from './support/e2eServer.ts';

// Issue 36 item 3 on a phone (Chromium's mobile emulation, 390×844, touch): the operator invites the
// pet's owner by phone (邀请用户, issue 36 item 2); the owner logs in to 掌上车联 by SMS, sees the pet
// live with its freshness, draws a safe zone round home, and the zone-exit alarm reaches the app's
// messages when the simulated collar runs off; the collar rings; lost mode makes it report every 15 s.
let browser: Browser;
let fleet: Fleet;
const HOME = { lat: 22.5431, lon: 114.0579 }; // 深圳
const tail = String(crypto.randomInt(0, 10 ** 8)).padStart(8, '0');
const [planned] = planTerminals({ count: 1, protocol: 'watch', seed: crypto.randomInt(1, 1000), cities: [cityByName('深圳')!] });
const spec = { ...planned!, id: `95${tail}` };
const petName = `旺财${tail.slice(-3)}`;
const phone = `139${tail}`;
const collar = () => fleet.terminals[0] as PetCollar;

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  await ok(api(admin, '/car/v4/api/terminal/add.json', { terminalId: spec.id, protocol: 'watch' }), 'terminal');
  const pet = await ok(api<{ petId: number }>(admin, '/pet/v1/api/pet/save.json', { name: petName, breed: '柯基', imei: spec.id }), 'pet');
  await ok(api(admin, '/endUser/v1/api/pet/invite.json', { petId: pet.petId, phone, name: '林女士' }), 'invite');
  fleet = new Fleet([spec], {
    host: '127.0.0.1',
    ports: { watch: e2eServer().watchPort },
    intervalSeconds: 20,
    heartbeatSeconds: 10,
    record: true,
    pet: { home: HOME, homeRadiusMeters: 20, excursionsPerHour: 0, runKmh: 30 },
  });
  collar().pet.hold('active');
  await fleet.start();
  await until(() => collar().state === 'online', 20_000);
  await until(() => collar().delivery.sent >= 1, 40_000);
});
afterAll(async () => {
  fleet?.stop();
  await browser?.close();
});

describe('掌上车联 for a pet owner', () => {
  it('shows the pet live, draws a home zone, brings the zone-exit alarm to the messages, rings the collar and turns lost mode on', async () => {
    const { page, errors, context } = await openPhone(browser);
    onTestFailed(() => shot(page, 'mobile-pet-failed'));
    await smsLogin(page, phone);
    const home = page.getByTestId('mp-pet-home');
    await home.waitFor({ timeout: 30_000 });
    await page.getByTestId('mp-live').locator('.mp-name', { hasText: petName }).waitFor();
    // live: the freshness says 实时 and the age how long ago
    await until(async () => ((await page.getByTestId('mp-freshness').textContent()) ?? '').includes('实时'), 30_000);
    expect(await page.getByTestId('mp-age').textContent()).toMatch(/刚刚|分钟前/);
    expect(await page.getByTestId('mp-source').textContent()).toMatch(/GPS|Wi-Fi|基站/);
    expect(await page.getByTestId('mp-battery').textContent()).toMatch(/\d+%/);
    await mapDrawn(page, 'mp-pet-map');
    expect(await mapStyleName(page, 'mp-pet-map')).not.toMatch(/-dark$/);
    // the page never scrolls sideways at 390 px
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'mobile-pet-live-light');

    // 安全区域: a 100 m circle round where the pet is, named 家 (the first zone's default)
    await page.getByTestId('mp-zones-link').tap();
    await page.getByTestId('mp-zone-add').tap();
    expect(await page.getByTestId('mp-zone-name').locator('input').inputValue()).toBe('家');
    await mapDrawn(page, 'mp-zone-map');
    await shot(page, 'mobile-pet-zone-edit');
    await page.getByTestId('mp-zone-save').tap();
    await page.getByTestId('mp-zone-list').getByText('家').waitFor();
    await shot(page, 'mobile-pet-zones');
    await page.locator('.adm-nav-bar-back').tap();
    await home.waitFor();

    // The pet runs off: the alarm pops as a toast and lands in 消息.
    collar().pet.runOff(400, 60);
    await page.locator('.adm-toast-main', { hasText: '离开安全区域' }).waitFor({ timeout: 120_000 });
    await page.getByTestId('mp-messages-link').getByText('离开安全区域').waitFor({ timeout: 20_000 });
    await page.getByTestId('mp-messages-link').tap();
    await page.getByTestId('mp-messages').getByText('离开安全区域').waitFor();
    await shot(page, 'mobile-pet-messages');
    await page.locator('.adm-nav-bar-back').tap();

    // 响铃寻宠: the collar rings
    await page.getByTestId('mp-find').tap();
    await until(() => collar().rangAt.length === 1, 20_000);

    // 寻宠模式: confirmed, the collar reports every 15 s and the map says until when
    await page.getByTestId('mp-lost-switch').tap();
    await page.locator('.adm-dialog-button', { hasText: '确定' }).tap();
    await page.getByTestId('mp-lost-banner').waitFor({ timeout: 20_000 });
    await until(() => collar().intervalSeconds === 15, 20_000);
    await pause(300);
    await shot(page, 'mobile-pet-lost-light');
    expect(errors).toEqual([]);

    // The same page in the dark (the system's scheme; the kit's variables follow)
    const dark = await openPhone(browser, 'dark', await context.storageState());
    const night = dark.page;
    await night.goto(`${baseUrl()}/m/pet`);
    await night.getByTestId('mp-pet-home').waitFor({ timeout: 30_000 });
    await mapDrawn(night, 'mp-pet-map');
    expect(await night.evaluate(() => document.documentElement.getAttribute('data-prefers-color-scheme'))).toBe('dark');
    // the basemap's dark twin (shared/map/darkStyle.ts)
    expect(await mapStyleName(night, 'mp-pet-map')).toMatch(/-dark$/);
    await shot(night, 'mobile-pet-live-dark');
    // zoomed out to the region: provinces, cities and their names on the dark basemap
    await night.evaluate(() => {
      const canvas = document.querySelector('[data-testid="mp-pet-map"] .cl-map-canvas') as Element & {
        maplibre: { jumpTo(o: { zoom: number }): void };
      };
      canvas.maplibre.jumpTo({ zoom: 6.8 });
    });
    await mapDrawn(night, 'mp-pet-map');
    await shot(night, 'mobile-pet-map-region-dark');
    await dark.context.close();
    await context.close();
  }, 420_000);
});
