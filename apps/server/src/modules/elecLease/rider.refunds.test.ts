import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { caller, counts as countRows, LEASE as lease, pendingRental, personWithPhone, RIDER as rider } from '../../testing/leaseRider.ts';
import { setOnlinePayments, NOTIFY_PATHS } from './payments/setup.ts';
import { settleRefunds } from './payments/refunds.service.ts';
import { wechatPayProvider } from './payments/wechatPay.ts';
import { wechatStandIn, type WechatStandIn } from './payments/wechatStandIn.ts';

/*
 * Money going back through WeChat Pay (a local stand-in), over the HTTP API: a booked payment's
 * 退款, an order paid after its debt was settled at the counter (已支付待退款, 原路退款), and the
 * deposit at 还车 — each refund PROCESSING until the refund job's query or WeChat Pay's 退款结果通知
 * says how it ended, recorded once; after CLOSED or ABNORMAL the operator's retry goes under a new
 * refund number; the ledger's note and the 已支付待退款 list read the same state.
 */
let t: TestServer;
let a: Tenant;
let b: Tenant;
let wx: WechatStandIn;
let riderSid = '';
let contractId = 0;
let depositOrder = '';
let txn = 100;

const call: ReturnType<typeof caller> = (...args) => caller(t)(...args);
const counts = () => countRows(t);
const later = () => new Date(Date.now() + 2 * 60_000);
const notify = (n: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: 'POST', url: NOTIFY_PATHS.wechat, headers: n.headers, payload: n.body });
/** The rider pays everything owed (or one bill) through WeChat Pay; the stand-in's signed notification books it. */
async function payOnline(billId?: number) {
  const opened = await call(riderSid, 'POST', `${rider}/pay.json`, { contractId, channel: 'wechat', ...(billId ? { billId } : {}) });
  const orderNo = opened.obj.order.orderNo as string;
  const transactionId = `42000009852026120200000${++txn}`;
  const n = wx.notification({ outTradeNo: orderNo, transactionId, totalFen: opened.obj.order.amountFen });
  expect((await notify(n)).statusCode).toBe(204);
  return { orderNo, transactionId, amountFen: opened.obj.order.amountFen as number };
}
/** 已支付待退款 as listed: orders by their number, refunds of payments and deposits by the refund's. */
const refundDue = async () => {
  const list = (await call(a.sessionId, 'GET', `${lease}/payment/refundDue.json?pageSize=50`)).obj.list as {
    kindName: string;
    refundNo: string;
    orderNo: string;
  }[];
  return Object.fromEntries(list.map((o) => [o.kindName === '已支付待退款' ? o.orderNo : o.refundNo, o]));
};
const payment = async (ref: string) =>
  (await call(a.sessionId, 'GET', `${lease}/contract/detail.json?contractId=${contractId}`)).obj.payments.find(
    (p: { providerRef: string }) => p.providerRef === ref,
  );

beforeAll(async () => {
  t = await createTestServer();
  wx = await wechatStandIn();
  setOnlinePayments({ wechat: wechatPayProvider(wx.config) });
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  contractId = await pendingRental(t, a, '868120145260011', 'ZL-F01', '310104198805151237', '13700137011');
  riderSid = await personWithPhone(t, a, '13700137011');
  // The deposit (200 元) and the first day's rent paid on the phone, then the bike handed over.
  depositOrder = (await payOnline()).orderNo;
  expect((await call(a.sessionId, 'POST', `${lease}/contract/handover.json`, { contractId, batteryPercent: 90 })).flag).toBe(1);
}, 240_000);
afterAll(async () => {
  setOnlinePayments(undefined);
  await wx?.close();
  await t?.close();
});

describe('退款 of a booked payment made online', () => {
  let paid = { orderNo: '', transactionId: '', amountFen: 0 };
  it('goes back through WeChat Pay when the back office types no reference; a cash payment still needs one', async () => {
    await call(a.sessionId, 'POST', `${lease}/contract/renew.json`, { contractId });
    paid = await payOnline();
    const online = await payment(paid.transactionId);
    const refund = (paymentId: number, amountFen: number) =>
      call(a.sessionId, 'POST', `${lease}/payment/refund.json`, { paymentId, amountFen, providerRef: '', note: '骑行故障补偿' });
    const asked = wx.refunds.length;
    expect(await refund(online.paymentId, 2100)).toMatchObject({
      errorCode: 'elecLease.refundTooMuch',
      msg: '退款金额超过可退金额 20.00 元',
    });
    expect(wx.refunds.length).toBe(asked);
    const done = await refund(online.paymentId, 1000);
    expect(done.obj.payment).toMatchObject({
      kindName: '退款',
      methodName: '微信支付',
      amountFen: 1000,
      providerRef: `R${paid.orderNo}P1`,
      note: expect.stringMatching(/^骑行故障补偿；微信支付退款单号 50000\d+$/),
    });
    expect(wx.refunds.at(-1)).toEqual({
      transaction_id: paid.transactionId,
      out_trade_no: paid.orderNo,
      out_refund_no: `R${paid.orderNo}P1`,
      reason: '骑行故障补偿',
      notify_url: wx.config.notifyUrl,
      amount: { refund: 1000, total: 2000, currency: 'CNY' },
    });
    // settled again at the counter, so the rest reads as before
    await call(a.sessionId, 'POST', `${lease}/payment/pay.json`, { contractId, method: 'cash', providerRef: 'SJ-F01-2', amountFen: 1000 });
  });

  it('（处理中） in the ledger until the refund job reads SUCCESS; a closed one is retried under a new number', async () => {
    const { orderNo } = paid;
    const online = await payment(paid.transactionId);
    wx.refundAnswer = { status: 'PROCESSING' };
    try {
      for (const n of [2, 3])
        expect(
          (
            await call(a.sessionId, 'POST', `${lease}/payment/refund.json`, {
              paymentId: online.paymentId,
              amountFen: 300,
              providerRef: '',
            })
          ).obj.payment,
        ).toMatchObject({ providerRef: `R${orderNo}P${n}`, note: expect.stringMatching(/（处理中）$/) });
    } finally {
      wx.refundAnswer = { status: 'SUCCESS' };
    }
    expect(await refundDue()).toMatchObject({
      [`R${orderNo}P2`]: { kindName: '退款', status: 'refunding', statusName: '退款处理中', amountFen: 300 },
      [`R${orderNo}P3`]: { kindName: '退款', status: 'refunding', statusName: '退款处理中' },
    });
    wx.settleRefund(`R${orderNo}P2`, 'SUCCESS');
    wx.settleRefund(`R${orderNo}P3`, 'CLOSED');
    expect(await settleRefunds(t.ctx.db, later())).toMatchObject({ finished: 2 });
    // The ledger and the list read the same state.
    expect((await payment(`R${orderNo}P2`)).note).toMatch(
      /^微信支付退款单号 50000\d+；退款成功，退回支付用户零钱（\d{4}-\d\d-\d\d \d\d:\d\d:\d\d）$/,
    );
    expect((await payment(`R${orderNo}P3`)).note).toBe('退款失败：微信支付退款已关闭，款项未退回，请到商户平台处理后再点原路退款');
    const listed = await refundDue();
    expect(listed[`R${orderNo}P2`]).toBeUndefined();
    expect(listed[`R${orderNo}P3`]).toMatchObject({ status: 'unbooked', statusName: '退款已关闭', orderNo });
    // 原路退款 again: never the closed number, a new one; the closed one cannot be sent again.
    const retry = (refundNo: string) => call(a.sessionId, 'POST', `${lease}/payment/refundOrder.json`, { orderNo, refundNo });
    expect(await call(b.sessionId, 'POST', `${lease}/payment/refundOrder.json`, { orderNo, refundNo: `R${orderNo}P3` })).toMatchObject({
      errorCode: 'elecLease.notFound',
    });
    expect((await retry(`R${orderNo}P3`)).obj).toMatchObject({ refundNo: `R${orderNo}P3-2`, statusName: '已退款' });
    expect(wx.refunds.at(-1)).toMatchObject({ out_refund_no: `R${orderNo}P3-2`, amount: { refund: 300, total: 2000 } });
    expect(await retry(`R${orderNo}P3`)).toMatchObject({
      errorCode: 'elecLease.refundNotRetryable',
      msg: '该笔退款退款已关闭，无需重新退款',
    });
    expect(await retry(`R${orderNo}P3-2`)).toMatchObject({ msg: '该笔退款已退款，无需重新退款' });
    expect((await payment(`R${orderNo}P3`)).note).toMatch(/^微信支付退款单号 50000\d+$/);
    expect((await refundDue())[`R${orderNo}P3`]).toBeUndefined();
    await call(a.sessionId, 'POST', `${lease}/payment/pay.json`, { contractId, method: 'cash', providerRef: 'SJ-F01-3', amountFen: 600 });
  });
});

describe('paid online for a debt settled meanwhile', () => {
  /** An order paid online after its debt was paid at the counter: not booked, 已支付，待退款. */
  async function unbooked(ref: string) {
    await call(a.sessionId, 'POST', `${lease}/contract/renew.json`, { contractId });
    const opened = await call(riderSid, 'POST', `${rider}/pay.json`, { contractId, channel: 'wechat' });
    await call(a.sessionId, 'POST', `${lease}/payment/pay.json`, { contractId, method: 'cash', providerRef: ref, amountFen: 2000 });
    const before = await counts();
    const n = wx.notification({ outTradeNo: opened.obj.order.orderNo, transactionId: `42000009852026120200000${++txn}`, totalFen: 2000 });
    expect((await notify(n)).statusCode).toBe(204);
    expect((await counts()).payments).toBe(before.payments);
    return opened.obj.order.orderNo as string;
  }
  const refundOrder = (sid: string, orderNo: string) =>
    call(sid, 'POST', `${lease}/payment/refundOrder.json`, { orderNo, reason: '欠款已在门店缴清' });

  it('is listed for its operator only; a refusal or an unreachable WeChat Pay is said, the retry refunds once under the same number', async () => {
    const orderNo = await unbooked('SJ-F01-4');
    expect(await refundDue()).toMatchObject({
      [orderNo]: {
        kindName: '已支付待退款',
        riderName: '孙八',
        riderPhone: '13700137011',
        amountFen: 2000,
        status: 'unbooked',
        refundNo: '',
      },
    });
    expect((await call(b.sessionId, 'GET', `${lease}/payment/refundDue.json`)).obj).toMatchObject({ total: 0, list: [] });
    expect(await refundOrder(b.sessionId, orderNo)).toMatchObject({ errorCode: 'elecLease.notFound' });
    wx.refundAnswer = { http: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足，请充值后重新发起' };
    expect(await refundOrder(a.sessionId, orderNo)).toMatchObject({
      errorCode: 'elecLease.onlineRefundFailed',
      msg: '原路退款失败：微信支付拒绝退款：NOT_ENOUGH 基本账户余额不足，请充值后重新发起',
    });
    wx.refundAnswer = { status: 'SUCCESS' };
    setOnlinePayments({ wechat: wechatPayProvider({ ...wx.config, baseUrl: 'http://127.0.0.1:9' }) });
    try {
      expect(await refundOrder(a.sessionId, orderNo)).toMatchObject({ msg: '原路退款失败：无法连接微信支付，请稍后重试' });
    } finally {
      setOnlinePayments({ wechat: wechatPayProvider(wx.config) });
    }
    expect((await refundDue())[orderNo]).toMatchObject({ status: 'unbooked', note: '退款失败：无法连接微信支付，请稍后重试' });
    const done = await refundOrder(a.sessionId, orderNo);
    expect(done.obj).toMatchObject({ orderNo, status: 'refunded', statusName: '已退款', refundNo: `R${orderNo}` });
    expect(wx.refunds.filter((r) => r.out_trade_no === orderNo).map((r) => r.out_refund_no)).toEqual([`R${orderNo}`, `R${orderNo}`]);
    expect((await refundDue())[orderNo]).toBeUndefined();
    expect(await refundOrder(a.sessionId, orderNo)).toMatchObject({
      errorCode: 'elecLease.orderNotRefundable',
      msg: '该订单无需退款（已退款）',
    });
    expect((await call(riderSid, 'GET', `${rider}/pay/order.json?orderNo=${orderNo}`)).obj).toMatchObject({ statusName: '已退款' });
  });

  it('退款结果通知 settles a processing refund once; a wrong signature is refused with the documented answer; after ABNORMAL a new number', async () => {
    const orderNo = await unbooked('SJ-F01-5');
    wx.refundAnswer = { status: 'PROCESSING' };
    expect((await refundOrder(a.sessionId, orderNo)).obj).toMatchObject({ status: 'refunding', statusName: '退款处理中' });
    const n = wx.refundNotification(`R${orderNo}`, 'ABNORMAL');
    const forged = await notify({ headers: { ...n.headers, 'wechatpay-signature': 'AAAA' }, body: n.body });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ code: 'FAIL', message: '微信支付签名验证失败' });
    expect((await refundDue())[orderNo]).toMatchObject({ status: 'refunding' });
    // Asked less than a minute ago: the job leaves it alone.
    const asked = wx.refundQueries.length;
    await settleRefunds(t.ctx.db, new Date());
    expect(wx.refundQueries.length).toBe(asked);
    for (let i = 0; i < 2; i++) expect((await notify(n)).statusCode).toBe(204);
    expect((await refundDue())[orderNo]).toMatchObject({
      status: 'unbooked',
      note: '退款失败：微信支付退款异常（退回的银行卡或账户不可用），请到商户平台处理后再点原路退款',
    });
    // Nothing left for the job to ask.
    expect(await settleRefunds(t.ctx.db, later())).toEqual({ finished: 0, processing: 0 });
    expect((await refundOrder(a.sessionId, orderNo)).obj).toMatchObject({ refundNo: `R${orderNo}-2`, status: 'refunding' });
    wx.refundAnswer = { status: 'SUCCESS' };
    const ok = wx.refundNotification(`R${orderNo}-2`, 'SUCCESS');
    expect((await notify(ok)).statusCode).toBe(204);
    expect((await call(riderSid, 'GET', `${rider}/pay/order.json?orderNo=${orderNo}`)).obj).toMatchObject({ statusName: '已退款' });
    // A late notification of the earlier attempt changes nothing.
    expect((await notify(wx.refundNotification(`R${orderNo}`, 'CLOSED'))).statusCode).toBe(204);
    expect((await call(riderSid, 'GET', `${rider}/pay/order.json?orderNo=${orderNo}`)).obj).toMatchObject({ statusName: '已退款' });
  });
});

describe('the deposit at 还车', () => {
  it('goes back through WeChat Pay where the rider paid it online, settled like any refund', async () => {
    wx.refundAnswer = { status: 'PROCESSING' };
    try {
      const back = await call(riderSid, 'POST', `${rider}/return.json`, { contractId, batteryPercent: 70 });
      expect(back.obj).toMatchObject({ status: 'returned' });
    } finally {
      wx.refundAnswer = { status: 'SUCCESS' };
    }
    expect(wx.refunds.at(-1)).toMatchObject({
      out_trade_no: depositOrder,
      out_refund_no: `D${depositOrder}`,
      reason: '退还押金',
      amount: { refund: 20000, total: 22000, currency: 'CNY' },
    });
    expect(await payment(`D${depositOrder}`)).toMatchObject({
      kindName: '退押金',
      methodName: '微信支付',
      amountFen: 20000,
      note: expect.stringMatching(/^退还押金；微信支付退款单号 50000\d+（处理中）$/),
    });
    expect(await refundDue()).toMatchObject({ [`D${depositOrder}`]: { kindName: '退押金', statusName: '退款处理中', amountFen: 20000 } });
    expect((await notify(wx.refundNotification(`D${depositOrder}`, 'ABNORMAL'))).statusCode).toBe(204);
    expect(await refundDue()).toMatchObject({ [`D${depositOrder}`]: { status: 'unbooked', statusName: '退款异常' } });
    const retried = await call(a.sessionId, 'POST', `${lease}/payment/refundOrder.json`, {
      orderNo: depositOrder,
      refundNo: `D${depositOrder}`,
    });
    expect(retried.obj).toMatchObject({ refundNo: `D${depositOrder}-2`, statusName: '已退款' });
    expect((await payment(`D${depositOrder}`)).note).toMatch(/^退还押金；微信支付退款单号 50000\d+$/);
    expect((await refundDue())[`D${depositOrder}`]).toBeUndefined();
    const ledger = (await call(a.sessionId, 'GET', `${lease}/ledger/summary.json`)).obj;
    expect(ledger.balanced).toBe(true);
  });
});
