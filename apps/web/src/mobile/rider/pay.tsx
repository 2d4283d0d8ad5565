import { Dialog, Toast } from 'antd-mobile';
import { leaseRiderEndpoints, type RiderPayParams } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { yuanText } from './riderView.ts';
import { RD } from './texts.ts';

interface Channel {
  channel: string;
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
 * 模拟支付 (the demo) is confirmed here and completed at once; WeChat Pay inside WeChat is invoked
 * through WeixinJSBridge (JSAPI); otherwise the phone goes to the provider's page (WeChat H5,
 * Alipay wap) and comes back to 账单 with ?order=, which asks for the result.
 */
export async function payOwed(o: {
  contractId: number;
  billId?: number;
  amountFen: number;
  channels: readonly Channel[];
  onPaid: () => Promise<unknown>;
}) {
  const channel = await pickChannel(o.channels);
  if (!channel) {
    if (o.channels.length === 0) Toast.show({ content: RD.noChannels });
    return;
  }
  let opened;
  try {
    opened = await call(leaseRiderEndpoints.pay, { contractId: o.contractId, billId: o.billId, channel: channel.channel });
  } catch {
    return; // the request layer shows the server's message
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

function invokeWechat(p: Extract<RiderPayParams, { kind: 'wechatJsapi' }>): Promise<void> {
  return new Promise((resolve) => {
    const { kind: _kind, ...request } = p;
    if (!window.WeixinJSBridge) return resolve();
    window.WeixinJSBridge.invoke('getBrandWCPayRequest', request, () => resolve());
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
