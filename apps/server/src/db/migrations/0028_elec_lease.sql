-- 电单车租赁 (elec-lease): an e-bike rental operator's back office. Every table carries the
-- operator's account (the tenant rule is the account path, as everywhere). Money is integer fen.

-- Stores/sites of the operator, and which staff (users of the account tree) work where.
CREATE TABLE elec_lease_stores (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  address text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX elec_lease_stores_name_idx ON elec_lease_stores (account_id, name);

CREATE TABLE elec_lease_staff (
  user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  store_id bigint NOT NULL REFERENCES elec_lease_stores(id) ON DELETE CASCADE,
  -- manager (店长), clerk (店员), maintenance (运维)
  position text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The operator's risk rules.
CREATE TABLE elec_lease_settings (
  account_id bigint PRIMARY KEY REFERENCES accounts(id),
  grace_days integer NOT NULL DEFAULT 3,
  lock_on_overdue boolean NOT NULL DEFAULT true,
  lock_out_of_area boolean NOT NULL DEFAULT false,
  lock_on_tamper boolean NOT NULL DEFAULT true
);

CREATE TABLE elec_lease_riders (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  id_number text NOT NULL,
  phone text NOT NULL,
  emergency_name text NOT NULL DEFAULT '',
  emergency_phone text NOT NULL DEFAULT '',
  -- what the identity provider answered: formatChecked (local), passed, failed
  verify_status text NOT NULL,
  verify_note text NOT NULL DEFAULT '',
  blacklisted boolean NOT NULL DEFAULT false,
  blacklist_reason text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX elec_lease_riders_id_number_idx ON elec_lease_riders (account_id, id_number);

-- A rental bike is an 电单车卫士 bike (vehicle of type ebike with its elec_car_bikes profile) plus this row.
CREATE TABLE elec_lease_vehicles (
  vehicle_id bigint PRIMARY KEY REFERENCES vehicles(id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts(id),
  code text NOT NULL,
  store_id bigint REFERENCES elec_lease_stores(id) ON DELETE SET NULL,
  battery_model text NOT NULL DEFAULT '',
  -- available, rented, repair, lost, sold
  state text NOT NULL DEFAULT 'available',
  -- outside every operating boundary at its last fix (compare-and-set: one alarm per exit)
  out_of_area boolean NOT NULL DEFAULT false,
  -- standing in a no-parking zone at its last fix (one alarm per stop there)
  in_no_parking boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX elec_lease_vehicles_code_idx ON elec_lease_vehicles (account_id, code);

CREATE TABLE elec_lease_plans (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  -- daily, weekly, monthly, rentToOwn
  kind text NOT NULL,
  period_days integer NOT NULL CHECK (period_days > 0),
  rent_fen bigint NOT NULL CHECK (rent_fen >= 0),
  deposit_fen bigint NOT NULL CHECK (deposit_fen >= 0),
  insurance_fen bigint NOT NULL CHECK (insurance_fen >= 0),
  late_fee_fen bigint NOT NULL DEFAULT 0 CHECK (late_fee_fen >= 0),
  -- rent-to-own: after this many paid periods the bike is the rider's
  periods integer,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- pending → active ⇄ overdue → returned; pending → cancelled.
CREATE TABLE elec_lease_contracts (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  contract_no text NOT NULL UNIQUE,
  rider_id bigint NOT NULL REFERENCES elec_lease_riders(id),
  vehicle_id bigint NOT NULL REFERENCES vehicles(id),
  plan_id bigint NOT NULL REFERENCES elec_lease_plans(id),
  status text NOT NULL DEFAULT 'pending',
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_by_name text NOT NULL DEFAULT '',
  started_at timestamptz,
  -- paid through: the start plus the days of every fully paid rent bill
  due_at timestamptz,
  overdue_since timestamptz,
  -- why the bike is locked now (overdue, area, tamper, manual), '' when it is not
  lock_reason text NOT NULL DEFAULT '',
  ended_at timestamptz,
  end_note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A bike is in at most one open contract.
CREATE UNIQUE INDEX elec_lease_contracts_open_vehicle_idx ON elec_lease_contracts (vehicle_id) WHERE status IN ('pending', 'active', 'overdue');
CREATE INDEX elec_lease_contracts_rider_idx ON elec_lease_contracts (rider_id);
CREATE INDEX elec_lease_contracts_account_idx ON elec_lease_contracts (account_id, id DESC);

-- Handover and return inspections, with their photos (checked by content, size-limited).
CREATE TABLE elec_lease_inspections (
  id bigserial PRIMARY KEY,
  contract_id bigint NOT NULL REFERENCES elec_lease_contracts(id) ON DELETE CASCADE,
  vehicle_id bigint NOT NULL REFERENCES vehicles(id),
  -- handover, return, swapOut, swapIn
  kind text NOT NULL,
  battery_percent integer,
  note text NOT NULL DEFAULT '',
  user_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE elec_lease_photos (
  id bigserial PRIMARY KEY,
  inspection_id bigint NOT NULL REFERENCES elec_lease_inspections(id) ON DELETE CASCADE,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Bills: rent (one per period; covers_days), deposit, insurance, lateFee (one per overdue day).
CREATE TABLE elec_lease_bills (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  contract_id bigint NOT NULL REFERENCES elec_lease_contracts(id) ON DELETE CASCADE,
  kind text NOT NULL,
  seq integer NOT NULL,
  covers_days integer NOT NULL DEFAULT 0,
  amount_fen bigint NOT NULL CHECK (amount_fen >= 0),
  paid_fen bigint NOT NULL DEFAULT 0 CHECK (paid_fen >= 0 AND paid_fen <= amount_fen),
  due_at timestamptz NOT NULL,
  -- unpaid, paid, void
  status text NOT NULL DEFAULT 'unpaid',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (contract_id, kind, seq)
);

-- Money in and out: payments (WeChat, Alipay, cash), refunds, deposit deductions and refunds.
CREATE TABLE elec_lease_payments (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  contract_id bigint NOT NULL REFERENCES elec_lease_contracts(id) ON DELETE CASCADE,
  -- payment, refund, depositDeduct, depositRefund
  kind text NOT NULL,
  method text NOT NULL,
  provider_ref text NOT NULL,
  amount_fen bigint NOT NULL CHECK (amount_fen > 0),
  refund_of bigint REFERENCES elec_lease_payments(id),
  note text NOT NULL DEFAULT '',
  user_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A provider's reference is stored once: a payment sent twice is the same payment.
CREATE UNIQUE INDEX elec_lease_payments_ref_idx ON elec_lease_payments (account_id, method, provider_ref);

-- Which bills a payment paid (a refund takes its payment's allocations back).
CREATE TABLE elec_lease_allocations (
  payment_id bigint NOT NULL REFERENCES elec_lease_payments(id) ON DELETE CASCADE,
  bill_id bigint NOT NULL REFERENCES elec_lease_bills(id) ON DELETE CASCADE,
  amount_fen bigint NOT NULL,
  PRIMARY KEY (payment_id, bill_id)
);

-- The double-entry ledger: each journal's lines debit and credit the same total.
CREATE TABLE elec_lease_journals (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  contract_id bigint REFERENCES elec_lease_contracts(id) ON DELETE CASCADE,
  memo text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE elec_lease_ledger (
  id bigserial PRIMARY KEY,
  journal_id bigint NOT NULL REFERENCES elec_lease_journals(id) ON DELETE CASCADE,
  -- cash:wechat, cash:alipay, cash:cash, receivable, deposit, income:rent, income:insurance, income:lateFee, refunds
  ledger_account text NOT NULL,
  debit_fen bigint NOT NULL DEFAULT 0 CHECK (debit_fen >= 0),
  credit_fen bigint NOT NULL DEFAULT 0 CHECK (credit_fen >= 0),
  CHECK ((debit_fen = 0) <> (credit_fen = 0))
);
CREATE INDEX elec_lease_ledger_journal_idx ON elec_lease_ledger (journal_id);

-- Reminders sent to overdue riders (one automatic one per contract and Beijing day).
CREATE TABLE elec_lease_reminders (
  id bigserial PRIMARY KEY,
  contract_id bigint NOT NULL REFERENCES elec_lease_contracts(id) ON DELETE CASCADE,
  day date NOT NULL,
  auto boolean NOT NULL,
  text text NOT NULL,
  user_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX elec_lease_reminders_auto_idx ON elec_lease_reminders (contract_id, day) WHERE auto;

-- Every lock and unlock of a rental bike: who, why, and the 电单车卫士 power order carrying it out.
CREATE TABLE elec_lease_locks (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  contract_id bigint REFERENCES elec_lease_contracts(id) ON DELETE CASCADE,
  vehicle_id bigint NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
  action text NOT NULL,
  -- overdue, area, tamper, manual, payment, return
  trigger text NOT NULL,
  reason text NOT NULL,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  user_name text NOT NULL,
  order_id bigint REFERENCES elec_car_power_orders(id) ON DELETE SET NULL,
  answer text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX elec_lease_locks_contract_idx ON elec_lease_locks (contract_id, id DESC);

-- Service areas: the account's geofences with their role for the rental fleet.
CREATE TABLE elec_lease_areas (
  geofence_id bigint PRIMARY KEY REFERENCES geofences(id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts(id),
  -- boundary (运营区域), noParking (禁停区), returnPoint (还车点)
  kind text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
