import type { GbBatteryType, GbState, GbUseType } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { sinceHandOver } from '../../core/handover.ts';

export interface StatsBikeRow {
  state: GbState;
  use_type: GbUseType;
  terminal_pk: number | null;
  online: boolean | null;
  positioning_consent: boolean;
  ccc_cert: string;
  battery_type: GbBatteryType;
  battery_voltage: number | null;
  owner_id_no: string;
  created_at: Date;
  health_pct: number | null;
  health_implausible: boolean | null;
}

/** $1 scope; registrations of the caller's subtree. */
const BIKES = `FROM elec_gb_bikes b JOIN accounts a ON a.id = b.account_id WHERE ${accountInScope('a.path', 1)}`;

export const gbStatsQueries = {
  /** Every registration with what compliance and the health distribution need (the newest report's health). */
  bikes: (q: Queryable, scope: string) =>
    q.query<StatsBikeRow>(
      `SELECT b.state, b.use_type, b.terminal_id AS terminal_pk, t.online, b.positioning_consent, b.ccc_cert, b.battery_type, b.battery_voltage,
              b.owner_id_no, b.created_at, r.health_pct, 'health' = ANY(r.implausible) AS health_implausible
         FROM elec_gb_bikes b JOIN accounts a ON a.id = b.account_id LEFT JOIN terminals t ON t.id = b.terminal_id
         LEFT JOIN LATERAL (SELECT health_pct, implausible FROM ebike_battery_reports
                                      WHERE terminal_id = b.terminal_id AND ${sinceHandOver('t', 'received_at')} ORDER BY received_at DESC, id DESC LIMIT 1) r ON true
        WHERE ${accountInScope('a.path', 1)}`,
      [scope],
    ),

  /** GB alarms of registered modules in [start, end), owned by an account of the subtree, per type and Beijing day. */
  alarms: (q: Queryable, scope: string, types: string[], start: Date, end: Date) =>
    q.query<{ type: string; day: string; n: number }>(
      `SELECT al.type, to_char((al.alarm_time AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM alarms al JOIN accounts a ON a.id = al.account_id
        WHERE ${accountInScope('a.path', 1)} AND al.type = ANY($2::text[]) AND al.alarm_time >= $3 AND al.alarm_time < $4
          AND al.terminal_id IN (SELECT terminal_id FROM elec_gb_bikes WHERE terminal_id IS NOT NULL)
        GROUP BY 1, 2`,
      [scope, types, start, end],
    ),

  /** Per Beijing day, registered modules heard from (positions or time online, from the daily rollup). */
  activeDays: (q: Queryable, scope: string, from: string, to: string) =>
    q.query<{ day: string; n: number }>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM daily_terminal_stats d JOIN elec_gb_bikes b ON b.terminal_id = d.terminal_id JOIN accounts a ON a.id = b.account_id
        WHERE ${accountInScope('a.path', 1)} AND d.day BETWEEN $2::date AND $3::date AND (d.position_count > 0 OR d.online_seconds > 0)
        GROUP BY 1`,
      [scope, from, to],
    ),

  count: async (q: Queryable, scope: string) => (await q.query<{ n: number }>(`SELECT count(*)::int AS n ${BIKES}`, [scope]))[0]?.n ?? 0,
};
