import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { idCheckChar } from '@chelian/contracts';
import { baseUrl, launch, shot } from './support/browser.ts';
import { openPhone, smsLogin } from './support/mobilePhone.ts';
import { apiLogin } from './support/server.ts';
import { ok } from './support/subAccount.ts';
import { api, imei, until } from './support/carFleet.ts';
import { AnsweringTracker } from './support/answeringTracker.ts';

// Issue 36 item 5 on a phone (Chromium's mobile emulation, 390×844, touch): an operator rents a bike
// out on a weekly plan from a lease dated back eleven days, so the second week has been due for four
// days: the lease clock finds it overdue past the three days of grace and locks it — the cut (DYD) goes down to the parked bike's GT06 tracker over TCP; the operator invites
// the rider (邀请使用掌上车联); the rider logs in by SMS, reads the contract, the debt and the lock in
// words, and the bills with the overdue ones first, and pays everything owed with WeChat Pay: the
// server is configured as a deployment is (WECHATPAY_*, e2e/support/globalSetup.ts) against the
// local stand-in (payments/wechatStandIn.ts), whose cashier page posts the signed notification to the
// server and sends the phone back to 账单. The bills are paid, the lock is gone and the restore
// (HFYD) reaches the tracker. (A week: paying what is billed brings the contract current. The clock
// bills one period at a time, so a daily plan days behind is still overdue after paying its bills.)
let browser: Browser;
let tracker: AnsweringTracker;
let keepOnline: NodeJS.Timeout | undefined;
const shop = { lon: 121.4737, lat: 31.2304 };
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
      name: `周租${tail.slice(-4)}`,
      kind: 'weekly',
      rentFen: 7000,
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
  // The bike parked at the shop, its tracker online (a fix a minute keeps it so).
  tracker = new AnsweringTracker(terminal);
  await tracker.connect();
  await tracker.report(shop);
  keepOnline = setInterval(() => void tracker.report(shop), 60_000);
  await ok(
    api(admin, `${lease}/payment/pay.json`, { contractId, method: 'cash', providerRef: `SJ${tail}`, amountFen: 27000 }),
    'first bills',
  );
  await ok(api(admin, `${lease}/contract/handover.json`, { contractId, batteryPercent: 90, startDate: beijingDay(11) }), 'handover');
  // The lease clock (every 2 s here) bills the missed days, marks the contract overdue and locks it.
  await until(async () => {
    const d = await api<{ contract: { status: string; lockReason: string } }>(
      admin,
      `${lease}/contract/detail.json?contractId=${contractId}`,
    );
    return d.obj?.contract.status === 'overdue' && d.obj.contract.lockReason === 'overdue';
  }, 60_000);
  await until(() => tracker.commands.length > 0, 30_000);
  expect(tracker.commands).toEqual(['DYD,000000#']);
  await ok(api(admin, `${lease}/rider/invite.json`, { riderId: rider.riderId }), 'invite');
});
afterAll(async () => {
  clearInterval(keepOnline);
  tracker?.close();
  await browser?.close();
});

describe('掌上车联 for a rider', () => {
  it('shows the overdue, locked rental in words; paying it all through WeChat Pay unlocks the bike', async () => {
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

    // 立即缴清: the one channel on offer is WeChat Pay, whose H5 page (the stand-in's) opens.
    const payAll = page.getByTestId('rd-bills-pay-all');
    const owed = /立即缴清 (\d+\.\d{2}) 元/.exec((await payAll.textContent()) ?? '')?.[1];
    expect(owed).toBeDefined();
    await payAll.tap();
    await page.waitForURL(/\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=/, { timeout: 20_000 });
    expect(await page.getByTestId('standin-note').textContent()).toContain('测试替身');
    expect(await page.getByTestId('standin-amount').textContent()).toBe(`¥${owed}`);
    await shot(page, 'mobile-rider-standin-cashier');

    // 确认支付: the stand-in notifies the server (signed), then the phone is back on 账单, which asks for the result.
    await page.getByTestId('standin-pay').tap();
    await page.waitForURL(/\/m\/rider\/bills/, { timeout: 20_000 });
    await page.getByTestId('rd-bills').waitFor({ timeout: 20_000 });
    await page.getByText('没有待缴账单').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid^="rd-pay-"]').count()).toBe(0);
    await expect.poll(() => firstBill.textContent()).toContain('已缴');
    expect(await page.getByText('已逾期').count()).toBe(0);
    await shot(page, 'mobile-rider-paid');

    // 我的租赁: renting again, no lock; the restore went down to the tracker, which answered.
    await page.locator('.adm-nav-bar-back').tap();
    await home.waitFor();
    await expect.poll(() => page.getByTestId('rd-status').textContent(), { timeout: 20_000 }).toBe('租赁中');
    expect(await page.getByTestId('rd-locked').count()).toBe(0);
    expect(await page.getByTestId('rd-owed').textContent()).toBe('¥0.00');
    await until(() => tracker.commands.length > 1, 30_000);
    expect(tracker.commands).toEqual(['DYD,000000#', 'HFYD,000000#']);
    await page.locator('.adm-toast-main').waitFor({ state: 'hidden', timeout: 10_000 });
    await shot(page, 'mobile-rider-unlocked');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // Inside WeChat's browser (its user agent): WeChat Pay is JSAPI, which needs the rider's openid. The page
  // goes to 网页授权 (the stand-in plays open.weixin.qq.com: straight back with a code, as snsapi_base does),
  // the server exchanges the code (the stand-in plays api.weixin.qq.com), and the payment the rider started
  // goes on as a JSAPI order for that openid, handed to WeixinJSBridge — a stand-in here, which records the
  // request; the rider "pays" on the WeChat Pay stand-in (its notification books the bill) and WeChat answers ok.
  it('pays inside WeChat by JSAPI with the openid 网页授权 gave', async () => {
    await ok(api(admin, '/elec-lease/v1/api/contract/renew.json', { contractId }), 'next week billed');
    const { page, errors } = await openPhone(browser, 'light', undefined, WECHAT_UA);
    await page.addInitScript(() => {
      const w = window as unknown as { WeixinJSBridge: object; wxPay?: object; wxDone?: (r: object) => void };
      w.WeixinJSBridge = {
        invoke(name: string, params: object, done: (r: object) => void) {
          w.wxPay = { name, params };
          w.wxDone = done;
        },
      };
    });
    await smsLogin(page, phone);
    await page.getByTestId('rd-home').waitFor({ timeout: 30_000 });
    await page.getByTestId('rd-bills-link').tap();
    await page.getByTestId('rd-bills').waitFor();
    const authorize = page.waitForRequest(/\/connect\/oauth2\/authorize\?/);
    await page.getByTestId('rd-bills-pay-all').tap();
    const asked = new URL((await authorize).url());
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ response_type: 'code', scope: 'snsapi_base' });
    expect(asked.searchParams.get('redirect_uri')).toMatch(new RegExp(`/m/rider/bills\\?contractId=${contractId}$`));
    // back on 账单 with the code; the JSAPI order reaches the bridge
    const handle = await page.waitForFunction(() => (window as unknown as { wxPay?: object }).wxPay, undefined, { timeout: 20_000 });
    const jsapi = (await handle.jsonValue()) as { name: string; params: Record<string, string> };
    expect(jsapi.name).toBe('getBrandWCPayRequest');
    expect(jsapi.params).toMatchObject({ signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx/) });
    expect(jsapi.params.paySign).toMatch(/^[A-Za-z0-9+/=]{300,}$/);
    expect(page.url()).not.toContain('code=');
    // The rider confirms in WeChat: the WeChat Pay stand-in notifies the server, then WeChat answers ok.
    const paid = await fetch(`${asked.origin}/cgi-bin/mmpayweb-bin/checkmweb`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prepay_id: jsapi.params.package!.slice('prepay_id='.length) }).toString(),
    });
    expect(paid.status).toBe(200);
    await page.evaluate(() => (window as unknown as { wxDone: (r: object) => void }).wxDone({ err_msg: 'get_brand_wcpay_request:ok' }));
    await page.getByText('没有待缴账单').waitFor({ timeout: 20_000 });
    await shot(page, 'mobile-rider-wechat-jsapi-paid');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // A rider without a contract (the server lists none: here the answer is stripped of them) has no bills
  // to ask for, so 账单 says 暂无账单 at once; it showed its loading skeleton forever.
  it('shows 暂无账单 on 账单 to a rider without a contract, not a skeleton', async () => {
    const { page, errors } = await openPhone(browser);
    await page.route('**/elec-lease/v1/rider/me.json*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { obj: object };
      await route.fulfill({ response, json: { ...body, obj: { ...body.obj, contracts: [] } } });
    });
    let billsAsked = 0;
    page.on('request', (r) => void (r.url().includes('/elec-lease/v1/rider/bills.json') && billsAsked++));
    await smsLogin(page, phone);
    await page.getByText('还没有租车订单').waitFor({ timeout: 30_000 });
    await page.goto(`${baseUrl()}/m/rider/bills`);
    await page.getByText('暂无账单').waitFor({ timeout: 20_000 });
    expect(await page.locator('.adm-skeleton').count()).toBe(0);
    expect(billsAsked).toBe(0);
    await shot(page, 'mobile-rider-no-bills');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 ' +
  'Mobile Safari/537.36 XWEB/1260117 MMWEBSDK/20240501 MicroMessenger/8.0.50.2701(0x28003237) WeChat/arm64 NetType/WIFI Language/zh_CN';
