import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { idCheckChar } from '@chelian/contracts';
import { launch, shot } from './support/browser.ts';
import { openPhone, smsLogin } from './support/mobilePhone.ts';
import { apiLogin } from './support/server.ts';
import { ok } from './support/subAccount.ts';
import { api, imei, until } from './support/carFleet.ts';

// Issue 36 item 5 on a phone (Chromium's mobile emulation, 390×844, touch): an operator rents a bike
// out from a lease dated back ten days, so the lease clock finds it overdue past the grace period and
// locks it; the operator invites the rider (邀请使用掌上车联); the rider logs in by SMS and reads the
// contract, the debt and the lock in words, and the bills with the overdue ones first. This server
// has no merchant account and is not --demo: paying answers 未开通在线支付 (the payment itself, the
// unlock and the stand-in providers are covered by the server tests, docs/payments.md).
let browser: Browser;
let admin = '';
const tail = String(crypto.randomInt(0, 10 ** 8)).padStart(8, '0');
const phone = `137${tail}`;
const first17 = `3101041990${String(crypto.randomInt(1, 12)).padStart(2, '0')}15${tail.slice(-3)}`;
const code = `ZLM${tail.slice(-5)}`;
let contractId = 0;

const beijingDay = (daysAgo: number) => new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launch();
  admin = await apiLogin();
  const terminal = imei('8691889');
  await ok(api(admin, '/car/v4/api/terminal/add.json', { terminalId: terminal, protocol: 'gt06' }), 'terminal');
  const lease = '/elec-lease/v1/api';
  const vehicle = await ok(
    api<{ vehicleId: number }>(admin, `${lease}/vehicle/add.json`, { imei: terminal, code, plate: `沪M·${tail.slice(-5)}` }),
    'bike',
  );
  const rider = await ok(
    api<{ riderId: number }>(admin, `${lease}/rider/save.json`, {
      name: '周九',
      idNumber: first17 + idCheckChar(first17),
      phone,
      emergencyPhone: '13600136000',
    }),
    'rider',
  );
  const plan = await ok(
    api<{ planId: number }>(admin, `${lease}/plan/save.json`, {
      name: `日租${tail.slice(-4)}`,
      kind: 'daily',
      rentFen: 2000,
      depositFen: 20000,
      insuranceFen: 0,
      lateFeeFen: 300,
    }),
    'plan',
  );
  const created = await ok(
    api<{ contract: { contractId: number } }>(admin, `${lease}/contract/create.json`, {
      riderId: rider.riderId,
      vehicleId: vehicle.vehicleId,
      planId: plan.planId,
    }),
    'contract',
  );
  contractId = created.contract.contractId;
  await ok(
    api(admin, `${lease}/payment/pay.json`, { contractId, method: 'cash', providerRef: `SJ${tail}`, amountFen: 22000 }),
    'first bills',
  );
  await ok(api(admin, `${lease}/contract/handover.json`, { contractId, batteryPercent: 90, startDate: beijingDay(10) }), 'handover');
  // The lease clock (every 2 s here) bills the missed days, marks the contract overdue and locks it.
  await until(async () => {
    const d = await api<{ contract: { status: string; lockReason: string } }>(
      admin,
      `${lease}/contract/detail.json?contractId=${contractId}`,
    );
    return d.obj?.contract.status === 'overdue' && d.obj.contract.lockReason === 'overdue';
  }, 60_000);
  await ok(api(admin, `${lease}/rider/invite.json`, { riderId: rider.riderId }), 'invite');
});
afterAll(async () => {
  await browser?.close();
});

describe('掌上车联 for a rider', () => {
  it('shows the overdue, locked rental in words and the bills; paying says online payment is not set up', async () => {
    const { page, errors } = await openPhone(browser);
    await smsLogin(page, phone);
    // The rider's only tab opens first after the login.
    const home = page.getByTestId('rd-home');
    try {
      await home.waitFor({ timeout: 30_000 });
    } catch (err) {
      await shot(page, 'mobile-rider-not-home');
      throw err;
    }
    await expect.poll(() => page.getByTestId('rd-status').textContent()).toBe('已逾期');
    expect(await page.getByTestId('rd-locked').textContent()).toBe('已锁车：逾期未缴');
    const words = (await page.getByTestId('rd-explanation').textContent()) ?? '';
    expect(words).toMatch(/已逾期 \d+ 天，尚欠 \d+\.\d{2} 元/);
    expect(words).toContain('缴清全部欠款后，车辆会自动解锁');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'mobile-rider-home');

    await page.getByTestId('rd-bills-link').tap();
    await page.getByTestId('rd-bills').waitFor();
    const firstBill = page.locator('[data-testid^="rd-bill-"]').first();
    await expect.poll(() => firstBill.textContent()).toContain('已逾期');
    await shot(page, 'mobile-rider-bills');

    await page.getByTestId('rd-bills-pay-all').tap();
    await page.getByText('未开通在线支付，请到门店缴费').waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
