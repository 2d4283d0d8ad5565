import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayProvider } from './alipay.ts';
import { alipayStandIn, rsaPair, type AlipayStandIn } from './standIns.ts';
import type { OnlinePayProvider } from './provider.ts';
import { fenOfYuan, yuanOfFen } from './provider.ts';

/*
 * Alipay alipay.trade.wap.pay against a local stand-in gateway that checks our RSA2 signature,
 * and its async notify signed with a key pair made here: verified, tampering refused.
 */
let a: AlipayStandIn;
let ali: OnlinePayProvider;
beforeAll(async () => {
  a = await alipayStandIn();
  ali = alipayProvider(a.config);
});
afterAll(() => a?.close());

describe('Alipay wap pay', () => {
  it('sends the phone to the gateway with a request the stand-in verifies', async () => {
    const params = await ali.createOrder({
      outTradeNo: 'LP202612020000000010',
      amountFen: 100005,
      description: '租车欠款 ZL20261202000001',
      channel: 'alipay',
      clientIp: '10.1.2.3',
      returnUrl: 'https://chelian.example/m/rider/bills?order=LP202612020000000010',
    });
    expect(params.kind).toBe('redirect');
    const res = await fetch(params.kind === 'redirect' ? params.url : '');
    expect(res.status).toBe(200);
    const visit = a.visits.at(-1)!;
    expect(visit.signed).toBe(true);
    expect(visit.params).toMatchObject({
      app_id: a.config.appId,
      method: 'alipay.trade.wap.pay',
      sign_type: 'RSA2',
      charset: 'utf-8',
      version: '1.0',
    });
    expect(JSON.parse(visit.params.biz_content!)).toEqual({
      out_trade_no: 'LP202612020000000010',
      total_amount: '1000.05',
      subject: '租车欠款 ZL20261202000001',
      product_code: 'QUICK_WAP_WAY',
    });
    // A key Alipay does not know for this app: the gateway refuses it.
    const stranger = alipayProvider({ ...a.config, privateKey: rsaPair().privateKey });
    const bad = await stranger.createOrder({
      ...visit.params,
      outTradeNo: 'LP2',
      amountFen: 1,
      description: 'x',
      channel: 'alipay',
      clientIp: '',
      returnUrl: 'https://x',
    });
    expect((await fetch(bad.kind === 'redirect' ? bad.url : '')).status).toBe(400);
  });
});

describe('Alipay async notify', () => {
  it('verifies the RSA2 signature and reads the trade', async () => {
    const body = a.notification({ outTradeNo: 'LP202612020000000010', tradeNo: '2026120222001437001234567890', totalAmount: '1000.05' });
    expect(await ali.verifyNotification({ headers: {}, body })).toEqual({
      ok: true,
      outTradeNo: 'LP202612020000000010',
      transactionId: '2026120222001437001234567890',
      amountFen: 100005,
      paid: true,
    });
    expect(ali.reply(true).body).toBe('success');
    expect(ali.reply(false).body).toBe('failure');
  });

  it('refuses a changed amount, a missing or foreign signature, another app and another seller', async () => {
    const body = a.notification({ outTradeNo: 'LP202612020000000011', tradeNo: '2026120222001437001234567891', totalAmount: '10.00' });
    expect(await ali.verifyNotification({ headers: {}, body: body.replace('total_amount=10.00', 'total_amount=0.01') })).toEqual({
      ok: false,
      reason: '支付宝签名验证失败',
    });
    const params = new URLSearchParams(body);
    params.delete('sign');
    expect(await ali.verifyNotification({ headers: {}, body: params.toString() })).toEqual({ ok: false, reason: '缺少支付宝签名' });
    const otherAlipay = alipayProvider({ ...a.config, alipayPublicKey: rsaPair().publicKey });
    expect(await otherAlipay.verifyNotification({ headers: {}, body })).toMatchObject({ ok: false });
    const otherApp = a.notification({
      outTradeNo: 'LP3',
      tradeNo: '2026120222001437001234567892',
      totalAmount: '10.00',
      appId: '2021000000000000',
    });
    expect(await ali.verifyNotification({ headers: {}, body: otherApp })).toEqual({ ok: false, reason: '通知的应用号不符' });
    const pickySeller = alipayProvider({ ...a.config, sellerId: '2088000000000000' });
    expect(await pickySeller.verifyNotification({ headers: {}, body })).toEqual({ ok: false, reason: '通知的收款账号不符' });
  });

  it('reads a trade waiting for payment as not paid', async () => {
    const body = a.notification({
      outTradeNo: 'LP4',
      tradeNo: '2026120222001437001234567893',
      totalAmount: '1.00',
      tradeStatus: 'WAIT_BUYER_PAY',
    });
    expect(await ali.verifyNotification({ headers: {}, body })).toMatchObject({ ok: true, paid: false });
  });

  it('turns yuan text into fen and back without floating point', () => {
    expect(fenOfYuan('1000.05')).toBe(100005);
    expect(fenOfYuan('0.1')).toBe(10);
    expect(fenOfYuan('12')).toBe(1200);
    expect(fenOfYuan('1.234')).toBeNull();
    expect(fenOfYuan('-1')).toBeNull();
    expect(yuanOfFen(100005)).toBe('1000.05');
    expect(yuanOfFen(7)).toBe('0.07');
  });
});
