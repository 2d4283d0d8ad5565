import { LEASE_BILL_KINDS, LEASE_RIDER_ERRORS, RIDER_ORDER_STATES, type RiderOrder, type RiderPayChannel } from '@chelian/contracts';
import type { Db } from '../../../db/types.ts';
import type { Bus } from '../../../bus/bus.ts';
import { AppError } from '../../../http/errors.ts';
import { recordPayment } from '../billing.service.ts';
import { contractsQueries, type ContractRow } from '../contracts.queries.ts';
import { afterPayment } from '../risk.service.ts';
import { payOrdersQueries, type PayOrderRow } from './payOrders.queries.ts';
import type { OnlinePayProvider } from './provider.ts';
import { providerById } from './setup.ts';

/** The name the payments and the unlock are recorded under. */
export const RIDER_PAYER = '骑手在线支付';

export function presentOrder(o: PayOrderRow): RiderOrder {
  const provider = providerById(o.provider);
  return {
    orderNo: o.out_trade_no,
    amountFen: o.amount_fen,
    description: o.description,
    providerName: provider?.name ?? o.provider,
    status: o.status,
    statusName: RIDER_ORDER_STATES[o.status],
    contractId: Number(o.contract_id),
  };
}

/**
 * Opens an order for one unpaid bill (its rest) or for everything the contract owes, and asks the
 * provider how the phone pays it. The amount is the server's, never the client's.
 */
export async function openOrder(
  db: Db,
  provider: OnlinePayProvider,
  c: ContractRow,
  o: { billId?: number; channel: RiderPayChannel; openid?: string; clientIp: string; returnUrl: string; userId: number },
) {
  const unpaid = await contractsQueries.unpaidBills(db, c.id);
  let amountFen: number;
  let description: string;
  if (o.billId !== undefined) {
    const bill = (await contractsQueries.bills(db, c.id)).find((b) => Number(b.id) === o.billId);
    if (!bill) throw new AppError(LEASE_RIDER_ERRORS.notFound);
    if (bill.status !== 'unpaid')
      throw new AppError(LEASE_RIDER_ERRORS.billNotOwed, { params: { state: bill.status === 'paid' ? '已缴' : '已作废' } });
    amountFen = bill.amount_fen - bill.paid_fen;
    description = `租车${LEASE_BILL_KINDS[bill.kind as keyof typeof LEASE_BILL_KINDS] ?? bill.kind} ${c.contract_no} 第${bill.seq}期`;
  } else {
    amountFen = unpaid.reduce((s, b) => s + b.amount_fen - b.paid_fen, 0);
    description = `租车欠款 ${c.contract_no}`;
  }
  if (amountFen <= 0) throw new AppError(LEASE_RIDER_ERRORS.nothingOwed);
  const order = await payOrdersQueries.insert(db, {
    accountId: c.account_id,
    contractId: c.id,
    billId: o.billId ?? null,
    provider: provider.id,
    method: o.channel,
    amountFen,
    description,
    userId: o.userId,
  });
  let params;
  try {
    params = await provider.createOrder({
      outTradeNo: order.out_trade_no,
      amountFen,
      description,
      channel: o.channel,
      openid: o.openid || undefined,
      clientIp: o.clientIp,
      returnUrl: `${o.returnUrl}${o.returnUrl.includes('?') ? '&' : '?'}order=${order.out_trade_no}`,
    });
  } catch (err) {
    throw new AppError(LEASE_RIDER_ERRORS.providerFailed, { params: { reason: (err as Error).message.slice(0, 80) } });
  }
  return { order: presentOrder(order), params };
}

export type Completion = { ok: true; duplicate: boolean; order: PayOrderRow } | { ok: false; reason: string };

/**
 * A provider says an order was paid (a verified notification, or the demo's completion): the
 * payment is booked once — the order's row lock and its status decide, and the provider's
 * transaction id is the payment's reference, unique per channel — for exactly the order's amount.
 * A second notification answers as the first did. Money that arrives for a debt already settled
 * (paid at the counter meanwhile) is marked 已支付，待退款 for the operator to refund.
 * An overdue contract paid up is active again and its bike unlocked (risk.service.ts afterPayment).
 */
export async function completeOrder(
  db: Db,
  bus: Bus,
  n: { providerId: string; outTradeNo: string; transactionId: string; amountFen: number },
): Promise<Completion> {
  const result = await db.tx(async (q): Promise<Completion & { booked?: number }> => {
    const order = await payOrdersQueries.lockByNo(q, n.outTradeNo);
    if (!order || order.provider !== n.providerId) return { ok: false, reason: '订单不存在' };
    if (order.amount_fen !== n.amountFen) return { ok: false, reason: `金额不符：订单 ${order.amount_fen} 分，通知 ${n.amountFen} 分` };
    if (order.status !== 'created') {
      if (order.transaction_id !== n.transactionId) return { ok: false, reason: '订单已由另一笔交易支付' };
      return { ok: true, duplicate: true, order };
    }
    const c = await contractsQueries.byId(q, order.contract_id);
    const owed = (await contractsQueries.unpaidBills(q, c.id)).reduce((s, b) => s + b.amount_fen - b.paid_fen, 0);
    if (owed < order.amount_fen) {
      await payOrdersQueries.settle(q, order.id, {
        status: 'unbooked',
        transactionId: n.transactionId,
        paymentId: null,
        note: `到账时订单仅欠 ${owed} 分，请退款`,
      });
      return { ok: true, duplicate: false, order: (await payOrdersQueries.byNo(q, n.outTradeNo))! };
    }
    const { payment } = await recordPayment(q, c, {
      method: order.method,
      ref: n.transactionId,
      amountFen: order.amount_fen,
      note: `${providerById(order.provider)?.name ?? order.provider} ${order.out_trade_no}`,
      userName: RIDER_PAYER,
      firstBillId: order.bill_id === null ? undefined : Number(order.bill_id),
    });
    await payOrdersQueries.settle(q, order.id, { status: 'paid', transactionId: n.transactionId, paymentId: Number(payment.id), note: '' });
    return { ok: true, duplicate: false, order: (await payOrdersQueries.byNo(q, n.outTradeNo))!, booked: Number(c.id) };
  });
  if (result.ok && result.booked !== undefined) await afterPayment(db, bus, result.booked, RIDER_PAYER);
  return result;
}

/** The order of the rider's contract, or the rider's catalogue's not-found. */
export async function riderOrder(db: Db, contractIds: readonly number[], outTradeNo: string): Promise<PayOrderRow> {
  const order = await payOrdersQueries.byNo(db, outTradeNo);
  if (!order || !contractIds.includes(Number(order.contract_id))) throw new AppError(LEASE_RIDER_ERRORS.notFound);
  return order;
}
