import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { sinceHandOver } from '../../core/handover.ts';

/** A registration with its module and that module's newest BMS report (report columns null without one). */
export interface BoardRow {
  bike_id: number;
  plate: string;
  frame_no: string;
  identifier: string | null;
  online: boolean | null;
  report: Record<string, unknown> | null;
}

export const gbBatteryQueries = {
  /**
   * Every registration the caller sees (matching the keyword) with its newest report: one index
   * probe per bike (ebike_battery_reports_terminal_idx). The board ranks them all by risk.
   */
  board: (q: Queryable, scope: string, like: string | null) =>
    q.query<BoardRow>(
      `SELECT b.id AS bike_id, b.plate, b.frame_no, t.identifier, t.online, to_jsonb(r) AS report
         FROM elec_gb_bikes b JOIN accounts a ON a.id = b.account_id LEFT JOIN terminals t ON t.id = b.terminal_id
         LEFT JOIN LATERAL (
           SELECT id, received_at, bms_time, battery_serial, soc_pct, remaining_mah, absolute_soc_pct, full_mah, health_pct, temperature_c,
                  current_a, voltage_v, cycles, cell_volts, charge_interval_h, max_charge_interval_h, barcode, battery_version, manufacturer,
                  battery_status, controller_status, controller_fault, implausible
             FROM ebike_battery_reports WHERE terminal_id = b.terminal_id AND ${sinceHandOver('t', 'received_at')} ORDER BY received_at DESC, id DESC LIMIT 1) r ON true
        WHERE ${accountInScope('a.path', 1)}
          AND ($2::text IS NULL OR b.frame_no ILIKE $2 OR b.plate ILIKE $2 OR t.identifier LIKE $2)
        ORDER BY b.id`,
      [scope, like],
    ),
};
