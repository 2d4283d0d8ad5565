import type { Queryable } from '../../db/types.ts';
import { accountInScope, pathWithinSql } from '../../core/accountScope.ts';

export interface StoreRow {
  id: number;
  account_id: number;
  name: string;
  address: string;
  phone: string;
  staff_count: number;
  vehicle_count: number;
  created_at: Date;
}

export interface StaffRow {
  id: number;
  username: string;
  name: string;
  phone: string;
  role_name: string;
  account_name: string;
  store_id: number | null;
  store_name: string | null;
  position: string | null;
}

export interface SettingsRow {
  grace_days: number;
  lock_on_overdue: boolean;
  lock_out_of_area: boolean;
  lock_on_tamper: boolean;
}

const STORES = `SELECT s.*, (SELECT count(*)::int FROM elec_lease_staff f WHERE f.store_id = s.id) AS staff_count,
       (SELECT count(*)::int FROM elec_lease_vehicles v WHERE v.store_id = s.id) AS vehicle_count
  FROM elec_lease_stores s JOIN accounts a ON a.id = s.account_id`;

export const operatorQueries = {
  stores: (q: Queryable, scope: string) => q.query<StoreRow>(`${STORES} WHERE ${accountInScope('a.path', 1)} ORDER BY s.id`, [scope]),
  store: async (q: Queryable, scope: string, id: number) =>
    (await q.query<StoreRow>(`${STORES} WHERE ${accountInScope('a.path', 1)} AND s.id = $2`, [scope, id]))[0],
  insertStore: async (q: Queryable, accountId: number, s: { name: string; address: string; phone: string }) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO elec_lease_stores (account_id, name, address, phone) VALUES ($1, $2, $3, $4) ON CONFLICT (account_id, name) DO NOTHING RETURNING id`,
        [accountId, s.name, s.address, s.phone],
      )
    )[0]?.id,
  updateStore: async (q: Queryable, id: number, s: { name: string; address: string; phone: string }) =>
    (
      await q.query(
        `UPDATE elec_lease_stores SET name = $2, address = $3, phone = $4 WHERE id = $1
          AND NOT EXISTS (SELECT 1 FROM elec_lease_stores o WHERE o.account_id = elec_lease_stores.account_id AND o.name = $2 AND o.id <> $1) RETURNING 1`,
        [id, s.name, s.address, s.phone],
      )
    ).length === 1,
  deleteStore: (q: Queryable, id: number) => q.query(`DELETE FROM elec_lease_stores WHERE id = $1`, [id]),

  /** The users of the caller's subtree (the staff), with their store and position. */
  staff: (q: Queryable, scope: string, userId?: number) =>
    q.query<StaffRow>(
      `SELECT u.id, u.username, u.name, u.phone, r.name AS role_name, a.name AS account_name, f.store_id, s.name AS store_name, f.position
         FROM users u JOIN accounts a ON a.id = u.account_id JOIN roles r ON r.id = u.role_id
         LEFT JOIN elec_lease_staff f ON f.user_id = u.id LEFT JOIN elec_lease_stores s ON s.id = f.store_id
        WHERE ${accountInScope('a.path', 1)} AND ($2::bigint IS NULL OR u.id = $2) ORDER BY u.id`,
      [scope, userId ?? null],
    ),
  assign: (q: Queryable, userId: number, storeId: number, position: string) =>
    q.query(
      `INSERT INTO elec_lease_staff (user_id, store_id, position) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO UPDATE SET store_id = $2, position = $3`,
      [userId, storeId, position],
    ),
  unassign: (q: Queryable, userId: number) => q.query(`DELETE FROM elec_lease_staff WHERE user_id = $1`, [userId]),

  /** The operator's rules: its own row, else the nearest ancestor's, else the defaults. */
  settings: async (q: Queryable, accountPath: string): Promise<SettingsRow> =>
    (
      await q.query<SettingsRow>(
        `SELECT st.grace_days, st.lock_on_overdue, st.lock_out_of_area, st.lock_on_tamper FROM elec_lease_settings st JOIN accounts a ON a.id = st.account_id
        WHERE ${pathWithinSql('$1', 'a.path')} ORDER BY length(a.path) DESC LIMIT 1`,
        [accountPath],
      )
    )[0] ?? { grace_days: 3, lock_on_overdue: true, lock_out_of_area: false, lock_on_tamper: true },
  saveSettings: (q: Queryable, accountId: number, s: SettingsRow) =>
    q.query(
      `INSERT INTO elec_lease_settings (account_id, grace_days, lock_on_overdue, lock_out_of_area, lock_on_tamper) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id) DO UPDATE SET grace_days = $2, lock_on_overdue = $3, lock_out_of_area = $4, lock_on_tamper = $5`,
      [accountId, s.grace_days, s.lock_on_overdue, s.lock_out_of_area, s.lock_on_tamper],
    ),
};
