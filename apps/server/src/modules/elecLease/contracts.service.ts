import {
  ELEC_LEASE_ERRORS,
  LEASE_BACKDATE_DAYS,
  LEASE_CONTRACT_STATES,
  LEASE_SWAPPED_OUT_STATES,
  LEASE_VEHICLE_STATES,
  type LeaseContractDetail,
  type LeaseContractState,
  type LeaseInspectionKind,
} from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { contractsQueries, type ContractRow } from './contracts.queries.ts';
import { presentContractDetail } from './contracts.presenter.ts';
import { locksQueries } from './locks.queries.ts';
import { addDays, issueBill, methodOf, refOf, settleDeposit, voidUnpaid } from './billing.service.ts';
import { sendDepositRefunds } from './payments/refunds.service.ts';
import { personActor, unlockContract } from './locks.service.ts';
import { plansQueries } from './plans.queries.ts';
import { visibleRider } from './riders.service.ts';
import { visibleLeaseVehicle } from './vehicles.service.ts';
import { leaseVehiclesQueries } from './vehicles.queries.ts';
import { clean, found, yuan } from './rowHelpers.ts';
import { holdAsset, releaseAsset } from '../endUsers/endUsers.service.ts';
import { beijingDayOf, beijingDayStart, DAY_MS, isDay } from '@chelian/contracts/beijingTime.ts';

export const LEASE_CHANGED = 'elecLease.changed';

/** The contract page, read in one go: the contract, its bills, money, inspections, locks and reminders. */
export async function contractDetail(q: Queryable, id: number): Promise<LeaseContractDetail> {
  const [contract, bills, payments, inspections, locks, reminders] = await Promise.all([
    contractsQueries.byId(q, id),
    contractsQueries.bills(q, id),
    contractsQueries.payments(q, id),
    contractsQueries.inspections(q, id),
    locksQueries.ofContract(q, id),
    contractsQueries.reminders(q, id),
  ]);
  return presentContractDetail({ contract, bills, payments, inspections, locks, reminders });
}

export const visibleContract = async (q: Queryable, user: SessionUser, id: number) =>
  found(await contractsQueries.visible(q, user.accountPath, id));

function expect(c: ContractRow, states: LeaseContractState[], action: string) {
  if (!states.includes(c.status as LeaseContractState)) {
    throw new AppError(ELEC_LEASE_ERRORS.contractState, {
      params: { state: LEASE_CONTRACT_STATES[c.status as LeaseContractState] ?? c.status, action },
    });
  }
}

/** Refuses a bike that cannot go out now (in repair, lost, or in another open contract). */
function rentable(v: { code: string; state: string; contract_id: number | null }) {
  if (v.state !== 'available' || v.contract_id !== null) {
    const state =
      v.contract_id !== null ? '已被其他订单占用' : (LEASE_VEHICLE_STATES[v.state as keyof typeof LEASE_VEHICLE_STATES] ?? v.state);
    throw new AppError(ELEC_LEASE_ERRORS.vehicleNotAvailable, { params: { code: v.code, state } });
  }
}

/**
 * A new contract (pending): the rider (real-name checked, not blacklisted), an available bike and
 * an enabled plan. Its first bills are issued at once — deposit, insurance, the first period's
 * rent — and must be paid before the handover starts it. The bike is 待交车 (reserved) until then:
 * no longer 可租, so no other order lists it.
 */
export async function createContract(
  db: Db,
  user: SessionUser,
  input: { riderId: number; vehicleId: number; planId: number },
): Promise<number> {
  const rider = await visibleRider(db, user, input.riderId);
  if (rider.blacklisted) throw new AppError(ELEC_LEASE_ERRORS.riderBlacklisted, { params: { name: rider.name } });
  const vehicle = await visibleLeaseVehicle(db, user, input.vehicleId);
  rentable(vehicle);
  const plan = found(await plansQueries.visible(db, user.accountPath, input.planId));
  if (!plan.enabled) throw new AppError(ELEC_LEASE_ERRORS.planDisabled, { params: { name: plan.name } });
  return db.tx(async (q) => {
    let id: number;
    try {
      id = await contractsQueries.insert(q, {
        accountId: vehicle.account_id,
        riderId: rider.id,
        vehicleId: vehicle.vehicle_id,
        planId: plan.id,
        userId: user.userId,
        userName: user.username,
      });
    } catch (err) {
      // The one-open-contract-per-bike index: another contract took the bike a moment ago.
      if ((err as { code?: string }).code === '23505')
        throw new AppError(ELEC_LEASE_ERRORS.vehicleNotAvailable, { params: { code: vehicle.code, state: '已被其他订单占用' } });
      throw err;
    }
    await leaseVehiclesQueries.setState(q, vehicle.vehicle_id, 'reserved');
    const c = await contractsQueries.byId(q, id);
    const now = new Date();
    await issueBill(q, c, { kind: 'deposit', seq: 1, coversDays: 0, amountFen: plan.deposit_fen, dueAt: now });
    await issueBill(q, c, { kind: 'insurance', seq: 1, coversDays: 0, amountFen: plan.insurance_fen, dueAt: now });
    await issueBill(q, c, { kind: 'rent', seq: 1, coversDays: plan.period_days, amountFen: plan.rent_fen, dueAt: now });
    return id;
  });
}

/**
 * The lease's start: now, or the same time of day on an earlier Beijing day (a lease entered from
 * paper or moved from another system; its periods and overdue status count from then).
 */
export function startOf(startDate: string | undefined, now = Date.now()): Date {
  if (!startDate) return new Date(now);
  const back = isDay(startDate) ? (beijingDayStart(beijingDayOf(now)) - beijingDayStart(startDate)) / DAY_MS : -1;
  if (!Number.isInteger(back) || back < 0 || back > LEASE_BACKDATE_DAYS)
    throw new AppError(ELEC_LEASE_ERRORS.startDateInvalid, { params: { days: LEASE_BACKDATE_DAYS } });
  return new Date(now - back * DAY_MS);
}

/** Hands the bike over: the inspection is recorded, the contract starts, paid through its first period. */
export async function handover(
  db: Db,
  user: SessionUser,
  input: { contractId: number; batteryPercent?: number; note?: string; startDate?: string },
): Promise<number> {
  const c = await visibleContract(db, user, input.contractId);
  expect(c, ['pending'], '交车');
  const started = startOf(input.startDate);
  if (c.owed_fen > 0) throw new AppError(ELEC_LEASE_ERRORS.unpaidBeforeHandover, { params: { owed: yuan(c.owed_fen) } });
  return db.tx(async (q) => {
    if (!(await contractsQueries.start(q, c.id, started))) expect(await contractsQueries.byId(q, c.id), ['pending'], '交车');
    await contractsQueries.recomputeDue(q, c.id);
    await leaseVehiclesQueries.setState(q, c.vehicle_id, 'rented');
    return inspect(q, user, c.id, c.vehicle_id, 'handover', input);
  });
}

export async function inspect(
  q: Queryable,
  user: SessionUser,
  contractId: number,
  vehicleId: number,
  kind: LeaseInspectionKind,
  input: { batteryPercent?: number; note?: string },
) {
  return contractsQueries.insertInspection(q, {
    contractId,
    vehicleId,
    kind,
    batteryPercent: input.batteryPercent ?? null,
    note: clean(input.note),
    userName: user.username,
  });
}

/** 续租: the next period's rent bill now (the job issues it by itself a day before the due time). */
export async function renew(db: Db, user: SessionUser, contractId: number): Promise<void> {
  const c = await visibleContract(db, user, contractId);
  expect(c, ['active', 'overdue'], '续租');
  if ((await contractsQueries.unpaidBills(db, c.id)).some((b) => b.kind === 'rent')) throw new AppError(ELEC_LEASE_ERRORS.unpaidRent);
  if (!(await issueNextPeriod(db, c))) throw new AppError(ELEC_LEASE_ERRORS.lastPeriod);
}

/** The next rent period's bill now (续租), unless a rent-to-own plan has billed its last period. */
export async function issueNextPeriod(db: Db, c: ContractRow): Promise<boolean> {
  const plan = await plansQueries.byId(db, c.plan_id);
  return db.tx(async (q) => {
    const seq = (await contractsQueries.maxSeq(q, c.id, 'rent')) + 1;
    if (plan.periods !== null && seq > plan.periods) return false;
    return issueBill(q, c, { kind: 'rent', seq, coversDays: plan.period_days, amountFen: plan.rent_fen, dueAt: c.due_at ?? new Date() });
  });
}

/**
 * The lease clock's billing: every period starting by `until`, from the one the caller found
 * unbilled (`next`: its number and start), each bill due at its period's start; none past a
 * rent-to-own plan's last period. If another process billed a period meanwhile (its unique key),
 * this one stops there — that process bills the rest, never twice. Answers the periods billed.
 */
export async function issuePeriodsUntil(db: Db, c: ContractRow, next: { seq: number; from: Date }, until: Date): Promise<number> {
  const plan = await plansQueries.byId(db, c.plan_id);
  let billed = 0;
  for (
    let { seq, from } = next;
    from <= until && (plan.periods === null || seq <= plan.periods);
    seq++, from = addDays(from, plan.period_days)
  ) {
    const period = { kind: 'rent' as const, seq, coversDays: plan.period_days, amountFen: plan.rent_fen, dueAt: from };
    if (!(await db.tx((q) => issueBill(q, c, period)))) break;
    billed++;
  }
  return billed;
}

/** 延期: a number of days billed pro rata (integer fen, rounded half up). */
export async function extend(db: Db, user: SessionUser, contractId: number, days: number): Promise<void> {
  const c = await visibleContract(db, user, contractId);
  expect(c, ['active', 'overdue'], '延期');
  const plan = await plansQueries.byId(db, c.plan_id);
  const amountFen = Math.floor((plan.rent_fen * days * 2 + plan.period_days) / (2 * plan.period_days));
  await db.tx(async (q) => {
    const seq = (await contractsQueries.maxSeq(q, c.id, 'rent')) + 1;
    await issueBill(q, c, { kind: 'rent', seq, coversDays: days, amountFen, dueAt: c.due_at ?? new Date() });
  });
}

/** 换车: the rider's bike for another available one; the old one goes back to the fleet (or to repair). */
export async function swap(
  db: Db,
  bus: Bus,
  user: SessionUser,
  input: { contractId: number; vehicleId: number; note?: string; oldState?: string },
): Promise<void> {
  const c = await visibleContract(db, user, input.contractId);
  expect(c, ['active', 'overdue'], '换车');
  const next = await visibleLeaseVehicle(db, user, input.vehicleId);
  rentable(next);
  // the contract types it; the wire takes any text, so an unknown word is refused here, before anything changes
  const oldState = input.oldState
    ? oneOfOrRefuse(LEASE_SWAPPED_OUT_STATES, input.oldState, ELEC_LEASE_ERRORS.stateUnknown, 'state')
    : 'available';
  // A locked bike is unlocked as it comes back; the lock does not follow the rider to the new one by itself.
  if (c.lock_reason) await unlockContract(db, bus, personActor(user), c, 'return', '换车，旧车解除锁定');
  await db.tx(async (q) => {
    await inspect(q, user, c.id, c.vehicle_id, 'swapOut', { note: input.note });
    await contractsQueries.setVehicle(q, c.id, next.vehicle_id);
    await leaseVehiclesQueries.setState(q, c.vehicle_id, oldState);
    await leaseVehiclesQueries.setState(q, next.vehicle_id, 'rented');
    await inspect(q, user, c.id, next.vehicle_id, 'swapIn', { note: input.note });
  });
  // The old tracker back to the store's stock; the new one to the rider, when the rider held the old one in 掌上车联.
  const [oldTerminal, newTerminal] = [await terminalOf(db, c.vehicle_id), await terminalOf(db, next.vehicle_id)];
  const person = oldTerminal === null ? null : await releaseAsset({ db, bus }, oldTerminal);
  if (person !== null && newTerminal !== null) await holdAsset({ db, bus }, person, newTerminal, 'rider');
}

/** The tracker (terminals.id) a lease vehicle sits on, if any. */
const terminalOf = async (q: Queryable, vehicleId: number) => {
  const terminalId = await contractsQueries.terminalOfVehicle(q, vehicleId);
  return terminalId == null ? null : Number(terminalId);
};

/**
 * 还车: the return inspection; what is still owed is paid from the deposit and the rest of the
 * deposit goes back (refused when the deposit does not cover the debt). A rent-to-own bike whose
 * every period is paid stays with the rider (sold).
 */
export async function giveBack(
  db: Db,
  bus: Bus,
  user: SessionUser,
  input: { contractId: number; refundMethod: string; refundRef?: string; batteryPercent?: number; note?: string },
): Promise<void> {
  const c = await visibleContract(db, user, input.contractId);
  expect(c, ['active', 'overdue'], '还车');
  const method = methodOf(input.refundMethod);
  const ref = input.refundRef?.trim() ? refOf(input.refundRef) : `DR${c.contract_no}`;
  const owed =
    c.owed_fen -
    (await contractsQueries.unpaidBills(db, c.id)).filter((b) => b.kind === 'deposit').reduce((s, b) => s + b.amount_fen - b.paid_fen, 0);
  if (owed > c.deposit_held_fen) throw new AppError(ELEC_LEASE_ERRORS.depositShort, { params: { owed: yuan(owed - c.deposit_held_fen) } });
  await closeContract(db, bus, user, c, { method, ref, note: clean(input.note), inspection: input, status: 'returned' });
}

/**
 * 终止: a pending contract is cancelled (its bills voided; refuse while money is in — refund it
 * first); an open one ends now: the deposit pays what it can, the rest stays owed.
 */
export async function terminate(db: Db, bus: Bus, user: SessionUser, input: { contractId: number; note: string }): Promise<void> {
  const c = await visibleContract(db, user, input.contractId);
  expect(c, ['pending', 'active', 'overdue'], '终止');
  const note = `终止：${clean(input.note)}`;
  if (c.status === 'pending') {
    const paid = (await contractsQueries.payments(db, c.id)).reduce(
      (s, p) => s + (p.kind === 'payment' ? p.amount_fen : p.kind === 'refund' ? -p.amount_fen : 0),
      0,
    );
    if (paid > 0) throw new AppError(ELEC_LEASE_ERRORS.refundFirst, { params: { paid: yuan(paid) } });
    await db.tx(async (q) => {
      if (!(await contractsQueries.cancel(q, c.id, note))) return;
      await voidUnpaid(q, c, ['deposit', 'insurance', 'rent', 'lateFee']);
      await leaseVehiclesQueries.setState(q, c.vehicle_id, 'available');
    });
    return;
  }
  await closeContract(db, bus, user, c, {
    method: 'cash',
    ref: `DR${c.contract_no}`,
    note,
    inspection: {},
    status: 'returned',
    forced: true,
  });
}

async function closeContract(
  db: Db,
  bus: Bus,
  user: SessionUser,
  c: ContractRow,
  o: {
    method: 'wechat' | 'alipay' | 'cash';
    ref: string;
    note: string;
    inspection: { batteryPercent?: number; note?: string };
    status: 'returned';
    forced?: boolean;
  },
) {
  const plan = await plansQueries.byId(db, c.plan_id);
  const closed = await db.tx(async (q) => {
    await contractsQueries.lock(q, c.id);
    const fresh = await contractsQueries.byId(q, c.id);
    expect(fresh, ['active', 'overdue'], o.forced ? '终止' : '还车');
    const left = await settleDeposit(q, fresh, { method: o.method, ref: o.ref, userName: user.username });
    if (left > 0 && !o.forced) throw new AppError(ELEC_LEASE_ERRORS.depositShort, { params: { owed: yuan(left) } });
    await inspect(q, user, c.id, c.vehicle_id, 'return', o.inspection);
    await contractsQueries.close(q, Number(c.id), o.status, o.note);
    const paidPeriods = (await contractsQueries.bills(q, c.id)).filter((b) => b.kind === 'rent' && b.status === 'paid').length;
    const owned = plan.kind === 'rentToOwn' && plan.periods !== null && paidPeriods >= plan.periods && left === 0;
    await leaseVehiclesQueries.setState(q, c.vehicle_id, owned ? 'sold' : 'available');
    return { owned };
  });
  // The deposit paid online goes back through its provider now that the return is recorded.
  await sendDepositRefunds(db, c.id);
  if (closed && c.lock_reason)
    await unlockContract(db, bus, personActor(user), c, 'return', o.forced ? '订单终止，解除锁定' : '还车，解除锁定').catch(() => null);
  // Back in the store's stock: the tracker leaves the rider's 个人用户 account (a sold bike stays with its rider).
  const terminal = closed.owned ? null : await terminalOf(db, c.vehicle_id);
  if (terminal !== null) await releaseAsset({ db, bus }, terminal);
}
