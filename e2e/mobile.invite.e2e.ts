import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { baseUrl, dialogClosed, launch, login, openTab, shot } from './support/browser.ts';
import { apiLogin, smsCodeFor } from './support/server.ts';
import { api, until } from './support/carFleet.ts';

// Issue 36 item 2: the operator invites a pet's owner to 掌上车联 from 宠物档案 (邀请用户); the
// invitation SMS goes out, the owner logs in by phone + SMS code and sees that pet only; the
// operator sees the owner in the dialog and revokes, and the owner's session ends.
let browser: Browser;
const tail = crypto
  .randomInt(0, 10 ** 8)
  .toString()
  .padStart(8, '0');
const collar = `94${tail}`;
const phone = `137${tail}`;
const name = `邀请${tail.slice(-4)}`;
let petId = 0;

beforeAll(async () => {
  browser = await launch();
  const admin = await apiLogin();
  const added = await api(admin, '/car/v4/api/terminal/add.json', { terminalId: collar, protocol: 'watch' });
  if (added.flag !== 1) throw new Error(added.msg);
  const pet = await api<{ petId: number }>(admin, '/pet/v1/api/pet/save.json', { name, imei: collar });
  if (pet.flag !== 1) throw new Error(pet.msg);
  petId = pet.obj.petId;
});
afterAll(async () => {
  await browser?.close();
});

describe('邀请用户 (掌上车联)', () => {
  it('invites the owner from 宠物档案; the owner logs in by SMS and sees the pet; revoking ends it', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    await page.goto(`${baseUrl()}/pet/profile`);
    const frame = page.frameLocator('iframe').first();
    const row = frame.getByTestId('pt-pets').locator('tr', { hasText: name });
    await row.getByTestId('pt-enduser').click();
    const dialog = frame.locator('.ant-modal', { hasText: '邀请使用掌上车联' });
    await dialog.getByTestId('enduser-phone').fill(phone);
    await dialog.locator('input[placeholder="选填，如 张先生"]').fill('王女士');
    const sentAt = Date.now();
    await dialog.getByTestId('enduser-invite').click();
    await expect.poll(() => dialog.getByTestId('enduser-people').innerText(), { timeout: 20_000 }).toContain(phone);
    expect(await dialog.getByTestId('enduser-people').innerText()).toContain('宠物主人');
    await shot(page, 'mobile-invite-pet');

    // The owner: the login code comes through the same outbox as the invitation.
    const sent = await fetch(`${baseUrl()}/oauth/sendLoginSms`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ phone }),
    });
    expect(((await sent.json()) as { flag: number }).flag).toBe(1);
    const code = await smsCodeFor(phone, sentAt);
    const token = (await (
      await fetch(`${baseUrl()}/oauth/v4/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ phone, smsCode: code }),
      })
    ).json()) as { flag: number; obj: { sessionId: string } };
    expect(token.flag).toBe(1);
    const pets = await api<Array<{ petId: number }>>(token.obj.sessionId, '/pet/v1/api/pet/list.json');
    expect(pets.obj.map((p) => p.petId)).toEqual([petId]);

    await dialog.getByTestId('enduser-revoke').click();
    await frame
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await expect.poll(() => dialog.getByTestId('enduser-people').innerText(), { timeout: 20_000 }).not.toContain(phone);
    await until(async () => (await api(token.obj.sessionId, '/pet/v1/api/pet/list.json')).flag !== 1, 10_000);
    await dialog.locator('.ant-modal-close').click();
    await dialogClosed(frame.locator('.ant-modal-root'));
    expect(errors).toEqual([]);
  }, 180_000);
});
