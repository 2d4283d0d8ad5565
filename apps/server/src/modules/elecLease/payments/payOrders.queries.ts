import type { RiderOrderState, RiderPayChannel } from '@chelian/contracts';
import type { Queryable } from '../../../db/types.ts';
import { queryPage } from '../../../db/queryPage.ts';
import { accountInScope } from '../../../core/accountScope.ts';

/** A paid order that could not be booked (status unbooked), with its contract and rider. */
export interface RefundDueRow {
  out_trade_no: string;
  contract_id: number;
  contract_no: string;
  rider_name: string;
  rider_phone: string;
  method: RiderPayChannel;
  amount_fen: number;
  transaction_id: string;
  paid_at: Date;
  note: string;
  status: RiderOrderState;
}

export interface PayOrderRow {
  id: number;
  account_id: number;
  contract_id: number;
  bill_id: number | null;
  out_trade_no: string;
  provider: string;
  method: RiderPayChannel;
  amount_fen: number;
  description: string;
  status: RiderOrderState;
  transaction_id: string;
  payment_id: number | null;
  note: string;
  user_id: number | null;
  created_at: Date;
  paid_at: Date | null;
  refund_no: string;
  refund_id: string;
  refunded_at: Date | null;
}

export const payOrdersQueries = {
  /** 已支付，待退款 (and refunds WeChat Pay is still processing) of the scope's accounts, newest first; `keyword` (a LIKE pattern) in the order, contract, rider or phone. */
  refundDuePage: (q: Queryable, scope: string, keyword: string | null, window: { limit: number; offset: number }) =>
    queryPage<RefundDueRow>(
      q,
      {
        select: `SELECT o.out_trade_no, o.contract_id, c.contract_no, r.name AS rider_name, r.phone AS rider_phone, o.method,
                        o.amount_fen, o.transaction_id, COALESCE(o.paid_at, o.created_at) AS paid_at, o.note, o.status
                   FROM elec_lease_pay_orders o JOIN elec_lease_contracts c ON c.id = o.contract_id
                   JOIN elec_lease_riders r ON r.id = c.rider_id JOIN accounts a ON a.id = o.account_id
                  WHERE o.status IN ('unbooked', 'refunding') AND ${accountInScope('a.path', 1)}
                    AND ($2::text IS NULL OR o.out_trade_no LIKE $2 OR c.contract_no LIKE $2 OR r.name LIKE $2 OR r.phone LIKE $2)`,
        orderBy: 'o.paid_at DESC NULLS LAST, o.id DESC',
        params: [scope, keyword],
      },
      window,
    ),

  /** A new order; its number is LP + the Beijing day + its id (unique, 6–32 characters as both providers want). */
  insert: async (
    q: Queryable,
    o: {
      accountId: number;
      contractId: number;
      billId: number | null;
      provider: string;
      method: RiderPayChannel;
      amountFen: number;
      description: string;
      userId: number;
    },
  ) =>
    (
      await q.query<PayOrderRow>(
        `WITH n AS (SELECT nextval('elec_lease_pay_orders_id_seq') AS id)
         INSERT INTO elec_lease_pay_orders (id, account_id, contract_id, bill_id, out_trade_no, provider, method, amount_fen, description, user_id)
         SELECT n.id, $1, $2, $3, 'LP' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(n.id::text, 10, '0'), $4, $5, $6, $7, $8 FROM n
         RETURNING *`,
        [o.accountId, o.contractId, o.billId, o.provider, o.method, o.amountFen, o.description, o.userId],
      )
    )[0]!,
  byNo: async (q: Queryable, outTradeNo: string) =>
    (await q.query<PayOrderRow>(`SELECT * FROM elec_lease_pay_orders WHERE out_trade_no = $1`, [outTradeNo]))[0],
  /** The order under a row lock: one notification at a time decides its fate. */
  lockByNo: async (q: Queryable, outTradeNo: string) =>
    (await q.query<PayOrderRow>(`SELECT * FROM elec_lease_pay_orders WHERE out_trade_no = $1 FOR UPDATE`, [outTradeNo]))[0],
  /** The order in the caller's scope under a row lock (原路退款: one refund at a time). */
  lockInScope: async (q: Queryable, scope: string, outTradeNo: string) =>
    (
      await q.query<PayOrderRow>(
        `SELECT o.* FROM elec_lease_pay_orders o JOIN accounts a ON a.id = o.account_id
          WHERE o.out_trade_no = $2 AND ${accountInScope('a.path', 1)} FOR UPDATE OF o`,
        [scope, outTradeNo],
      )
    )[0],
  /** A refund's outcome: refunding or refunded with the provider's id, or still unbooked with why it failed. */
  refundResult: (q: Queryable, id: number, r: { status: RiderOrderState; refundNo: string; refundId: string; note: string; by: string }) =>
    q.query(
      `UPDATE elec_lease_pay_orders SET status = $2, refund_no = $3, refund_id = $4, note = $5, refunded_by = $6,
              refunded_at = CASE WHEN $2 = 'unbooked' THEN refunded_at ELSE now() END
        WHERE id = $1`,
      [id, r.status, r.refundNo, r.refundId, r.note, r.by],
    ),
  /** Refunds a provider is still processing, asked for at least a minute before `now` (the refund job reads their outcome). */
  refundsProcessing: (q: Queryable, now: Date, limit: number) =>
    q.query<PayOrderRow>(
      `SELECT * FROM elec_lease_pay_orders
        WHERE status = 'refunding' AND refund_no <> '' AND refunded_at <= $1::timestamptz - interval '1 minute'
        ORDER BY refunded_at, id LIMIT $2`,
      [now, limit],
    ),
  /** A processing refund's outcome, once (compare-and-set: another jobs process that read it too changes nothing); true when this call recorded it. */
  refundFinished: async (q: Queryable, id: number, r: { status: 'refunded' | 'unbooked'; note: string }) =>
    (
      await q.query(
        `UPDATE elec_lease_pay_orders SET status = $2, note = $3,
                refunded_at = CASE WHEN $2 = 'refunded' THEN now() ELSE refunded_at END
          WHERE id = $1 AND status = 'refunding' RETURNING id`,
        [id, r.status, r.note],
      )
    ).length === 1,
  settle: (q: Queryable, id: number, s: { status: RiderOrderState; transactionId: string; paymentId: number | null; note: string }) =>
    q.query(
      `UPDATE elec_lease_pay_orders SET status = $2, transaction_id = $3, payment_id = $4, note = $5, paid_at = now() WHERE id = $1 AND status = 'created'`,
      [id, s.status, s.transactionId, s.paymentId, s.note],
    ),
};
