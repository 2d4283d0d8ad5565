import type { RiderOrderState, RiderPayChannel } from '@chelian/contracts';
import type { Queryable } from '../../../db/types.ts';
import { queryPage } from '../../../db/queryPage.ts';
import { accountInScope } from '../../../core/accountScope.ts';
import type { OnlineRefundStatus } from './refunds.queries.ts';

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
  /** order, payment (退款 of a booked payment), deposit (退押金) */
  purpose: 'order' | 'payment' | 'deposit';
  /** the latest attempt's number ('' none yet) */
  refund_no: string;
  /** the attempt's state (refunds of payments and deposits), '' for an order */
  refund_state: OnlineRefundStatus | '';
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
  /**
   * 已支付待退款 of the scope's accounts, newest first: orders paid but not booked (or their refund
   * in progress), and the refunds of booked payments and deposits whose latest attempt has not
   * succeeded (refused, processing, closed, abnormal); `keyword` (a LIKE pattern) in the order,
   * contract, rider or phone.
   */
  refundDuePage: (q: Queryable, scope: string, keyword: string | null, window: { limit: number; offset: number }) =>
    queryPage<RefundDueRow>(
      q,
      {
        select: `SELECT x.*, c.contract_no, r.name AS rider_name, r.phone AS rider_phone FROM (
                   SELECT o.id AS order_id, o.account_id, o.out_trade_no, o.contract_id, o.method, o.amount_fen, o.transaction_id,
                          COALESCE(o.paid_at, o.created_at) AS paid_at, o.note, o.status, 'order' AS purpose, o.refund_no, '' AS refund_state
                     FROM elec_lease_pay_orders o WHERE o.status IN ('unbooked', 'refunding')
                   UNION ALL
                   SELECT o.id, f.account_id, o.out_trade_no, f.contract_id, o.method, f.refund_fen, f.transaction_id, f.asked_at,
                          f.note, CASE WHEN f.status = 'processing' THEN 'refunding' ELSE 'unbooked' END, f.purpose, f.out_refund_no, f.status
                     FROM elec_lease_online_refunds f JOIN elec_lease_pay_orders o ON o.id = f.order_id
                    WHERE f.purpose <> 'order' AND f.status <> 'success'
                      AND NOT EXISTS (SELECT 1 FROM elec_lease_online_refunds g WHERE g.payment_id = f.payment_id AND g.id > f.id)
                 ) x JOIN elec_lease_contracts c ON c.id = x.contract_id
                   JOIN elec_lease_riders r ON r.id = c.rider_id JOIN accounts a ON a.id = x.account_id
                  WHERE ${accountInScope('a.path', 1)}
                    AND ($2::text IS NULL OR x.out_trade_no LIKE $2 OR c.contract_no LIKE $2 OR r.name LIKE $2 OR r.phone LIKE $2)`,
        orderBy: 'x.paid_at DESC, x.order_id DESC, x.refund_no DESC',
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
  byId: async (q: Queryable, id: number) => (await q.query<PayOrderRow>(`SELECT * FROM elec_lease_pay_orders WHERE id = $1`, [id]))[0],
  byNo: async (q: Queryable, outTradeNo: string) =>
    (await q.query<PayOrderRow>(`SELECT * FROM elec_lease_pay_orders WHERE out_trade_no = $1`, [outTradeNo]))[0],
  /** The paid order that booked this ledger row, if an online payment did. */
  paidOfPayment: async (q: Queryable, paymentId: number) =>
    (await q.query<PayOrderRow>(`SELECT * FROM elec_lease_pay_orders WHERE payment_id = $1 AND status = 'paid'`, [paymentId]))[0],
  /** The paid orders that paid a contract's deposit bill, newest first, each with the part of the deposit it paid (`part`). */
  paidForDeposit: (q: Queryable, contractId: number) =>
    q.query<PayOrderRow & { part: number }>(
      `SELECT o.*, al.amount_fen AS part FROM elec_lease_allocations al
         JOIN elec_lease_bills b ON b.id = al.bill_id AND b.kind = 'deposit'
         JOIN elec_lease_pay_orders o ON o.payment_id = al.payment_id AND o.status = 'paid'
        WHERE b.contract_id = $1 AND al.amount_fen > 0 ORDER BY o.id DESC`,
      [contractId],
    ),
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
  settle: (q: Queryable, id: number, s: { status: RiderOrderState; transactionId: string; paymentId: number | null; note: string }) =>
    q.query(
      `UPDATE elec_lease_pay_orders SET status = $2, transaction_id = $3, payment_id = $4, note = $5, paid_at = now() WHERE id = $1 AND status = 'created'`,
      [id, s.status, s.transactionId, s.paymentId, s.note],
    ),
};
