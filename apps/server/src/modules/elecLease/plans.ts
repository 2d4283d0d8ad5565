import {
  ELEC_LEASE_ERRORS,
  LEASE_PLAN_KINDS,
  type InputOf,
  type LeasePlan,
  type LeasePlanKind,
  type elecLeaseEndpoints,
} from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { clean, found, ms } from './rowHelpers.ts';
import { plansQueries, type PlanRow, type PlanValues } from './plans.queries.ts';

const DEFAULT_DAYS: Record<LeasePlanKind, number> = { daily: 1, weekly: 7, monthly: 30, rentToOwn: 30 };

export function presentPlan(p: PlanRow): LeasePlan {
  return {
    planId: Number(p.id),
    name: p.name,
    kind: p.kind,
    kindName: LEASE_PLAN_KINDS[p.kind] ?? p.kind,
    periodDays: p.period_days,
    rentFen: p.rent_fen,
    depositFen: p.deposit_fen,
    insuranceFen: p.insurance_fen,
    lateFeeFen: p.late_fee_fen,
    periods: p.periods,
    enabled: p.enabled,
    created: ms(p.created_at)!,
  };
}

/** Creates or edits a plan. Contracts already made keep the terms they were made with only as far as their bills go: later bills follow the plan. */
export async function savePlan(db: Db, user: SessionUser, input: InputOf<typeof elecLeaseEndpoints.savePlan>): Promise<number> {
  // the contract's union for callers, any text on the wire
  const kind = oneOfOrRefuse(LEASE_PLAN_KINDS, input.kind, ELEC_LEASE_ERRORS.planKindUnknown, 'kind');
  if (kind === 'rentToOwn' && !input.periods) throw new AppError(ELEC_LEASE_ERRORS.planPeriodsMissing);
  const values: PlanValues = [
    clean(input.name) || LEASE_PLAN_KINDS[kind],
    kind,
    input.periodDays ?? DEFAULT_DAYS[kind],
    input.rentFen,
    input.depositFen,
    input.insuranceFen,
    input.lateFeeFen ?? 0,
    kind === 'rentToOwn' ? input.periods! : null,
    input.enabled ?? true,
  ];
  if (input.planId !== undefined) {
    const plan = found(await plansQueries.visible(db, user.accountPath, input.planId));
    await plansQueries.update(db, Number(plan.id), values);
    return Number(plan.id);
  }
  return plansQueries.insert(db, user.accountId, values);
}
