/**
 * Local stand-ins for WeChat Pay and Alipay (tests only: no sandbox is reachable here, and tests
 * never go to the internet). Each plays the provider as its public documentation describes it —
 * it checks our request's signature with our public key, answers signed with its own test key,
 * and signs (and for WeChat encrypts) the notifications it sends back. Keys are made per stand-in.
 * The unit tests drive them directly; the browser suite runs one WeChat Pay stand-in for its
 * servers (e2e/support/globalSetup.ts, configured through the deployment's environment) whose H5
 * page the rider "pays" on (wechatCashier.ts).
 */
import { createCipheriv, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipaySignContent, beijingStamp, type AlipayConfig } from './alipay.ts';
import { rsaSign, rsaVerify, type WechatPayConfig } from './wechatPay.ts';
import { CASHIER_PATH, cashierMessage, cashierPage, isLoopback, type CashierOrder } from './wechatCashier.ts';

export const rsaPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

interface Listening {
  url: string;
  close(): Promise<void>;
}

async function listen(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void): Promise<Listening> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

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
  /** The environment a deployment sets for WeChat Pay (setup.ts, docs/payments.md), pointed at this stand-in. */
  env(notifyBaseUrl: string): Record<string, string>;
  platformKey: KeyObject;
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
  return {
    ...server,
    config,
    orders,
    prepaid,
    platformKey: platform.privateKey,
    notification,
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
    }),
  };
}

const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

export interface AlipayStandIn extends Listening {
  config: AlipayConfig;
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
  const server = await listen((req, _body, res) => {
    const params = Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams.entries());
    const signed = rsaVerify(app.publicKey, alipaySignContent(params, ['sign']), params.sign ?? '');
    visits.push({ params, signed });
    res
      .writeHead(signed ? 200 : 400, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(signed ? '<html>支付宝收银台</html>' : '验签出错');
  });
  return {
    ...server,
    visits,
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
}
