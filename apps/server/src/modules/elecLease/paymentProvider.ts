import type { LeasePayMethod } from '@chelian/contracts';

export interface PaymentCheck {
  ok: boolean;
  reason: string;
}

/**
 * A payment channel (WeChat Pay, Alipay, cash): given the channel's reference of a payment the
 * operator records (WeChat's transaction_id, Alipay's trade_no, a receipt number for cash), it
 * confirms the money arrived. A deployment with merchant accounts plugs in a provider that asks
 * the channel's order-query API; `setPaymentProvider` replaces it.
 */
export interface PaymentProvider {
  readonly name: string;
  confirm(method: LeasePayMethod, providerRef: string, amountFen: number): Promise<PaymentCheck>;
}

/** References are 1–64 letters, digits, '_' or '-' (WeChat's are 28–32 digits, Alipay's 28–64 characters). */
export const PROVIDER_REF = /^[A-Za-z0-9_-]{1,64}$/;

/** Shipped: trusts the operator's record (it checks the reference's form only), as a till does. */
export const localPaymentProvider: PaymentProvider = {
  name: '人工登记',
  async confirm() {
    return { ok: true, reason: '' };
  },
};

let current: PaymentProvider = localPaymentProvider;
export const paymentProvider = () => current;
export function setPaymentProvider(p: PaymentProvider) {
  current = p;
}
