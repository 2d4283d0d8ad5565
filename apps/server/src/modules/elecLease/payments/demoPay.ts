import type { OnlinePayProvider } from './provider.ts';

/**
 * 模拟支付: stands in for WeChat Pay and Alipay in --demo (and tests) when no merchant account is
 * configured. The phone completes the order itself (leaseRider demoComplete); nothing leaves the
 * server, nothing is signed, so production never uses it (setup.ts).
 */
export const demoPayProvider: OnlinePayProvider = {
  id: 'demo',
  name: '模拟支付',
  async createOrder() {
    return { kind: 'demo' };
  },
  async verifyNotification() {
    return { ok: false, reason: '模拟支付没有回调通知' };
  },
  // Nothing was taken, so nothing goes back: the refund is done at once under its own number.
  async refund(r) {
    return { status: 'success', refundId: `DEMO${r.outRefundNo}` };
  },
  reply(ok) {
    return { status: ok ? 200 : 400, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'failure' };
  },
};
