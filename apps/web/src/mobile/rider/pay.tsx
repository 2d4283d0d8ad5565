import { Dialog, Toast } from 'antd-mobile';
import { LEASE_RIDER_ERRORS, leaseRiderEndpoints, type RiderPayChannel, type RiderPayParams } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { RequestError } from '../../shared/request/RequestError.ts';
import { yuanText } from './riderView.ts';
import { RD } from './texts.ts';
import { forgetOpenid, inWechat, startAuthorize, storedOpenid, type WechatOauthInfo } from './wechatAuth.ts';

interface Channel {
  channel: RiderPayChannel;
  name: string;
  demo: boolean;
}

declare global {
  interface Window {
    WeixinJSBridge?: { invoke(name: string, params: object, done: (res: { err_msg?: string }) => void): void };
  }
}

/** One channel, or the rider's pick when the operator has both. */
async function pickChannel(channels: readonly Channel[]): Promise<Channel | null> {
  if (channels.length <= 1) return channels[0] ?? null;
  return new Promise((resolve) => {
    const handler = Dialog.show({
      title: RD.payWith,
      closeOnMaskClick: true,
      onClose: () => resolve(null),
      actions: channels.map((c) => ({
        key: c.channel,
        text: c.name,
        onClick: () => (resolve(c), handler.close()),
      })),
    });
  });
}

/**
 * Pays a bill (or everything owed) online: the server opens the order for the amount it computes;
 * 模拟支付 (the demo) is confirmed here and completed at once; WeChat Pay inside WeChat, when the
 * operator set up 网页授权, pays by JSAPI as the rider's openid (fetched first by a round trip to
 * WeChat's authorize page, wechatAuth.ts) through WeixinJSBridge; otherwise the phone goes to the
 * provider's page (WeChat H5, Alipay wap) and comes back to 账单 with ?order=, which asks for the result.
 */
export async function payOwed(o: {
  contractId: number;
  billId?: number;
  amountFen: number;
  channels: readonly Channel[];
  wechatOauth: WechatOauthInfo | null;
  onPaid: () => Promise<unknown>;
  /** the channel already chosen (back from 网页授权) */
  channel?: string;
}) {
  const channel = o.channels.find((c) => c.channel === o.channel) ?? (await pickChannel(o.channels));
  if (!channel) {
    if (o.channels.length === 0) Toast.show({ content: RD.noChannels });
    return;
  }
  // Inside WeChat, JSAPI needs the payer's openid: without it, to WeChat's authorize page and back.
  const jsapi = channel.channel === 'wechat' && !channel.demo && o.wechatOauth !== null && inWechat();
  const openid = jsapi ? storedOpenid() : '';
  if (jsapi && !openid) {
    startAuthorize(o.wechatOauth!, { contractId: o.contractId, billId: o.billId, amountFen: o.amountFen });
    return;
  }
  let opened;
  try {
    opened = await call(leaseRiderEndpoints.pay, {
      contractId: o.contractId,
      billId: o.billId,
      channel: channel.channel,
      openid: openid || undefined,
    });
  } catch (err) {
    // the request layer shows the server's message; an openid the server no longer knows is asked for again next time
    if (err instanceof RequestError && err.is(LEASE_RIDER_ERRORS.openidUnknown)) forgetOpenid();
    return;
  }
  const { order, params } = opened;
  if (params.kind === 'demo') {
    const ok = await Dialog.confirm({
      title: RD.payTitle,
      content: <div data-testid="rd-demo-pay">{RD.demoPay(yuanText(order.amountFen))}</div>,
      confirmText: RD.demoConfirm,
    });
    if (!ok) return;
    try {
      await call(leaseRiderEndpoints.demoComplete, { orderNo: order.orderNo });
    } catch {
      return;
    }
    Toast.show({ content: RD.paid, icon: 'success' });
    await o.onPaid();
    return;
  }
  if (params.kind === 'redirect') {
    window.location.assign(params.url);
    return;
  }
  await invokeWechat(params);
  await waitForOrder(order.orderNo);
  await o.onPaid();
}

/** WeChat's pay sheet (JSAPI); WeixinJSBridge may come a moment after the page (its WeixinJSBridgeReady event). */
function invokeWechat(p: Extract<RiderPayParams, { kind: 'wechatJsapi' }>): Promise<void> {
  return new Promise((resolve) => {
    const { kind: _kind, ...request } = p;
    const invoke = () => window.WeixinJSBridge!.invoke('getBrandWCPayRequest', request, () => resolve());
    if (window.WeixinJSBridge) return invoke();
    document.addEventListener('WeixinJSBridgeReady', invoke, { once: true });
    setTimeout(resolve, 10_000); // no bridge: ask the server for the order's fate anyway
  });
}

/** Asks for the order's result a few times: the provider's notification may come a moment after the payment. */
export async function waitForOrder(orderNo: string): Promise<boolean> {
  Toast.show({ content: RD.paying, icon: 'loading', duration: 0 });
  try {
    for (let i = 0; i < 6; i++) {
      const order = await call(leaseRiderEndpoints.order, { orderNo }, { silent: true }).catch(() => null);
      if (order && order.status !== 'created') {
        Toast.show({ content: RD.paid, icon: 'success' });
        return true;
      }
      await new Promise((r) => setTimeout(r, 1500));
    }
    Toast.show({ content: RD.payPending });
    return false;
  } finally {
    setTimeout(() => Toast.clear(), 3000);
  }
}
