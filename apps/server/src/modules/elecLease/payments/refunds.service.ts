import { beijingDisplayText, ELEC_LEASE_ERRORS, RIDER_ORDER_STATES, type RiderOrderState } from '@chelian/contracts';
import type { AppContext } from '../../../context.ts';
import type { Db, Queryable } from '../../../db/types.ts';
import { repeatEvery } from '../../../jobs/repeatEvery.ts';
import type { SessionUser } from '../../../core/sessionUser.ts';
import { AppError } from '../../../http/errors.ts';
import type { PaymentRow } from '../contracts.queries.ts';
import { yuan } from '../rowHelpers.ts';
import { payOrdersQueries } from './payOrders.queries.ts';
import type { OnlinePayProvider, RefundState } from './provider.ts';
import { refundsQueries, type NewAttempt, type OnlineRefundRow, type OnlineRefundStatus } from './refunds.queries.ts';
import { providerById } from './setup.ts';

/** A refund's state in words (the 已支付待退款 list, the ledger's note). */
export const REFUND_STATES: Record<OnlineRefundStatus, string> = {
  pending: '待退款',
  processing: '退款处理中',
  success: '已退款',
  closed: '退款已关闭',
  abnormal: '退款异常',
};
/** What an order's own refund makes of the order. */
const ORDER_STATE: Record<OnlineRefundStatus, RiderOrderState> = {
  pending: 'unbooked',
  processing: 'refunding',
  success: 'refunded',
  closed: 'unbooked',
  abnormal: 'unbooked',
};
const stateName = (s: RiderOrderState) => RIDER_ORDER_STATES[s];
const providerName = (id: string) => providerById(id)?.name ?? id;

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
      return { status: 'unbooked', note: `退款失败：${providerName}退款已关闭，款项未退回，请到商户平台处理后再点原路退款` };
    case 'abnormal':
      return {
        status: 'unbooked',
        note: `退款失败：${providerName}退款异常（退回的银行卡或账户不可用），请到商户平台处理后再点原路退款`,
      };
  }
}

/**
 * The one place a refund's state is written: the attempt, then what it makes good — an order's
 * status and note (原路退款), or the ledger row's note (退款, 退押金: its reason, then the state).
 * The caller holds the attempt's row lock.
 */
async function record(q: Queryable, r: OnlineRefundRow, s: { status: OnlineRefundStatus; refundId: string; note: string }) {
  const row = await refundsQueries.update(q, r.id, s);
  if (row.purpose === 'order') {
    await payOrdersQueries.refundResult(q, row.order_id, {
      status: ORDER_STATE[row.status],
      refundNo: row.out_refund_no,
      refundId: row.refund_id,
      note: row.note,
      by: row.asked_by,
    });
  } else if (row.payment_id !== null) {
    await refundsQueries.setLedgerNote(q, row.payment_id, ledgerNote(row));
  }
  return row;
}

/** A ledger row's note: its reason, then the refund at the provider in words (a failure says 退款失败：why). */
export function ledgerNote(r: Pick<OnlineRefundRow, 'reason' | 'status' | 'note'>): string {
  return `${r.reason ? `${r.reason}；` : ''}${r.note}${r.status === 'processing' ? '（处理中）' : ''}`.slice(0, 200);
}

/**
 * Sends a pending attempt to its provider and records the answer (the caller holds the attempt's
 * lock, or the order's): accepted — 退款处理中 or 已退款 with the provider's refund id — or, refused
 * or out of reach, still pending with the reason, to be sent again under the same number.
 */
async function send(q: Queryable, r: OnlineRefundRow, provider: OnlinePayProvider | undefined): Promise<OnlineRefundRow> {
  if (!provider) return record(q, r, { status: 'pending', refundId: '', note: '退款失败：该支付渠道已不再配置，请到商户平台退款' });
  try {
    const done = await provider.refund({
      outTradeNo: (await payOrdersQueries.byId(q, r.order_id))!.out_trade_no,
      transactionId: r.transaction_id,
      outRefundNo: r.out_refund_no,
      refundFen: Number(r.refund_fen),
      totalFen: Number(r.total_fen),
      reason: r.reason || '租车退款',
    });
    return record(q, r, {
      status: done.status,
      refundId: done.refundId,
      note: `${provider.name}退款单号 ${done.refundId}`,
    });
  } catch (err) {
    return record(q, r, { status: 'pending', refundId: '', note: `退款失败：${(err as Error).message.slice(0, 120)}` });
  }
}

/** The next attempt of a refund: a pending one is sent again as it is; after closed or abnormal, a new number. */
async function nextAttempt(q: Queryable, latest: OnlineRefundRow | undefined, fresh: () => NewAttempt, base: string, by: string) {
  if (latest?.status === 'pending') return latest;
  const a = latest ? { ...latest, asked_by: by } : fresh();
  return refundsQueries.insert(q, a, latest ? latest.out_refund_no.replace(/-\d+$/, '') : base);
}

const failed = (r: OnlineRefundRow) => r.status === 'pending';
const reasonOf = (r: OnlineRefundRow) => r.note.replace(/^退款失败：/, '');

/**
 * 原路退款 (the back office, 已支付待退款): an order paid but not booked is given back whole through
 * its provider against its transaction id, under R<out_trade_no> — the same number while the provider
 * has not accepted it (a retry after a refusal or a lost answer refunds once), a new one (-2, -3…)
 * after the provider closed it or it went abnormal. With `refundNo`, a refund of a booked payment or
 * of the deposit listed there is sent again the same way. Under the order's row lock, one at a time.
 * A refusal is kept on the attempt (and the order's note) and told in words.
 */
export async function refundOrder(db: Db, user: SessionUser, orderNo: string, reason: string, refundNo = '') {
  const result = await db.tx(async (q) => {
    const order = await payOrdersQueries.lockInScope(q, user.accountPath, orderNo);
    if (!order) throw new AppError(ELEC_LEASE_ERRORS.notFound);
    let attempt: OnlineRefundRow;
    if (refundNo) {
      const r = await refundsQueries.lockInScope(q, user.accountPath, refundNo);
      if (!r || Number(r.order_id) !== Number(order.id)) throw new AppError(ELEC_LEASE_ERRORS.notFound);
      if (r.status === 'processing' || r.status === 'success' || (await refundsQueries.hasNewer(q, r)))
        throw new AppError(ELEC_LEASE_ERRORS.refundNotRetryable, { params: { state: REFUND_STATES[r.status] } });
      attempt = await nextAttempt(q, r, () => r, r.out_refund_no, user.username);
    } else {
      if (order.status !== 'unbooked')
        throw new AppError(ELEC_LEASE_ERRORS.orderNotRefundable, { params: { state: stateName(order.status) } });
      attempt = await nextAttempt(
        q,
        await refundsQueries.latestOfOrder(q, order.id),
        () => ({
          account_id: order.account_id,
          contract_id: order.contract_id,
          order_id: order.id,
          purpose: 'order',
          payment_id: null,
          provider: order.provider,
          transaction_id: order.transaction_id,
          refund_fen: order.amount_fen,
          total_fen: order.amount_fen,
          reason: reason.trim() || '欠款已结清，退回重复支付',
          asked_by: user.username,
        }),
        `R${order.out_trade_no}`,
        user.username,
      );
    }
    const provider = providerById(order.provider);
    if (!provider) throw new AppError(ELEC_LEASE_ERRORS.refundChannelGone);
    return send(q, attempt, provider);
  });
  // The failure is kept (committed above) and told to the operator in words.
  if (failed(result)) throw new AppError(ELEC_LEASE_ERRORS.onlineRefundFailed, { params: { reason: reasonOf(result) } });
  const status = ORDER_STATE[result.status];
  return { orderNo, status, statusName: REFUND_STATES[result.status], refundId: result.refund_id, refundNo: result.out_refund_no };
}

/**
 * 退款 of a payment a rider made online (the back office's refund with no reference typed): the
 * part goes back through the order's provider against the payment's transaction id, under our
 * refund number R<out_trade_no>P<n> (n: this payment's refunds so far + 1, so a retry after a
 * refusal reuses it and the provider refunds once); that number is the refund's reference in the
 * ledger. Answers the reference, the note to record and `attach`, which records the attempt with
 * the ledger row once the caller has written it (recordRefund); or refuses in words — not an online
 * payment (type the channel's refund reference), more than is left, or the provider's reason.
 */
export async function refundPaymentOnline(
  db: Db,
  original: PaymentRow,
  r: { amountFen: number; note: string; userName: string },
): Promise<{ ref: string; note: string; attach(q: Queryable, paymentId: number): Promise<void> }> {
  const order = await payOrdersQueries.paidOfPayment(db, original.id);
  const provider = order ? providerById(order.provider) : undefined;
  if (!order || !provider || original.kind !== 'payment') throw new AppError(ELEC_LEASE_ERRORS.refundRefNeeded);
  const left = original.amount_fen - original.refunded_fen;
  if (r.amountFen > left) throw new AppError(ELEC_LEASE_ERRORS.refundTooMuch, { params: { left: yuan(left) } });
  const n = await refundsQueries.refundCountOfPayment(db, original.id);
  const ref = `R${order.out_trade_no}P${n + 1}`;
  let done;
  try {
    done = await provider.refund({
      outTradeNo: order.out_trade_no,
      transactionId: original.provider_ref,
      outRefundNo: ref,
      refundFen: r.amountFen,
      totalFen: order.amount_fen,
      reason: r.note || '租车退款',
    });
  } catch (err) {
    throw new AppError(ELEC_LEASE_ERRORS.onlineRefundFailed, { params: { reason: (err as Error).message.slice(0, 120) } });
  }
  const state = { status: done.status, refundId: done.refundId, note: `${provider.name}退款单号 ${done.refundId}` };
  return {
    ref,
    note: ledgerNote({ reason: r.note, ...state }),
    async attach(q, paymentId) {
      const a = await refundsQueries.insert(
        q,
        {
          account_id: order.account_id,
          contract_id: order.contract_id,
          order_id: order.id,
          purpose: 'payment',
          payment_id: paymentId,
          provider: order.provider,
          transaction_id: original.provider_ref,
          refund_fen: r.amountFen,
          total_fen: order.amount_fen,
          reason: r.note,
          asked_by: r.userName,
        },
        ref,
      );
      await record(q, a, state);
    },
  };
}

/**
 * 退押金 at 还车, inside the return's transaction: the deposit still held goes back first through
 * the providers of the online payments that paid the deposit bill (newest first, each up to what it
 * paid of it): a ledger row 退押金 per payment under its channel with reference D<out_trade_no>, and a
 * pending attempt under that number, sent once the return has committed (sendDepositRefunds).
 * Answers what is left to go back the way the return names (paid at the counter).
 */
export async function depositRefundsOnline(
  q: Queryable,
  c: { id: number; account_id: number; contract_no: string },
  backFen: number,
  userName: string,
  insertRow: (r: { method: 'wechat' | 'alipay'; ref: string; amountFen: number }) => Promise<number>,
): Promise<number> {
  let left = backFen;
  const paid = await payOrdersQueries.paidForDeposit(q, c.id);
  for (const o of paid) {
    if (left === 0) break;
    const amountFen = Math.min(left, Number(o.part));
    const ref = `D${o.out_trade_no}`;
    const paymentId = await insertRow({ method: o.method, ref, amountFen });
    const a = await refundsQueries.insert(
      q,
      {
        account_id: c.account_id,
        contract_id: c.id,
        order_id: o.id,
        purpose: 'deposit',
        payment_id: paymentId,
        provider: o.provider,
        transaction_id: o.transaction_id,
        refund_fen: amountFen,
        total_fen: o.amount_fen,
        reason: '退还押金',
        asked_by: userName,
      },
      ref,
    );
    await record(q, a, { status: 'pending', refundId: '', note: `${providerName(o.provider)}退款待发起` });
    left -= amountFen;
  }
  return left;
}

/**
 * Sends a returned contract's pending deposit refunds, each under its own lock. A refusal leaves it
 * pending with the reason (listed in 已支付待退款 for the operator's 原路退款); the return stands.
 */
export async function sendDepositRefunds(db: Db, contractId: number): Promise<void> {
  for (const { out_refund_no } of await refundsQueries.pendingOfContract(db, contractId, 'deposit')) {
    await db.tx(async (q) => {
      const r = await refundsQueries.lockByNo(q, out_refund_no);
      if (r?.status === 'pending') await send(q, r, providerById(r.provider));
    });
  }
}

/**
 * A refund's final state as the provider tells it — its query (the job) or 退款结果通知 — recorded
 * once under the attempt's lock: from processing, or from pending (a request whose answer was lost
 * but the provider made). A state already final is not written again (the answer is the same);
 * an amount other than the attempt's is refused. Answers whether this call recorded it.
 */
export async function settleRefund(
  db: Db,
  n: { providerId: string; outRefundNo: string; refundFen?: number; state: RefundState },
): Promise<{ ok: true; recorded: boolean } | { ok: false; reason: string }> {
  return db.tx(async (q) => {
    const r = await refundsQueries.lockByNo(q, n.outRefundNo);
    if (!r || r.provider !== n.providerId) return { ok: false as const, reason: '退款单不存在' };
    if (n.refundFen !== undefined && Number(r.refund_fen) !== n.refundFen)
      return { ok: false as const, reason: `金额不符：退款 ${r.refund_fen} 分，通知 ${n.refundFen} 分` };
    if (n.state.status === 'processing' || (r.status !== 'processing' && r.status !== 'pending'))
      return { ok: true as const, recorded: false };
    const outcome = refundOutcome(providerName(r.provider), n.state)!;
    await record(q, r, { status: n.state.status, refundId: n.state.refundId, note: outcome.note });
    return { ok: true as const, recorded: true };
  });
}

/**
 * The refund job's pass: each refund 退款处理中 asked for at least a minute before `now` is read at
 * its provider by our refund number (WeChat Pay's refund query) and its outcome recorded
 * (settleRefund, the same as a notification). Still processing, or the provider cannot say: left
 * as it is, asked again next pass (the reason logged).
 */
export async function settleRefunds(
  db: Db,
  now = new Date(),
  onError: (refundNo: string, reason: string) => void = () => {},
): Promise<{ finished: number; processing: number }> {
  let finished = 0;
  let processing = 0;
  for (const r of await refundsQueries.processing(db, now, 100)) {
    const provider = providerById(r.provider);
    if (!provider?.refundState) continue;
    let state: RefundState;
    try {
      state = await provider.refundState(r.out_refund_no);
    } catch (err) {
      onError(r.out_refund_no, (err as Error).message);
      continue;
    }
    if (state.status === 'processing') processing++;
    else {
      const done = await settleRefund(db, { providerId: r.provider, outRefundNo: r.out_refund_no, state });
      if (done.ok && done.recorded) finished++;
    }
  }
  return { finished, processing };
}

export const REFUND_JOB_INTERVAL_MS = 60_000;

/** The jobs role's task: refunds 退款处理中 read at their provider every minute. */
export function startRefundJob(ctx: Pick<AppContext, 'db' | 'log'>, intervalMs = REFUND_JOB_INTERVAL_MS): () => Promise<void> {
  return repeatEvery(
    intervalMs,
    async () => {
      await settleRefunds(ctx.db, new Date(), (refundNo, reason) => ctx.log.warn({ refundNo, reason }, '退款状态查询失败'));
    },
    (err) => ctx.log.error({ err }, '退款状态查询任务失败'),
  );
}
