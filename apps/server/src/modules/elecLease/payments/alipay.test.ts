import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayProvider, responseText } from './alipay.ts';
import { alipayStandIn, type AlipayStandIn } from './alipayStandIn.ts';
import { rsaPair } from './standIns.ts';
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

describe('Alipay refunds (alipay.trade.refund)', () => {
  const refund = {
    outTradeNo: 'LP202612020000000030',
    transactionId: '2026120222001404680500000030',
    outRefundNo: 'RLP202612020000000030',
    refundFen: 100005,
    totalFen: 100005,
    reason: '欠款已结清，退回重复支付',
  };
  afterAll(() => {
    a.refundAnswer = { ok: true };
    a.forgeAnswers = false;
  });

  it('posts a signed request to the gateway and verifies the answer over its response object', async () => {
    expect(await ali.refund(refund)).toEqual({ status: 'success', refundId: refund.transactionId });
    const call = a.calls.at(-1)!;
    expect(call.signed).toBe(true);
    expect(call.params).toMatchObject({ app_id: a.config.appId, method: 'alipay.trade.refund', sign_type: 'RSA2', charset: 'utf-8' });
    expect(JSON.parse(call.params.biz_content!)).toEqual({
      out_trade_no: refund.outTradeNo,
      trade_no: refund.transactionId,
      refund_amount: '1000.05',
      refund_reason: refund.reason,
      out_request_no: refund.outRefundNo,
    });
    // Asked again with the same out_request_no: Alipay answers success without moving money (fund_change N).
    expect(await ali.refund(refund)).toMatchObject({ status: 'success' });
  });

  it('turns a business failure and a forged answer into Chinese reasons', async () => {
    a.refundAnswer = { ok: false, subCode: 'ACQ.TRADE_NOT_EXIST', subMsg: '交易不存在' };
    await expect(ali.refund(refund)).rejects.toThrow('支付宝拒绝退款：交易不存在（ACQ.TRADE_NOT_EXIST）');
    a.refundAnswer = { ok: true };
    a.forgeAnswers = true;
    await expect(ali.refund(refund)).rejects.toThrow('支付宝应答签名验证失败');
    a.forgeAnswers = false;
    // Signed with another app key: the gateway refuses it (isv.invalid-signature).
    const stranger = alipayProvider({ ...a.config, privateKey: rsaPair().privateKey });
    await expect(stranger.refund(refund)).rejects.toThrow('支付宝拒绝退款：验签出错（isv.invalid-signature）');
  });

  it('cuts the signed response object out of the answer as sent', () => {
    const body = '{"alipay_trade_refund_response":{"code":"10000","msg":"a\\"}{b","n":{"x":1}},"sign":"S"}';
    expect(responseText(body, 'alipay_trade_refund_response')).toBe('{"code":"10000","msg":"a\\"}{b","n":{"x":1}}');
    expect(responseText(body, 'alipay_trade_query_response')).toBeNull();
  });
});
