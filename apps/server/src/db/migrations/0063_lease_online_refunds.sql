-- Refunds sent through a payment provider's refund API (docs/payments.md): one row per attempt,
-- the one place a refund's state lives. An order paid but not booked (原路退款), a booked payment's
-- 退款 and the deposit going back at 还车 (退押金) all go through it; the order's status and the
-- ledger row's note are written from it by the same function.
CREATE TABLE elec_lease_online_refunds (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  contract_id bigint NOT NULL REFERENCES elec_lease_contracts(id) ON DELETE CASCADE,
  -- the order whose payment goes back (its provider and transaction)
  order_id bigint NOT NULL REFERENCES elec_lease_pay_orders(id) ON DELETE CASCADE,
  -- order (原路退款 of an unbooked order), payment (退款 of a booked payment), deposit (退押金)
  purpose text NOT NULL,
  -- the ledger row the refund makes good (kind refund or depositRefund); NULL for an order's
  payment_id bigint REFERENCES elec_lease_payments(id) ON DELETE SET NULL,
  -- ours, sent as out_refund_no / out_request_no: reused while the provider has not accepted it,
  -- a new one (…-2, …-3) after the provider closed it or it went abnormal
  out_refund_no text NOT NULL UNIQUE,
  provider text NOT NULL,
  transaction_id text NOT NULL,
  refund_fen bigint NOT NULL CHECK (refund_fen > 0),
  total_fen bigint NOT NULL,
  reason text NOT NULL DEFAULT '',
  -- pending (not accepted: refused or unreachable, note says why), processing, success, closed, abnormal
  status text NOT NULL DEFAULT 'pending',
  refund_id text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  asked_by text NOT NULL DEFAULT '',
  asked_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- The refund job's query: refunds 退款处理中 asked for at least a minute ago, oldest first.
CREATE INDEX elec_lease_online_refunds_processing_idx ON elec_lease_online_refunds (asked_at, id) WHERE status = 'processing';
CREATE INDEX elec_lease_online_refunds_order_idx ON elec_lease_online_refunds (order_id, id);
CREATE INDEX elec_lease_online_refunds_payment_idx ON elec_lease_online_refunds (payment_id) WHERE payment_id IS NOT NULL;

-- The orders' refunds made before this table: their attempt, in the state the order recorded.
INSERT INTO elec_lease_online_refunds (account_id, contract_id, order_id, purpose, out_refund_no, provider, transaction_id,
                                       refund_fen, total_fen, status, refund_id, note, asked_by, asked_at, finished_at)
SELECT account_id, contract_id, id, 'order', refund_no, provider, transaction_id, amount_fen, amount_fen,
       CASE status WHEN 'refunding' THEN 'processing' WHEN 'refunded' THEN 'success' ELSE 'pending' END,
       refund_id, note, refunded_by, COALESCE(refunded_at, paid_at, created_at),
       CASE WHEN status = 'refunded' THEN refunded_at END
  FROM elec_lease_pay_orders WHERE refund_no <> '';
