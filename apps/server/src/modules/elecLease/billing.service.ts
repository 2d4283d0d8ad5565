import { DAY_MS, ELEC_LEASE_ERRORS, LEASE_BILL_KINDS, LEASE_PAY_METHODS, type LeasePayMethod } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { contractsQueries, type ContractRow, type PaymentRow } from './contracts.queries.ts';
import { BILL_LEDGER, cashAccount, postJournal } from './ledger.ts';
import { PROVIDER_REF, paymentProvider } from './paymentProvider.ts';
import { depositRefundsOnline } from './payments/refunds.service.ts';
import { yuan } from './rowHelpers.ts';

/** Issues a bill (once per kind and sequence number) and books it: the rider owes it, the income or the deposit is the other side. */
export async function issueBill(
  q: Queryable,
  c: Pick<ContractRow, 'id' | 'account_id' | 'contract_no'>,
  b: { kind: keyof typeof LEASE_BILL_KINDS; seq: number; coversDays: number; amountFen: number; dueAt: Date },
): Promise<boolean> {
  const id = await contractsQueries.insertBill(q, { accountId: c.account_id, contractId: c.id, ...b });
  if (id === undefined) return false;
  await postJournal(q, c.account_id, c.id, `${c.contract_no} ${LEASE_BILL_KINDS[b.kind]}账单 第${b.seq}期`, [
    { account: 'receivable', debit: b.amountFen },
    { account: BILL_LEDGER[b.kind]!, credit: b.amountFen },
  ]);
  return true;
}

/**
 * Pays the contract's unpaid bills oldest first from a payment (or the deposit), recording which
 * bill got what; `firstBillId` (a rider paying one bill online) is paid before the others.
 */
export async function allocate(
  q: Queryable,
  contractId: number,
  paymentId: number,
  amountFen: number,
  except?: string,
  firstBillId?: number,
): Promise<number> {
  let left = amountFen;
  const bills = await contractsQueries.unpaidBills(q, contractId);
  const first = bills.filter((b) => Number(b.id) === firstBillId);
  for (const bill of [...first, ...bills.filter((b) => Number(b.id) !== firstBillId)]) {
    if (left === 0) break;
    if (bill.kind === except) continue;
    const part = Math.min(left, bill.amount_fen - bill.paid_fen);
    await contractsQueries.payBill(q, bill.id, part);
    await contractsQueries.allocate(q, paymentId, bill.id, part);
    left -= part;
  }
  return amountFen - left;
}

export function methodOf(value: string): LeasePayMethod {
  return oneOfOrRefuse(LEASE_PAY_METHODS, value, ELEC_LEASE_ERRORS.methodUnknown, 'method');
}

export function refOf(value: string): string {
  const ref = value.trim();
  if (!PROVIDER_REF.test(ref)) throw new AppError(ELEC_LEASE_ERRORS.providerRefInvalid);
  return ref;
}

/**
 * Records a payment inside the caller's transaction. The same provider reference twice is the
 * same payment: the second call answers the first (duplicate) and writes nothing — whether it
 * comes later or races the first (the unique index decides).
 */
export async function recordPayment(
  q: Queryable,
  c: ContractRow,
  p: { method: LeasePayMethod; ref: string; amountFen: number; note: string; userName: string; firstBillId?: number },
): Promise<{ payment: PaymentRow; duplicate: boolean }> {
  // After the contract's lock: a twin sent at the same moment has committed by then.
  await contractsQueries.lock(q, c.id);
  const twin = await contractsQueries.paymentByRef(q, c.account_id, p.method, p.ref);
  if (twin) return sameOrRefuse(twin, c, p.amountFen);
  const owed = (await contractsQueries.unpaidBills(q, c.id)).reduce((s, b) => s + b.amount_fen - b.paid_fen, 0);
  if (owed === 0) throw new AppError(ELEC_LEASE_ERRORS.nothingOwed);
  if (p.amountFen > owed) throw new AppError(ELEC_LEASE_ERRORS.overpay, { params: { amount: yuan(p.amountFen), owed: yuan(owed) } });
  const check = await paymentProvider().confirm(p.method, p.ref, p.amountFen);
  if (!check.ok) throw new AppError(ELEC_LEASE_ERRORS.providerRejected, { params: { reason: check.reason } });
  const id = await contractsQueries.insertPayment(q, {
    accountId: c.account_id,
    contractId: c.id,
    kind: 'payment',
    method: p.method,
    ref: p.ref,
    amountFen: p.amountFen,
    refundOf: null,
    note: p.note,
    userName: p.userName,
  });
  if (id === undefined) return sameOrRefuse((await contractsQueries.paymentByRef(q, c.account_id, p.method, p.ref))!, c, p.amountFen);
  await allocate(q, c.id, id, p.amountFen, undefined, p.firstBillId);
  await postJournal(q, c.account_id, c.id, `${c.contract_no} ${LEASE_PAY_METHODS[p.method]}收款 ${p.ref}`, [
    { account: cashAccount(p.method), debit: p.amountFen },
    { account: 'receivable', credit: p.amountFen },
  ]);
  await contractsQueries.recomputeDue(q, c.id);
  return { payment: (await contractsQueries.paymentByRef(q, c.account_id, p.method, p.ref))!, duplicate: false };
}

function sameOrRefuse(twin: PaymentRow, c: ContractRow, amountFen: number) {
  if (Number(twin.contract_id) !== Number(c.id) || twin.kind !== 'payment' || twin.amount_fen !== amountFen) {
    throw new AppError(ELEC_LEASE_ERRORS.refRefundMismatch, { params: { ref: twin.provider_ref } });
  }
  return { payment: twin, duplicate: true };
}

/**
 * Refunds (part of) a payment: the money goes back through its channel and the bills it paid are
 * owed again, newest first. Idempotent by the refund's own provider reference.
 */
export async function recordRefund(
  q: Queryable,
  c: ContractRow,
  original: PaymentRow,
  r: { ref: string; amountFen: number; note: string; userName: string },
): Promise<{ payment: PaymentRow; duplicate: boolean }> {
  await contractsQueries.lock(q, c.id);
  const twin = await contractsQueries.paymentByRef(q, c.account_id, original.method, r.ref);
  if (twin) {
    if (Number(twin.refund_of) !== Number(original.id) || twin.amount_fen !== r.amountFen)
      throw new AppError(ELEC_LEASE_ERRORS.refRefundMismatch, { params: { ref: r.ref } });
    return { payment: twin, duplicate: true };
  }
  if (original.kind !== 'payment') throw new AppError(ELEC_LEASE_ERRORS.refundOfRefund);
  const fresh = (await contractsQueries.payment(q, '/', original.id))!;
  const left = fresh.amount_fen - fresh.refunded_fen;
  if (r.amountFen > left) throw new AppError(ELEC_LEASE_ERRORS.refundTooMuch, { params: { left: yuan(left) } });
  const id = await contractsQueries.insertPayment(q, {
    accountId: c.account_id,
    contractId: c.id,
    kind: 'refund',
    method: original.method,
    ref: r.ref,
    amountFen: r.amountFen,
    refundOf: original.id,
    note: r.note,
    userName: r.userName,
  });
  if (id === undefined) throw new AppError(ELEC_LEASE_ERRORS.refRefundMismatch, { params: { ref: r.ref } });
  let back = r.amountFen;
  for (const a of await contractsQueries.allocations(q, original.id)) {
    if (back === 0) break;
    const part = Math.min(back, a.amount_fen);
    await contractsQueries.unpayBill(q, a.bill_id, part);
    await contractsQueries.deallocate(q, original.id, a.bill_id, part);
    back -= part;
  }
  await postJournal(q, c.account_id, c.id, `${c.contract_no} 退款 ${r.ref}（原收款 ${original.provider_ref}）`, [
    { account: 'receivable', debit: r.amountFen },
    { account: cashAccount(original.method), credit: r.amountFen },
  ]);
  await contractsQueries.recomputeDue(q, c.id);
  return { payment: (await contractsQueries.paymentByRef(q, c.account_id, original.method, r.ref))!, duplicate: false };
}

/** Voids what is still owed on the contract's unpaid bills of these kinds (a cancelled contract, an unpaid deposit at return). */
export async function voidUnpaid(q: Queryable, c: ContractRow, kinds: string[]): Promise<void> {
  for (const b of await contractsQueries.unpaidBills(q, c.id)) {
    if (!kinds.includes(b.kind)) continue;
    const rest = b.amount_fen - b.paid_fen;
    await contractsQueries.voidBill(q, b.id);
    await postJournal(
      q,
      c.account_id,
      c.id,
      `${c.contract_no} 作废${LEASE_BILL_KINDS[b.kind as keyof typeof LEASE_BILL_KINDS]}账单 第${b.seq}期`,
      [
        { account: BILL_LEDGER[b.kind]!, debit: rest },
        { account: 'receivable', credit: rest },
      ],
    );
  }
}

/**
 * Settles the deposit when a contract ends: what is still owed is paid from it (as far as it
 * goes), the rest goes back to the rider — what was paid of it online through the provider
 * (payments/refunds.service.ts depositRefundsOnline), anything else through `method`. Returns what stays owed.
 */
export async function settleDeposit(
  q: Queryable,
  c: ContractRow,
  refund: { method: LeasePayMethod; ref: string; userName: string },
): Promise<number> {
  await voidUnpaid(q, c, ['deposit']);
  const held = (await contractsQueries.byId(q, c.id)).deposit_held_fen;
  const owed = (await contractsQueries.unpaidBills(q, c.id)).reduce((s, b) => s + b.amount_fen - b.paid_fen, 0);
  const deduct = Math.min(held, owed);
  if (deduct > 0) {
    const id = (await contractsQueries.insertPayment(q, {
      accountId: c.account_id,
      contractId: c.id,
      kind: 'depositDeduct',
      method: 'deposit',
      ref: `DD${c.contract_no}`,
      amountFen: deduct,
      refundOf: null,
      note: '押金抵扣欠款',
      userName: refund.userName,
    }))!;
    await allocate(q, c.id, id, deduct, 'deposit');
    await postJournal(q, c.account_id, c.id, `${c.contract_no} 押金抵扣欠款`, [
      { account: 'deposit', debit: deduct },
      { account: 'receivable', credit: deduct },
    ]);
  }
  const back = async (method: LeasePayMethod, ref: string, amountFen: number) => {
    const id = await contractsQueries.insertPayment(q, {
      accountId: c.account_id,
      contractId: c.id,
      kind: 'depositRefund',
      method,
      ref,
      amountFen,
      refundOf: null,
      note: '退还押金',
      userName: refund.userName,
    });
    if (id === undefined) throw new AppError(ELEC_LEASE_ERRORS.refRefundMismatch, { params: { ref } });
    await postJournal(q, c.account_id, c.id, `${c.contract_no} 退还押金 ${ref}`, [
      { account: 'deposit', debit: amountFen },
      { account: cashAccount(method), credit: amountFen },
    ]);
    return id;
  };
  // What the rider paid of the deposit online goes back through its provider (sent after the commit:
  // sendDepositRefunds); the rest the way the return names.
  const rest = await depositRefundsOnline(q, c, held - deduct, refund.userName, (r) => back(r.method, r.ref, r.amountFen));
  if (rest > 0) await back(refund.method, refund.ref, rest);
  return owed - deduct;
}

/** Whole days between two instants, rounded down. */
export const daysBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / DAY_MS);
export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);
