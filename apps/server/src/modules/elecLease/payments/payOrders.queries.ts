import type { Queryable } from '../../../db/types.ts';

export interface PayOrderRow {
  id: number;
  account_id: number;
  contract_id: number;
  bill_id: number | null;
  out_trade_no: string;
  provider: string;
  method: string;
  amount_fen: number;
  description: string;
  status: string;
  transaction_id: string;
  payment_id: number | null;
  note: string;
  user_id: number | null;
  created_at: Date;
  paid_at: Date | null;
}

export const payOrdersQueries = {
  /** A new order; its number is LP + the Beijing day + its id (unique, 6–32 characters as both providers want). */
  insert: async (
    q: Queryable,
    o: {
      accountId: number;
      contractId: number;
      billId: number | null;
      provider: string;
      method: string;
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
  settle: (q: Queryable, id: number, s: { status: string; transactionId: string; paymentId: number | null; note: string }) =>
    q.query(
      `UPDATE elec_lease_pay_orders SET status = $2, transaction_id = $3, payment_id = $4, note = $5, paid_at = now() WHERE id = $1 AND status = 'created'`,
      [id, s.status, s.transactionId, s.paymentId, s.note],
    ),
};
