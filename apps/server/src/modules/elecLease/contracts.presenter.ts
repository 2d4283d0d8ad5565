import {
  LEASE_BILL_KINDS,
  LEASE_BILL_STATUSES,
  LEASE_CONTRACT_STATES,
  LEASE_INSPECTION_KINDS,
  LEASE_LOCK_ACTIONS,
  LEASE_LOCK_TRIGGERS,
  LEASE_PAY_METHODS,
  LEASE_PAYMENT_KINDS,
  LEASE_PLAN_KINDS,
  POWER_ORDER_STATUS_NAMES,
  type LeaseBill,
  type LeaseContract,
  type LeaseContractDetail,
  type LeaseLock,
  type LeasePayment,
} from '@chelian/contracts';
import type { BillRow, ContractRow, InspectionRow, PaymentRow, ReminderRow } from './contracts.queries.ts';
import type { LockRow } from './locks.queries.ts';
import { ms } from './rowHelpers.ts';

const name = <T extends Record<string, string>>(table: T, key: string) => (table as Record<string, string>)[key] ?? key;

export function presentContract(c: ContractRow): LeaseContract {
  return {
    contractId: Number(c.id),
    contractNo: c.contract_no,
    status: c.status,
    statusName: name(LEASE_CONTRACT_STATES, c.status),
    riderId: Number(c.rider_id),
    riderName: c.rider_name,
    riderPhone: c.rider_phone,
    vehicleId: Number(c.vehicle_id),
    vehicleCode: c.vehicle_code ?? '',
    plate: c.plate ?? '',
    planId: Number(c.plan_id),
    planName: c.plan_name,
    planKindName: name(LEASE_PLAN_KINDS, c.plan_kind),
    started: ms(c.started_at),
    dueAt: ms(c.due_at),
    overdueSince: ms(c.overdue_since),
    lockReason: c.lock_reason,
    ended: ms(c.ended_at),
    endNote: c.end_note,
    owedFen: c.owed_fen,
    depositHeldFen: c.deposit_held_fen,
    createdBy: c.created_by_name,
    created: ms(c.created_at)!,
  };
}

export function presentBill(b: BillRow): LeaseBill {
  return {
    billId: Number(b.id),
    contractId: Number(b.contract_id),
    contractNo: b.contract_no,
    riderName: b.rider_name,
    kind: b.kind,
    kindName: name(LEASE_BILL_KINDS, b.kind),
    seq: b.seq,
    coversDays: b.covers_days,
    amountFen: b.amount_fen,
    paidFen: b.paid_fen,
    dueAt: ms(b.due_at)!,
    status: b.status,
    statusName: LEASE_BILL_STATUSES[b.status],
    created: ms(b.created_at)!,
  };
}

export function presentPayment(p: PaymentRow): LeasePayment {
  return {
    paymentId: Number(p.id),
    contractId: Number(p.contract_id),
    contractNo: p.contract_no,
    riderName: p.rider_name,
    kind: p.kind,
    kindName: name(LEASE_PAYMENT_KINDS, p.kind),
    method: p.method,
    methodName: p.method === 'deposit' ? '押金' : name(LEASE_PAY_METHODS, p.method),
    providerRef: p.provider_ref,
    amountFen: p.amount_fen,
    refundedFen: p.refunded_fen,
    refundOf: p.refund_of === null ? null : Number(p.refund_of),
    note: p.note,
    userName: p.user_name,
    created: ms(p.created_at)!,
  };
}

export function presentLock(k: LockRow): LeaseLock {
  return {
    lockId: Number(k.id),
    contractId: k.contract_id === null ? null : Number(k.contract_id),
    contractNo: k.contract_no ?? '',
    vehicleCode: k.vehicle_code ?? '',
    action: k.action,
    actionName: LEASE_LOCK_ACTIONS[k.action],
    trigger: k.trigger,
    triggerName: LEASE_LOCK_TRIGGERS[k.trigger],
    reason: k.reason,
    userName: k.user_name,
    orderId: k.order_id === null ? null : Number(k.order_id),
    orderStatus: k.order_status,
    orderStatusName: k.order_status ? POWER_ORDER_STATUS_NAMES[k.order_status] : '',
    answer: k.answer,
    created: ms(k.created_at)!,
  };
}

/** What the contract page shows, as stored (contracts.service.ts `contractDetail` reads it). */
export interface ContractDetailRows {
  contract: ContractRow;
  bills: BillRow[];
  payments: PaymentRow[];
  inspections: InspectionRow[];
  locks: LockRow[];
  reminders: ReminderRow[];
}

/** The contract page: the contract, its bills, money, inspections (photo ids), locks and reminders. */
export function presentContractDetail({
  contract,
  bills,
  payments,
  inspections,
  locks,
  reminders,
}: ContractDetailRows): LeaseContractDetail {
  return {
    contract: presentContract(contract),
    bills: bills.map(presentBill),
    payments: payments.map(presentPayment),
    inspections: inspections.map((i) => ({
      inspectionId: Number(i.id),
      kind: i.kind,
      kindName: LEASE_INSPECTION_KINDS[i.kind],
      vehicleCode: i.code ?? '',
      batteryPercent: i.battery_percent,
      note: i.note,
      userName: i.user_name,
      photoIds: (i.photo_ids ?? []).map(Number),
      created: ms(i.created_at)!,
    })),
    locks: locks.map(presentLock),
    reminders: reminders.map((r) => ({
      reminderId: Number(r.id),
      auto: r.auto,
      text: r.text,
      userName: r.user_name,
      created: ms(r.created_at)!,
    })),
  };
}
