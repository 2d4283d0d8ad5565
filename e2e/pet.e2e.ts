import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { encodeWatchLink, encodeWatchReport } from '@chelian/protocols/watch/index.ts';
import { baseUrl, launch, login, openTab, shot } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { api, pause, until } from './support/carFleet.ts';
import { e2eServer } from './support/e2eServer.ts';

const MEMBER_PASSWORD = 'PetFamily2026x';
async function encrypt(text: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl()}/oauthToken/getConfig`)).json()) as { obj: { publicKey: string } };
  return crypto
    .publicEncrypt({ key: config.obj.publicKey, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from(text))
    .toString('base64');
}

// Issue 20, 宠物卫士: an owner adds a pet with its collar (a watch-protocol terminal over real TCP),
// sees it live in freshness colours, switches lost mode on (the collar receives UPLOAD,15), and
// reads its week of steps, and draws a home safe zone; every pet menu opens.
let browser: Browser;
let collar: net.Socket;
const id = `93${crypto
  .randomInt(0, 10 ** 8)
  .toString()
  .padStart(8, '0')}`;
const name = `豆豆${id.slice(-3)}`;
const heard: string[] = [];

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  const added = await api(admin, '/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'watch' });
  if (added.flag !== 1) throw new Error(added.msg);
  collar = net.connect(e2eServer().watchPort, '127.0.0.1');
  await new Promise<void>((resolve, reject) => (collar.once('connect', resolve), collar.once('error', reject)));
  collar.on('data', (d) => heard.push(d.toString()));
  const now = Date.now();
  collar.write(
    encodeWatchReport(id, 'UD', {
      time: now - 20 * 60_000,
      lat: 31.2304,
      lon: 121.4737,
      valid: true,
      battery: 64,
      steps: 2000,
      tumbles: 0,
      signal: 70,
      accuracy: 15,
    }),
  );
  collar.write(
    encodeWatchReport(id, 'UD', {
      time: now - 5_000,
      lat: 31.2306,
      lon: 121.4739,
      valid: true,
      battery: 63,
      steps: 2600,
      tumbles: 0,
      signal: 72,
      accuracy: 10,
    }),
  );
  collar.write(encodeWatchLink(id, { steps: 2600, tumbles: 1, battery: 62 }));
  await until(() => heard.some((h) => h.includes('*LK]')), 10_000);
});
afterAll(async () => {
  collar?.destroy();
  await browser?.close();
});

describe('宠物卫士', () => {
  it('adds a pet with its collar, shows it live, finds it in lost mode and reads its activity', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    await page.goto(`${baseUrl()}/pet/profile`);
    const frame = page.frameLocator('iframe').first();
    await frame.getByTestId('pt-add').click();
    await frame.locator('#name').fill(name);
    await frame.locator('#breed').fill('柯基');
    await frame.getByTestId('pt-imei').fill(id);
    await shot(page, 'pet-profile-form');
    await frame.locator('.ant-modal-footer .ant-btn-primary').click();
    await frame.getByTestId('pt-pets').locator('tr', { hasText: name }).waitFor();
    await shot(page, 'pet-profile');
    // The collar's SOS button, through the one alarm pipeline.
    collar.write(
      encodeWatchReport(id, 'AL', {
        time: Date.now() - 2_000,
        lat: 31.2306,
        lon: 121.4739,
        valid: true,
        battery: 62,
        steps: 2600,
        tumbles: 1,
        alarms: ['sos'],
      }),
    );
    await until(() => heard.some((h) => h.includes('*AL]')), 10_000);

    await page.goto(`${baseUrl()}/pet/monitor`);
    const live = frame.getByTestId('pt-live');
    await live.waitFor();
    // The picker opens on the first pet; choose ours.
    await frame.getByTestId('pt-picker').click();
    await frame.locator('.ant-select-item-option', { hasText: name }).click();
    await live.locator('.pt-name', { hasText: name }).waitFor();
    expect(await frame.getByTestId('pt-freshness').textContent()).toContain('实时');
    expect(await frame.getByTestId('pt-battery').textContent()).toContain('62%');
    await frame.getByTestId('pt-alarms').locator('tbody tr', { hasText: '紧急报警' }).waitFor();
    await frame.getByTestId('pt-lost-switch').click();
    await frame.locator('.ant-popconfirm .ant-btn-primary').click();
    await frame.getByTestId('pt-lost-tag').waitFor();
    await until(() => heard.some((h) => h.includes('UPLOAD,15')), 10_000);
    await shot(page, 'pet-monitor-lost');

    await page.goto(`${baseUrl()}/pet/activity?petId=`);
    await frame.getByTestId('pt-picker').click();
    await frame.locator('.ant-select-item-option', { hasText: name }).click();
    await frame.getByTestId('pt-week-chart').waitFor();
    await until(async () => ((await frame.getByTestId('pt-days').locator('tbody tr').last().textContent()) ?? '').includes('600'), 10_000);
    await shot(page, 'pet-activity');

    await page.goto(`${baseUrl()}/pet/history`);
    await frame.getByTestId('pt-picker').click();
    await frame.locator('.ant-select-item-option', { hasText: name }).click();
    await frame.getByTestId('pt-heat-map').waitFor();
    expect(await frame.getByTestId('pt-heat-table').locator('tbody tr').count()).toBeGreaterThan(0);
    await shot(page, 'pet-history');

    // 安全区域: a home circle drawn with a click where the pet is, saved with its alarms.
    await page.goto(`${baseUrl()}/pet/fence`);
    await frame.getByTestId('pt-picker').click();
    await frame.locator('.ant-select-item-option', { hasText: name }).click();
    const map = frame.getByTestId('pt-zone-map');
    await map.waitFor();
    await pause(1000);
    await map.click();
    await frame.getByTestId('pt-zone-name').fill('家');
    await frame.getByTestId('pt-zone-save').click();
    await frame.getByTestId('pt-zone-table').locator('tbody tr', { hasText: '圆形 100米' }).waitFor();
    await pause(300);
    await shot(page, 'pet-zones');
    expect(errors).toEqual([]);
  });

  it('shares the pet with a family member in another account, who accepts and sees it read-only', async () => {
    const admin = await apiLogin();
    const member = `pf${id.slice(-6)}`;
    const account = await api<{ id: number }>(admin, '/car/v4/api/account/add.json', { name: `宠物家庭${id.slice(-4)}`, kind: 'customer' });
    const role = await api<{ id: number }>(
      admin,
      '/car/v4/api/role/save.json',
      { accountId: account.obj.id, name: `宠物家人${id.slice(-4)}`, resourceIds: [13000, 13001, 1300101, 13002, 1300201] },
      true,
    );
    const user = await api(admin, '/car/v4/api/user/add.json', {
      accountId: account.obj.id,
      roleId: role.obj.id,
      username: member,
      name: '家人',
      password: await encrypt(MEMBER_PASSWORD),
    });
    expect(user.flag, user.msg).toBe(1);

    const owner = await openTab(browser, { width: 1440, height: 900 });
    await login(owner.page);
    await owner.page.goto(`${baseUrl()}/pet/profile`);
    const of = owner.page.frameLocator('iframe').first();
    const family = of.getByTestId('pt-family');
    await family.locator('.ant-select').click();
    await of.locator('.ant-select-item-option', { hasText: name }).click();
    await of.getByTestId('pt-family-user').fill(member);
    await of.getByTestId('pt-family-invite').click();
    await of.getByTestId('pt-family-members').locator('tr', { hasText: '待接受' }).waitFor();
    await shot(owner.page, 'pet-family-owner');

    const guest = await openTab(browser, { width: 1440, height: 900 });
    await login(guest.page, MEMBER_PASSWORD, member);
    await guest.page.goto(`${baseUrl()}/pet/profile`);
    const gf = guest.page.frameLocator('iframe').first();
    await gf.getByTestId('pt-invitation-accept').first().click();
    await gf.getByTestId('pt-pets').locator('tr', { hasText: '家庭共享（只读）' }).waitFor();
    expect(await gf.getByTestId('pt-add').count()).toBe(1); // its own pets it may still add
    await shot(guest.page, 'pet-family-member');
    await guest.page.goto(`${baseUrl()}/pet/monitor`);
    await gf.getByTestId('pt-live').locator('.pt-name', { hasText: name }).waitFor();
    expect(await gf.getByTestId('pt-lost-switch').count()).toBe(0);
    expect([...owner.errors, ...guest.errors]).toEqual([]);
  });
});
