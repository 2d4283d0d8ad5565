-- 掌上车联's rider (issue 36 item 5): which platform user a rider is, and the online payment
-- orders a rider opens for bills (WeChat Pay, Alipay, or the demo's 模拟支付).

-- The user invited as this rider (邀请使用掌上车联); a rider's phone app reads only this rider's contracts.
ALTER TABLE elec_lease_riders ADD COLUMN user_id bigint REFERENCES users(id) ON DELETE SET NULL;
CREATE UNIQUE INDEX elec_lease_riders_user_idx ON elec_lease_riders (user_id) WHERE user_id IS NOT NULL;

-- One order per attempt to pay: our out_trade_no, the provider's answer, and its fate. A
-- notification marks it paid once (compare-and-set on status) and books the payment by the
-- provider's transaction id, which elec_lease_payments keeps unique.
CREATE TABLE elec_lease_pay_orders (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  contract_id bigint NOT NULL REFERENCES elec_lease_contracts(id) ON DELETE CASCADE,
  -- the bill it was opened for; NULL: everything the contract owes
  bill_id bigint REFERENCES elec_lease_bills(id) ON DELETE SET NULL,
  out_trade_no text NOT NULL UNIQUE,
  -- demo, wechat, alipay
  provider text NOT NULL,
  -- wechat, alipay: the channel the payment is booked under
  method text NOT NULL,
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  description text NOT NULL,
  -- created, paid, unbooked (paid at the provider but no longer owed: the operator refunds it)
  status text NOT NULL DEFAULT 'created',
  transaction_id text NOT NULL DEFAULT '',
  payment_id bigint REFERENCES elec_lease_payments(id) ON DELETE SET NULL,
  note text NOT NULL DEFAULT '',
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);
CREATE INDEX elec_lease_pay_orders_contract_idx ON elec_lease_pay_orders (contract_id, id DESC);
