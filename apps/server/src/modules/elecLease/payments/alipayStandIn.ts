/** A local stand-in for Alipay's gateway (standIns.ts says how the stand-ins play the providers): wap.pay, refunds, signed notifications. Tests only. */
import { randomBytes } from 'node:crypto';
import { alipaySignContent, beijingStamp, type AlipayConfig } from './alipay.ts';
import { rsaSign, rsaVerify } from './wechatPay.ts';
import { listen, rsaPair, type Listening } from './standIns.ts';

export interface AlipayStandIn extends Listening {
  config: AlipayConfig;
  /** the gateway calls posted to it (alipay.trade.refund): their parameters, each checked against our signature */
  calls: { params: Record<string, string>; signed: boolean }[];
  /** how it answers the next refunds: success, or a business failure (code 40004 with its sub_code and sub_msg) */
  refundAnswer: { ok: true } | { ok: false; subCode: string; subMsg: string };
  /** sign the refund answers with another key (a forged answer) */
  forgeAnswers: boolean;
  /** the wap.pay requests the phone was sent with (their parameters), each checked against our signature */
  visits: { params: Record<string, string>; signed: boolean }[];
  /** Alipay's signed async notify (a form body) of a paid order */
  notification(o: { outTradeNo: string; tradeNo: string; totalAmount: string; tradeStatus?: string; appId?: string }): string;
}

export async function alipayStandIn(notifyUrl = 'https://example.invalid/notify'): Promise<AlipayStandIn> {
  const app = rsaPair();
  const alipay = rsaPair();
  const appId = '2021000117690001';
  const visits: AlipayStandIn['visits'] = [];
  const calls: AlipayStandIn['calls'] = [];
  const refunded = new Map<string, string>();
  const forger = rsaPair();
  const server = await listen((req, body, res) => {
    if (req.method === 'POST') {
      // alipay.trade.refund: the answer's signature covers the response object's text, as sent.
      const params = Object.fromEntries(new URLSearchParams(body).entries());
      const signed = rsaVerify(app.publicKey, alipaySignContent(params, ['sign']), params.sign ?? '');
      calls.push({ params, signed });
      const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
      const a = stand.refundAnswer;
      let response: Record<string, string>;
      if (!signed) response = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
      else if (params.method !== 'alipay.trade.refund')
        response = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' };
      else if (!a.ok) response = { code: '40004', msg: 'Business Failed', sub_code: a.subCode, sub_msg: a.subMsg };
      else {
        // a second request with the same out_request_no refunds nothing more: fund_change N
        const again = refunded.has(biz.out_request_no ?? '');
        refunded.set(biz.out_request_no ?? '', biz.refund_amount ?? '');
        response = {
          code: '10000',
          msg: 'Success',
          trade_no: biz.trade_no ?? '',
          out_trade_no: biz.out_trade_no ?? '',
          buyer_logon_id: '159****5620',
          fund_change: again ? 'N' : 'Y',
          refund_fee: biz.refund_amount ?? '',
          gmt_refund_pay: beijingStamp(),
          buyer_user_id: '2088102116773037',
        };
      }
      const text = JSON.stringify(response);
      const sign = rsaSign((stand.forgeAnswers ? forger : alipay).privateKey, text);
      res.writeHead(200, { 'Content-Type': 'text/html;charset=utf-8' }).end(`{"alipay_trade_refund_response":${text},"sign":"${sign}"}`);
      return;
    }
    const params = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams.entries());
    const signed = rsaVerify(app.publicKey, alipaySignContent(params, ['sign']), params.sign ?? '');
    visits.push({ params, signed });
    res
      .writeHead(signed ? 200 : 400, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(signed ? '<html>支付宝收银台</html>' : '验签出错');
  });
  const stand: AlipayStandIn = {
    ...server,
    visits,
    calls,
    refundAnswer: { ok: true },
    forgeAnswers: false,
    config: {
      appId,
      privateKey: app.privateKey,
      alipayPublicKey: alipay.publicKey,
      gateway: `${server.url}/gateway.do`,
      notifyUrl,
      sellerId: '2088101106499364',
    },
    notification(o) {
      const params: Record<string, string> = {
        gmt_create: beijingStamp(),
        charset: 'utf-8',
        seller_email: 'merchant@example.com',
        subject: '租车账单',
        buyer_id: '2088102116773037',
        invoice_amount: o.totalAmount,
        notify_id: randomBytes(16).toString('hex'),
        fund_bill_list: JSON.stringify([{ amount: o.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
        notify_type: 'trade_status_sync',
        trade_status: o.tradeStatus ?? 'TRADE_SUCCESS',
        receipt_amount: o.totalAmount,
        app_id: o.appId ?? appId,
        buyer_pay_amount: o.totalAmount,
        seller_id: '2088101106499364',
        gmt_payment: beijingStamp(),
        notify_time: beijingStamp(),
        version: '1.0',
        out_trade_no: o.outTradeNo,
        total_amount: o.totalAmount,
        trade_no: o.tradeNo,
        auth_app_id: o.appId ?? appId,
        point_amount: '0.00',
        sign_type: 'RSA2',
      };
      const sign = rsaSign(alipay.privateKey, alipaySignContent(params, ['sign', 'sign_type']));
      return new URLSearchParams({ ...params, sign }).toString();
    },
  };
  return stand;
}
