-- 掌上车联's rider payments (docs/payments.md): the payer's openid from WeChat 网页授权 (JSAPI pay
-- inside WeChat), and refunds made through the provider's API for orders paid but not booked.

-- The rider's openid under the official account WeChat Pay orders name (snsapi_base); '' none yet.
ALTER TABLE elec_lease_riders ADD COLUMN wechat_openid text NOT NULL DEFAULT '';

-- 原路退款 of an unbooked order: our refund number (R + out_trade_no: a retry reuses it, so the
-- provider refunds once), the provider's refund id, when, and who. Status becomes refunding
-- (WeChat Pay accepted it) or refunded; a refused refund leaves it unbooked with the reason in note.
ALTER TABLE elec_lease_pay_orders
  ADD COLUMN refund_no text NOT NULL DEFAULT '',
  ADD COLUMN refund_id text NOT NULL DEFAULT '',
  ADD COLUMN refunded_at timestamptz,
  ADD COLUMN refunded_by text NOT NULL DEFAULT '';
