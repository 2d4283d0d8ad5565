import {
  ELEC_LEASE_ERRORS,
  LEASE_PLAN_KINDS,
  type InputOf,
  type LeasePlan,
  type LeasePlanKind,
  type elecLeaseEndpoints,
} from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { AppError } from '../../http/errors.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { clean, found, ms } from './scope.ts';

export interface PlanRow {
  id: number;
  account_id: number;
  name: string;
  kind: LeasePlanKind;
  period_days: number;
  rent_fen: number;
  deposit_fen: number;
  insurance_fen: number;
  late_fee_fen: number;
  periods: number | null;
  enabled: boolean;
  created_at: Date;
}

const DEFAULT_DAYS: Record<LeasePlanKind, number> = { daily: 1, weekly: 7, monthly: 30, rentToOwn: 30 };
const SELECT = `SELECT p.* FROM elec_lease_plans p JOIN accounts a ON a.id = p.account_id`;

export const plansQueries = {
  list: (q: Queryable, scope: string) =>
    q.query<PlanRow>(`${SELECT} WHERE ${accountInScope('a.path', 1)} ORDER BY p.enabled DESC, p.id`, [scope]),
  visible: async (q: Queryable, scope: string, id: number) =>
    (await q.query<PlanRow>(`${SELECT} WHERE ${accountInScope('a.path', 1)} AND p.id = $2`, [scope, id]))[0],
  byId: async (q: Queryable, id: number) => (await q.query<PlanRow>(`SELECT * FROM elec_lease_plans WHERE id = $1`, [id]))[0]!,
};

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
  if (!(input.kind in LEASE_PLAN_KINDS)) throw new AppError(ELEC_LEASE_ERRORS.planKindUnknown, { params: { kind: input.kind } });
  const kind = input.kind as LeasePlanKind;
  if (kind === 'rentToOwn' && !input.periods) throw new AppError(ELEC_LEASE_ERRORS.planPeriodsMissing);
  const values = [
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
    await db.query(
      `UPDATE elec_lease_plans SET name = $2, kind = $3, period_days = $4, rent_fen = $5, deposit_fen = $6, insurance_fen = $7, late_fee_fen = $8, periods = $9, enabled = $10 WHERE id = $1`,
      [plan.id, ...values],
    );
    return Number(plan.id);
  }
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO elec_lease_plans (account_id, name, kind, period_days, rent_fen, deposit_fen, insurance_fen, late_fee_fen, periods, enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [user.accountId, ...values],
  );
  return Number(row!.id);
}
