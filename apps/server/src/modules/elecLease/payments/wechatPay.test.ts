import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptResource, rsaSign, wechatPayProvider } from './wechatPay.ts';
import { encryptResource, wechatStandIn, type WechatStandIn } from './wechatStandIn.ts';
import { rsaPair } from './standIns.ts';
import type { OnlinePayProvider } from './provider.ts';

/*
 * WeChat Pay API v3 against a local stand-in that checks our request signatures and signs its
 * answers and notifications with a key pair made here: orders (JSAPI and H5), notification
 * signatures and AEAD_AES_256_GCM decryption, tampering refused.
 */
let w: WechatStandIn;
let wx: OnlinePayProvider;
beforeAll(async () => {
  w = await wechatStandIn();
  wx = wechatPayProvider(w.config);
});
afterAll(() => w?.close());

const order = {
  outTradeNo: 'LP202612020000000001',
  amountFen: 2530,
  description: '租车租金',
  channel: 'wechat' as const,
  clientIp: '10.1.2.3',
  returnUrl: 'https://chelian.example/m/rider/bills',
};

describe('WeChat Pay v3 orders', () => {
  it('signs an H5 order the stand-in accepts and sends the phone to h5_url with the way back', async () => {
    const params = await wx.createOrder(order);
    expect(params.kind).toBe('redirect');
    // The stand-in's h5_url is its own cashier page (WeChat's would be wx.tenpay.com's).
    const url = params.kind === 'redirect' ? params.url : '';
    expect(url.startsWith(`${w.url}/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx`)).toBe(true);
    expect(url).toMatch(/&redirect_url=https%3A%2F%2Fchelian\.example%2Fm%2Frider%2Fbills$/);
    expect(w.orders.at(-1)).toMatchObject({
      appid: w.config.appid,
      mchid: w.config.mchid,
      out_trade_no: order.outTradeNo,
      amount: { total: 2530, currency: 'CNY' },
      scene_info: { payer_client_ip: '10.1.2.3', h5_info: { type: 'Wap' } },
    });
  });

  it('turns a JSAPI prepay_id into chooseWXPay parameters signed with the merchant key', async () => {
    const params = await wx.createOrder({ ...order, outTradeNo: 'LP202612020000000002', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' });
    expect(params).toMatchObject({
      kind: 'wechatJsapi',
      appId: w.config.appid,
      signType: 'RSA',
      package: expect.stringMatching(/^prepay_id=wx/),
    });
    expect(w.orders.at(-1)).toMatchObject({ payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } });
  });

  it('refuses an answer not signed by WeChat Pay, and reports the provider refusing a bad request signature', async () => {
    const forged = wechatPayProvider({ ...w.config, platformPublicKey: rsaPair().publicKey });
    await expect(forged.createOrder({ ...order, outTradeNo: 'LP202612020000000003' })).rejects.toThrow('微信支付签名验证失败');
    const stranger = wechatPayProvider({ ...w.config, privateKey: rsaPair().privateKey });
    await expect(stranger.createOrder({ ...order, outTradeNo: 'LP202612020000000004' })).rejects.toThrow('SIGN_ERROR 签名错误');
  });
});

describe('WeChat Pay v3 notifications', () => {
  it('verifies the signature and decrypts the transaction', async () => {
    const n = w.notification({ outTradeNo: order.outTradeNo, transactionId: '4200000985202612021234567890', totalFen: 2530 });
    expect(await wx.verifyNotification(n)).toEqual({
      ok: true,
      outTradeNo: order.outTradeNo,
      transactionId: '4200000985202612021234567890',
      amountFen: 2530,
      paid: true,
    });
    expect(wx.reply(true)).toMatchObject({ status: 204, body: '' });
    expect(JSON.parse(wx.reply(false, '签名错误').body)).toEqual({ code: 'FAIL', message: '签名错误' });
  });

  it('refuses a tampered body, a forged or stale signature, and a resource that does not authenticate', async () => {
    const n = w.notification({ outTradeNo: order.outTradeNo, transactionId: '4200000985202612021234567891', totalFen: 2530 });
    const tampered = n.body.replace('"summary":"支付成功"', '"summary":"支付成功 "');
    expect(await wx.verifyNotification({ ...n, body: tampered })).toEqual({ ok: false, reason: '微信支付签名验证失败' });
    expect(await wx.verifyNotification({ headers: { ...n.headers, 'wechatpay-signature': 'AAAA' }, body: n.body })).toMatchObject({
      ok: false,
    });
    expect(
      await wx.verifyNotification({
        headers: { ...n.headers, 'wechatpay-timestamp': String(Math.floor(Date.now() / 1000) - 3600) },
        body: n.body,
      }),
    ).toEqual({ ok: false, reason: '签名时间戳已过期' });
    expect(await wx.verifyNotification({ headers: { ...n.headers, 'wechatpay-serial': 'OTHER' }, body: n.body })).toEqual({
      ok: false,
      reason: '微信支付公钥序列号不符',
    });
    const { 'wechatpay-signature': _, ...unsigned } = n.headers;
    expect(await wx.verifyNotification({ headers: unsigned, body: n.body })).toEqual({ ok: false, reason: '缺少微信支付签名' });
    // Another APIv3 key: the signature is fine (the stand-in's), the resource is not ours.
    const otherKey = wechatPayProvider({ ...w.config, apiV3Key: 'b'.repeat(32) });
    expect(await otherKey.verifyNotification(n)).toEqual({ ok: false, reason: '通知解密失败' });
  });

  it('decrypts AEAD_AES_256_GCM only with the same nonce and associated data', () => {
    const key = 'a'.repeat(32);
    const ciphertext = encryptResource(key, '{"out_trade_no":"x"}', '0123456789ab', 'transaction');
    expect(decryptResource(key, { ciphertext, nonce: '0123456789ab', associated_data: 'transaction' })).toBe('{"out_trade_no":"x"}');
    expect(decryptResource(key, { ciphertext, nonce: '0123456789ab', associated_data: 'certificate' })).toBeNull();
    expect(decryptResource(key, { ciphertext, nonce: 'ba9876543210', associated_data: 'transaction' })).toBeNull();
    const flipped = Buffer.from(ciphertext, 'base64');
    flipped[0]! ^= 1;
    expect(
      decryptResource(key, { ciphertext: flipped.toString('base64'), nonce: '0123456789ab', associated_data: 'transaction' }),
    ).toBeNull();
  });

  it('says a notification of an unpaid state is not a payment', async () => {
    const n = w.notification({
      outTradeNo: order.outTradeNo,
      transactionId: '4200000985202612021234567892',
      totalFen: 2530,
      tradeState: 'CLOSED',
    });
    expect(await wx.verifyNotification(n)).toMatchObject({ ok: true, paid: false });
  });
});

describe('WeChat Pay v3 refunds', () => {
  const refund = {
    outTradeNo: 'LP202612020000000020',
    transactionId: '4200000985202612021234567893',
    outRefundNo: 'RLP202612020000000020',
    refundFen: 2530,
    totalFen: 2530,
    reason: '欠款已结清，退回重复支付',
  };
  afterAll(() => void (w.refundAnswer = { status: 'SUCCESS' }));

  it('posts /v3/refund/domestic/refunds signed, and reads the signed answer', async () => {
    w.refundAnswer = { status: 'SUCCESS' };
    const done = await wx.refund(refund);
    expect(done).toEqual({ status: 'success', refundId: expect.stringMatching(/^50000/) });
    expect(w.refunds.at(-1)).toEqual({
      transaction_id: refund.transactionId,
      out_trade_no: refund.outTradeNo,
      out_refund_no: refund.outRefundNo,
      reason: refund.reason,
      notify_url: w.config.notifyUrl,
      amount: { refund: 2530, total: 2530, currency: 'CNY' },
    });
    // The same out_refund_no is the same refund.
    expect((await wx.refund(refund)).refundId).toBe(done.refundId);
    w.refundAnswer = { status: 'PROCESSING' };
    expect(await wx.refund({ ...refund, outRefundNo: 'RLP202612020000000021' })).toMatchObject({ status: 'processing' });
  });

  it('turns a refusal, a closed or abnormal refund and a forged answer into Chinese reasons', async () => {
    w.refundAnswer = { http: 403, code: 'NOT_ENOUGH', message: '基本账户余额不足，请充值后重新发起' };
    await expect(wx.refund(refund)).rejects.toThrow('微信支付拒绝退款：NOT_ENOUGH 基本账户余额不足，请充值后重新发起');
    w.refundAnswer = { status: 'ABNORMAL' };
    await expect(wx.refund({ ...refund, outRefundNo: 'RLP202612020000000022' })).rejects.toThrow('微信支付退款异常，请到商户平台处理');
    w.refundAnswer = { status: 'CLOSED' };
    await expect(wx.refund({ ...refund, outRefundNo: 'RLP202612020000000023' })).rejects.toThrow('微信支付退款未成功（CLOSED）');
    w.refundAnswer = { status: 'SUCCESS' };
    const forged = wechatPayProvider({ ...w.config, platformPublicKey: rsaPair().publicKey });
    await expect(forged.refund({ ...refund, outRefundNo: 'RLP202612020000000024' })).rejects.toThrow(
      '微信支付拒绝退款：微信支付签名验证失败',
    );
  });

  it('reads a processing refund again by GET /v3/refund/domestic/refunds/{out_refund_no}, signed both ways', async () => {
    w.refundAnswer = { status: 'PROCESSING' };
    const no = 'RLP202612020000000025';
    const accepted = await wx.refund({ ...refund, outRefundNo: no });
    expect(await wx.refundState!(no)).toEqual({
      status: 'processing',
      refundId: accepted.refundId,
      successTime: '',
      receivedBy: '支付用户零钱',
    });
    expect(w.refundQueries.at(-1)).toBe(no);
    w.settleRefund(no, 'SUCCESS');
    const done = await wx.refundState!(no);
    expect(done).toMatchObject({ status: 'success', refundId: accepted.refundId, receivedBy: '支付用户零钱' });
    expect(Number.isFinite(Date.parse(done.successTime))).toBe(true);
    w.settleRefund(no, 'CLOSED');
    expect(await wx.refundState!(no)).toMatchObject({ status: 'closed' });
    w.settleRefund(no, 'ABNORMAL');
    expect(await wx.refundState!(no)).toMatchObject({ status: 'abnormal' });
    await expect(wx.refundState!('RLP202612029999999999')).rejects.toThrow('微信支付退款查询失败：RESOURCE_NOT_EXISTS 退款单不存在');
    const forged = wechatPayProvider({ ...w.config, platformPublicKey: rsaPair().publicKey });
    await expect(forged.refundState!(no)).rejects.toThrow('微信支付退款查询失败：微信支付签名验证失败');
    const stranger = wechatPayProvider({ ...w.config, privateKey: rsaPair().privateKey });
    await expect(stranger.refundState!(no)).rejects.toThrow('微信支付退款查询失败：SIGN_ERROR 签名错误');
  });
});

describe('WeChat Pay v3 退款结果通知', () => {
  const refund = {
    outTradeNo: 'LP202612020000000030',
    transactionId: '4200000985202612021234567899',
    refundFen: 1200,
    totalFen: 2530,
    reason: '退还押金',
  };
  afterAll(() => void (w.refundAnswer = { status: 'SUCCESS' }));

  it('verifies the signature, decrypts the refund and names its final state by our refund number', async () => {
    w.refundAnswer = { status: 'PROCESSING' };
    for (const [no, status, state] of [
      ['DLP202612020000000030', 'SUCCESS', 'success'],
      ['DLP202612020000000031', 'ABNORMAL', 'abnormal'],
      ['DLP202612020000000032', 'CLOSED', 'closed'],
    ] as const) {
      const accepted = await wx.refund({ ...refund, outRefundNo: no });
      const n = w.refundNotification(no, status);
      expect(JSON.parse(n.body)).toMatchObject({ event_type: `REFUND.${status}`, resource: { original_type: 'refund' } });
      expect(await wx.verifyNotification(n)).toEqual({
        ok: true,
        kind: 'refund',
        outTradeNo: refund.outTradeNo,
        outRefundNo: no,
        refundFen: 1200,
        state: {
          status: state,
          refundId: accepted.refundId,
          successTime: status === 'SUCCESS' ? expect.stringMatching(/^\d{4}-/) : '',
          receivedBy: '支付用户零钱',
        },
      });
    }
  });

  it('refuses a wrong signature, another APIv3 key, another merchant and an event that contradicts the refund', async () => {
    w.refundAnswer = { status: 'PROCESSING' };
    const no = 'DLP202612020000000033';
    await wx.refund({ ...refund, outRefundNo: no });
    const n = w.refundNotification(no, 'SUCCESS');
    expect(await wx.verifyNotification({ headers: { ...n.headers, 'wechatpay-signature': 'AAAA' }, body: n.body })).toEqual({
      ok: false,
      reason: '微信支付签名验证失败',
    });
    expect(await wx.verifyNotification({ ...n, body: n.body.replace('"REFUND.SUCCESS"', '"REFUND.CLOSED"') })).toEqual({
      ok: false,
      reason: '微信支付签名验证失败',
    });
    expect(await wechatPayProvider({ ...w.config, apiV3Key: 'c'.repeat(32) }).verifyNotification(n)).toEqual({
      ok: false,
      reason: '通知解密失败',
    });
    expect(await wechatPayProvider({ ...w.config, mchid: '1900000110' }).verifyNotification(n)).toEqual({
      ok: false,
      reason: '通知的商户号不符',
    });
    // Signed by WeChat Pay, but the event says closed while the refund says success: not believed.
    const body = JSON.parse(n.body) as { event_type: string };
    body.event_type = 'REFUND.CLOSED';
    const resigned = JSON.stringify(body);
    const ts = n.headers['wechatpay-timestamp']!;
    const nonce = n.headers['wechatpay-nonce']!;
    const headers = { ...n.headers, 'wechatpay-signature': rsaSign(w.platformKey, `${ts}\n${nonce}\n${resigned}\n`) };
    expect(await wx.verifyNotification({ headers, body: resigned })).toEqual({ ok: false, reason: '退款通知的类型与退款状态不符' });
    // The documented answer to a refusal: 4XX with {code: FAIL, message}.
    expect(wx.reply(false, '微信支付签名验证失败')).toEqual({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'FAIL', message: '微信支付签名验证失败' }),
    });
  });
});
