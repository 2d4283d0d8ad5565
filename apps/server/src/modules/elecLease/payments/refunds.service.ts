import { beijingDisplayText, ELEC_LEASE_ERRORS, RIDER_ORDER_STATES, type RiderOrderState } from '@chelian/contracts';
import type { AppContext } from '../../../context.ts';
import type { Db } from '../../../db/types.ts';
import { repeatEvery } from '../../../jobs/repeatEvery.ts';
import type { SessionUser } from '../../../core/sessionUser.ts';
import { AppError } from '../../../http/errors.ts';
import type { PaymentRow } from '../contracts.queries.ts';
import { yuan } from '../scope.ts';
import { payOrdersQueries, type PayOrderRow } from './payOrders.queries.ts';
import type { RefundState } from './provider.ts';
import { providerById } from './setup.ts';

const stateName = (s: RiderOrderState) => RIDER_ORDER_STATES[s];

/**
 * 原路退款 of an order paid but not booked (已支付待退款): the order's provider gives the whole
 * amount back through its refund API, against the provider's transaction id. The order's row lock
 * makes one refund at a time; our refund number is fixed per order (R + out_trade_no), so a retry
 * after a failure or a lost answer refunds once — both providers promise that for a repeated number.
 * The outcome is recorded on the order: 已退款, 退款处理中 (WeChat Pay accepted it and finishes later),
 * or, refused, still 已支付待退款 with the provider's reason in its note and in the error.
 */
export async function refundOrder(db: Db, user: SessionUser, orderNo: string, reason: string) {
  const result = await db.tx(async (q) => {
    const order = await payOrdersQueries.lockInScope(q, user.accountPath, orderNo);
    if (!order) throw new AppError(ELEC_LEASE_ERRORS.notFound);
    if (order.status !== 'unbooked')
      throw new AppError(ELEC_LEASE_ERRORS.orderNotRefundable, { params: { state: stateName(order.status) } });
    const provider = providerById(order.provider);
    if (!provider)
      throw new AppError(ELEC_LEASE_ERRORS.onlineRefundFailed, { params: { reason: '该支付渠道已不再配置，请到商户平台退款' } });
    const refundNo = order.refund_no || `R${order.out_trade_no}`;
    try {
      const done = await provider.refund({
        outTradeNo: order.out_trade_no,
        transactionId: order.transaction_id,
        outRefundNo: refundNo,
        refundFen: order.amount_fen,
        totalFen: order.amount_fen,
        reason: reason.trim() || '欠款已结清，退回重复支付',
      });
      const status: RiderOrderState = done.status === 'success' ? 'refunded' : 'refunding';
      const note = `${provider.name}退款单号 ${done.refundId}`;
      await payOrdersQueries.refundResult(q, order.id, { status, refundNo, refundId: done.refundId, note, by: user.username });
      return { ok: true as const, status, refundId: done.refundId };
    } catch (err) {
      const why = (err as Error).message.slice(0, 120);
      await payOrdersQueries.refundResult(q, order.id, {
        status: 'unbooked',
        refundNo,
        refundId: '',
        note: `退款失败：${why}`,
        by: user.username,
      });
      return { ok: false as const, why };
    }
  });
  // The failure is kept on the order (committed above) and told to the operator in words.
  if (!result.ok) throw new AppError(ELEC_LEASE_ERRORS.onlineRefundFailed, { params: { reason: result.why } });
  return { orderNo, status: result.status, statusName: stateName(result.status), refundId: result.refundId };
}

/**
 * 退款 of a payment a rider made online (the back office's refund with no reference typed): the
 * part goes back through the order's provider against the payment's transaction id, under our
 * refund number R<out_trade_no>P<n> (n: this payment's refunds so far + 1, so a retry after a
 * failure reuses it and the provider refunds once); that number is the refund's reference in the
 * ledger. Answers the reference and the note to record (recordRefund), or refuses in words: not an
 * online payment (type the channel's refund reference), more than is left, or the provider's reason.
 */
export async function refundPaymentOnline(
  db: Db,
  original: PaymentRow,
  r: { amountFen: number; note: string },
): Promise<{ ref: string; note: string }> {
  const [order] = await db.query<PayOrderRow>(`SELECT * FROM elec_lease_pay_orders WHERE payment_id = $1 AND status = 'paid'`, [
    original.id,
  ]);
  const provider = order ? providerById(order.provider) : undefined;
  if (!order || !provider || original.kind !== 'payment') throw new AppError(ELEC_LEASE_ERRORS.refundRefNeeded);
  const left = original.amount_fen - original.refunded_fen;
  if (r.amountFen > left) throw new AppError(ELEC_LEASE_ERRORS.refundTooMuch, { params: { left: yuan(left) } });
  const [{ n }] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM elec_lease_payments WHERE refund_of = $1`, [
    original.id,
  ])) as [{ n: number }];
  const ref = `R${order.out_trade_no}P${n + 1}`;
  try {
    const done = await provider.refund({
      outTradeNo: order.out_trade_no,
      transactionId: original.provider_ref,
      outRefundNo: ref,
      refundFen: r.amountFen,
      totalFen: order.amount_fen,
      reason: r.note || '租车退款',
    });
    const state = done.status === 'success' ? '' : '（处理中）';
    return { ref, note: `${r.note ? `${r.note}；` : ''}${provider.name}退款单号 ${done.refundId}${state}`.slice(0, 200) };
  } catch (err) {
    throw new AppError(ELEC_LEASE_ERRORS.onlineRefundFailed, { params: { reason: (err as Error).message.slice(0, 120) } });
  }
}

/** What a finished refund's order becomes, and its note in words; null while the provider is still processing it. */
export function refundOutcome(providerName: string, s: RefundState): { status: 'refunded' | 'unbooked'; note: string } | null {
  const at = Date.parse(s.successTime);
  switch (s.status) {
    case 'processing':
      return null;
    case 'success':
      return {
        status: 'refunded',
        note: `${providerName}退款单号 ${s.refundId}；退款成功${s.receivedBy ? `，退回${s.receivedBy}` : ''}${
          Number.isFinite(at) ? `（${beijingDisplayText(at)}）` : ''
        }`.slice(0, 200),
      };
    case 'closed':
      return { status: 'unbooked', note: `退款失败：${providerName}退款已关闭，款项未退回，请到商户平台处理` };
    case 'abnormal':
      return {
        status: 'unbooked',
        note: `退款失败：${providerName}退款异常（退回的银行卡或账户不可用），请到商户平台处理后再点原路退款`,
      };
  }
}

/**
 * The refund job's pass: each order 退款处理中 asked for at least a minute before `now` is read at
 * its provider by our refund number (WeChat Pay's refund query) and its outcome recorded — 已退款,
 * or back to 已支付，待退款 with 退款失败：… (closed; abnormal) for the operator, whose 原路退款 after
 * handling it in the merchant platform reuses the same number and so reads that refund again. Still
 * processing, or the provider cannot say: left as it is, asked again next pass (the reason logged).
 * The write is a compare-and-set, so several jobs processes record it once.
 */
export async function settleRefunds(
  db: Db,
  now = new Date(),
  onError: (orderNo: string, reason: string) => void = () => {},
): Promise<{ finished: number; processing: number }> {
  let finished = 0;
  let processing = 0;
  for (const order of await payOrdersQueries.refundsProcessing(db, now, 100)) {
    const provider = providerById(order.provider);
    if (!provider?.refundState) continue;
    let state: RefundState;
    try {
      state = await provider.refundState(order.refund_no);
    } catch (err) {
      onError(order.out_trade_no, (err as Error).message);
      continue;
    }
    const outcome = refundOutcome(provider.name, state);
    if (!outcome) processing++;
    else if (await payOrdersQueries.refundFinished(db, order.id, outcome)) finished++;
  }
  return { finished, processing };
}

export const REFUND_JOB_INTERVAL_MS = 60_000;

/** The jobs role's task: refunds 退款处理中 read at their provider every minute. */
export function startRefundJob(ctx: Pick<AppContext, 'db' | 'log'>, intervalMs = REFUND_JOB_INTERVAL_MS): () => Promise<void> {
  return repeatEvery(
    intervalMs,
    async () => {
      await settleRefunds(ctx.db, new Date(), (orderNo, reason) => ctx.log.warn({ orderNo, reason }, '退款状态查询失败'));
    },
    (err) => ctx.log.error({ err }, '退款状态查询任务失败'),
  );
}
