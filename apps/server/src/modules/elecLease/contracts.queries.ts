import type {
  LeaseBillKind,
  LeaseBillStatus,
  LeaseContractState,
  LeaseInspectionKind,
  LeasePaymentKind,
  LeasePlanKind,
} from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { queryPage } from '../../db/queryPage.ts';

export interface ContractRow {
  id: number;
  account_id: number;
  account_path: string;
  contract_no: string;
  rider_id: number;
  rider_name: string;
  rider_phone: string;
  emergency_phone: string;
  vehicle_id: number;
  vehicle_code: string;
  plate: string;
  plan_id: number;
  plan_name: string;
  plan_kind: LeasePlanKind;
  status: LeaseContractState;
  created_by: number | null;
  created_by_name: string;
  started_at: Date | null;
  due_at: Date | null;
  overdue_since: Date | null;
  lock_reason: string;
  ended_at: Date | null;
  end_note: string;
  created_at: Date;
  owed_fen: number;
  deposit_held_fen: number;
}

export interface BillRow {
  id: number;
  contract_id: number;
  contract_no: string;
  rider_name: string;
  kind: LeaseBillKind;
  seq: number;
  covers_days: number;
  amount_fen: number;
  paid_fen: number;
  due_at: Date;
  /** Written by this module's queries alone, each one of the union. */
  status: LeaseBillStatus;
  created_at: Date;
}

export interface PaymentRow {
  id: number;
  contract_id: number;
  contract_no: string;
  rider_name: string;
  kind: LeasePaymentKind;
  method: string;
  provider_ref: string;
  amount_fen: number;
  refunded_fen: number;
  refund_of: number | null;
  note: string;
  user_name: string;
  created_at: Date;
}

export const OPEN_STATES = `('pending', 'active', 'overdue')`;

export const CONTRACT_SELECT = `SELECT c.*, a.path AS account_path, r.name AS rider_name, r.phone AS rider_phone, r.emergency_phone, lv.code AS vehicle_code, v.plate,
       p.name AS plan_name, p.kind AS plan_kind,
       COALESCE((SELECT sum(b.amount_fen - b.paid_fen) FROM elec_lease_bills b WHERE b.contract_id = c.id AND b.status = 'unpaid'), 0)::bigint AS owed_fen,
       COALESCE((SELECT sum(b.paid_fen) FROM elec_lease_bills b WHERE b.contract_id = c.id AND b.kind = 'deposit'), 0)::bigint
         - COALESCE((SELECT sum(x.amount_fen) FROM elec_lease_payments x WHERE x.contract_id = c.id AND x.kind IN ('depositDeduct', 'depositRefund')), 0)::bigint AS deposit_held_fen
  FROM elec_lease_contracts c JOIN accounts a ON a.id = c.account_id JOIN elec_lease_riders r ON r.id = c.rider_id
  JOIN vehicles v ON v.id = c.vehicle_id LEFT JOIN elec_lease_vehicles lv ON lv.vehicle_id = c.vehicle_id JOIN elec_lease_plans p ON p.id = c.plan_id`;

const BILL_SELECT = `SELECT b.*, c.contract_no, r.name AS rider_name FROM elec_lease_bills b JOIN elec_lease_contracts c ON c.id = b.contract_id
  JOIN elec_lease_riders r ON r.id = c.rider_id JOIN accounts a ON a.id = b.account_id`;
const PAYMENT_SELECT = `SELECT x.*, c.contract_no, r.name AS rider_name,
       COALESCE((SELECT sum(f.amount_fen) FROM elec_lease_payments f WHERE f.refund_of = x.id), 0)::bigint AS refunded_fen
  FROM elec_lease_payments x JOIN elec_lease_contracts c ON c.id = x.contract_id JOIN elec_lease_riders r ON r.id = c.rider_id JOIN accounts a ON a.id = x.account_id`;

export interface InspectionRow {
  id: number;
  /** Written by contracts.service.ts's inspect alone. */
  kind: LeaseInspectionKind;
  code: string | null;
  battery_percent: number | null;
  note: string;
  user_name: string;
  photo_ids: number[] | null;
  created_at: Date;
}

export interface ReminderRow {
  id: number;
  auto: boolean;
  text: string;
  user_name: string;
  created_at: Date;
}

export const contractsQueries = {
  /** A contract's inspections, oldest first, with their photos' ids. */
  inspections: (q: Queryable, contractId: number) =>
    q.query<InspectionRow>(
      `SELECT i.*, lv.code, (SELECT array_agg(p.id ORDER BY p.id) FROM elec_lease_photos p WHERE p.inspection_id = i.id) AS photo_ids
         FROM elec_lease_inspections i LEFT JOIN elec_lease_vehicles lv ON lv.vehicle_id = i.vehicle_id WHERE i.contract_id = $1 ORDER BY i.id`,
      [contractId],
    ),
  /** A contract's reminders, newest first. */
  reminders: (q: Queryable, contractId: number) =>
    q.query<ReminderRow>(`SELECT * FROM elec_lease_reminders WHERE contract_id = $1 ORDER BY id DESC`, [contractId]),
  page: async (q: Queryable, scope: string, keyword: string | null, status: LeaseContractState | null, limit: number, offset: number) => {
    const where = `${accountInScope('a.path', 1)} AND ($2::text IS NULL OR c.contract_no LIKE $2 OR r.name LIKE $2 OR r.phone LIKE $2 OR lv.code ILIKE $2 OR v.plate ILIKE $2)
      AND ($3::text IS NULL OR c.status = $3)`;
    return queryPage<ContractRow>(
      q,
      { select: `${CONTRACT_SELECT} WHERE ${where}`, orderBy: 'c.id DESC', params: [scope, keyword, status] },
      { limit, offset },
    );
  },
  visible: async (q: Queryable, scope: string, id: number) =>
    (await q.query<ContractRow>(`${CONTRACT_SELECT} WHERE ${accountInScope('a.path', 1)} AND c.id = $2`, [scope, id]))[0],
  byId: async (q: Queryable, id: number) => (await q.query<ContractRow>(`${CONTRACT_SELECT} WHERE c.id = $1`, [id]))[0]!,
  /** Serialises money changes of one contract (payments, refunds, returns) inside a transaction. */
  lock: (q: Queryable, id: number) => q.query(`SELECT id FROM elec_lease_contracts WHERE id = $1 FOR UPDATE`, [id]),
  insert: async (
    q: Queryable,
    c: { accountId: number; riderId: number; vehicleId: number; planId: number; userId: number; userName: string },
  ) =>
    Number(
      (
        await q.query<{ id: number }>(
          `WITH n AS (SELECT nextval('elec_lease_contracts_id_seq') AS id)
       INSERT INTO elec_lease_contracts (id, account_id, contract_no, rider_id, vehicle_id, plan_id, created_by, created_by_name)
       SELECT n.id, $1, 'ZL' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(n.id::text, 6, '0'), $2, $3, $4, $5, $6 FROM n
       RETURNING id`,
          [c.accountId, c.riderId, c.vehicleId, c.planId, c.userId, c.userName],
        )
      )[0]!.id,
    ),
  /** Paid through: the start plus the days every fully paid rent bill covers. */
  recomputeDue: (q: Queryable, id: number) =>
    q.query(
      `UPDATE elec_lease_contracts c SET due_at = c.started_at + make_interval(days => COALESCE((SELECT sum(b.covers_days) FROM elec_lease_bills b
          WHERE b.contract_id = c.id AND b.kind = 'rent' AND b.status = 'paid'), 0)::int) WHERE c.id = $1 AND c.started_at IS NOT NULL`,
      [id],
    ),
  start: async (q: Queryable, id: number, at: Date) =>
    (
      await q.query(`UPDATE elec_lease_contracts SET status = 'active', started_at = $2 WHERE id = $1 AND status = 'pending' RETURNING 1`, [
        id,
        at,
      ])
    ).length === 1,
  cancel: async (q: Queryable, id: number, note: string) =>
    (
      await q.query(
        `UPDATE elec_lease_contracts SET status = 'cancelled', ended_at = now(), end_note = $2 WHERE id = $1 AND status = 'pending' RETURNING 1`,
        [id, note],
      )
    ).length === 1,
  setVehicle: (q: Queryable, id: number, vehicleId: number) =>
    q.query(`UPDATE elec_lease_contracts SET vehicle_id = $2 WHERE id = $1`, [id, vehicleId]),

  bills: (q: Queryable, contractId: number) =>
    q.query<BillRow>(`${BILL_SELECT} WHERE b.contract_id = $1 ORDER BY b.due_at, b.id`, [contractId]),
  billsPage: async (q: Queryable, scope: string, keyword: string | null, status: LeaseBillStatus | null, limit: number, offset: number) => {
    const where = `${accountInScope('a.path', 1)} AND ($2::text IS NULL OR c.contract_no LIKE $2 OR r.name LIKE $2) AND ($3::text IS NULL OR b.status = $3)`;
    return queryPage<BillRow>(
      q,
      { select: `${BILL_SELECT} WHERE ${where}`, orderBy: 'b.id DESC', params: [scope, keyword, status] },
      { limit, offset },
    );
  },
  maxSeq: async (q: Queryable, contractId: number, kind: string) =>
    (
      await q.query<{ n: number }>(`SELECT COALESCE(max(seq), 0)::int AS n FROM elec_lease_bills WHERE contract_id = $1 AND kind = $2`, [
        contractId,
        kind,
      ])
    )[0]!.n,
  /** Inserts a bill unless that (kind, seq) exists: the id when this call made it. */
  insertBill: async (
    q: Queryable,
    b: { accountId: number; contractId: number; kind: string; seq: number; coversDays: number; amountFen: number; dueAt: Date },
  ) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO elec_lease_bills (account_id, contract_id, kind, seq, covers_days, amount_fen, due_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $6::bigint = 0 THEN 'paid' ELSE 'unpaid' END) ON CONFLICT (contract_id, kind, seq) DO NOTHING RETURNING id`,
        [b.accountId, b.contractId, b.kind, b.seq, b.coversDays, b.amountFen, b.dueAt],
      )
    )[0]?.id,
  unpaidBills: (q: Queryable, contractId: number) =>
    q.query<BillRow>(`${BILL_SELECT} WHERE b.contract_id = $1 AND b.status = 'unpaid' ORDER BY b.due_at, b.id`, [contractId]),
  payBill: (q: Queryable, billId: number, amountFen: number) =>
    q.query(
      `UPDATE elec_lease_bills SET paid_fen = paid_fen + $2, status = CASE WHEN paid_fen + $2 = amount_fen THEN 'paid' ELSE 'unpaid' END WHERE id = $1`,
      [billId, amountFen],
    ),
  voidBill: (q: Queryable, billId: number) => q.query(`UPDATE elec_lease_bills SET status = 'void' WHERE id = $1`, [billId]),

  payments: (q: Queryable, contractId: number) =>
    q.query<PaymentRow>(`${PAYMENT_SELECT} WHERE x.contract_id = $1 ORDER BY x.id`, [contractId]),
  paymentsPage: async (q: Queryable, scope: string, keyword: string | null, limit: number, offset: number) => {
    const where = `${accountInScope('a.path', 1)} AND ($2::text IS NULL OR c.contract_no LIKE $2 OR r.name LIKE $2 OR x.provider_ref LIKE $2)`;
    return queryPage<PaymentRow>(
      q,
      { select: `${PAYMENT_SELECT} WHERE ${where}`, orderBy: 'x.id DESC', params: [scope, keyword] },
      { limit, offset },
    );
  },
  payment: async (q: Queryable, scope: string, id: number) =>
    (await q.query<PaymentRow>(`${PAYMENT_SELECT} WHERE ${accountInScope('a.path', 1)} AND x.id = $2`, [scope, id]))[0],
  paymentByRef: async (q: Queryable, accountId: number, method: string, ref: string) =>
    (
      await q.query<PaymentRow>(`${PAYMENT_SELECT} WHERE x.account_id = $1 AND x.method = $2 AND x.provider_ref = $3`, [
        accountId,
        method,
        ref,
      ])
    )[0],
  insertPayment: async (
    q: Queryable,
    p: {
      accountId: number;
      contractId: number;
      kind: LeasePaymentKind;
      method: string;
      ref: string;
      amountFen: number;
      refundOf: number | null;
      note: string;
      userName: string;
    },
  ) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO elec_lease_payments (account_id, contract_id, kind, method, provider_ref, amount_fen, refund_of, note, user_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (account_id, method, provider_ref) DO NOTHING RETURNING id`,
        [p.accountId, p.contractId, p.kind, p.method, p.ref, p.amountFen, p.refundOf, p.note, p.userName],
      )
    )[0]?.id,
  allocate: (q: Queryable, paymentId: number, billId: number, amountFen: number) =>
    q.query(
      `INSERT INTO elec_lease_allocations (payment_id, bill_id, amount_fen) VALUES ($1, $2, $3)
       ON CONFLICT (payment_id, bill_id) DO UPDATE SET amount_fen = elec_lease_allocations.amount_fen + $3`,
      [paymentId, billId, amountFen],
    ),
  allocations: (q: Queryable, paymentId: number) =>
    q.query<{ bill_id: number; amount_fen: number }>(
      `SELECT bill_id, amount_fen FROM elec_lease_allocations WHERE payment_id = $1 AND amount_fen > 0 ORDER BY bill_id DESC`,
      [paymentId],
    ),
  deallocate: (q: Queryable, paymentId: number, billId: number, amountFen: number) =>
    q.query(`UPDATE elec_lease_allocations SET amount_fen = amount_fen - $3 WHERE payment_id = $1 AND bill_id = $2`, [
      paymentId,
      billId,
      amountFen,
    ]),
  unpayBill: (q: Queryable, billId: number, amountFen: number) =>
    q.query(`UPDATE elec_lease_bills SET paid_fen = paid_fen - $2, status = 'unpaid' WHERE id = $1`, [billId, amountFen]),

  /** An inspection in the caller's subtree, with how many photos it holds. */
  visibleInspection: async (q: Queryable, scope: string, inspectionId: number) =>
    (
      await q.query<{ id: number; contract_id: number; photos: number }>(
        `SELECT i.id, i.contract_id, (SELECT count(*)::int FROM elec_lease_photos p WHERE p.inspection_id = i.id) AS photos FROM elec_lease_inspections i
           JOIN elec_lease_contracts c ON c.id = i.contract_id JOIN accounts a ON a.id = c.account_id WHERE ${accountInScope('a.path', 1)} AND i.id = $2`,
        [scope, inspectionId],
      )
    )[0],
  insertPhoto: async (q: Queryable, inspectionId: number, contentType: string, bytes: Uint8Array) =>
    Number(
      (
        await q.query<{ id: number }>(
          `INSERT INTO elec_lease_photos (inspection_id, content_type, bytes) VALUES ($1, $2, $3) RETURNING id`,
          [inspectionId, contentType, bytes],
        )
      )[0]!.id,
    ),
  /** An inspection photo in the caller's subtree. */
  visiblePhoto: async (q: Queryable, scope: string, photoId: number) =>
    (
      await q.query<{ content_type: string; bytes: Uint8Array }>(
        `SELECT p.content_type, p.bytes FROM elec_lease_photos p JOIN elec_lease_inspections i ON i.id = p.inspection_id JOIN elec_lease_contracts c ON c.id = i.contract_id
           JOIN accounts a ON a.id = c.account_id WHERE ${accountInScope('a.path', 1)} AND p.id = $2`,
        [scope, photoId],
      )
    )[0],

  insertInspection: async (
    q: Queryable,
    i: { contractId: number; vehicleId: number; kind: LeaseInspectionKind; batteryPercent: number | null; note: string; userName: string },
  ) =>
    Number(
      (
        await q.query<{ id: number }>(
          `INSERT INTO elec_lease_inspections (contract_id, vehicle_id, kind, battery_percent, note, user_name) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [i.contractId, i.vehicleId, i.kind, i.batteryPercent, i.note, i.userName],
        )
      )[0]!.id,
    ),
  /** The tracker (terminals.id) a vehicle sits on, null when none (or no such vehicle). */
  terminalOfVehicle: async (q: Queryable, vehicleId: number) =>
    (await q.query<{ terminal_id: number | null }>('SELECT terminal_id FROM vehicles WHERE id = $1', [vehicleId]))[0]?.terminal_id ?? null,
  /** Ends a contract (returned, terminated…) with its note. */
  close: (q: Queryable, contractId: number, status: LeaseContractState, note: string) =>
    q.query(`UPDATE elec_lease_contracts SET status = $2, ended_at = now(), end_note = $3 WHERE id = $1`, [contractId, status, note]),
};
