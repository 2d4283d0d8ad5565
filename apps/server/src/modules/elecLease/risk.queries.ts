import { kindsOf, type GeofenceKind, type LeaseAreaKind } from '@chelian/contracts';
import { fenceShownFor } from '../../core/assetKinds.ts';
import type { FenceShapeRow } from '../geofences/geofences.queries.ts';
import type { Queryable } from '../../db/types.ts';
import { CONTRACT_SELECT, type ContractRow } from './contracts.queries.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { queryPage } from '../../db/queryPage.ts';

/** The fences 电单车租赁 lists and may mark as areas: not 智能工牌's responsibility areas (core/assetKinds.ts). */
const LEASE_FENCE = fenceShownFor('g', kindsOf('elec-lease'));

export const riskQueries = {
  overduePage: async (q: Queryable, scope: string, keyword: string | null, limit: number, offset: number) => {
    const where = `c.status = 'overdue' AND ${accountInScope('a.path', 1)} AND ($2::text IS NULL OR c.contract_no LIKE $2 OR r.name LIKE $2 OR r.phone LIKE $2 OR lv.code ILIKE $2)`;
    const overdue = `FROM (${CONTRACT_SELECT} WHERE ${where}) x`;
    return queryPage<ContractRow & { reminders: number }>(
      q,
      {
        select: `SELECT x.*, (SELECT count(*)::int FROM elec_lease_reminders m WHERE m.contract_id = x.id) AS reminders ${overdue}`,
        countFrom: overdue,
        orderBy: 'x.overdue_since, x.id',
        params: [scope, keyword],
      },
      { limit, offset },
    );
  },
  /**
   * Started contracts billed through no later than `aheadMs` from now, each with its next period's
   * number and start as read here. Billed through = paid through (due_at) + the days of the rent
   * bills still unpaid, so a rider behind by several periods is billed each of them; billing
   * exactly that number (a unique key) bills it once, however many processes read the row.
   */
  dueForBilling: (q: Queryable, now: Date, aheadMs: number) =>
    q.query<ContractRow & { next_seq: number; billed_through: Date }>(
      `SELECT * FROM (SELECT x.*, (SELECT COALESCE(max(seq), 0)::int + 1 FROM elec_lease_bills b WHERE b.contract_id = x.id AND b.kind = 'rent') AS next_seq,
              x.due_at + make_interval(days => (SELECT COALESCE(sum(b.covers_days), 0)::int FROM elec_lease_bills b
                WHERE b.contract_id = x.id AND b.kind = 'rent' AND b.status = 'unpaid')) AS billed_through
         FROM (${CONTRACT_SELECT} WHERE c.status IN ('active', 'overdue') AND c.due_at <= $1
          AND (p.periods IS NULL OR (SELECT count(*) FROM elec_lease_bills b WHERE b.contract_id = c.id AND b.kind = 'rent') < p.periods)) x) y
        WHERE y.billed_through <= $1`,
      [new Date(now.getTime() + aheadMs)],
    ),
  /** Active contracts past their paid-through time become overdue (compare-and-set: one process moves each). */
  markOverdue: (q: Queryable, now: Date) =>
    q.query<{ id: number }>(
      `UPDATE elec_lease_contracts SET status = 'overdue', overdue_since = due_at WHERE status = 'active' AND due_at < $1 RETURNING id`,
      [now],
    ),
  overdue: (q: Queryable) =>
    q.query<ContractRow & { late_fee_fen: number; late_fee_days: number }>(
      `SELECT x.*, p.late_fee_fen, (SELECT COALESCE(max(seq), 0)::int FROM elec_lease_bills b WHERE b.contract_id = x.id AND b.kind = 'lateFee') AS late_fee_days
       FROM (${CONTRACT_SELECT} WHERE c.status = 'overdue') x JOIN elec_lease_plans p ON p.id = x.plan_id`,
    ),
  /** Overdue contracts paid through the future again: back to active. */
  backToActive: (q: Queryable, id: number, now: Date) =>
    q.query<{ id: number }>(
      `UPDATE elec_lease_contracts SET status = 'active', overdue_since = NULL WHERE id = $1 AND status = 'overdue' AND due_at > $2 RETURNING id`,
      [id, now],
    ),
  remind: async (q: Queryable, r: { contractId: number; auto: boolean; text: string; userName: string; now: Date }) =>
    (
      await q.query(
        `INSERT INTO elec_lease_reminders (contract_id, day, auto, text, user_name) VALUES ($1, ($5::timestamptz AT TIME ZONE 'Asia/Shanghai')::date, $2, $3, $4)
       ON CONFLICT (contract_id, day) WHERE auto DO NOTHING RETURNING 1`,
        [r.contractId, r.auto, r.text, r.userName, r.now],
      )
    ).length === 1,

  /** The geofences 电单车租赁 shows, each with its service-area kind when it is one. */
  areas: (q: Queryable, scope: string) =>
    q.query<{ id: number; name: string; kind: GeofenceKind; radius_m: number | null; area: LeaseAreaKind | null }>(
      `SELECT g.id, g.name, g.kind, g.radius_m, la.kind AS area FROM geofences g JOIN accounts a ON a.id = g.account_id
         LEFT JOIN elec_lease_areas la ON la.geofence_id = g.id WHERE ${accountInScope('a.path', 1)} AND ${LEASE_FENCE}
        ORDER BY la.kind NULLS LAST, g.id`,
      [scope],
    ),
  visibleFence: async (q: Queryable, scope: string, geofenceId: number) =>
    (
      await q.query<{ id: number; account_id: number }>(
        `SELECT g.id, g.account_id FROM geofences g JOIN accounts a ON a.id = g.account_id
          WHERE ${accountInScope('a.path', 1)} AND g.id = $2 AND ${LEASE_FENCE}`,
        [scope, geofenceId],
      )
    )[0],
  setArea: (q: Queryable, geofenceId: number, accountId: number, kind: LeaseAreaKind) =>
    q.query(
      `INSERT INTO elec_lease_areas (geofence_id, account_id, kind) VALUES ($1, $2, $3) ON CONFLICT (geofence_id) DO UPDATE SET kind = $3`,
      [geofenceId, accountId, kind],
    ),
  clearArea: (q: Queryable, geofenceId: number) => q.query(`DELETE FROM elec_lease_areas WHERE geofence_id = $1`, [geofenceId]),

  /** Every account's service areas (areaWatch.ts): the boundaries and no-parking zones. */
  watchedAreas: (q: Queryable) =>
    q.query<FenceShapeRow & { id: number; path: string; area: 'boundary' | 'noParking' }>(
      `SELECT g.*, a.path, la.kind AS area FROM elec_lease_areas la JOIN geofences g ON g.id = la.geofence_id JOIN accounts a ON a.id = la.account_id
        WHERE la.kind IN ('boundary', 'noParking')`,
    ),
  /** Every lease bike with its running contract and its area flags (areaWatch.ts). */
  watchedBikes: (q: Queryable) =>
    q.query<{ vehicle_id: number; path: string; contract_id: number | null; out_of_area: boolean; in_no_parking: boolean }>(
      `SELECT lv.vehicle_id, a.path, c.id AS contract_id, lv.out_of_area, lv.in_no_parking FROM elec_lease_vehicles lv JOIN accounts a ON a.id = lv.account_id
         LEFT JOIN elec_lease_contracts c ON c.vehicle_id = lv.vehicle_id AND c.status IN ('active', 'overdue')`,
    ),
  /** Compare-and-set of a bike's area flag: true when this call changed it. */
  flipAreaFlag: async (q: Queryable, vehicleId: number, column: 'out_of_area' | 'in_no_parking', value: boolean) =>
    (
      await q.query(`UPDATE elec_lease_vehicles SET ${column} = $2 WHERE vehicle_id = $1 AND ${column} <> $2 RETURNING 1`, [
        vehicleId,
        value,
      ])
    ).length === 1,
};
