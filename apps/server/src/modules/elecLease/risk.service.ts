import type { Db } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { contractsQueries, type ContractRow } from './contracts.queries.ts';
import { riskQueries } from './risk.queries.ts';
import { systemActor, unlockContract } from './locks.service.ts';
import { daysBetween } from './billing.service.ts';
import { yuan } from './rowHelpers.ts';

/**
 * After money came in: an overdue contract paid through the future again is active, and a bike
 * locked for the overdue rent is unlocked (the 电单车卫士 restore; it also cancels a cut still
 * waiting). The unlock is logged as the platform's, naming who recorded the payment.
 */
export async function afterPayment(db: Db, bus: Bus, contractId: number, byName: string, now = new Date()): Promise<void> {
  await riskQueries.backToActive(db, contractId, now);
  const c = await contractsQueries.byId(db, contractId);
  if (c.status !== 'active' || c.lock_reason !== 'overdue') return;
  const actor = await systemActor(db, c);
  if (actor) await unlockContract(db, bus, actor, c, 'payment', `${byName} 登记收款，欠租已缴清，自动解锁`);
}

export function reminderText(c: ContractRow, days: number, graceDays: number): string {
  return (
    `【租金逾期】${c.rider_name}您好，您的租车订单${c.contract_no}（车辆${c.vehicle_code}）已逾期${days}天，尚欠${yuan(c.owed_fen)}元，请尽快缴纳；` +
    (c.lock_reason ? '车辆已被远程锁定，缴清后自动解锁。' : `逾期超过${graceDays}天车辆将被远程锁定。`)
  );
}

export const overdueDays = (c: ContractRow, now: Date) => (c.overdue_since ? Math.max(0, daysBetween(c.overdue_since, now)) : 0);
