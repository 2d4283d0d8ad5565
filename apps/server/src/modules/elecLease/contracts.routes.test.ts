import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import type { Tenant } from '../../testing/fixtures.ts';
import { multipart } from '../../testing/multipart.ts';
import { LEASE } from '../../testing/leaseRider.ts';
import { leaseOperatorCalls, twoOperators } from '../../testing/leaseOperator.ts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';

/*
 * 电单车租赁 through the HTTP API: a contract's life from creation to return with every bill and
 * payment booked in a ledger that balances; the bad-input and money rules; the statistics it leaves;
 * tenancy. The rider, bikes and plan it needs are made as fleet.routes.test.ts tests them.
 */
let t: TestServer;
let a: Tenant;
let b: Tenant;
let vehicles: number[] = [];
let riderId = 0;
let planId = 0;
let contractId = 0;
const { post, get, expectBalanced, leaseFleet } = leaseOperatorCalls(() => t);
const detail = async () => (await get(a.sessionId, `/contract/detail.json?contractId=${contractId}`)).obj;

beforeAll(async () => {
  t = await createTestServer();
  ({ a, b } = await twoOperators(t));
  ({ vehicles, riderId, planId } = await leaseFleet(a));
});
afterAll(async () => {
  await t?.close();
});

describe("a contract's life", () => {
  it('creates a pending contract with deposit, insurance and the first rent billed', async () => {
    const res = await post(a.sessionId, '/contract/create.json', { riderId, vehicleId: vehicles[0]!, planId });
    expect(res.obj.contract).toMatchObject({
      status: 'pending',
      statusName: '待交车',
      vehicleCode: 'ZL-001',
      owedFen: 50000 + 1500 + 8800,
    });
    expect(res.obj.contract.contractNo).toMatch(new RegExp(`^ZL\\d{8}${String(res.obj.contract.contractId).padStart(6, '0')}$`));
    contractId = res.obj.contract.contractId;
    expect(res.obj.bills.map((x: { kindName: string; amountFen: number }) => [x.kindName, x.amountFen])).toEqual([
      ['押金', 50000],
      ['保险费', 1500],
      ['租金', 8800],
    ]);
    // The bike is taken: another contract for it is refused.
    expect(await post(a.sessionId, '/contract/create.json', { riderId, vehicleId: vehicles[0]!, planId })).toMatchObject({
      errorCode: 'elecLease.vehicleNotAvailable',
      msg: '车辆 ZL-001 当前已被其他订单占用，不能出租',
    });
    // …and it reads 待交车, not 可租: a new order's list of available bikes leaves it out.
    expect((await get(a.sessionId, '/vehicle/list.json?keyword=ZL-001')).obj.list[0]).toMatchObject({
      state: 'reserved',
      stateName: '待交车',
    });
    const available = (await get(a.sessionId, '/vehicle/list.json?state=available')).obj.list.map((v: { code: string }) => v.code);
    expect(available).not.toContain('ZL-001');
    expect(available.length).toBeGreaterThan(0);
    expect(await post(a.sessionId, '/contract/handover.json', { contractId })).toMatchObject({
      errorCode: 'elecLease.unpaidBeforeHandover',
      msg: '请先结清押金、保险和首期租金（尚欠 603.00 元）再交车',
    });
    // the order and bill lists filter by their lists' keys, and refuse another word (an inherited name too) by name
    expect((await get(a.sessionId, '/contract/list.json?status=pending')).obj.total).toBe(1);
    expect((await get(a.sessionId, '/contract/list.json?status=active')).obj.total).toBe(0);
    expect((await get(a.sessionId, '/bill/list.json?status=unpaid')).obj.total).toBe(3);
    expect((await get(a.sessionId, '/bill/list.json?status=paid')).obj.total).toBe(0);
    for (const status of ['open', 'toString']) {
      expect(await get(a.sessionId, `/contract/list.json?status=${status}`)).toMatchObject({
        flag: 0,
        errorCode: 'elecLease.contractStatusUnknown',
        msg: `不支持的订单状态：${status}`,
      });
      expect(await get(a.sessionId, `/bill/list.json?status=${status}`)).toMatchObject({
        flag: 0,
        errorCode: 'elecLease.billStatusUnknown',
        msg: `不支持的账单状态：${status}`,
      });
    }
    await expectBalanced(a);
  });

  it('stores a payment sent twice once, and refuses more than is owed', async () => {
    expect(
      await post(a.sessionId, '/payment/pay.json', {
        contractId,
        method: 'wechat',
        providerRef: '4200001234202611260001',
        amountFen: 70000,
      }),
    ).toMatchObject({ errorCode: 'elecLease.overpay', msg: '收款金额 700.00 元超过应收 603.00 元' });
    for (const method of ['bank', 'toString'])
      expect(await post(a.sessionId, '/payment/pay.json', { contractId, method, providerRef: 'X1', amountFen: 100 })).toMatchObject({
        errorCode: 'elecLease.methodUnknown',
        msg: `不支持的支付方式：${method}`,
      });
    expect(
      await post(a.sessionId, '/payment/pay.json', { contractId, method: 'cash', providerRef: '收据 1', amountFen: 100 }),
    ).toMatchObject({ errorCode: 'elecLease.providerRefInvalid' });
    const pay = { contractId, method: 'wechat', providerRef: '4200001234202611260001', amountFen: 60300 };
    const [first, second] = await Promise.all([post(a.sessionId, '/payment/pay.json', pay), post(a.sessionId, '/payment/pay.json', pay)]);
    expect([first.obj.duplicate, second.obj.duplicate].sort()).toEqual([false, true]);
    expect(second.obj.payment.paymentId).toBe(first.obj.payment.paymentId);
    const third = await post(a.sessionId, '/payment/pay.json', pay);
    expect(third.obj).toMatchObject({
      duplicate: true,
      payment: { paymentId: first.obj.payment.paymentId, methodName: '微信支付', amountFen: 60300 },
    });
    const [n] = await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM elec_lease_payments WHERE provider_ref = $1`, [
      pay.providerRef,
    ]);
    expect(n!.n).toBe(1);
    expect(third.obj.detail.contract.owedFen).toBe(0);
    expect(await post(a.sessionId, '/payment/pay.json', { ...pay, amountFen: 100 })).toMatchObject({
      errorCode: 'elecLease.refRefundMismatch',
    });
    await expectBalanced(a);
  });

  it('hands the bike over with an inspection and its photos (checked by content and size)', async () => {
    expect(await post(a.sessionId, '/contract/handover.json', { contractId, startDate: '2020-01-01' })).toMatchObject({
      errorCode: 'elecLease.startDateInvalid',
      msg: '起租日期应为今天或之前 90 天内的日期',
    });
    expect(await post(a.sessionId, '/contract/handover.json', { contractId, startDate: '2099-01-01' })).toMatchObject({
      errorCode: 'elecLease.startDateInvalid',
    });
    const res = await post(a.sessionId, '/contract/handover.json', { contractId, batteryPercent: 96, note: '车况良好，左后视镜轻微划痕' });
    expect(res.obj.detail.contract).toMatchObject({ status: 'active', statusName: '租赁中' });
    const { started, dueAt } = res.obj.detail.contract;
    expect(dueAt - started).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    const inspectionId = res.obj.inspectionId;
    const upload = (content: Buffer, fileName = 'a.jpg') =>
      t
        .call(a.sessionId, {
          method: 'POST',
          url: `${LEASE}/contract/photo.json?inspectionId=${inspectionId}`,
          ...multipart({ fileName, content, type: 'image/jpeg' }),
        })
        .then((r) => r.json());
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const ok = await upload(jpeg);
    expect(ok).toMatchObject({ flag: 1 });
    expect(await upload(Buffer.from('<html>not a photo</html>'), 'x.jpg')).toMatchObject({
      flag: 0,
      errorCode: 'elecLease.photoType',
      msg: '照片只支持 JPG、PNG 或 WebP 图片',
    });
    expect(await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2 * 1024 * 1024)]))).toMatchObject({
      errorCode: 'elecLease.photoTooLarge',
      msg: '照片不能超过 2 MB',
    });
    const shown = await t.call(a.sessionId, { url: `${LEASE}/contract/photo/view.json?photoId=${ok.obj.photoId}` });
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.rawPayload.equals(jpeg)).toBe(true);
    expect((await t.call(b.sessionId, { url: `${LEASE}/contract/photo/view.json?photoId=${ok.obj.photoId}` })).json()).toMatchObject({
      errorCode: 'elecLease.notFound',
    });
    expect((await detail()).inspections[0]).toMatchObject({ kindName: '交车验车', batteryPercent: 96, photoIds: [ok.obj.photoId] });
    expect((await get(a.sessionId, `/vehicle/list.json?keyword=ZL-001`)).obj.list[0]).toMatchObject({ state: 'rented', riderName: '张三' });
  });

  it('renews, extends pro rata, swaps the bike, refunds and returns with the deposit settled', async () => {
    expect((await post(a.sessionId, '/contract/renew.json', { contractId })).obj.bills.at(-1)).toMatchObject({
      kindName: '租金',
      seq: 2,
      amountFen: 8800,
      coversDays: 7,
    });
    expect(await post(a.sessionId, '/contract/renew.json', { contractId })).toMatchObject({ errorCode: 'elecLease.unpaidRent' });
    // 3 days of a 7-day 88.00 rent: 37.714… → 37.71 yuan, in whole fen.
    expect((await post(a.sessionId, '/contract/extend.json', { contractId, days: 3 })).obj.bills.at(-1)).toMatchObject({
      seq: 3,
      amountFen: 3771,
      coversDays: 3,
    });
    const before = (await detail()).contract.dueAt;
    const paid = await post(a.sessionId, '/payment/pay.json', {
      contractId,
      method: 'alipay',
      providerRef: '2026112622001400001',
      amountFen: 8800 + 3771,
    });
    expect(paid.obj.detail.contract.dueAt - before).toBe(10 * DAY_MS);

    const refund = await post(a.sessionId, '/payment/refund.json', {
      paymentId: paid.obj.payment.paymentId,
      amountFen: 3771,
      providerRef: 'RF2026112600001',
      note: '延期取消',
    });
    expect(refund.obj.payment).toMatchObject({ kindName: '退款', methodName: '支付宝', amountFen: 3771 });
    expect(refund.obj.detail.contract).toMatchObject({ owedFen: 3771, dueAt: before + 7 * DAY_MS });
    expect(
      await post(a.sessionId, '/payment/refund.json', {
        paymentId: paid.obj.payment.paymentId,
        amountFen: 9000,
        providerRef: 'RF2026112600002',
      }),
    ).toMatchObject({ errorCode: 'elecLease.refundTooMuch', msg: '退款金额超过可退金额 88.00 元' });

    // the bike swapped out goes back to stock or to repair; another word is refused before anything changes
    for (const oldState of ['lost', 'toString'])
      expect(await post(a.sessionId, '/contract/swap.json', { contractId, vehicleId: vehicles[1]!, oldState })).toMatchObject({
        flag: 0,
        errorCode: 'elecLease.stateUnknown',
        msg: `不支持的车辆状态：${oldState}`,
      });
    expect((await detail()).contract).toMatchObject({ vehicleCode: 'ZL-001' });
    const swapped = await post(a.sessionId, '/contract/swap.json', {
      contractId,
      vehicleId: vehicles[1]!,
      oldState: 'repair',
      note: '刹车异响',
    });
    expect(swapped.obj.contract).toMatchObject({ vehicleCode: 'ZL-002' });
    expect((await get(a.sessionId, '/vehicle/list.json?state=repair')).obj.list.map((v: { code: string }) => v.code)).toEqual(['ZL-001']);

    // the deposit goes back by a LEASE_PAY_METHODS key; another word (an inherited name too) is refused before anything changes
    for (const refundMethod of ['bank', 'toString'])
      expect(await post(a.sessionId, '/contract/return.json', { contractId, refundMethod })).toMatchObject({
        flag: 0,
        errorCode: 'elecLease.methodUnknown',
        msg: `不支持的支付方式：${refundMethod}`,
      });
    // 37.71 still owed is paid from the 500.00 deposit; 462.29 goes back.
    const back = await post(a.sessionId, '/contract/return.json', {
      contractId,
      refundMethod: 'cash',
      batteryPercent: 40,
      note: '按时还车',
    });
    expect(back.obj.contract).toMatchObject({ status: 'returned', statusName: '已还车', owedFen: 0, depositHeldFen: 0 });
    expect(back.obj.payments.map((p: { kindName: string; amountFen: number }) => [p.kindName, p.amountFen])).toEqual([
      ['收款', 60300],
      ['收款', 12571],
      ['退款', 3771],
      ['押金抵扣', 3771],
      ['退押金', 50000 - 3771],
    ]);
    expect((await get(a.sessionId, '/vehicle/list.json?keyword=ZL-002')).obj.list[0]).toMatchObject({
      state: 'available',
      contractId: null,
    });
    const ledger = await expectBalanced(a);
    const balance = (acc: string) =>
      ledger.rows
        .filter((r: { ledgerAccount: string }) => r.ledgerAccount === acc)
        .reduce((s: number, r: { debitFen: number; creditFen: number }) => s + r.debitFen - r.creditFen, 0);
    expect(balance('deposit')).toBe(0);
    expect(balance('receivable')).toBe(0);
    expect(balance('income:rent')).toBe(-(8800 + 8800 + 3771));
    expect(balance('cash:wechat') + balance('cash:alipay') + balance('cash:cash')).toBe(8800 * 2 + 3771 + 1500);
  });
});

describe('terminating an open contract', () => {
  it('ends it now: the deposit pays what is owed and the rest goes back', async () => {
    const rider = await post(a.sessionId, '/rider/save.json', { name: '周十', idNumber: '110105199003071239', phone: '13300133000' });
    const created = await post(a.sessionId, '/contract/create.json', { riderId: rider.obj.riderId, vehicleId: vehicles[1]!, planId });
    const id = created.obj.contract.contractId;
    await post(a.sessionId, '/payment/pay.json', { contractId: id, method: 'cash', providerRef: 'SJ-T-1', amountFen: 60300 });
    await post(a.sessionId, '/contract/handover.json', { contractId: id });
    await post(a.sessionId, '/contract/renew.json', { contractId: id });
    const ended = await post(a.sessionId, '/contract/terminate.json', { contractId: id, note: '骑手违约' });
    expect(ended.obj.contract).toMatchObject({ status: 'returned', endNote: '终止：骑手违约', owedFen: 0, depositHeldFen: 0 });
    expect(ended.obj.payments.slice(1).map((p: { kindName: string; amountFen: number }) => [p.kindName, p.amountFen])).toEqual([
      ['押金抵扣', 8800],
      ['退押金', 50000 - 8800],
    ]);
    expect(await post(a.sessionId, '/contract/terminate.json', { contractId: id, note: 'x' })).toMatchObject({
      errorCode: 'elecLease.contractState',
      msg: '订单当前已还车，不能终止',
    });
    expect((await get(a.sessionId, '/vehicle/list.json?keyword=ZL-002')).obj.list[0]).toMatchObject({ state: 'available' });
    await expectBalanced(a);
  });

  it('cancels one still waiting for its handover: the bike is 可租 again', async () => {
    const created = await post(a.sessionId, '/contract/create.json', { riderId, vehicleId: vehicles[1]!, planId });
    expect((await get(a.sessionId, '/vehicle/list.json?keyword=ZL-002')).obj.list[0]).toMatchObject({ state: 'reserved' });
    const cancelled = await post(a.sessionId, '/contract/terminate.json', {
      contractId: created.obj.contract.contractId,
      note: '骑手取消',
    });
    expect(cancelled.obj.contract).toMatchObject({ status: 'cancelled' });
    expect((await get(a.sessionId, '/vehicle/list.json?keyword=ZL-002')).obj.list[0]).toMatchObject({
      state: 'available',
      stateName: '可租',
    });
    await expectBalanced(a);
  });
});

describe('statistics', () => {
  it('counts revenue as booked, cash by channel, riders and bikes, and exports them to Excel', async () => {
    const stats = (await get(a.sessionId, '/stats/summary.json')).obj;
    expect(stats).toMatchObject({
      vehicles: 3,
      rented: 0,
      newRiders: 2,
      openContracts: 0,
      overdueContracts: 0,
      revenueFen: 1500 + 8800 * 2 + 3771 + 1500 + 8800 * 2,
    });
    expect(stats.revenueByMethod).toEqual([
      { method: 'alipay', name: '支付宝', amountFen: 8800 },
      { method: 'cash', name: '现金', amountFen: -(50000 - 3771) + 60300 - (50000 - 8800) },
      { method: 'wechat', name: '微信支付', amountFen: 60300 },
    ]);
    expect(stats.bikes.map((x: { code: string; stateName: string }) => [x.code, x.stateName])).toEqual([
      ['ZL-001', '维修中'],
      ['ZL-002', '可租'],
      ['ZL-003', '可租'],
    ]);
    const file = await t.call(a.sessionId, { url: `${LEASE}/stats/export.json` });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(await get(a.sessionId, '/stats/summary.json?startDate=2026-13-01')).toMatchObject({ flag: 0 });
  });
});

describe('refusals and tenancy', () => {
  it('refuses, in Chinese, to delete a bike from 智能车联 while its contracts still refer to it', async () => {
    const refused = (
      await t.call(a.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/delete.json', ...form({ vehicleIds: String(vehicles[0]!) }) })
    ).json();
    expect(refused).toMatchObject({
      flag: 0,
      errorCode: 'common.inUse',
      msg: '该数据仍被其他记录使用（如订单、绑定或历史记录），请先解除关联后再删除',
    });
    expect((await get(a.sessionId, '/vehicle/list.json?keyword=ZL-001')).obj.list).toHaveLength(1);
  });

  it("answers another operator's ids exactly like missing ones, everywhere", async () => {
    const missing = { flag: 0, errorCode: 'elecLease.notFound', msg: '数据不存在或无权访问' };
    expect(await get(b.sessionId, `/contract/detail.json?contractId=${contractId}`)).toMatchObject(missing);
    expect(await get(b.sessionId, `/contract/detail.json?contractId=99999999`)).toMatchObject(missing);
    expect(await post(b.sessionId, '/payment/pay.json', { contractId, method: 'cash', providerRef: 'B1', amountFen: 1 })).toMatchObject(
      missing,
    );
    expect(await post(b.sessionId, '/rider/delete.json', { riderId })).toMatchObject(missing);
    expect(await post(b.sessionId, '/contract/create.json', { riderId, vehicleId: vehicles[2]!, planId })).toMatchObject(missing);
    expect(await post(b.sessionId, '/risk/lock.json', { contractId, reason: 'x' })).toMatchObject(missing);
    for (const url of ['/contract/list.json', '/rider/list.json', '/vehicle/list.json', '/bill/list.json', '/payment/list.json']) {
      expect((await get(b.sessionId, url)).obj.total, url).toBe(0);
    }
    expect((await get(b.sessionId, '/ledger/summary.json')).obj).toMatchObject({ rows: [], journals: 0, balanced: true });
  });
});
