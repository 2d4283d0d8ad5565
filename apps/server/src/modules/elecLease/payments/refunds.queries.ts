import type { Queryable } from '../../../db/types.ts';
import { accountInScope } from '../../../core/accountScope.ts';

/** pending: not accepted by the provider (refused or out of reach); the others are the provider's states. */
export type OnlineRefundStatus = 'pending' | 'processing' | 'success' | 'closed' | 'abnormal';
/** order: 原路退款 of an order paid but not booked; payment: 退款 of a booked payment; deposit: 退押金 at 还车. */
export type RefundPurpose = 'order' | 'payment' | 'deposit';

/** One attempt to give money back through a provider's refund API (elec_lease_online_refunds). */
export interface OnlineRefundRow {
  id: number;
  account_id: number;
  contract_id: number;
  order_id: number;
  purpose: RefundPurpose;
  payment_id: number | null;
  out_refund_no: string;
  provider: string;
  transaction_id: string;
  refund_fen: number;
  total_fen: number;
  reason: string;
  status: OnlineRefundStatus;
  refund_id: string;
  note: string;
  asked_by: string;
  asked_at: Date;
  finished_at: Date | null;
}

export type NewAttempt = Pick<
  OnlineRefundRow,
  'account_id' | 'contract_id' | 'order_id' | 'purpose' | 'payment_id' | 'provider' | 'transaction_id' | 'refund_fen' | 'total_fen'
> & { reason: string; asked_by: string };

export const refundsQueries = {
  /**
   * A new attempt of a refund (the order's, or the ledger row's), pending: the first under `base`,
   * the next ones — after the provider closed it or it went abnormal — under base-2, base-3…
   */
  insert: async (q: Queryable, a: NewAttempt, base: string) =>
    (
      await q.query<OnlineRefundRow>(
        `WITH n AS (SELECT count(*)::int AS n FROM elec_lease_online_refunds
                     WHERE order_id = $3 AND purpose = $4 AND payment_id IS NOT DISTINCT FROM $5::bigint)
         INSERT INTO elec_lease_online_refunds (account_id, contract_id, order_id, purpose, payment_id, out_refund_no, provider,
                                                transaction_id, refund_fen, total_fen, reason, asked_by)
         SELECT $1, $2, $3, $4, $5, CASE WHEN n.n = 0 THEN $6 ELSE $6 || '-' || (n.n + 1) END, $7, $8, $9, $10, $11, $12 FROM n
         RETURNING *`,
        [
          a.account_id,
          a.contract_id,
          a.order_id,
          a.purpose,
          a.payment_id,
          base,
          a.provider,
          a.transaction_id,
          a.refund_fen,
          a.total_fen,
          a.reason,
          a.asked_by,
        ],
      )
    )[0]!,
  /** The latest attempt of an order's own refund (purpose order). */
  latestOfOrder: async (q: Queryable, orderId: number) =>
    (
      await q.query<OnlineRefundRow>(
        `SELECT * FROM elec_lease_online_refunds WHERE order_id = $1 AND purpose = 'order' ORDER BY id DESC LIMIT 1`,
        [orderId],
      )
    )[0],
  /** An attempt by our number under a row lock (one send, one settling at a time). */
  lockByNo: async (q: Queryable, outRefundNo: string) =>
    (await q.query<OnlineRefundRow>(`SELECT * FROM elec_lease_online_refunds WHERE out_refund_no = $1 FOR UPDATE`, [outRefundNo]))[0],
  /** An attempt of the caller's subtree by our number, under a row lock. */
  lockInScope: async (q: Queryable, scope: string, outRefundNo: string) =>
    (
      await q.query<OnlineRefundRow>(
        `SELECT r.* FROM elec_lease_online_refunds r JOIN accounts a ON a.id = r.account_id
          WHERE r.out_refund_no = $2 AND ${accountInScope('a.path', 1)} FOR UPDATE OF r`,
        [scope, outRefundNo],
      )
    )[0],
  /** Whether a newer attempt of the same refund exists (only the latest may be sent again). */
  hasNewer: async (q: Queryable, r: OnlineRefundRow) =>
    (
      await q.query(
        `SELECT 1 FROM elec_lease_online_refunds
          WHERE order_id = $1 AND purpose = $2 AND payment_id IS NOT DISTINCT FROM $3::bigint AND id > $4 LIMIT 1`,
        [r.order_id, r.purpose, r.payment_id, r.id],
      )
    ).length > 0,
  /** The attempt's state now (the caller holds its lock). */
  update: async (q: Queryable, id: number, s: { status: OnlineRefundStatus; refundId: string; note: string }) =>
    (
      await q.query<OnlineRefundRow>(
        `UPDATE elec_lease_online_refunds SET status = $2, refund_id = CASE WHEN $3 = '' THEN refund_id ELSE $3 END, note = $4,
                finished_at = CASE WHEN $2 IN ('success', 'closed', 'abnormal') THEN now() END
          WHERE id = $1 RETURNING *`,
        [id, s.status, s.refundId, s.note],
      )
    )[0]!,
  /** Refunds a provider is still processing, asked for at least a minute before `now` (the refund job; index …_processing_idx). */
  processing: (q: Queryable, now: Date, limit: number) =>
    q.query<OnlineRefundRow>(
      `SELECT * FROM elec_lease_online_refunds
        WHERE status = 'processing' AND asked_at <= $1::timestamptz - interval '1 minute'
        ORDER BY asked_at, id LIMIT $2`,
      [now, limit],
    ),
  /** How many refunds the ledger holds of a payment (its online refunds are numbered after them). */
  refundCountOfPayment: async (q: Queryable, paymentId: number) =>
    (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM elec_lease_payments WHERE refund_of = $1`, [paymentId]))[0]!.n,
  /** A refund's ledger row's note (ledgerNote: its reason, then the refund at the provider in words). */
  setLedgerNote: (q: Queryable, paymentId: number, note: string) =>
    q.query(`UPDATE elec_lease_payments SET note = $2 WHERE id = $1`, [paymentId, note]),
  /** Pending attempts of a contract's deposit (sent after the return's transaction). */
  pendingOfContract: (q: Queryable, contractId: number, purpose: RefundPurpose) =>
    q.query<{ out_refund_no: string }>(
      `SELECT out_refund_no FROM elec_lease_online_refunds WHERE contract_id = $1 AND purpose = $2 AND status = 'pending' ORDER BY id`,
      [contractId, purpose],
    ),
};
