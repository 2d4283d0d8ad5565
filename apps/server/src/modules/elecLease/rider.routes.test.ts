import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06Codec, encodeGt06Location, encodeGt06Login, encodeGt06StringInfo } from '@chelian/protocols/gt06/index.ts';
import { createTestServer, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startElecCarEngine, type ElecCarEngine } from '../elecCar/elecCarEngine.ts';
import { runLeaseJob } from './leaseJob.ts';
import { caller, counts as countRows, personWithPhone, rental } from '../../testing/leaseRider.ts';
import { setOnlinePayments, setWechatOauth, NOTIFY_PATHS } from './payments/setup.ts';
import { wechatOauth } from './payments/wechatOauth.ts';
import { wechatPayProvider } from './payments/wechatPay.ts';
import { alipayProvider } from './payments/alipay.ts';
import { alipayStandIn, type AlipayStandIn } from './payments/alipayStandIn.ts';
import { wechatStandIn, type WechatStandIn } from './payments/wechatStandIn.ts';

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

const call: ReturnType<typeof caller> = (...args) => caller(t)(...args);

async function nextCommand(): Promise<{ text: string; serverFlag: number }> {
  for (;;) {
    const frame = gt06Codec.decode(await gt.next(5000));
    if (frame.ok && frame.value.messageType === '0x80') return frame.value.messages[0].detail as { text: string; serverFlag: number };
  }
}

const counts = () => countRows(t);

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { gt06: 0 }, offlineAfterSeconds: 60 });
  engine = startElecCarEngine(t.ctx, { sweepMs: 100, replyTimeoutMs: 3000 });
  wx = await wechatStandIn();
  ali = await alipayStandIn();
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  ({ id: contractId, start: started } = await rental(t, a, imei, 'ZL-R01', '310104198805151237', '13700137001'));
  ({ id: otherContractId } = await rental(t, b, '868120145260002', 'ZL-R02', '11010519491231002X', '13700137002'));
  riderSid = await personWithPhone(t, a, '13700137001');
  otherRiderSid = await personWithPhone(t, b, '13700137002');
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

  it('refuses a channel outside RIDER_PAY_CHANNELS in Chinese, an inherited name (toString) too', async () => {
    for (const channel of ['cash', 'toString'])
      expect(await call(riderSid, 'POST', `${rider}/pay.json`, { contractId, channel })).toMatchObject({
        errorCode: 'leaseRider.channelUnknown',
        msg: `不支持的支付方式：${channel}`,
      });
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
