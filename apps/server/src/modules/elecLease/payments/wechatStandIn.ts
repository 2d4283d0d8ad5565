/**
 * A local stand-in for WeChat Pay (APIv3) and its 网页授权, played by one server (standIns.ts says how
 * the stand-ins play the providers): orders, the H5 cashier page, refunds and their queries, signed and
 * encrypted notifications. Tests only.
 */
import { createCipheriv, randomBytes, type KeyObject } from 'node:crypto';
import type http from 'node:http';
import { rsaSign, rsaVerify, type WechatPayConfig } from './wechatPay.ts';
import { CASHIER_PATH, cashierMessage, cashierPage, isLoopback, type CashierOrder } from './wechatCashier.ts';
import { listen, rsaPair, type Listening } from './standIns.ts';

const OAUTH_AUTHORIZE_PATH = '/connect/oauth2/authorize';
/** The openid the stand-in's 网页授权 gives (the form of WeChat's documented example). */
export const STAND_IN_OPENID = 'oStandIn_M2pxb1Q9zNjWeS6oRider';

const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

/** AEAD_AES_256_GCM as WeChat Pay encrypts a notification's resource: the 16-byte tag appended, base64. */
export function encryptResource(apiV3Key: string, plaintext: string, nonce: string, associatedData: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

export interface WechatStandIn extends Listening {
  /** what the adapter is configured with to talk to this stand-in */
  config: WechatPayConfig;
  /** the orders it received, as sent */
  orders: Record<string, unknown>[];
  /** the orders it answered with a prepay_id, by prepay_id; an order paid on the cashier page says so */
  prepaid: Map<string, CashierOrder>;
  /** WeChat Pay's signed notification of a paid order */
  notification(o: { outTradeNo: string; transactionId: string; totalFen: number; tradeState?: string }): {
    headers: Record<string, string>;
    body: string;
  };
  /**
   * WeChat Pay's signed 退款结果通知 of a refund it issued (REFUND.SUCCESS, REFUND.ABNORMAL or
   * REFUND.CLOSED, the refund's state set to match), with the resource encrypted as a payment's.
   */
  refundNotification(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'): { headers: Record<string, string>; body: string };
  /** The environment a deployment sets for WeChat Pay (setup.ts, docs/payments.md), pointed at this stand-in. */
  env(notifyBaseUrl: string): Record<string, string>;
  platformKey: KeyObject;
  /** the refund requests it received, as sent */
  refunds: Record<string, unknown>[];
  /** how it answers the next refunds: a status (SUCCESS, PROCESSING, CLOSED, ABNORMAL) or an error answer */
  refundAnswer: { status: string } | { http: number; code: string; message: string };
  /** The refund's state changes at WeChat Pay (PROCESSING → SUCCESS, CLOSED or ABNORMAL): what its query answers next. */
  settleRefund(outRefundNo: string, status: 'SUCCESS' | 'PROCESSING' | 'CLOSED' | 'ABNORMAL'): void;
  /** the refund numbers queried (GET /v3/refund/domestic/refunds/{out_refund_no}), in order */
  refundQueries: string[];
  /** 网页授权 (snsapi_base), played by the same server: the official account's secret, and an openid's one-time code */
  oauth: { secret: string; authorizeUrl: string; apiBaseUrl: string; codeFor(openid: string): string; exchanged: string[] };
}

export async function wechatStandIn(notifyUrl = 'https://example.invalid/notify'): Promise<WechatStandIn> {
  const merchant = rsaPair();
  const platform = rsaPair();
  const apiV3Key = randomBytes(16).toString('hex'); // 32 characters
  const mchid = '1900000109';
  const appid = 'wxd678efh567hg6787';
  const platformSerial = 'PUB_KEY_ID_0114232134912410000000000000';
  const orders: Record<string, unknown>[] = [];
  const prepaid = new Map<string, CashierOrder>();
  const refunds: Record<string, unknown>[] = [];
  const refundIds = new Map<string, string>();
  // the refunds as the query answers them, by out_refund_no
  const issued = new Map<string, Record<string, unknown>>();
  const refundQueries: string[] = [];
  const appSecret = randomBytes(16).toString('hex');
  const codes = new Map<string, string>();
  const exchanged: string[] = [];
  const codeFor = (openid: string) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, openid);
    return code;
  };
  const signedHeaders = (body: string) => {
    const ts = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'Wechatpay-Timestamp': ts,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': rsaSign(platform.privateKey, `${ts}\n${nonce}\n${body}\n`),
      'Wechatpay-Serial': platformSerial,
    };
  };

  function notification(o: { outTradeNo: string; transactionId: string; totalFen: number; tradeState?: string }) {
    const transaction = JSON.stringify({
      mchid,
      appid,
      out_trade_no: o.outTradeNo,
      transaction_id: o.transactionId,
      trade_type: 'MWEB',
      trade_state: o.tradeState ?? 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      success_time: new Date().toISOString(),
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: o.totalFen, payer_total: o.totalFen, currency: 'CNY', payer_currency: 'CNY' },
    });
    const nonce = randomBytes(6).toString('hex'); // 12 characters
    const body = JSON.stringify({
      id: `EV-${randomBytes(8).toString('hex')}`,
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encryptResource(apiV3Key, transaction, nonce, 'transaction'),
        associated_data: 'transaction',
        nonce,
      },
    });
    return { headers: { 'content-type': 'application/json', ...lower(signedHeaders(body)) }, body };
  }

  function refundNotification(no: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED') {
    stand.settleRefund(no, status);
    const r = issued.get(no)! as { out_trade_no?: string; transaction_id?: string; refund_id: string; amount: Record<string, number> };
    const refund = JSON.stringify({
      mchid,
      out_trade_no: r.out_trade_no,
      transaction_id: r.transaction_id,
      out_refund_no: no,
      refund_id: r.refund_id,
      refund_status: status,
      ...(status === 'SUCCESS' ? { success_time: new Date().toISOString() } : {}),
      user_received_account: '支付用户零钱',
      amount: { total: r.amount.total, refund: r.amount.refund, payer_total: r.amount.total, payer_refund: r.amount.refund },
    });
    const nonce = randomBytes(6).toString('hex');
    const body = JSON.stringify({
      id: `EV-${randomBytes(8).toString('hex')}`,
      create_time: new Date().toISOString(),
      resource_type: 'encrypt-resource',
      event_type: `REFUND.${status}`,
      summary: { SUCCESS: '退款成功', ABNORMAL: '退款异常', CLOSED: '退款关闭' }[status],
      resource: {
        original_type: 'refund',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encryptResource(apiV3Key, refund, nonce, 'refund'),
        associated_data: 'refund',
        nonce,
      },
    });
    return { headers: { 'content-type': 'application/json', ...lower(signedHeaders(body)) }, body };
  }

  /** The payer taps 确认支付: WeChat Pay notifies the merchant (signed, encrypted), then sends the browser to redirect_url. */
  async function pay(form: URLSearchParams, res: http.ServerResponse) {
    const html = (status: number, text: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', ...headers }).end(text);
    const order = prepaid.get(form.get('prepay_id') ?? '');
    if (!order) return html(404, cashierMessage('订单不存在', '测试替身没有开出这笔订单'));
    if (!order.paid) {
      if (!isLoopback(order.notifyUrl)) return html(400, cashierMessage('未通知商户', '测试替身只通知本机上的商户'));
      const transactionId = `4200${Date.now()}${String(randomBytes(4).readUInt32BE(0)).padStart(11, '0')}`;
      const n = notification({ outTradeNo: order.outTradeNo, transactionId, totalFen: order.totalFen });
      const answer = await fetch(order.notifyUrl, {
        method: 'POST',
        headers: n.headers,
        body: n.body,
        signal: AbortSignal.timeout(30_000),
      }).catch(() => null);
      if (!answer?.ok)
        return html(502, cashierMessage('商户未确认', `支付通知未被商户接受（${answer ? `HTTP ${answer.status}` : '无法连接'}）`));
      order.paid = { transactionId, notifyStatus: answer.status };
    }
    const back = form.get('redirect_url') ?? '';
    if (!/^https?:\/\//.test(back)) return html(200, cashierMessage('支付成功', '没有返回地址'));
    res.writeHead(302, { Location: back }).end();
  }

  const server = await listen((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, answer: object, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(answer));
    // 网页授权 as open.weixin.qq.com plays it for a WeChat user who already follows the account (snsapi_base:
    // no consent page): back to redirect_uri with a one-time code and the state as sent.
    if (url.pathname === OAUTH_AUTHORIZE_PATH) {
      const q = url.searchParams;
      const back = q.get('redirect_uri') ?? '';
      if (q.get('appid') !== appid || q.get('response_type') !== 'code' || q.get('scope') !== 'snsapi_base' || !/^https?:\/\//.test(back))
        return void res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('参数错误');
      const to = new URL(back);
      to.searchParams.set('code', codeFor(STAND_IN_OPENID));
      to.searchParams.set('state', q.get('state') ?? '');
      return void res.writeHead(302, { Location: to.toString() }).end();
    }
    // …and api.weixin.qq.com's code exchange: errors come as HTTP 200 with errcode and errmsg.
    if (url.pathname === '/sns/oauth2/access_token') {
      const q = url.searchParams;
      if (q.get('appid') !== appid) return json(200, { errcode: 40013, errmsg: 'invalid appid' });
      if (q.get('secret') !== appSecret) return json(200, { errcode: 40125, errmsg: 'invalid appsecret' });
      if (q.get('grant_type') !== 'authorization_code') return json(200, { errcode: 40002, errmsg: 'invalid grant_type' });
      const openid = codes.get(q.get('code') ?? '');
      if (!openid) return json(200, { errcode: 40029, errmsg: 'invalid code' });
      codes.delete(q.get('code')!); // a code is good for one exchange
      exchanged.push(openid);
      return json(200, {
        access_token: randomBytes(24).toString('hex'),
        expires_in: 7200,
        refresh_token: randomBytes(24).toString('hex'),
        openid,
        scope: 'snsapi_base',
      });
    }
    if (url.pathname === CASHIER_PATH) {
      if (req.method === 'POST') return void pay(new URLSearchParams(body), res);
      const order = prepaid.get(url.searchParams.get('prepay_id') ?? '');
      res
        .writeHead(order ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(
          order ? cashierPage(order, url.searchParams.get('redirect_url') ?? '') : cashierMessage('订单不存在', '测试替身没有开出这笔订单'),
        );
      return;
    }
    const auth = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const ok =
      f.mchid === mchid &&
      rsaVerify(merchant.publicKey, `${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`, f.signature ?? '');
    if (!ok) {
      res.writeHead(401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' }));
      return;
    }
    // 查询单笔退款: the refund as the request's answer described it, with its state now.
    const queried = /^\/v3\/refund\/domestic\/refunds\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && queried) {
      const no = decodeURIComponent(queried[1]!);
      refundQueries.push(no);
      const r = issued.get(no);
      if (!r) return json(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      const answer = JSON.stringify(r);
      return void res.writeHead(200, { 'Content-Type': 'application/json', ...signedHeaders(answer) }).end(answer);
    }
    if (req.url === '/v3/refund/domestic/refunds') {
      const r = JSON.parse(body) as { out_refund_no?: string; amount?: { refund?: number; total?: number } };
      refunds.push(r);
      const a = stand.refundAnswer;
      if ('http' in a) return json(a.http, { code: a.code, message: a.message });
      if (!r.out_refund_no || !Number.isInteger(r.amount?.refund) || (r.amount?.refund ?? 0) > (r.amount?.total ?? 0))
        return json(400, { code: 'PARAM_ERROR', message: '参数错误' });
      // the same out_refund_no is the same refund
      const refundId = refundIds.get(r.out_refund_no) ?? `50000${Date.now()}${refundIds.size}`;
      refundIds.set(r.out_refund_no, refundId);
      const refund = {
        ...r,
        refund_id: refundId,
        out_refund_no: r.out_refund_no,
        channel: 'ORIGINAL',
        user_received_account: '支付用户零钱',
        create_time: new Date().toISOString(),
        status: a.status,
        amount: {
          total: r.amount!.total,
          refund: r.amount!.refund,
          payer_total: r.amount!.total,
          payer_refund: r.amount!.refund,
          currency: 'CNY',
        },
        ...(a.status === 'SUCCESS' ? { success_time: new Date().toISOString() } : {}),
      };
      issued.set(r.out_refund_no, refund);
      const answer = JSON.stringify(refund);
      return void res.writeHead(200, { 'Content-Type': 'application/json', ...signedHeaders(answer) }).end(answer);
    }
    const order = JSON.parse(body) as { out_trade_no?: string; description?: string; notify_url?: string; amount?: { total?: number } };
    orders.push(order);
    const prepayId = `wx${Date.now()}${String(orders.length).padStart(4, '0')}`;
    prepaid.set(prepayId, {
      prepayId,
      outTradeNo: String(order.out_trade_no ?? ''),
      description: String(order.description ?? ''),
      totalFen: Number(order.amount?.total ?? 0),
      notifyUrl: String(order.notify_url ?? ''),
    });
    const answer =
      req.url === '/v3/pay/transactions/jsapi'
        ? JSON.stringify({ prepay_id: prepayId })
        : JSON.stringify({ h5_url: `${server.url}${CASHIER_PATH}?prepay_id=${prepayId}&package=${orders.length}` });
    res.writeHead(200, { 'Content-Type': 'application/json', ...signedHeaders(answer) }).end(answer);
  });
  const config: WechatPayConfig = {
    mchid,
    appid,
    serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    privateKey: merchant.privateKey,
    apiV3Key,
    platformPublicKey: platform.publicKey,
    platformSerial,
    notifyUrl,
    baseUrl: server.url,
  };
  const stand: WechatStandIn = {
    ...server,
    config,
    orders,
    prepaid,
    refunds,
    refundAnswer: { status: 'SUCCESS' },
    refundQueries,
    settleRefund(no, status) {
      const r = issued.get(no);
      if (!r) throw new Error(`测试替身没有退款单 ${no}`);
      r.status = status;
      if (status === 'SUCCESS') r.success_time = new Date().toISOString();
    },
    oauth: {
      secret: appSecret,
      authorizeUrl: `${server.url}${OAUTH_AUTHORIZE_PATH}`,
      apiBaseUrl: server.url,
      codeFor,
      exchanged,
    },
    platformKey: platform.privateKey,
    notification,
    refundNotification,
    env: (notifyBaseUrl) => ({
      PAY_NOTIFY_BASE_URL: notifyBaseUrl,
      WECHATPAY_MCHID: mchid,
      WECHATPAY_APPID: appid,
      WECHATPAY_SERIAL_NO: config.serialNo,
      WECHATPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      WECHATPAY_APIV3_KEY: apiV3Key,
      WECHATPAY_PUBLIC_KEY: platform.publicKey.export({ type: 'spki', format: 'pem' }) as string,
      WECHATPAY_PUBLIC_KEY_ID: platformSerial,
      WECHATPAY_BASE_URL: server.url,
      WECHAT_APPSECRET: appSecret,
      WECHAT_API_BASE_URL: server.url,
      WECHAT_OAUTH_AUTHORIZE_URL: `${server.url}${OAUTH_AUTHORIZE_PATH}`,
    }),
  };
  return stand;
}
