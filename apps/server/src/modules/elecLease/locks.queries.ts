import type { LeaseLockAction, LeaseLockTrigger, PowerOrderStatus } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { queryPage } from '../../db/queryPage.ts';

export interface LockRow {
  id: number;
  contract_id: number | null;
  contract_no: string | null;
  vehicle_code: string | null;
  action: LeaseLockAction;
  trigger: LeaseLockTrigger;
  reason: string;
  user_name: string;
  order_id: number | null;
  /** elec_car_power_orders.status */
  order_status: PowerOrderStatus | null;
  answer: string;
  created_at: Date;
}

const SELECT = `SELECT k.*, c.contract_no, lv.code AS vehicle_code, o.status AS order_status
  FROM elec_lease_locks k JOIN accounts a ON a.id = k.account_id LEFT JOIN elec_lease_contracts c ON c.id = k.contract_id
  LEFT JOIN elec_lease_vehicles lv ON lv.vehicle_id = k.vehicle_id LEFT JOIN elec_car_power_orders o ON o.id = k.order_id`;

export const locksQueries = {
  /** A contract's locks and unlocks, newest first (its page). */
  ofContract: (q: Queryable, contractId: number) =>
    q.query<LockRow>(
      `SELECT k.*, c.contract_no, lv.code AS vehicle_code, o.status AS order_status FROM elec_lease_locks k JOIN elec_lease_contracts c ON c.id = k.contract_id
         LEFT JOIN elec_lease_vehicles lv ON lv.vehicle_id = k.vehicle_id LEFT JOIN elec_car_power_orders o ON o.id = k.order_id WHERE k.contract_id = $1 ORDER BY k.id DESC`,
      [contractId],
    ),
  page: async (q: Queryable, scope: string, contractId: number | null, limit: number, offset: number) => {
    const where = `${accountInScope('a.path', 1)} AND ($2::bigint IS NULL OR k.contract_id = $2)`;
    return queryPage<LockRow>(
      q,
      {
        select: `${SELECT} WHERE ${where}`,
        countFrom: `FROM elec_lease_locks k JOIN accounts a ON a.id = k.account_id WHERE ${where}`,
        orderBy: 'k.id DESC',
        params: [scope, contractId],
      },
      { limit, offset },
    );
  },
  one: async (q: Queryable, id: number) => (await q.query<LockRow>(`${SELECT} WHERE k.id = $1`, [id]))[0]!,
  /** Records a lock or unlock before it is sent. */
  insert: async (
    q: Queryable,
    k: {
      accountId: number;
      contractId: number;
      vehicleId: number;
      action: LeaseLockAction;
      trigger: LeaseLockTrigger;
      reason: string;
      userId: number | null;
      userName: string;
    },
  ) =>
    Number(
      (
        await q.query<{ id: number }>(
          `INSERT INTO elec_lease_locks (account_id, contract_id, vehicle_id, action, trigger, reason, user_id, user_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [k.accountId, k.contractId, k.vehicleId, k.action, k.trigger, k.reason, k.userId, k.userName],
        )
      )[0]!.id,
    ),
  /** Claims a lapsed lock for renewal (compare-and-set): of several jobs processes, one renews it. */
  claimRenewal: async (q: Queryable, id: number) =>
    (await q.query(`UPDATE elec_lease_locks SET renewed_at = now() WHERE id = $1 AND renewed_at IS NULL RETURNING 1`, [id])).length === 1,
  /** What carrying it out answered: 电单车卫士's power order, or why nothing was sent. */
  outcome: (q: Queryable, id: number, orderId: number | null, answer: string) =>
    q.query(`UPDATE elec_lease_locks SET order_id = $2, answer = $3 WHERE id = $1`, [id, orderId, answer]),
  /** Sets the lock reason only from the state expected ('' to lock, any to unlock): one process acts. */
  claim: async (q: Queryable, contractId: number, lock: string) =>
    (
      await q.query(
        `UPDATE elec_lease_contracts SET lock_reason = $2 WHERE id = $1 AND (CASE WHEN $2 = '' THEN lock_reason <> '' ELSE lock_reason = '' END) RETURNING 1`,
        [contractId, lock],
      )
    ).length === 1,
  /**
   * Locked contracts whose last lock never reached the bike (its cut expired while the rider kept
   * riding, was cancelled, or failed) and that have not been retried in the last minute.
   */
  lapsed: (q: Queryable) =>
    q.query<{ id: number; last_id: number }>(
      `SELECT c.id, last.id AS last_id FROM elec_lease_contracts c
         JOIN LATERAL (SELECT k.id, k.action, k.created_at, k.renewed_at, o.status FROM elec_lease_locks k LEFT JOIN elec_car_power_orders o ON o.id = k.order_id
                        WHERE k.contract_id = c.id ORDER BY k.id DESC LIMIT 1) last ON true
        WHERE c.lock_reason <> '' AND c.status IN ('active', 'overdue') AND last.action = 'lock'
          AND last.renewed_at IS NULL
          AND last.status IN ('expired', 'cancelled', 'failed') AND last.created_at < now() - interval '1 minute'`,
    ),

  /** Who sends the platform's orders for a contract: its creator, or (none recorded) the account's first user. */
  systemSender: async (q: Queryable, createdBy: number | null, accountId: number) =>
    (
      await q.query<{ id: number }>(`SELECT id FROM users WHERE id = $1 OR (account_id = $2 AND $1::bigint IS NULL) ORDER BY id LIMIT 1`, [
        createdBy,
        accountId,
      ])
    )[0],
};
