import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { idCheckChar } from '@chelian/contracts';
import { baseUrl, launch, login, openTab, shot, toasts } from './support/browser.ts';
import { apiLogin, smsCodeFor } from './support/server.ts';
import { ok } from './support/subAccount.ts';
import { api, imei } from './support/carFleet.ts';

// Issue 36, 租金账单 › 已支付待退款 › 原路退款 on the desktop: a rider paid a renewal online through
// WeChat Pay (the browser suite's stand-in, e2e/support/globalSetup.ts) while the operator took the
// same rent at the counter, so the money is not booked and waits to go back. The operator finds the
// order in 已支付待退款 (the whole row in sight at 1440 px), confirms 原路退款, the stand-in refunds it
// (SUCCESS) and the row leaves the list.
let browser: Browser;
let admin = '';
let orderNo = '';
const tail = String(crypto.randomInt(0, 10 ** 8)).padStart(8, '0');
const phone = `139${tail}`;
const first17 = `3101041991${String(crypto.randomInt(1, 12)).padStart(2, '0')}16${tail.slice(-3)}`;
const lease = '/elec-lease/v1/api';

beforeAll(async () => {
  browser = await launch();
  admin = await apiLogin();
  const terminal = imei('8691887');
  await ok(api(admin, '/car/v4/api/terminal/add.json', { terminalId: terminal, protocol: 'gt06' }), 'terminal');
  const vehicle = await ok(
    api<{ vehicleId: number }>(admin, `${lease}/vehicle/add.json`, {
      imei: terminal,
      code: `ZLT${tail.slice(-5)}`,
      plate: `沪T·${tail.slice(-5)}`,
    }),
    'bike',
  );
  const rider = await ok(
    api<{ riderId: number }>(admin, `${lease}/rider/save.json`, {
      name: '吴十',
      idNumber: first17 + idCheckChar(first17),
      phone,
      emergencyPhone: '13600136000',
    }),
    'rider',
  );
  const plan = await ok(
    api<{ planId: number }>(admin, `${lease}/plan/save.json`, {
      name: `退款周租${tail.slice(-4)}`,
      kind: 'weekly',
      rentFen: 6600,
      depositFen: 10000,
      insuranceFen: 0,
      lateFeeFen: 0,
    }),
    'plan',
  );
  const { contractId } = (
    await ok(
      api<{ contract: { contractId: number } }>(admin, `${lease}/contract/create.json`, {
        riderId: rider.riderId,
        vehicleId: vehicle.vehicleId,
        planId: plan.planId,
      }),
      'contract',
    )
  ).contract;
  await ok(
    api(admin, `${lease}/payment/pay.json`, { contractId, method: 'cash', providerRef: `SJ${tail}`, amountFen: 16600 }),
    'first bills',
  );
  await ok(api(admin, `${lease}/contract/handover.json`, { contractId, batteryPercent: 90 }), 'handover');
  await ok(api(admin, `${lease}/rider/invite.json`, { riderId: rider.riderId }), 'invite');
  // The rider signs in by SMS (the code from the server's outbox) and opens an order for next week's rent.
  await ok(api(admin, `${lease}/contract/renew.json`, { contractId }), 'renew');
  const sentAt = Date.now() - 1000;
  await ok(api('', '/oauth/sendLoginSms', { phone }), 'sms');
  const riderSid = (
    await ok(api<{ sessionId: string }>('', '/oauth/v4/token', { phone, smsCode: await smsCodeFor(phone, sentAt, 20_000) }), 'rider login')
  ).sessionId;
  const opened = await ok(
    api<{ order: { orderNo: string; amountFen: number }; params: { kind: string; url?: string } }>(
      riderSid,
      '/elec-lease/v1/rider/pay.json',
      {
        contractId,
        channel: 'wechat',
      },
    ),
    'pay',
  );
  expect(opened.order.amountFen).toBe(6600);
  orderNo = opened.order.orderNo;
  // Paid at the counter meanwhile; then the rider confirms on WeChat Pay's (stand-in's) page, which notifies the server.
  await ok(api(admin, `${lease}/payment/pay.json`, { contractId, method: 'cash', providerRef: `SJ${tail}2`, amountFen: 6600 }), 'counter');
  const h5 = new URL(opened.params.url ?? '');
  const paid = await fetch(`${h5.origin}${h5.pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prepay_id: h5.searchParams.get('prepay_id') ?? '' }).toString(),
  });
  expect(paid.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

describe('租金账单 › 已支付待退款', () => {
  it('refunds an order paid online for a debt settled meanwhile through WeChat Pay (原路退款)', async () => {
    const { page, errors } = await openTab(browser, { width: 1440, height: 900 });
    await login(page);
    await page.goto(`${baseUrl()}/elec-lease/bill`);
    const frame = page.frameLocator('iframe').first();
    await frame.getByRole('tab', { name: '已支付待退款' }).click();
    const row = frame.getByTestId('lease-refund-due').locator('tr', { hasText: orderNo });
    await row.getByText('已支付，待退款').waitFor({ timeout: 20_000 });
    await row.getByText('吴十').waitFor();
    await row.getByText('66.00').waitFor();
    // At 1440 px the list fits: no column lies beyond the card, 原路退款 is in sight without scrolling.
    const table = frame.getByTestId('lease-refund-due');
    const fit = await table
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(fit).toBeLessThanOrEqual(0);
    await expect.poll(() => row.getByText('原路退款').isVisible()).toBe(true);
    await shot(page, 'elec-lease-refund-due');
    await frame.getByTestId(`lease-refund-${orderNo}`).click();
    const confirm = frame.locator('.ant-popconfirm:visible');
    await confirm.getByText('确定通过原支付渠道退还 66.00 元给骑手？').waitFor();
    await confirm.locator('.ant-btn-primary').click();
    // The page's toast (in the page's frame) names the outcome.
    await frame.locator('.ant-message-notice').getByText('退款已提交：已退款').waitFor({ timeout: 20_000 });
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    // Refunded once: the API says so again.
    const again = await api(admin, `${lease}/payment/refundOrder.json`, { orderNo });
    expect(again).toMatchObject({ errorCode: 'elecLease.orderNotRefundable', msg: '该订单无需退款（已退款）' });
    expect(errors).toEqual([]);
    expect(await toasts(page)).not.toContain('请求失败');
  });
});
