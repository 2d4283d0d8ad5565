import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import type { RiderPayParams } from '@chelian/contracts';
import {
  fetchProvider,
  header,
  type Notified,
  type NotifyRequest,
  type OnlinePayProvider,
  type PayOrderRequest,
  type PayReply,
  ProviderUnreachable,
  type RefundRequest,
  type Refunded,
  type RefundState,
} from './provider.ts';

/**
 * WeChat Pay API v3 (微信支付 APIv3), as its public documentation describes it (docs/payments.md):
 * - requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,signature=…,
 *   timestamp=…,serial_no=…`, the signature SHA256withRSA over "METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY\n";
 * - answers and notifications are signed by WeChat Pay over "TIMESTAMP\nNONCE\nBODY\n"
 *   (headers Wechatpay-Timestamp, -Nonce, -Signature, -Serial) and verified with its public key;
 * - a notification's `resource` is AEAD_AES_256_GCM-encrypted with the APIv3 key (nonce, associated_data,
 *   the 16-byte tag at the ciphertext's end);
 * - JSAPI orders (inside WeChat) answer prepay_id, which the page signs into wx's chooseWXPay
 *   parameters (paySign over "appId\ntimeStamp\nnonceStr\npackage\n"); H5 orders answer h5_url;
 * - refunds: POST /v3/refund/domestic/refunds {transaction_id, out_refund_no, reason, amount {refund,
 *   total, currency}}, answered {refund_id, status SUCCESS | PROCESSING | CLOSED | ABNORMAL, …};
 *   a refund PROCESSING is read again by GET /v3/refund/domestic/refunds/{out_refund_no} (the same answer).
 */
export interface WechatPayConfig {
  mchid: string;
  appid: string;
  /** the merchant API certificate's serial number */
  serialNo: string;
  privateKey: KeyObject;
  /** 32 bytes */
  apiV3Key: string;
  /** WeChat Pay's public key (or its platform certificate's) */
  platformPublicKey: KeyObject;
  /** Wechatpay-Serial expected on answers and notifications; '' accepts any */
  platformSerial: string;
  notifyUrl: string;
  /** https://api.mch.weixin.qq.com (a test points it at a local stand-in) */
  baseUrl: string;
  /** seconds a signed timestamp may be off (the documentation suggests refusing older than 5 minutes) */
  clockSkewSeconds?: number;
}

const nonce = () => randomBytes(16).toString('hex');
const now = () => Math.floor(Date.now() / 1000);

export function rsaSign(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
}

export function rsaVerify(key: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** The Authorization header of a request to WeChat Pay. */
export function wechatAuthorization(
  c: Pick<WechatPayConfig, 'mchid' | 'serialNo' | 'privateKey'>,
  method: string,
  path: string,
  body: string,
) {
  const ts = String(now());
  const n = nonce();
  const signature = rsaSign(c.privateKey, `${method}\n${path}\n${ts}\n${n}\n${body}\n`);
  return `WECHATPAY2-SHA256-RSA2048 mchid="${c.mchid}",nonce_str="${n}",signature="${signature}",timestamp="${ts}",serial_no="${c.serialNo}"`;
}

/** Decrypts a notification's resource (AEAD_AES_256_GCM, the tag the ciphertext's last 16 bytes); null when it does not authenticate. */
export function decryptResource(apiV3Key: string, r: { ciphertext: string; nonce: string; associated_data?: string }): string | null {
  try {
    const data = Buffer.from(r.ciphertext, 'base64');
    if (data.length < 17) return null;
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function wechatPayProvider(c: WechatPayConfig): OnlinePayProvider {
  const skew = c.clockSkewSeconds ?? 300;

  /** WeChat Pay's signature over an answer or a notification: headers and body as received. */
  function signedByWechat(headers: NotifyRequest['headers'], body: string): string | null {
    const ts = header(headers, 'wechatpay-timestamp');
    const n = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!ts || !n || !signature) return '缺少微信支付签名';
    if (!/^\d{1,12}$/.test(ts) || Math.abs(now() - Number(ts)) > skew) return '签名时间戳已过期';
    if (c.platformSerial && serial !== c.platformSerial) return '微信支付公钥序列号不符';
    if (!rsaVerify(c.platformPublicKey, `${ts}\n${n}\n${body}\n`, signature)) return '微信支付签名验证失败';
    return null;
  }

  /**
   * 退款结果通知 (REFUND.SUCCESS, REFUND.ABNORMAL, REFUND.CLOSED), its resource decrypted: the refund
   * names our mchid (it has no appid), its number, WeChat Pay's refund id and its refund_status,
   * which must be the one the event type says.
   */
  function refundNotified(eventType: string, plain: string): Notified {
    let r: {
      mchid?: string;
      out_trade_no?: string;
      out_refund_no?: string;
      refund_id?: string;
      refund_status?: string;
      success_time?: string;
      user_received_account?: string;
      amount?: { refund?: number };
    };
    try {
      r = JSON.parse(plain);
    } catch {
      return { ok: false, reason: '通知内容不是 JSON' };
    }
    if (r.mchid !== c.mchid) return { ok: false, reason: '通知的商户号不符' };
    const events = { 'REFUND.SUCCESS': 'SUCCESS', 'REFUND.ABNORMAL': 'ABNORMAL', 'REFUND.CLOSED': 'CLOSED' } as const;
    const status = events[eventType as keyof typeof events];
    if (!status || r.refund_status !== status) return { ok: false, reason: '退款通知的类型与退款状态不符' };
    if (!r.out_trade_no || !r.out_refund_no || !r.refund_id || !Number.isInteger(r.amount?.refund))
      return { ok: false, reason: '通知缺少退款信息' };
    return {
      ok: true,
      kind: 'refund',
      outTradeNo: r.out_trade_no,
      outRefundNo: r.out_refund_no,
      refundFen: r.amount!.refund!,
      state: {
        status: ({ SUCCESS: 'success', ABNORMAL: 'abnormal', CLOSED: 'closed' } as const)[status],
        refundId: r.refund_id,
        successTime: r.success_time ?? '',
        receivedBy: r.user_received_account ?? '',
      },
    };
  }

  /** A signed request (a GET signs an empty body); the answer's signature is checked before it is read. */
  async function send(method: 'GET' | 'POST', path: string, payload?: object): Promise<Record<string, unknown>> {
    const body = payload ? JSON.stringify(payload) : '';
    const res = await fetchProvider('微信支付', `${c.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: wechatAuthorization(c, method, path, body),
        ...(payload ? { 'Content-Type': 'application/json' } : {}),
        Accept: 'application/json',
      },
      body: payload ? body : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    const headers = Object.fromEntries(res.headers.entries());
    if (res.status >= 200 && res.status < 300) {
      // A success without WeChat Pay's signature is forged or tampered (the documentation's words).
      const refused = signedByWechat(headers, text);
      if (refused) throw new Error(refused);
      return JSON.parse(text) as Record<string, unknown>;
    }
    let message = `HTTP ${res.status}`;
    try {
      const e = JSON.parse(text) as { code?: string; message?: string };
      message = `${e.code ?? ''} ${e.message ?? ''}`.trim() || message;
    } catch {
      /* not JSON: the status says enough */
    }
    throw new Error(message);
  }
  const post = (path: string, payload: object) => send('POST', path, payload);

  return {
    id: 'wechat',
    name: '微信支付',
    async createOrder(o: PayOrderRequest): Promise<RiderPayParams> {
      const common = {
        appid: c.appid,
        mchid: c.mchid,
        description: o.description.slice(0, 127),
        out_trade_no: o.outTradeNo,
        notify_url: c.notifyUrl,
        amount: { total: o.amountFen, currency: 'CNY' },
      };
      if (o.openid) {
        const answer = await post('/v3/pay/transactions/jsapi', { ...common, payer: { openid: o.openid } });
        const prepayId = String(answer.prepay_id ?? '');
        if (!prepayId) throw new Error('微信支付未返回 prepay_id');
        const timeStamp = String(now());
        const nonceStr = nonce();
        const pkg = `prepay_id=${prepayId}`;
        const paySign = rsaSign(c.privateKey, `${c.appid}\n${timeStamp}\n${nonceStr}\n${pkg}\n`);
        return { kind: 'wechatJsapi', appId: c.appid, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
      }
      const answer = await post('/v3/pay/transactions/h5', {
        ...common,
        scene_info: { payer_client_ip: o.clientIp, h5_info: { type: 'Wap' } },
      });
      const h5 = String(answer.h5_url ?? '');
      if (!h5) throw new Error('微信支付未返回 h5_url');
      // H5: after paying, WeChat sends the browser to redirect_url (URL-encoded, appended to h5_url).
      return { kind: 'redirect', url: `${h5}${h5.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(o.returnUrl)}` };
    },
    async verifyNotification(n: NotifyRequest): Promise<Notified> {
      const refused = signedByWechat(n.headers, n.body);
      if (refused) return { ok: false, reason: refused };
      let event: { event_type?: string; resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string } };
      try {
        event = JSON.parse(n.body);
      } catch {
        return { ok: false, reason: '通知不是 JSON' };
      }
      const r = event.resource;
      if (!r || r.algorithm !== 'AEAD_AES_256_GCM' || !r.ciphertext || !r.nonce) return { ok: false, reason: '通知缺少加密数据' };
      const plain = decryptResource(c.apiV3Key, { ciphertext: r.ciphertext, nonce: r.nonce, associated_data: r.associated_data });
      if (plain === null) return { ok: false, reason: '通知解密失败' };
      let t: {
        mchid?: string;
        appid?: string;
        out_trade_no?: string;
        transaction_id?: string;
        trade_state?: string;
        amount?: { total?: number };
      };
      try {
        t = JSON.parse(plain);
      } catch {
        return { ok: false, reason: '通知内容不是 JSON' };
      }
      if (event.event_type?.startsWith('REFUND.')) return refundNotified(event.event_type, plain);
      if (t.mchid !== c.mchid || t.appid !== c.appid) return { ok: false, reason: '通知的商户号或应用号不符' };
      if (!t.out_trade_no || !t.transaction_id || !Number.isInteger(t.amount?.total)) return { ok: false, reason: '通知缺少订单信息' };
      return {
        ok: true,
        outTradeNo: t.out_trade_no,
        transactionId: t.transaction_id,
        amountFen: t.amount!.total!,
        paid: event.event_type === 'TRANSACTION.SUCCESS' && t.trade_state === 'SUCCESS',
      };
    },
    async refund(r: RefundRequest): Promise<Refunded> {
      let answer: Record<string, unknown>;
      try {
        answer = await post('/v3/refund/domestic/refunds', {
          transaction_id: r.transactionId,
          out_trade_no: r.outTradeNo,
          out_refund_no: r.outRefundNo,
          reason: r.reason.slice(0, 80),
          // 退款结果通知 comes here (notify.routes.ts); the refund job's query reads it too, should it not.
          notify_url: c.notifyUrl,
          amount: { refund: r.refundFen, total: r.totalFen, currency: 'CNY' },
        });
      } catch (err) {
        if (err instanceof ProviderUnreachable) throw err;
        throw new Error(`微信支付拒绝退款：${(err as Error).message}`);
      }
      const status = String(answer.status ?? '');
      const refundId = String(answer.refund_id ?? '');
      if (!refundId) throw new Error('微信支付未返回退款单号');
      if (status === 'SUCCESS' || status === 'PROCESSING') return { status: status === 'SUCCESS' ? 'success' : 'processing', refundId };
      // CLOSED or ABNORMAL (the rider's card or change account cannot take it back): the merchant platform handles it.
      throw new Error(status === 'ABNORMAL' ? '微信支付退款异常，请到商户平台处理' : `微信支付退款未成功（${status || '无状态'}）`);
    },
    async refundState(outRefundNo: string): Promise<RefundState> {
      let answer: Record<string, unknown>;
      try {
        answer = await send('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
      } catch (err) {
        throw new Error(`微信支付退款查询失败：${(err as Error).message}`);
      }
      if (answer.out_refund_no !== outRefundNo) throw new Error('微信支付退款查询失败：退款单号不符');
      const status = String(answer.status ?? '');
      const known = { SUCCESS: 'success', PROCESSING: 'processing', CLOSED: 'closed', ABNORMAL: 'abnormal' } as const;
      if (!(status in known)) throw new Error(`微信支付退款查询失败：未知的退款状态 ${status || '（无）'}`);
      return {
        status: known[status as keyof typeof known],
        refundId: String(answer.refund_id ?? ''),
        successTime: typeof answer.success_time === 'string' ? answer.success_time : '',
        receivedBy: typeof answer.user_received_account === 'string' ? answer.user_received_account : '',
      };
    },
    reply(ok: boolean, message = '失败'): PayReply {
      // Success: 200 or 204 without a body; failure: 4XX/5XX with {code: FAIL, message}.
      return ok
        ? { status: 204, contentType: 'application/json', body: '' }
        : { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message }) };
    },
  };
}
