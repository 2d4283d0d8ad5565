import { freshestFix } from '../../core/freshestFix.ts';
import type { PowerOrderAction, PowerOrderStatus } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { queryPage } from '../../db/queryPage.ts';

export type PowerAction = PowerOrderAction;

export interface PowerOrderRow {
  id: number;
  vehicle_id: number | null;
  terminal_id: number;
  action: PowerAction;
  /** Written by this file's queries alone, each one of the union. */
  status: PowerOrderStatus;
  reason: string;
  user_id: number | null;
  user_name: string;
  command_id: number | null;
  speed_at_request: number | null;
  speed_at_execution: number | null;
  created_at: Date;
  expires_at: Date;
  executed_at: Date | null;
  finished_at: Date | null;
}

/** A pending cut beside what the bike last reported: the engine decides whether it is safe now. */
export interface PendingCutRow {
  id: number;
  vehicle_id: number | null;
  terminal_id: number;
  identifier: string;
  user_id: number | null;
  online: boolean;
  valid: boolean | null;
  speed: number | null;
  acc: boolean | null;
  gps_time: Date | null;
}

/** A sent order and what became of its command. */
export interface SentOrderRow {
  id: number;
  vehicle_id: number | null;
  action: PowerAction;
  executed_at: Date;
  command_status: string | null;
  command_sent_at: Date | null;
  command_expires_at: Date | null;
  reply_success: boolean | null;
  reply_text: string | null;
}

export interface NewPowerOrder {
  vehicleId: number;
  terminalPk: number;
  accountId: number;
  userId: number;
  userName: string;
  action: PowerAction;
  status: 'pending' | 'sent';
  reason: string;
  speed: number | null;
  expiresAt: Date;
}

/**
 * SQL: who gave the order as every record names an operator (the 下发记录's 操作人): the user's name
 * (parameter `userId` their id), their login (parameter `login`) when they have none.
 */
export const operatorName = (userId: number, login: number) =>
  `COALESCE((SELECT NULLIF(u.name, '') FROM users u WHERE u.id = $${userId}), $${login})`;

export const powerOrdersQueries = {
  insert: async (q: Queryable, o: NewPowerOrder) =>
    Number(
      (
        await q.query<{ id: number }>(
          `INSERT INTO elec_car_power_orders (vehicle_id, terminal_id, account_id, user_id, user_name, action, status, reason, speed_at_request, expires_at,
                                          executed_at, speed_at_execution)
       VALUES ($1, $2, $3, $4, ${operatorName(4, 5)}, $6, $7, $8, $9, $10, CASE WHEN $7 = 'sent' THEN now() END, CASE WHEN $7 = 'sent' THEN $9::real END) RETURNING id`,
          [o.vehicleId, o.terminalPk, o.accountId, o.userId, o.userName, o.action, o.status, o.reason, o.speed, o.expiresAt],
        )
      )[0]!.id,
    ),

  setCommand: (q: Queryable, id: number, commandId: number) =>
    q.query(`UPDATE elec_car_power_orders SET command_id = $2 WHERE id = $1`, [id, commandId]),

  /** The bike's orders, newest first, for an account scope (a later owner does not see earlier ones). */
  page: async (q: Queryable, vehicleId: number, accountId: number, limit: number, offset: number) => {
    const orders = `FROM elec_car_power_orders WHERE vehicle_id = $1 AND account_id = $2`;
    return queryPage<PowerOrderRow>(
      q,
      { select: `SELECT * ${orders}`, countFrom: orders, orderBy: 'id DESC', params: [vehicleId, accountId] },
      { limit, offset },
    );
  },

  /** Pending cuts of a terminal (a new cut replaces nothing: one pending at a time). */
  pendingCut: async (q: Queryable, terminalPk: number) =>
    (
      await q.query<PowerOrderRow>(
        `SELECT * FROM elec_car_power_orders WHERE terminal_id = $1 AND action = 'cut' AND status = 'pending' AND expires_at > now() ORDER BY id DESC LIMIT 1`,
        [terminalPk],
      )
    )[0],

  cancelPending: async (q: Queryable, terminalPk: number, reason: string) =>
    (
      await q.query(
        `UPDATE elec_car_power_orders SET status = 'cancelled', reason = $2, finished_at = now() WHERE terminal_id = $1 AND status = 'pending' RETURNING id`,
        [terminalPk, reason],
      )
    ).length,

  /**
   * Every pending cut still in time, beside the bike's newest fix (optionally one terminal's): the
   * fix just committed, not latest_positions' row, which may be held back (core/freshestFix.ts) —
   * a cut waiting for the bike to slow down must see the report that says it has.
   */
  pendingWithPosition: (q: Queryable, identifier: string | null) =>
    q.query<PendingCutRow>(
      `SELECT o.id, o.vehicle_id, o.terminal_id, t.identifier, o.user_id, t.online, lp.valid, lp.speed, lp.acc, lp.gps_time
         FROM elec_car_power_orders o JOIN terminals t ON t.id = o.terminal_id LEFT JOIN LATERAL ${freshestFix('t.id')} lp ON true
        WHERE o.status = 'pending' AND o.expires_at > now() AND ($1::text IS NULL OR t.identifier = $1)`,
      [identifier],
    ),

  /** Takes a pending cut for execution: of two processes seeing the same position, one wins. */
  claim: async (q: Queryable, id: number, speed: number | null) =>
    (
      await q.query(
        `UPDATE elec_car_power_orders SET status = 'sent', executed_at = now(), speed_at_execution = $2, reason = ''
        WHERE id = $1 AND status = 'pending' AND expires_at > now() RETURNING id`,
        [id, speed],
      )
    ).length === 1,

  expirePending: (q: Queryable, reason: string) =>
    q.query<{ id: number }>(
      `UPDATE elec_car_power_orders SET status = 'expired', reason = $1, finished_at = now() WHERE status = 'pending' AND expires_at <= now() RETURNING id`,
      [reason],
    ),

  sent: (q: Queryable) =>
    q.query<SentOrderRow>(
      `SELECT o.id, o.vehicle_id, o.action, o.executed_at, c.status AS command_status, c.sent_at AS command_sent_at,
              c.expires_at AS command_expires_at, c.reply_success, c.reply_text
         FROM elec_car_power_orders o LEFT JOIN commands c ON c.id = o.command_id WHERE o.status = 'sent'`,
    ),

  finish: async (q: Queryable, id: number, status: 'done' | 'failed', reason: string) =>
    (
      await q.query(
        `UPDATE elec_car_power_orders SET status = $2, reason = $3, finished_at = now() WHERE id = $1 AND status = 'sent' RETURNING id`,
        [id, status, reason],
      )
    ).length === 1,

  setPowerCut: (q: Queryable, vehicleId: number, cut: boolean) =>
    q.query(`UPDATE elec_car_bikes SET power_cut = $2 WHERE vehicle_id = $1`, [vehicleId, cut]),
};
