import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Location, encodeGt06Login, encodeGt06StringInfo } from '@chelian/protocols/gt06/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startElecCarEngine, type ElecCarEngine } from '../elecCar/elecCarEngine.ts';
import { hashPassword } from '../auth/password.ts';
import { runLeaseJob } from './leaseJob.ts';
import { setOnlinePayments, setWechatOauth, NOTIFY_PATHS } from './payments/setup.ts';
import { wechatOauth } from './payments/wechatOauth.ts';
import { settleRefunds } from './payments/refunds.service.ts';
import { wechatPayProvider } from './payments/wechatPay.ts';
import { alipayProvider } from './payments/alipay.ts';
import { alipayStandIn, wechatStandIn, type AlipayStandIn, type WechatStandIn } from './payments/standIns.ts';

/*
 * 掌上车联's rider through the HTTP API: an overdue, locked rental is explained in words; the rider
 * pays it through WeChat Pay (a local stand-in signs the notification) and the bike's restore goes
 * down to the real GT06 terminal; notifications sent twice, tampered or for another amount book
 * nothing more; another rider's ids answer the same not-found and change nothing; with no merchant
 * account the demo's 模拟支付 completes it and production refuses in Chinese; the return follows
 * the back office's rules.
 */
let t: TestServer;
let gw: Gateway;
let engine: ElecCarEngine;
let a: Tenant;
let b: Tenant;
let gt: TestTerminal;
let wx: WechatStandIn;
let ali: AlipayStandIn;
let riderSid = '';
let otherRiderSid = '';
let contractId = 0;
let otherContractId = 0;
let started = 0;
let serial = 10;
const DAY = 86_400_000;
const imei = '868120145260001';
const lease = '/elec-lease/v1/api';
const rider = '/elec-lease/v1/rider';

const call = (sid: string, method: 'GET' | 'POST', url: string, fields: Record<string, string | number> = {}) =>
  (method === 'GET' ? t.call(sid, { url }) : t.call(sid, { method, url, ...form(fields) })).then((r) => r.json());

async function nextCommand(): Promise<{ text: string; serverFlag: number }> {
  for (;;) {
    const frame = gt06Codec.decode(await gt.next(5000));
    if (frame.ok && frame.value.messageType === '0x80') return frame.value.messages[0].detail as { text: string; serverFlag: number };
  }
}

/** An operator's rental: rider, daily plan, bike on `terminal`, paid and handed over. */
async function rental(tenant: Tenant, terminal: string, code: string, idNumber: string, phone: string) {
  const post = (url: string, f: Record<string, string | number | boolean>) => call(tenant.sessionId, 'POST', `${lease}${url}`, f as never);
  await call(tenant.sessionId, 'POST', '/car/v4/api/terminal/add.json', { terminalId: terminal, protocol: 'gt06' });
  const vehicleId = (await post('/vehicle/add.json', { imei: terminal, code, plate: `沪C·${code.slice(-5)}` })).obj.vehicleId;
  const riderId = (await post('/rider/save.json', { name: '孙八', idNumber, phone, emergencyPhone: '13600136000' })).obj.riderId;
  const planId = (
    await post('/plan/save.json', { name: '日租', kind: 'daily', rentFen: 2000, depositFen: 20000, insuranceFen: 0, lateFeeFen: 300 })
  ).obj.planId;
  await post('/risk/saveSettings.json', { graceDays: 1, lockOnOverdue: true, lockOutOfArea: false, lockOnTamper: true });
  const id = (await post('/contract/create.json', { riderId, vehicleId, planId })).obj.contract.contractId;
  await post('/payment/pay.json', { contractId: id, method: 'cash', providerRef: `SJ${code}`, amountFen: 22000 });
  const start = (await post('/contract/handover.json', { contractId: id, batteryPercent: 90 })).obj.detail.contract.started;
  return { id, start };
}

/** The person an invitation makes (m-accounts' inviteEndUser): an account of kind person under the operator's, one user with the phone. */
async function personWithPhone(tenant: Tenant, phone: string): Promise<string> {
  const db = t.ctx.db;
  const acc = (await db.one<{ id: number }>(`INSERT INTO accounts (parent_id, name, kind) VALUES ($1, $2, 'person') RETURNING id`, [
    tenant.accountId,
    `骑手${phone.slice(-4)}`,
  ]))!;
  await db.query(`UPDATE accounts SET path = $2 || id || '/' WHERE id = $1`, [acc.id, tenant.accountPath]);
  const role = (await db.one<{ id: number }>(`INSERT INTO roles (account_id, name) VALUES ($1, '骑手') RETURNING id`, [acc.id]))!;
  const username = `rider${phone}`;
  await db.query(`INSERT INTO users (account_id, role_id, username, name, phone, password_hash) VALUES ($1, $2, $3, $4, $5, $6)`, [
    acc.id,
    role.id,
    username,
    '骑手',
    phone,
    await hashPassword('Rider#2026pw'),
  ]);
  return t.login(username, 'Rider#2026pw');
}

const counts = async () =>
  (
    await t.ctx.db.query<{ payments: number; orders: number; paid: number }>(
      `SELECT (SELECT count(*) FROM elec_lease_payments)::int AS payments, (SELECT count(*) FROM elec_lease_pay_orders)::int AS orders,
              (SELECT count(*) FROM elec_lease_pay_orders WHERE status <> 'created')::int AS paid`,
    )
  )[0]!;

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60 });
  engine = startElecCarEngine(t.ctx, { sweepMs: 100, replyTimeoutMs: 3000 });
  wx = await wechatStandIn();
  ali = await alipayStandIn();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  ({ id: contractId, start: started } = await rental(a, imei, 'ZL-R01', '310104198805151237', '13700137001'));
  ({ id: otherContractId } = await rental(b, '868120145260002', 'ZL-R02', '11010519491231002X', '13700137002'));
  riderSid = await personWithPhone(a, '13700137001');
  otherRiderSid = await personWithPhone(b, '13700137002');
  gt = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
  gt.send(encodeGt06Login(imei, 1));
  await gt.next();
  // Standing at the shop: a lock goes down at once.
  gt.send(
    encodeGt06Location(
      { time: Date.now(), lat: 31.2304, lon: 121.4737, valid: true, speedKmh: 0, course: 0, satellites: 9, acc: false },
      ++serial,
    ),
  );
  await eventually(async () => (await call(riderSid, 'GET', `${rider}/me.json`)).obj.contracts[0].bike.lat === 31.2304, 5000, 'fix stored');
  await engine.settle();
  // Overdue a day later; locked once the day of grace is over (the bike stands: the cut goes down at once).
  await runLeaseJob(t.ctx.db, t.ctx.bus, new Date(started + 1.5 * DAY), t.ctx.smsGateway);
  await runLeaseJob(t.ctx.db, t.ctx.bus, new Date(started + 2.5 * DAY), t.ctx.smsGateway);
  const cut = await nextCommand();
  expect(cut.text).toBe('DYD,000000#');
  gt.send(encodeGt06StringInfo(cut.serverFlag, 'DYD=Success!', ++serial));
}, 240_000);
afterAll(async () => {
  setOnlinePayments(undefined);
  setWechatOauth(undefined);
  gt?.close();
  engine?.stop();
  await gw?.close();
  await wx?.close();
  await ali?.close();
  await t?.close();
});

describe('the rider sees their own rental', () => {
  it('explains the overdue contract and the lock in words', async () => {
    const me = await call(riderSid, 'GET', `${rider}/me.json`);
    expect(me.flag).toBe(1);
    expect(me.obj.riderName).toBe('孙八');
    const [c] = me.obj.contracts;
    expect(c).toMatchObject({
      contractId,
      status: 'overdue',
      statusName: '已逾期',
      owedFen: 6300,
      lockReasonName: '逾期未缴',
      plan: { name: '日租', kindName: '日租', rentFen: 2000, lateFeeFen: 300 },
      bike: { code: 'ZL-R01' },
      canPay: true,
      canReturn: true,
    });
    expect(c.explanation.join('')).toContain('尚欠 63.00 元');
    expect(c.explanation.join('')).toContain('缴清全部欠款后，车辆会自动解锁');
    const bills = (await call(riderSid, 'GET', `${rider}/bills.json?contractId=${contractId}`)).obj;
    expect(bills.map((x: { kindName: string; riderStateName: string }) => `${x.kindName}${x.riderStateName}`)).toEqual([
      '押金已缴',
      '保险费已缴',
      '租金已缴',
      // Days 2 and 3 have started, day 4 starts within a day: each billed, due at its start.
      '租金已逾期',
      '租金已逾期',
      '滞纳金已逾期',
      '租金已逾期',
    ]);
  });

  it('answers a user who is no rider, and another rider naming these ids, in Chinese; nothing changes', async () => {
    expect(await call(a.sessionId, 'GET', `${rider}/me.json`)).toMatchObject({
      errorCode: 'leaseRider.notRider',
      msg: '当前账号不是骑手，请使用租车时登记的手机号登录',
    });
    const before = await counts();
    for (const [method, url, fields] of [
      ['GET', `${rider}/bills.json?contractId=${contractId}`, {}],
      ['GET', `${rider}/area.json?contractId=${contractId}`, {}],
      ['POST', `${rider}/pay.json`, { contractId, channel: 'wechat' }],
      ['POST', `${rider}/return.json`, { contractId }],
    ] as const)
      expect(await call(otherRiderSid, method, url, fields), url).toMatchObject({
        errorCode: 'leaseRider.notFound',
        msg: '数据不存在或无权访问',
      });
    expect(await counts()).toEqual(before);
    expect((await call(riderSid, 'GET', `${rider}/me.json`)).obj.contracts[0]).toMatchObject({ status: 'overdue', owedFen: 6300 });
  });

  it('refuses online payment in production when no merchant account is configured', async () => {
    setOnlinePayments({});
    expect(await call(riderSid, 'POST', `${rider}/pay.json`, { contractId, channel: 'wechat' })).toMatchObject({
      errorCode: 'leaseRider.payNotConfigured',
      msg: '未开通在线支付，请到门店缴费',
    });
    expect((await call(riderSid, 'GET', `${rider}/me.json`)).obj.payChannels).toEqual([]);
  });
});

describe('paying through WeChat Pay', () => {
  let orderNo = '';
  it("inside WeChat: 网页授权 gives the rider's openid and the order is JSAPI, paid as that openid only", async () => {
    setOnlinePayments({ wechat: wechatPayProvider(wx.config), alipay: alipayProvider(ali.config) });
    const o = wx.oauth;
    setWechatOauth(wechatOauth({ appId: wx.config.appid, secret: o.secret, apiBaseUrl: o.apiBaseUrl, authorizeUrl: o.authorizeUrl }));
    expect((await call(riderSid, 'GET', `${rider}/me.json`)).obj.wechatOauth).toEqual({
      appId: wx.config.appid,
      authorizeUrl: o.authorizeUrl,
    });
    const openid = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
    const code = o.codeFor(openid);
    expect((await call(riderSid, 'POST', `${rider}/wechat/openid.json`, { code })).obj).toEqual({ openid });
    // A code is good once (errcode 40029), in the rider's words.
    expect(await call(riderSid, 'POST', `${rider}/wechat/openid.json`, { code })).toMatchObject({
      errorCode: 'leaseRider.wechatAuthFailed',
      msg: '微信授权失败：授权码无效或已使用，请重新进入',
    });
    const paid = await call(riderSid, 'POST', `${rider}/pay.json`, { contractId, channel: 'wechat', openid });
    expect(paid.obj.params).toMatchObject({ kind: 'wechatJsapi', appId: wx.config.appid, package: expect.stringMatching(/^prepay_id=wx/) });
    expect(wx.orders.at(-1)).toMatchObject({ out_trade_no: paid.obj.order.orderNo, payer: { openid } });
    // An openid the phone merely names (not this rider's 网页授权) opens nothing.
    const before = await counts();
    for (const [sid, id, other] of [
      [riderSid, contractId, 'oAnother_M2pxb1Q9zNjWeS6oXYZ'],
      [otherRiderSid, otherContractId, openid],
    ] as const)
      expect(await call(sid, 'POST', `${rider}/pay.json`, { contractId: id, channel: 'wechat', openid: other })).toMatchObject({
        errorCode: 'leaseRider.openidUnknown',
        msg: '微信授权已失效，请重新进入页面后支付',
      });
    expect(await counts()).toEqual(before);
    setWechatOauth(null);
  });

  it('opens an order for what is owed at the stand-in and sends the phone to pay', async () => {
    setOnlinePayments({ wechat: wechatPayProvider(wx.config), alipay: alipayProvider(ali.config) });
    const paid = await call(riderSid, 'POST', `${rider}/pay.json`, { contractId, channel: 'wechat' });
    expect(paid.obj.order).toMatchObject({ amountFen: 6300, providerName: '微信支付', status: 'created', statusName: '待支付' });
    expect(paid.obj.params.kind).toBe('redirect');
    orderNo = paid.obj.order.orderNo;
    expect(wx.orders.at(-1)).toMatchObject({ out_trade_no: orderNo, amount: { total: 6300 } });
  });

  it('refuses a tampered notification and one for another amount: nothing is booked', async () => {
    const before = await counts();
    const n = wx.notification({ outTradeNo: orderNo, transactionId: '4200000985202612020000000001', totalFen: 6300 });
    const tampered = await t.app.inject({
      method: 'POST',
      url: NOTIFY_PATHS.wechat,
      headers: n.headers,
      payload: n.body.replace('支付成功', '支付成功了'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toEqual({ code: 'FAIL', message: '微信支付签名验证失败' });
    const short = wx.notification({ outTradeNo: orderNo, transactionId: '4200000985202612020000000002', totalFen: 1 });
    const refused = await t.app.inject({ method: 'POST', url: NOTIFY_PATHS.wechat, headers: short.headers, payload: short.body });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('金额不符：订单 6300 分，通知 1 分');
    expect(await counts()).toEqual(before);
  });

  it('books a verified notification once, and the bike unlocks on the terminal', async () => {
    const before = await counts();
    const n = wx.notification({ outTradeNo: orderNo, transactionId: '4200000985202612020000000003', totalFen: 6300 });
    const first = await t.app.inject({ method: 'POST', url: NOTIFY_PATHS.wechat, headers: n.headers, payload: n.body });
    expect(first.statusCode).toBe(204);
    const again = wx.notification({ outTradeNo: orderNo, transactionId: '4200000985202612020000000003', totalFen: 6300 });
    expect((await t.app.inject({ method: 'POST', url: NOTIFY_PATHS.wechat, headers: again.headers, payload: again.body })).statusCode).toBe(
      204,
    );
    expect(await counts()).toEqual({ payments: before.payments + 1, orders: before.orders, paid: before.paid + 1 });
    expect((await call(riderSid, 'GET', `${rider}/pay/order.json?orderNo=${orderNo}`)).obj).toMatchObject({
      status: 'paid',
      statusName: '已支付',
    });
    const restore = await nextCommand();
    expect(restore.text).toBe('HFYD,000000#');
    gt.send(encodeGt06StringInfo(restore.serverFlag, 'HFYD=Success!', ++serial));
    const detail = (await call(a.sessionId, 'GET', `${lease}/contract/detail.json?contractId=${contractId}`)).obj;
    expect(detail.contract).toMatchObject({ status: 'active', lockReason: '', owedFen: 0 });
    expect(detail.locks[0]).toMatchObject({ actionName: '解锁', triggerName: '缴清欠款', userName: '系统' });
    expect(detail.payments.at(-1)).toMatchObject({
      method: 'wechat',
      providerRef: '4200000985202612020000000003',
      amountFen: 6300,
      userName: '骑手在线支付',
    });
    await eventually(
      async () =>
        (await call(a.sessionId, 'GET', `${lease}/contract/detail.json?contractId=${contractId}`)).obj.locks[0].orderStatus === 'done',
      4000,
      'unlock carried out',
    );
    expect((await call(riderSid, 'GET', `${rider}/me.json`)).obj.contracts[0]).toMatchObject({
      status: 'active',
      lockReasonName: '',
      canPay: false,
    });
  });
});

describe('refunding a payment made online', () => {
  it('goes back through WeChat Pay when the back office types no reference; a cash payment still needs one', async () => {
    const detail = (await call(a.sessionId, 'GET', `${lease}/contract/detail.json?contractId=${contractId}`)).obj;
    const online = detail.payments.find((p: { providerRef: string }) => p.providerRef === '4200000985202612020000000003');
    const cash = detail.payments.find((p: { providerRef: string }) => p.providerRef === 'SJZL-R01');
    const orderNo = (
      await t.ctx.db.query<{ out_trade_no: string }>(`SELECT out_trade_no FROM elec_lease_pay_orders WHERE payment_id = $1`, [
        online.paymentId,
      ])
    )[0]!.out_trade_no;
    const refund = (paymentId: number, amountFen: number) =>
      call(a.sessionId, 'POST', `${lease}/payment/refund.json`, { paymentId, amountFen, providerRef: '', note: '骑行故障补偿' });
    const asked = wx.refunds.length;
    expect(await refund(online.paymentId, 7000)).toMatchObject({
      errorCode: 'elecLease.refundTooMuch',
      msg: '退款金额超过可退金额 63.00 元',
    });
    expect(await refund(cash.paymentId, 1000)).toMatchObject({
      errorCode: 'elecLease.refundRefNeeded',
      msg: '该笔收款不是骑手在线支付，请填写退款流水号',
    });
    expect(wx.refunds.length).toBe(asked);
    const done = await refund(online.paymentId, 1000);
    expect(done.obj.payment).toMatchObject({
      kindName: '退款',
      methodName: '微信支付',
      amountFen: 1000,
      providerRef: `R${orderNo}P1`,
      note: expect.stringMatching(/^骑行故障补偿；微信支付退款单号 50000\d+$/),
    });
    expect(wx.refunds.at(-1)).toEqual({
      transaction_id: '4200000985202612020000000003',
      out_trade_no: orderNo,
      out_refund_no: `R${orderNo}P1`,
      reason: '骑行故障补偿',
      amount: { refund: 1000, total: 6300, currency: 'CNY' },
    });
    expect(done.obj.detail.contract.owedFen).toBe(1000);
    // settled again at the counter, so the rest of the story reads as before
    await call(a.sessionId, 'POST', `${lease}/payment/pay.json`, {
      contractId,
      method: 'cash',
      providerRef: 'SJ-R01-back',
      amountFen: 1000,
    });
  });
});

describe('paid online for a debt settled meanwhile', () => {
  let orderNo = '';
  it('is not booked and is listed 已支付，待退款 for the back office (its own subtree only)', async () => {
    await call(a.sessionId, 'POST', `${lease}/contract/renew.json`, { contractId });
    const opened = await call(riderSid, 'POST', `${rider}/pay.json`, { contractId, channel: 'wechat' });
    expect(opened.obj.order).toMatchObject({ amountFen: 2000 });
    orderNo = opened.obj.order.orderNo as string;
    // Paid at the counter while the phone was paying.
    await call(a.sessionId, 'POST', `${lease}/payment/pay.json`, { contractId, method: 'cash', providerRef: 'SJ-R01-2', amountFen: 2000 });
    const before = await counts();
    const n = wx.notification({ outTradeNo: orderNo, transactionId: '4200000985202612020000000009', totalFen: 2000 });
    expect((await t.app.inject({ method: 'POST', url: NOTIFY_PATHS.wechat, headers: n.headers, payload: n.body })).statusCode).toBe(204);
    expect((await counts()).payments).toBe(before.payments);

    const due = await call(a.sessionId, 'GET', `${lease}/payment/refundDue.json?current=1&pageSize=10`);
    expect(due.obj).toMatchObject({ total: 1, current: 1, pageSize: 10 });
    expect(due.obj.list[0]).toMatchObject({
      orderNo,
      contractId,
      riderName: '孙八',
      riderPhone: '13700137001',
      method: 'wechat',
      methodName: '微信支付',
      amountFen: 2000,
      transactionId: '4200000985202612020000000009',
    });
    expect((await call(a.sessionId, 'GET', `${lease}/payment/refundDue.json?keyword=13700137001`)).obj.total).toBe(1);
    expect((await call(a.sessionId, 'GET', `${lease}/payment/refundDue.json?keyword=nobody`)).obj.total).toBe(0);
    expect((await call(b.sessionId, 'GET', `${lease}/payment/refundDue.json`)).obj).toMatchObject({ total: 0, list: [] });
    expect((await call(b.sessionId, 'GET', `${lease}/payment/refundDue.json?keyword=${orderNo}`)).obj.total).toBe(0);
  });

  it("原路退款 through WeChat Pay's refund API: a refusal is kept in words, the retry refunds once under the same number", async () => {
    const before = await counts();
    const refund = (sid: string) => call(sid, 'POST', `${lease}/payment/refundOrder.json`, { orderNo, reason: '欠款已在门店缴清' });
    expect(await refund(b.sessionId)).toMatchObject({ errorCode: 'elecLease.notFound' });
    wx.refundAnswer = { http: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足，请充值后重新发起' };
    expect(await refund(a.sessionId)).toMatchObject({
      errorCode: 'elecLease.onlineRefundFailed',
      msg: '原路退款失败：微信支付拒绝退款：NOT_ENOUGH 基本账户余额不足，请充值后重新发起',
    });
    expect((await call(a.sessionId, 'GET', `${lease}/payment/refundDue.json`)).obj.list[0]).toMatchObject({
      orderNo,
      status: 'unbooked',
      note: '退款失败：微信支付拒绝退款：NOT_ENOUGH 基本账户余额不足，请充值后重新发起',
    });
    wx.refundAnswer = { status: 'SUCCESS' };
    const done = await refund(a.sessionId);
    expect(done.obj).toMatchObject({ orderNo, status: 'refunded', statusName: '已退款', refundId: expect.stringMatching(/^50000/) });
    expect(wx.refunds.slice(-2).map((r) => r.out_refund_no)).toEqual([`R${orderNo}`, `R${orderNo}`]);
    expect(wx.refunds.at(-1)).toMatchObject({
      transaction_id: '4200000985202612020000000009',
      out_trade_no: orderNo,
      reason: '欠款已在门店缴清',
      amount: { refund: 2000, total: 2000, currency: 'CNY' },
    });
    expect((await call(a.sessionId, 'GET', `${lease}/payment/refundDue.json`)).obj.total).toBe(0);
    expect(await refund(a.sessionId)).toMatchObject({ errorCode: 'elecLease.orderNotRefundable', msg: '该订单无需退款（已退款）' });
    expect((await call(riderSid, 'GET', `${rider}/pay/order.json?orderNo=${orderNo}`)).obj).toMatchObject({ statusName: '已退款' });
    // Money never booked goes back without touching the ledger.
    expect((await counts()).payments).toBe(before.payments);
  });

  it('a refund WeChat Pay answers PROCESSING is read by the refund job a minute on: 已退款, or back to 待退款 when closed', async () => {
    /** Another order paid online after its debt was paid at the counter. */
    const unbooked = async (transactionId: string) => {
      await call(a.sessionId, 'POST', `${lease}/contract/renew.json`, { contractId });
      const no = (await call(riderSid, 'POST', `${rider}/pay.json`, { contractId, channel: 'wechat' })).obj.order.orderNo as string;
      await call(a.sessionId, 'POST', `${lease}/payment/pay.json`, {
        contractId,
        method: 'cash',
        providerRef: `SJ-R01-${transactionId.slice(-4)}`,
        amountFen: 2000,
      });
      const n = wx.notification({ outTradeNo: no, transactionId, totalFen: 2000 });
      expect((await t.app.inject({ method: 'POST', url: NOTIFY_PATHS.wechat, headers: n.headers, payload: n.body })).statusCode).toBe(204);
      return no;
    };
    const done = await unbooked('4200000985202612020000000031');
    const closed = await unbooked('4200000985202612020000000032');
    const listed = async () =>
      Object.fromEntries(
        ((await call(a.sessionId, 'GET', `${lease}/payment/refundDue.json?pageSize=50`)).obj.list as { orderNo: string }[]).map((o) => [
          o.orderNo,
          o,
        ]),
      );
    wx.refundAnswer = { status: 'PROCESSING' };
    try {
      for (const no of [done, closed]) {
        const r = await call(a.sessionId, 'POST', `${lease}/payment/refundOrder.json`, { orderNo: no });
        expect(r.obj).toMatchObject({ status: 'refunding', statusName: '退款处理中' });
      }
    } finally {
      wx.refundAnswer = { status: 'SUCCESS' };
    }
    expect(await listed()).toMatchObject({ [done]: { status: 'refunding' }, [closed]: { status: 'refunding' } });

    // Asked less than a minute ago: not asked yet.
    const asked = wx.refundQueries.length;
    await settleRefunds(t.ctx.db, new Date());
    expect(wx.refundQueries.length).toBe(asked);
    // A minute on, still processing at WeChat Pay: asked, nothing changes.
    const later = () => new Date(Date.now() + 2 * 60_000);
    expect(await settleRefunds(t.ctx.db, later())).toMatchObject({ finished: 0 });
    expect(wx.refundQueries.slice(asked)).toEqual(expect.arrayContaining([`R${done}`, `R${closed}`]));
    expect(await listed()).toMatchObject({ [done]: { status: 'refunding' }, [closed]: { status: 'refunding' } });

    wx.settleRefund(`R${done}`, 'SUCCESS');
    wx.settleRefund(`R${closed}`, 'CLOSED');
    expect(await settleRefunds(t.ctx.db, later())).toMatchObject({ finished: 2 });
    const now = await listed();
    expect(now[done]).toBeUndefined();
    expect((await call(riderSid, 'GET', `${rider}/pay/order.json?orderNo=${done}`)).obj).toMatchObject({ statusName: '已退款' });
    const [row] = await t.ctx.db.query<{ note: string }>(`SELECT note FROM elec_lease_pay_orders WHERE out_trade_no = $1`, [done]);
    expect(row!.note).toMatch(/^微信支付退款单号 50000\d+；退款成功，退回支付用户零钱（\d{4}-\d\d-\d\d \d\d:\d\d:\d\d）$/);
    expect(now[closed]).toMatchObject({ status: 'unbooked', note: '退款失败：微信支付退款已关闭，款项未退回，请到商户平台处理' });
    // Recorded once: the next pass has nothing left to ask.
    const after = wx.refundQueries.length;
    expect(await settleRefunds(t.ctx.db, later())).toEqual({ finished: 0, processing: 0 });
    expect(wx.refundQueries.length).toBe(after);
  });
});

describe('the demo and the return', () => {
  it('completes a 模拟支付 in --demo when no merchant account is configured', async () => {
    setOnlinePayments({});
    (t.ctx.config as { demo: boolean }).demo = true;
    try {
      // The next period's rent, billed now by the back office (续租).
      await call(a.sessionId, 'POST', `${lease}/contract/renew.json`, { contractId });
      const bills = (await call(riderSid, 'GET', `${rider}/bills.json?contractId=${contractId}`)).obj;
      const rent = bills.find((x: { riderState: string; owedFen: number }) => x.owedFen > 0);
      const paid = await call(riderSid, 'POST', `${rider}/pay.json`, { contractId, billId: rent.billId, channel: 'wechat' });
      expect(paid.obj).toMatchObject({ order: { providerName: '模拟支付', amountFen: 2000 }, params: { kind: 'demo' } });
      expect(await call(otherRiderSid, 'POST', `${rider}/pay/demo-complete.json`, { orderNo: paid.obj.order.orderNo })).toMatchObject({
        errorCode: 'leaseRider.notFound',
      });
      const done = await call(riderSid, 'POST', `${rider}/pay/demo-complete.json`, { orderNo: paid.obj.order.orderNo });
      expect(done.obj).toMatchObject({ status: 'paid' });
      const after = (await call(riderSid, 'GET', `${rider}/bills.json?contractId=${contractId}`)).obj;
      expect(after.find((x: { billId: number }) => x.billId === rent.billId)).toMatchObject({ status: 'paid', riderStateName: '已缴' });
      expect(await call(riderSid, 'POST', `${rider}/pay.json`, { contractId, billId: rent.billId, channel: 'wechat' })).toMatchObject({
        errorCode: 'leaseRider.billNotOwed',
      });
    } finally {
      (t.ctx.config as { demo: boolean }).demo = false;
    }
  });

  it('invites the rider from 骑手管理 through the platform invitation and links the user; another operator cannot', async () => {
    const riderId = (
      await t.ctx.db.query<{ rider_id: number }>(`SELECT rider_id FROM elec_lease_contracts WHERE id = $1`, [contractId])
    )[0]!.rider_id;
    const invited = await call(a.sessionId, 'POST', `${lease}/rider/invite.json`, { riderId });
    expect(invited).toMatchObject({ flag: 1, obj: { riderId: Number(riderId), phone: '13700137001', created: false } });
    const [linked] = await t.ctx.db.query<{ user_id: number }>(`SELECT user_id FROM elec_lease_riders WHERE id = $1`, [riderId]);
    expect(Number(linked!.user_id)).toBe(invited.obj.userId);
    expect(await call(b.sessionId, 'POST', `${lease}/rider/invite.json`, { riderId })).toMatchObject({ errorCode: 'elecLease.notFound' });
    expect((await call(riderSid, 'GET', `${rider}/me.json`)).obj.contracts[0].contractId).toBe(contractId);
  });

  /** The account a tracker sits in, and its lease bike's state. */
  const holder = async (terminal: string) =>
    (await t.ctx.db.one<{ account_id: number; kind: string; state: string }>(
      `SELECT t.account_id::int AS account_id, a.kind, lv.state FROM terminals t JOIN accounts a ON a.id = t.account_id
         JOIN vehicles v ON v.terminal_id = t.id JOIN elec_lease_vehicles lv ON lv.vehicle_id = v.id WHERE t.identifier = $1`,
      [terminal],
    ))!;

  it('换车: the old tracker goes back to the store, the new one to the invited rider', async () => {
    const person = await holder(imei);
    expect(person).toMatchObject({ kind: 'person', state: 'rented' });
    const spare = '868120145260003';
    await call(a.sessionId, 'POST', '/car/v4/api/terminal/add.json', { terminalId: spare, protocol: 'gt06' });
    const vehicleId = (await call(a.sessionId, 'POST', `${lease}/vehicle/add.json`, { imei: spare, code: 'ZL-R03', plate: '沪C·ZLR03' }))
      .obj.vehicleId;
    expect((await call(a.sessionId, 'POST', `${lease}/contract/swap.json`, { contractId, vehicleId })).flag).toBe(1);
    expect(await holder(imei)).toEqual({ account_id: a.accountId, kind: 'customer', state: 'available' });
    expect(await holder(spare)).toEqual({ account_id: person.account_id, kind: 'person', state: 'rented' });
    expect((await call(riderSid, 'GET', `${rider}/me.json`)).obj.contracts[0].bike).toMatchObject({ code: 'ZL-R03' });
  });

  it('returns the bike by the back office rules: the deposit goes back, the contract ends', async () => {
    const back = await call(riderSid, 'POST', `${rider}/return.json`, { contractId, batteryPercent: 70 });
    // The bike is the store's stock again (空闲): its tracker left the rider's account, who still reads the contract.
    expect(await holder('868120145260003')).toEqual({ account_id: a.accountId, kind: 'customer', state: 'available' });
    expect(back.obj).toMatchObject({ status: 'returned', statusName: '已还车', canReturn: false });
    const detail = (await call(a.sessionId, 'GET', `${lease}/contract/detail.json?contractId=${contractId}`)).obj;
    expect(detail.contract.endNote).toBe('骑手自助还车');
    expect(detail.payments.at(-1)).toMatchObject({ kindName: '退押金', amountFen: 20000, methodName: '微信支付' });
    expect(detail.inspections.at(-1)).toMatchObject({ kindName: '还车验车', batteryPercent: 70, userName: '骑手孙八（掌上车联）' });
    expect(await call(riderSid, 'POST', `${rider}/return.json`, { contractId })).toMatchObject({
      errorCode: 'elecLease.contractState',
      msg: '订单当前已还车，不能还车',
    });
    expect(otherContractId).toBeGreaterThan(0);
  });
});
