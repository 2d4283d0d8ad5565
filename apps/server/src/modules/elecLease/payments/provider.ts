import type { RiderPayChannel, RiderPayParams } from '@chelian/contracts';

/**
 * An online payment provider: it opens an order for an amount (fen) and tells the phone how to
 * pay, and it reads the provider's notification — verifying its signature before believing a
 * word of it. The booking (idempotent, amount checked) is the caller's (payOrders.service.ts).
 */
export interface OnlinePayProvider {
  /** 'wechat' | 'alipay' | 'demo': stored on the order; the notification route names it */
  readonly id: 'wechat' | 'alipay' | 'demo';
  /** shown to the rider: 微信支付, 支付宝, 模拟支付 */
  readonly name: string;
  createOrder(order: PayOrderRequest): Promise<RiderPayParams>;
  verifyNotification(n: NotifyRequest): Promise<Notified>;
  /** The answer the provider expects to a notification (it retries until it gets success). */
  reply(ok: boolean, message?: string): PayReply;
  /**
   * Gives (part of) a paid order back through the provider's refund API. Resolves with the
   * provider's answer (accepted or done); rejects with a Chinese reason when the provider refuses.
   * The same `outRefundNo` again refunds once (both providers say so): a retry after a failure
   * must reuse it.
   */
  refund(r: RefundRequest): Promise<Refunded>;
  /**
   * A refund's state now, by our refund number (WeChat Pay: its refund query). Only providers
   * whose refund may be left processing have it; Alipay's and the demo's answer at once.
   * Rejects with a Chinese reason when the provider cannot say (unknown number, out of reach).
   */
  refundState?(outRefundNo: string): Promise<RefundState>;
}

/**
 * success: done (successTime as WeChat Pay wrote it, receivedBy where the money went: 支付用户零钱,
 * a card…); processing: not yet; closed: WeChat Pay closed it, nothing went back; abnormal: the
 * payer's card or account could not take it (handled in the merchant platform).
 */
export interface RefundState {
  status: 'success' | 'processing' | 'closed' | 'abnormal';
  refundId: string;
  successTime: string;
  receivedBy: string;
}

export interface RefundRequest {
  outTradeNo: string;
  /** the provider's id of the payment (WeChat's transaction_id, Alipay's trade_no) */
  transactionId: string;
  /** ours, unique per refund: 1–64 letters, digits, '_' or '-' */
  outRefundNo: string;
  refundFen: number;
  /** the order's whole amount (WeChat Pay wants it) */
  totalFen: number;
  reason: string;
}

/** success: the money is on its way back; processing: accepted, WeChat Pay finishes it later. */
export interface Refunded {
  status: 'success' | 'processing';
  /** the provider's refund id (WeChat's refund_id; Alipay has none, its trade_no stands in) */
  refundId: string;
}

export interface PayOrderRequest {
  outTradeNo: string;
  amountFen: number;
  description: string;
  channel: RiderPayChannel;
  /** WeChat JSAPI (inside WeChat): the payer's openid; without it WeChat's H5 order */
  openid?: string;
  clientIp: string;
  /** Where the browser comes back after a redirect payment */
  returnUrl: string;
}

export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>;
  /** the body exactly as received: signatures cover its bytes */
  body: string;
}

/**
 * A verified notification: a payment's (paid: whether it is one), or — WeChat Pay's 退款结果通知 — a
 * refund's final state by our refund number; or a refusal with its reason.
 */
export type Notified =
  | { ok: true; kind?: 'payment'; outTradeNo: string; transactionId: string; amountFen: number; paid: boolean }
  | { ok: true; kind: 'refund'; outTradeNo: string; outRefundNo: string; refundFen: number; state: RefundState }
  | { ok: false; reason: string };

export interface PayReply {
  status: number;
  contentType: string;
  body: string;
}

export const header = (h: NotifyRequest['headers'], name: string): string => {
  const v = h[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};

/** '12.30' → 1230 by text (never a float); null when it is not a yuan amount. */
export function fenOfYuan(s: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 1230 → '12.30' by integer arithmetic. */
export const yuanOfFen = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/**
 * fetch, with a failure to connect or a timeout said in Chinese (`who`: 微信支付, 支付宝, 微信接口):
 * the reason reaches the rider or the operator as it is. A timed-out refund may still have been
 * made, which is why a retry reuses its refund number.
 */
export async function fetchProvider(who: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
    throw new ProviderUnreachable(timedOut ? `${who}响应超时，请稍后重试` : `无法连接${who}，请稍后重试`);
  }
}

/** The provider could not be reached or did not answer in time: said as it is, never as the provider's refusal. */
export class ProviderUnreachable extends Error {}
