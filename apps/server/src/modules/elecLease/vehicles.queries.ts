import type { LeaseVehicleState } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { queryPage } from '../../db/queryPage.ts';

/** A rental bike's own row, with its store and the open contract it is in. */
export interface LeaseVehicleRow {
  vehicle_id: number;
  account_id: number;
  code: string;
  store_id: number | null;
  store_name: string | null;
  battery_model: string;
  state: LeaseVehicleState;
  out_of_area: boolean;
  created_at: Date;
  contract_id: number | null;
  contract_no: string | null;
  rider_name: string | null;
}

const SELECT = `SELECT lv.*, s.name AS store_name, c.id AS contract_id, c.contract_no, r.name AS rider_name
  FROM elec_lease_vehicles lv JOIN accounts a ON a.id = lv.account_id JOIN vehicles v ON v.id = lv.vehicle_id
  LEFT JOIN elec_lease_stores s ON s.id = lv.store_id
  LEFT JOIN elec_lease_contracts c ON c.vehicle_id = lv.vehicle_id AND c.status IN ('pending', 'active', 'overdue')
  LEFT JOIN elec_lease_riders r ON r.id = c.rider_id
  LEFT JOIN terminals t ON t.id = v.terminal_id`;

export const leaseVehiclesQueries = {
  page: async (q: Queryable, scope: string, keyword: string | null, state: LeaseVehicleState | null, limit: number, offset: number) => {
    const where = `${accountInScope('a.path', 1)} AND ($2::text IS NULL OR lv.code ILIKE $2 OR v.plate ILIKE $2 OR t.identifier LIKE $2 OR r.name LIKE $2) AND ($3::text IS NULL OR lv.state = $3)`;
    return queryPage<LeaseVehicleRow>(
      q,
      { select: `${SELECT} WHERE ${where}`, orderBy: 'lv.code', params: [scope, keyword, state] },
      { limit, offset },
    );
  },
  visible: async (q: Queryable, scope: string, id: number) =>
    (await q.query<LeaseVehicleRow>(`${SELECT} WHERE ${accountInScope('a.path', 1)} AND lv.vehicle_id = $2`, [scope, id]))[0],
  all: (q: Queryable, scope: string) =>
    q.query<LeaseVehicleRow>(`${SELECT} WHERE ${accountInScope('a.path', 1)} ORDER BY lv.code`, [scope]),
  codeTaken: async (q: Queryable, accountId: number, code: string, except: number | null) =>
    (
      await q.query(`SELECT 1 FROM elec_lease_vehicles WHERE account_id = $1 AND code = $2 AND vehicle_id <> COALESCE($3::bigint, 0)`, [
        accountId,
        code,
        except,
      ])
    ).length > 0,
  insert: (q: Queryable, r: { vehicleId: number; accountId: number; code: string; storeId: number | null; batteryModel: string }) =>
    q.query(`INSERT INTO elec_lease_vehicles (vehicle_id, account_id, code, store_id, battery_model) VALUES ($1, $2, $3, $4, $5)`, [
      r.vehicleId,
      r.accountId,
      r.code,
      r.storeId,
      r.batteryModel,
    ]),
  update: (q: Queryable, id: number, r: { code: string; storeId: number | null; batteryModel: string; state: string }) =>
    q.query(`UPDATE elec_lease_vehicles SET code = $2, store_id = $3, battery_model = $4, state = $5 WHERE vehicle_id = $1`, [
      id,
      r.code,
      r.storeId,
      r.batteryModel,
      r.state,
    ]),
  /** The rental code of a vehicle already in 电单车租赁 (in any account), or null. */
  codeOf: async (q: Queryable, id: number) =>
    (await q.query<{ code: string }>(`SELECT code FROM elec_lease_vehicles WHERE vehicle_id = $1`, [id]))[0]?.code ?? null,
  hasContracts: async (q: Queryable, id: number) =>
    (await q.query(`SELECT 1 FROM elec_lease_contracts WHERE vehicle_id = $1 LIMIT 1`, [id])).length > 0,
  /** Takes a bike out of 电单车租赁: the rental row only; the 电单车卫士 bike and its terminal stay. */
  remove: (q: Queryable, id: number) => q.query(`DELETE FROM elec_lease_vehicles WHERE vehicle_id = $1`, [id]),
  setState: (q: Queryable, id: number, state: string) =>
    q.query(`UPDATE elec_lease_vehicles SET state = $2 WHERE vehicle_id = $1`, [id, state]),
};
