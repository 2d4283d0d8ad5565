import type { GeofenceKind, LeaseAreaKind } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { pathWithinSql } from '../../core/accountScope.ts';
import { CONTRACT_SELECT, OPEN_STATES, type ContractRow } from './contracts.queries.ts';

/** 掌上车联's rider as the phone sees it (rider.service.ts): who, and in whose account. */
export interface RiderRow {
  id: number;
  account_id: number;
  name: string;
  phone: string;
}

const RIDER_SELECT = `SELECT r.id, r.account_id, r.name, r.phone FROM elec_lease_riders r`;

export const riderQueries = {
  /** The rider linked to this user. */
  linked: (q: Queryable, userId: number) => q.query<RiderRow>(`${RIDER_SELECT} WHERE r.user_id = $1`, [userId]),

  /** Riders not linked yet whose phone is this person's user's, in an account above the user's. */
  byPersonPhone: (q: Queryable, userId: number) =>
    q.query<RiderRow>(
      `${RIDER_SELECT} JOIN accounts ra ON ra.id = r.account_id, users u JOIN accounts ua ON ua.id = u.account_id
      WHERE u.id = $1 AND ua.kind = 'person' AND u.phone <> '' AND r.phone = u.phone AND r.user_id IS NULL
        AND left(ua.path, length(ra.path)) = ra.path`,
      [userId],
    ),

  /** Links a rider not linked yet to the user (riderOf's first visit). */
  linkOnce: (q: Queryable, riderId: number, userId: number) =>
    q.query(`UPDATE elec_lease_riders SET user_id = $2 WHERE id = $1 AND user_id IS NULL`, [riderId, userId]),

  /** Links the rider to the user unless another rider holds that user (邀请使用掌上车联): whether it did. */
  linkInvited: async (q: Queryable, riderId: number, userId: number) =>
    (
      await q.query(
        `UPDATE elec_lease_riders SET user_id = $2 WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM elec_lease_riders o WHERE o.user_id = $2 AND o.id <> $1) RETURNING id`,
        [riderId, userId],
      )
    ).length > 0,

  /** The tracker of the bike of the rider's newest open contract (undefined without one; null when the bike has none). */
  openBikeTerminal: async (q: Queryable, riderId: number) =>
    (
      await q.query<{ terminal_id: number | null }>(
        `SELECT v.terminal_id FROM elec_lease_contracts c JOIN vehicles v ON v.id = c.vehicle_id
        WHERE c.rider_id = $1 AND c.status IN ('pending', 'active', 'overdue') ORDER BY c.id DESC LIMIT 1`,
        [riderId],
      )
    )[0],

  /** The user of the 个人用户 account holding the tracker, when it is not the one with this phone. */
  earlierHolder: async (q: Queryable, terminalId: number, phone: string) =>
    (
      await q.query<{ user_id: number }>(
        `SELECT u.id AS user_id FROM terminals t JOIN accounts a ON a.id = t.account_id JOIN users u ON u.account_id = a.id
        WHERE t.id = $1 AND a.kind = 'person' AND u.phone <> $2 ORDER BY u.id LIMIT 1`,
        [terminalId, phone],
      )
    )[0],

  /** The openid WeChat's 网页授权 gave the rider, if any. */
  wechatOpenid: async (q: Queryable, riderId: number) =>
    (await q.query<{ wechat_openid: string }>(`SELECT wechat_openid FROM elec_lease_riders WHERE id = $1`, [riderId]))[0]?.wechat_openid,

  setWechatOpenid: (q: Queryable, riderId: number, openid: string) =>
    q.query(`UPDATE elec_lease_riders SET wechat_openid = $2 WHERE id = $1`, [riderId, openid]),

  /** The rider's contracts: every open one and the five latest ended, newest first. */
  contracts: (q: Queryable, riderId: number) =>
    q.query<ContractRow>(
      `${CONTRACT_SELECT} WHERE c.rider_id = $1 AND (c.status IN ${OPEN_STATES} OR c.id IN (
       SELECT x.id FROM elec_lease_contracts x WHERE x.rider_id = $1 AND x.status NOT IN ${OPEN_STATES} ORDER BY x.id DESC LIMIT 5))
     ORDER BY c.id DESC`,
      [riderId],
    ),

  /** One of the rider's contracts. */
  contract: async (q: Queryable, riderId: number, contractId: number) =>
    (await q.query<ContractRow>(`${CONTRACT_SELECT} WHERE c.rider_id = $1 AND c.id = $2`, [riderId, contractId]))[0],

  /** The store the bike belongs to. */
  storeOfVehicle: async (q: Queryable, vehicleId: number) =>
    (
      await q.query<{ name: string; phone: string; address: string }>(
        `SELECT s.name, s.phone, s.address FROM elec_lease_vehicles lv JOIN elec_lease_stores s ON s.id = lv.store_id WHERE lv.vehicle_id = $1`,
        [vehicleId],
      )
    )[0],

  /** The service areas of the contract's account and the accounts above it, with their fences. */
  areas: (q: Queryable, accountPath: string) =>
    q.query<{
      id: number;
      name: string;
      kind: GeofenceKind;
      area: LeaseAreaKind;
      radius_m: number | null;
      center_lon: number | null;
      center_lat: number | null;
      rings: number[][][] | null;
    }>(
      `SELECT g.id, g.name, g.kind, la.kind AS area, g.radius_m, g.center_lon, g.center_lat, g.rings
         FROM elec_lease_areas la JOIN geofences g ON g.id = la.geofence_id JOIN accounts a ON a.id = la.account_id
        WHERE ${pathWithinSql('$1', 'a.path')} ORDER BY la.kind, g.id`,
      [accountPath],
    ),

  /** The channel of the contract's latest online payment (the deposit goes back through it). */
  lastOnlineMethod: async (q: Queryable, contractId: number) =>
    (
      await q.query<{ method: string }>(
        `SELECT method FROM elec_lease_payments WHERE contract_id = $1 AND kind = 'payment' AND method IN ('wechat', 'alipay') ORDER BY id DESC LIMIT 1`,
        [contractId],
      )
    )[0]?.method,
};
