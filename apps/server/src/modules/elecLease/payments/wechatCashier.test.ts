import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_PATHS, paymentsFromEnv } from './setup.ts';
import { wechatStandIn, type WechatStandIn } from './wechatStandIn.ts';
import { wechatPayProvider } from './wechatPay.ts';
import type { Notified, OnlinePayProvider } from './provider.ts';

/*
 * The WeChat Pay stand-in as the browser suite uses it: configured through the deployment's
 * environment (setup.ts), its H5 cashier page "pays" an order by posting WeChat Pay's signed
 * notification to the merchant's notify route on this machine, then sends the browser back.
 */
let w: WechatStandIn;
let wx: OnlinePayProvider;
let merchant: http.Server;
let merchantUrl = '';
let accept = true;
const received: { path: string; verified: Notified }[] = [];

beforeAll(async () => {
  w = await wechatStandIn();
  // The merchant's side: the notify route verifies with the provider built from the environment.
  merchant = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      void wx.verifyNotification({ headers: req.headers, body }).then((verified) => {
        received.push({ path: req.url ?? '', verified });
        const r = wx.reply(accept && verified.ok);
        res.writeHead(r.status, { 'Content-Type': r.contentType }).end(r.body);
      });
    });
  });
  await new Promise<void>((ok) => merchant.listen(0, '127.0.0.1', ok));
  merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
  wx = paymentsFromEnv(w.env(merchantUrl)).wechat!;
});
afterAll(async () => {
  await w?.close();
  await new Promise((ok) => merchant?.close(ok));
});

let serial = 0;
async function h5Order(returnUrl = 'http://127.0.0.1:1/m/rider/bills?order=x') {
  const outTradeNo = `LP20261202${String(++serial).padStart(10, '0')}`;
  const params = await wx.createOrder({
    outTradeNo,
    amountFen: 2530,
    description: '租车欠款',
    channel: 'wechat',
    clientIp: '127.0.0.1',
    returnUrl,
  });
  const url = new URL(params.kind === 'redirect' ? params.url : 'http://x/');
  return { outTradeNo, url, prepayId: url.searchParams.get('prepay_id') ?? '' };
}

const pay = (prepayId: string, redirectUrl: string) =>
  fetch(`${w.url}/cgi-bin/mmpayweb-bin/checkmweb`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prepay_id: prepayId, redirect_url: redirectUrl }),
    redirect: 'manual',
  });

describe('the WeChat Pay stand-in configured through the environment', () => {
  it('takes the deployment variables: the order reaches the stand-in signed, with the notify route on PAY_NOTIFY_BASE_URL', async () => {
    expect(wx.name).toBe('微信支付');
    const { outTradeNo, url } = await h5Order();
    expect(url.origin + url.pathname).toBe(`${w.url}/cgi-bin/mmpayweb-bin/checkmweb`);
    expect(w.orders.at(-1)).toMatchObject({ out_trade_no: outTradeNo, notify_url: `${merchantUrl}${NOTIFY_PATHS.wechat}` });
  });

  it('shows a cashier page that says it is a stand-in, with the amount; 确认支付 notifies the merchant once and goes back', async () => {
    const back = 'http://127.0.0.1:1/m/rider/bills?order=LP1';
    const { outTradeNo, url, prepayId } = await h5Order(back);
    const page = await (await fetch(url)).text();
    expect(page).toContain('测试替身');
    expect(page).toContain('¥25.30');
    expect(page).toContain(outTradeNo);
    const before = received.length;
    const paid = await pay(prepayId, back);
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toBe(back);
    expect(received.slice(before)).toEqual([
      {
        path: NOTIFY_PATHS.wechat,
        verified: { ok: true, outTradeNo, transactionId: expect.stringMatching(/^4200\d+$/), amountFen: 2530, paid: true },
      },
    ]);
    // Tapped again (back button): no second notification, back again.
    expect((await pay(prepayId, back)).status).toBe(302);
    expect(received.length).toBe(before + 1);
  });

  it('says so when the merchant refuses the notification, and leaves the order unpaid', async () => {
    const { prepayId } = await h5Order();
    accept = false;
    try {
      const refused = await pay(prepayId, 'http://127.0.0.1:1/m/rider/bills');
      expect(refused.status).toBe(502);
      expect(await refused.text()).toContain('商户未确认');
    } finally {
      accept = true;
    }
    expect(w.prepaid.get(prepayId)?.paid).toBeUndefined();
  });

  it('knows only its own orders and notifies nothing off this machine', async () => {
    expect((await pay('wx-unknown', 'http://127.0.0.1:1/')).status).toBe(404);
    const offMachine = wechatPayProvider(w.config); // notify_url https://example.invalid/notify
    const params = await offMachine.createOrder({
      outTradeNo: 'LP202612029999999999',
      amountFen: 100,
      description: '租车',
      channel: 'wechat',
      clientIp: '127.0.0.1',
      returnUrl: 'http://127.0.0.1:1/',
    });
    const prepayId = new URL(params.kind === 'redirect' ? params.url : 'http://x/').searchParams.get('prepay_id') ?? '';
    const before = received.length;
    const refused = await pay(prepayId, 'http://127.0.0.1:1/');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('测试替身只通知本机上的商户');
    expect(received.length).toBe(before);
  });
});
