import type { LeaseVerifyStatus } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { queryPage } from '../../db/queryPage.ts';

export interface RiderRow {
  id: number;
  account_id: number;
  name: string;
  id_number: string;
  phone: string;
  emergency_name: string;
  emergency_phone: string;
  /** The identity verifier's answer (identity.ts), stored as it came. */
  verify_status: LeaseVerifyStatus;
  verify_note: string;
  blacklisted: boolean;
  blacklist_reason: string;
  open_contracts: number;
  created_at: Date;
}

export interface RiderFields {
  name: string;
  idNumber: string;
  phone: string;
  emergencyName: string;
  emergencyPhone: string;
  verifyStatus: LeaseVerifyStatus;
  verifyNote: string;
}

const SELECT = `SELECT r.*, (SELECT count(*)::int FROM elec_lease_contracts c WHERE c.rider_id = r.id AND c.status IN ('pending', 'active', 'overdue')) AS open_contracts
  FROM elec_lease_riders r JOIN accounts a ON a.id = r.account_id`;

export const ridersQueries = {
  page: async (q: Queryable, scope: string, keyword: string | null, blacklisted: boolean | null, limit: number, offset: number) => {
    const where = `${accountInScope('a.path', 1)} AND ($2::text IS NULL OR r.name LIKE $2 OR r.phone LIKE $2 OR r.id_number LIKE $2) AND ($3::boolean IS NULL OR r.blacklisted = $3)`;
    return queryPage<RiderRow>(
      q,
      {
        select: `${SELECT} WHERE ${where}`,
        countFrom: `FROM elec_lease_riders r JOIN accounts a ON a.id = r.account_id WHERE ${where}`,
        orderBy: 'r.id DESC',
        params: [scope, keyword, blacklisted],
      },
      { limit, offset },
    );
  },
  visible: async (q: Queryable, scope: string, id: number) =>
    (await q.query<RiderRow>(`${SELECT} WHERE ${accountInScope('a.path', 1)} AND r.id = $2`, [scope, id]))[0],
  byIdNumber: async (q: Queryable, accountId: number, idNumber: string) =>
    (
      await q.query<{ id: number; name: string }>(`SELECT id, name FROM elec_lease_riders WHERE account_id = $1 AND id_number = $2`, [
        accountId,
        idNumber,
      ])
    )[0],
  insert: async (q: Queryable, accountId: number, f: RiderFields) =>
    Number(
      (
        await q.query<{ id: number }>(
          `INSERT INTO elec_lease_riders (account_id, name, id_number, phone, emergency_name, emergency_phone, verify_status, verify_note)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [accountId, f.name, f.idNumber, f.phone, f.emergencyName, f.emergencyPhone, f.verifyStatus, f.verifyNote],
        )
      )[0]!.id,
    ),
  update: (q: Queryable, id: number, f: RiderFields) =>
    q.query(
      `UPDATE elec_lease_riders SET name = $2, id_number = $3, phone = $4, emergency_name = $5, emergency_phone = $6, verify_status = $7, verify_note = $8 WHERE id = $1`,
      [id, f.name, f.idNumber, f.phone, f.emergencyName, f.emergencyPhone, f.verifyStatus, f.verifyNote],
    ),
  blacklist: (q: Queryable, id: number, on: boolean, reason: string) =>
    q.query(`UPDATE elec_lease_riders SET blacklisted = $2, blacklist_reason = $3 WHERE id = $1`, [id, on, on ? reason : '']),
  /** The newest open contract, or the count of all, that keeps a rider from being deleted. */
  openContract: async (q: Queryable, id: number) =>
    (
      await q.query<{ contract_no: string }>(
        `SELECT contract_no FROM elec_lease_contracts WHERE rider_id = $1 AND status IN ('pending', 'active', 'overdue') ORDER BY id DESC LIMIT 1`,
        [id],
      )
    )[0],
  contractCount: async (q: Queryable, id: number) =>
    (await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM elec_lease_contracts WHERE rider_id = $1`, [id]))[0]!.n,
  delete: (q: Queryable, id: number) => q.query(`DELETE FROM elec_lease_riders WHERE id = $1`, [id]),
};
