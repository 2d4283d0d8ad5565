import type { LeasePlanKind } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';

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

/** A plan's terms in column order: name, kind, period_days, rent, deposit, insurance, late fee (fen), periods, enabled. */
export type PlanValues = [string, LeasePlanKind, number, number, number, number, number, number | null, boolean];

const SELECT = `SELECT p.* FROM elec_lease_plans p JOIN accounts a ON a.id = p.account_id`;

export const plansQueries = {
  list: (q: Queryable, scope: string) =>
    q.query<PlanRow>(`${SELECT} WHERE ${accountInScope('a.path', 1)} ORDER BY p.enabled DESC, p.id`, [scope]),
  visible: async (q: Queryable, scope: string, id: number) =>
    (await q.query<PlanRow>(`${SELECT} WHERE ${accountInScope('a.path', 1)} AND p.id = $2`, [scope, id]))[0],
  byId: async (q: Queryable, id: number) => (await q.query<PlanRow>(`SELECT * FROM elec_lease_plans WHERE id = $1`, [id]))[0]!,
  update: (q: Queryable, id: number, values: PlanValues) =>
    q.query(
      `UPDATE elec_lease_plans SET name = $2, kind = $3, period_days = $4, rent_fen = $5, deposit_fen = $6, insurance_fen = $7, late_fee_fen = $8, periods = $9, enabled = $10 WHERE id = $1`,
      [id, ...values],
    ),
  insert: async (q: Queryable, accountId: number, values: PlanValues) =>
    Number(
      (
        await q.query<{ id: number }>(
          `INSERT INTO elec_lease_plans (account_id, name, kind, period_days, rent_fen, deposit_fen, insurance_fen, late_fee_fen, periods, enabled)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [accountId, ...values],
        )
      )[0]!.id,
    ),
};
