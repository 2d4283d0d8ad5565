/**
 * 掌上车联's rider: which rider the caller is, and that rider's contracts as the phone shows them.
 * The link is elec_lease_riders.user_id, set when the operator invites the rider (邀请使用掌上车联);
 * a person's user (an invited end user, accounts.kind 'person') not linked yet is linked once by
 * the phone number the rider was registered with, inside the operator's account tree.
 */
import {
  LEASE_CONTRACT_STATES,
  LEASE_LOCK_TRIGGERS,
  LEASE_PLAN_KINDS,
  LEASE_RIDER_ERRORS,
  beijingDisplayText,
  type RiderContract,
} from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { AppError } from '../../http/errors.ts';
import { bikesQueries } from '../elecCar/bikes.queries.ts';
import { presentStatus } from '../elecCar/bikes.presenter.ts';
import type { ContractRow } from './contracts.queries.ts';
import { operatorQueries } from './operator.queries.ts';
import { plansQueries } from './plans.queries.ts';
import { riderQueries, type RiderRow } from './rider.queries.ts';
import { overdueDays } from './risk.service.ts';
import { addDays } from './billing.service.ts';
import { yuan } from './rowHelpers.ts';

/** The rider the caller is, or 当前账号不是骑手. */
export async function riderOf(db: Db, user: SessionUser): Promise<RiderRow> {
  const [linked] = await riderQueries.linked(db, user.userId);
  if (linked) return linked;
  const candidates = await riderQueries.byPersonPhone(db, user.userId);
  if (candidates.length !== 1) throw new AppError(LEASE_RIDER_ERRORS.notRider);
  await riderQueries.linkOnce(db, candidates[0]!.id, user.userId);
  return candidates[0]!;
}

/** The rider's contracts: every open one and the five latest ended, newest first. */
export async function riderContracts(q: Queryable, riderId: number): Promise<ContractRow[]> {
  return riderQueries.contracts(q, riderId);
}

/** One of the rider's contracts, or the same not-found a foreign id gets. */
export async function riderContract(q: Queryable, riderId: number, contractId: number): Promise<ContractRow> {
  const c = await riderQueries.contract(q, riderId, contractId);
  if (!c) throw new AppError(LEASE_RIDER_ERRORS.notFound);
  return c;
}

/**
 * The platform acting for the rider on the rider's contract (a return): the operator's rules run
 * in the contract's account scope, recorded under the rider's name.
 */
export function riderActor(user: SessionUser, c: ContractRow, rider: RiderRow): SessionUser {
  return {
    userId: user.userId,
    username: `骑手${rider.name}（掌上车联）`,
    accountId: c.account_id,
    accountPath: c.account_path,
    roleId: user.roleId,
    isPlatformAdmin: false,
    permissions: new Set(),
  };
}

const day = (d: Date | null) => (d ? beijingDisplayText(d.getTime()).slice(0, 16) : '');

/** The contract's state in words: what happened, what it costs, what unlocks the bike. */
export function explain(
  c: ContractRow,
  s: { graceDays: number; lockOnOverdue: boolean; lateFeeFen: number; storePhone: string },
  now = new Date(),
) {
  const lines: string[] = [];
  const owed = yuan(c.owed_fen);
  const store = s.storePhone ? `门店电话 ${s.storePhone}` : '门店';
  if (c.status === 'pending') lines.push(`订单待交车：请先缴清押金、保险和首期租金（共 ${owed} 元），然后到门店验车提车。`);
  if (c.status === 'active') {
    lines.push(`租赁中，租金已缴至 ${day(c.due_at)}。`);
    if (c.owed_fen > 0) lines.push(`有待缴账单 ${owed} 元，请在到期前缴纳，逾期将产生滞纳金。`);
  }
  if (c.status === 'overdue') {
    const days = overdueDays(c, now);
    lines.push(`租金已于 ${day(c.due_at)} 到期，已逾期 ${days} 天，尚欠 ${owed} 元。`);
    if (s.lateFeeFen > 0) lines.push(`逾期期间每天产生滞纳金 ${yuan(s.lateFeeFen)} 元。`);
    if (c.lock_reason === 'overdue') lines.push('因逾期未缴，车辆已被远程锁定（断电，车辆无法行驶）。缴清全部欠款后，车辆会自动解锁。');
    else if (!c.lock_reason && s.lockOnOverdue && c.overdue_since)
      lines.push(`逾期宽限期为 ${s.graceDays} 天：${day(addDays(c.overdue_since, s.graceDays))} 前仍未缴清，车辆将被远程锁定。`);
  }
  if (c.lock_reason && c.lock_reason !== 'overdue' && (c.status === 'active' || c.status === 'overdue')) {
    const why = LEASE_LOCK_TRIGGERS[c.lock_reason as keyof typeof LEASE_LOCK_TRIGGERS] ?? c.lock_reason;
    lines.push(`车辆已被锁定（${why}），缴费不会自动解锁，请联系${store}处理。`);
  }
  if (c.status === 'returned') lines.push(`已于 ${day(c.ended_at)} 还车${c.end_note ? `（${c.end_note}）` : ''}。`);
  if (c.status === 'cancelled') lines.push('订单已取消。');
  return lines;
}

/** The rider's view of a contract: plan, bike (live), store, state and the words for it. */
export async function presentRiderContract(db: Db, c: ContractRow, now = new Date()): Promise<RiderContract> {
  const [plan, [bike], store, settings] = await Promise.all([
    plansQueries.byId(db, c.plan_id),
    bikesQueries.byIds(db, [c.vehicle_id]),
    riderQueries.storeOfVehicle(db, c.vehicle_id),
    operatorQueries.settings(db, c.account_path),
  ]);
  const status = bike ? presentStatus(bike) : null;
  const open = c.status === 'active' || c.status === 'overdue';
  return {
    contractId: Number(c.id),
    contractNo: c.contract_no,
    status: c.status,
    statusName: LEASE_CONTRACT_STATES[c.status as keyof typeof LEASE_CONTRACT_STATES] ?? c.status,
    started: c.started_at?.getTime() ?? null,
    dueAt: c.due_at?.getTime() ?? null,
    ended: c.ended_at?.getTime() ?? null,
    owedFen: c.owed_fen,
    depositHeldFen: c.deposit_held_fen,
    plan: {
      name: plan.name,
      kindName: LEASE_PLAN_KINDS[plan.kind] ?? plan.kind,
      periodDays: plan.period_days,
      rentFen: plan.rent_fen,
      depositFen: plan.deposit_fen,
      lateFeeFen: plan.late_fee_fen,
      periods: plan.periods,
    },
    bike: {
      code: c.vehicle_code ?? '',
      plate: c.plate ?? '',
      lat: status?.lat ?? null,
      lon: status?.lon ?? null,
      online: status?.online ?? false,
      batteryPercent: status?.batteryPercent ?? null,
      located: status?.gpsTime ?? null,
    },
    store: { name: store?.name ?? '', phone: store?.phone ?? '', address: store?.address ?? '' },
    lockReasonName: c.lock_reason ? (LEASE_LOCK_TRIGGERS[c.lock_reason as keyof typeof LEASE_LOCK_TRIGGERS] ?? c.lock_reason) : '',
    overdueDays: c.status === 'overdue' ? overdueDays(c, now) : 0,
    graceDays: settings.grace_days,
    explanation: explain(
      c,
      {
        graceDays: settings.grace_days,
        lockOnOverdue: settings.lock_on_overdue,
        lateFeeFen: plan.late_fee_fen,
        storePhone: store?.phone ?? '',
      },
      now,
    ),
    canPay: c.owed_fen > 0 && (open || c.status === 'pending'),
    // The back office's rule: the deposit must cover what is owed (giveBack refuses otherwise, in words).
    canReturn: open,
  };
}
