import type { KeyObject } from 'node:crypto';
import type { RiderPayParams } from '@chelian/contracts';
import {
  fetchProvider,
  fenOfYuan,
  yuanOfFen,
  type Notified,
  type NotifyRequest,
  type OnlinePayProvider,
  type PayOrderRequest,
  type PayReply,
  type RefundRequest,
  type Refunded,
} from './provider.ts';
import { rsaSign, rsaVerify } from './wechatPay.ts';

/**
 * Alipay (支付宝) 手机网站支付, alipay.trade.wap.pay, as its public documentation describes it
 * (docs/payments.md): the order is a signed GET to the gateway the phone is sent to — public
 * parameters app_id, method, format, charset, sign_type RSA2, timestamp, version, notify_url,
 * return_url and biz_content {out_trade_no, total_amount (yuan), subject, product_code}; the
 * signature RSA-SHA256 (RSA2) over every non-empty parameter but `sign`, sorted by name, joined
 * as k=v with '&'. The async notify is a form POST signed the same way, verified with Alipay's
 * public key over every parameter but `sign` and `sign_type`; it is answered `success`.
 * Refunds (alipay.trade.refund) are a signed form POST to the gateway; the answer
 * {"alipay_trade_refund_response": {…}, "sign": "…"} is verified over the response object's text as
 * sent, and code 10000 is success (anything else carries sub_code and a Chinese sub_msg).
 */
export interface AlipayConfig {
  appId: string;
  privateKey: KeyObject;
  alipayPublicKey: KeyObject;
  /** https://openapi.alipay.com/gateway.do (a test points it at a local stand-in) */
  gateway: string;
  notifyUrl: string;
  /** the merchant's Alipay user id (2088…): when set, a notify for another seller is refused */
  sellerId?: string;
}

/** The string Alipay signs: non-empty parameters except the excluded ones, sorted, k=v joined with '&'. */
export function alipaySignContent(params: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** 'yyyy-MM-dd HH:mm:ss' in Beijing time, as the gateway's timestamp wants it. */
export function beijingStamp(at = new Date()): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The text of `"<key>": {…}` in a gateway answer, exactly as sent: Alipay signs those bytes, so the
 * object is cut out of the body (strings and escapes respected), never re-serialized.
 */
export function responseText(body: string, key: string): string | null {
  const at = body.indexOf(`"${key}"`);
  if (at < 0) return null;
  const start = body.indexOf('{', at + key.length + 2);
  if (start < 0 || body.slice(at + key.length + 2, start).trim() !== ':') return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < body.length; i++) {
    const ch = body[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return body.slice(start, i + 1);
  }
  return null;
}

export function alipayProvider(c: AlipayConfig): OnlinePayProvider {
  /** Signs and sends one gateway call (form POST); answers the method's response object, its signature verified. */
  async function gatewayCall(method: string, biz: object): Promise<Record<string, string>> {
    const params: Record<string, string> = {
      app_id: c.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijingStamp(),
      version: '1.0',
      biz_content: JSON.stringify(biz),
    };
    const sign = rsaSign(c.privateKey, alipaySignContent(params, ['sign']));
    const res = await fetchProvider('支付宝', c.gateway, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams({ ...params, sign }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`支付宝网关 HTTP ${res.status}`);
    const key = `${method.replace(/\./g, '_')}_response`;
    const signed = responseText(text, key);
    let answer: { sign?: string } & Record<string, unknown>;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new Error('支付宝应答不是 JSON');
    }
    if (!signed) throw new Error('支付宝应答缺少结果');
    const response = answer[key] as Record<string, string>;
    // A refused request (bad app signature, unknown app) comes back unsigned with its code; an answer that
    // claims anything else must carry Alipay's signature over the response object.
    if (answer.sign) {
      if (!rsaVerify(c.alipayPublicKey, signed, answer.sign)) throw new Error('支付宝应答签名验证失败');
    } else if (response?.code === '10000') throw new Error('支付宝应答缺少签名');
    return response;
  }

  return {
    id: 'alipay',
    name: '支付宝',
    async createOrder(o: PayOrderRequest): Promise<RiderPayParams> {
      const params: Record<string, string> = {
        app_id: c.appId,
        method: 'alipay.trade.wap.pay',
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: beijingStamp(),
        version: '1.0',
        notify_url: c.notifyUrl,
        return_url: o.returnUrl,
        biz_content: JSON.stringify({
          out_trade_no: o.outTradeNo,
          total_amount: yuanOfFen(o.amountFen),
          subject: o.description.slice(0, 256),
          product_code: 'QUICK_WAP_WAY',
        }),
      };
      const sign = rsaSign(c.privateKey, alipaySignContent(params, ['sign']));
      return { kind: 'redirect', url: `${c.gateway}?${new URLSearchParams({ ...params, sign }).toString()}` };
    },
    async verifyNotification(n: NotifyRequest): Promise<Notified> {
      const params = Object.fromEntries(new URLSearchParams(n.body).entries());
      if (!params.sign) return { ok: false, reason: '缺少支付宝签名' };
      if (params.sign_type && params.sign_type !== 'RSA2') return { ok: false, reason: `不支持的签名类型 ${params.sign_type}` };
      if (!rsaVerify(c.alipayPublicKey, alipaySignContent(params, ['sign', 'sign_type']), params.sign))
        return { ok: false, reason: '支付宝签名验证失败' };
      if (params.app_id !== c.appId) return { ok: false, reason: '通知的应用号不符' };
      if (c.sellerId && params.seller_id !== c.sellerId) return { ok: false, reason: '通知的收款账号不符' };
      const amountFen = fenOfYuan(params.total_amount ?? '');
      if (!params.out_trade_no || !params.trade_no || amountFen === null) return { ok: false, reason: '通知缺少订单信息' };
      return {
        ok: true,
        outTradeNo: params.out_trade_no,
        transactionId: params.trade_no,
        amountFen,
        paid: params.trade_status === 'TRADE_SUCCESS' || params.trade_status === 'TRADE_FINISHED',
      };
    },
    async refund(r: RefundRequest): Promise<Refunded> {
      const answer = await gatewayCall('alipay.trade.refund', {
        out_trade_no: r.outTradeNo,
        trade_no: r.transactionId,
        refund_amount: yuanOfFen(r.refundFen),
        refund_reason: r.reason.slice(0, 256),
        // one refund of the trade: the same number again refunds once (fund_change N)
        out_request_no: r.outRefundNo,
      });
      if (answer.code !== '10000') {
        const why = answer.sub_msg || answer.msg || '未知原因';
        throw new Error(`支付宝拒绝退款：${why}${answer.sub_code ? `（${answer.sub_code}）` : ''}`);
      }
      if (answer.out_trade_no && answer.out_trade_no !== r.outTradeNo) throw new Error('支付宝退款应答的订单号不符');
      return { status: 'success', refundId: answer.trade_no || r.transactionId };
    },
    reply(ok: boolean): PayReply {
      // Alipay stops retrying when the body is exactly "success".
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'failure' };
    },
  };
}
