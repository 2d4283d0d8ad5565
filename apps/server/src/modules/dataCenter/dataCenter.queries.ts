import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { Queryable } from '../../db/types.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import type { AlarmRow } from '../../core/alarm.presenter.ts';
import type { AssetKind } from '@chelian/contracts';
import { isVehicleKind } from '../../core/assetKinds.ts';
import { inFleet, onlineAt } from '../terminals/vehicles.queries.ts';

/*
 * The data centre's reads. $1 is always the terminal scope (core/terminalScope.ts). The fleet now
 * is 实时监控's (terminals/vehicles.queries.ts inFleet), every asset kind split; the trends are of
 * the vehicles with a terminal of a kind that drives, as the reports count them (reports.queries.ts
 * VEHICLES). Days a terminal had before its hand-over are left out unless the caller is a platform
 * administrator ($4), as in the reports.
 */
const FLEET_DAYS = `FROM vehicles v JOIN accounts a ON a.id = v.account_id JOIN terminals t ON t.id = v.terminal_id
  JOIN daily_terminal_stats s ON s.terminal_id = t.id AND s.day BETWEEN $2::date AND $3::date
   AND ($4::boolean OR t.assigned_at IS NULL OR s.day >= ((t.assigned_at + interval '8 hours') AT TIME ZONE 'UTC')::date)
 WHERE ${terminalInScope('a.path', 1)} AND ${isVehicleKind('v.type')}`;

// An asset's state now ($4), from its terminal (t) and latest position (l); $2 is the day's start.
const ASSET_STATE = `t.id AS terminal_id, ${onlineAt(4)} AS online, l.speed, l.lat, l.lon, COALESCE(cardinality(l.alarms) > 0, false) AS alarming,
       COALESCE(t.online OR t.last_seen_at >= $2 OR l.gps_time >= $2, false) AS active_today`;

export interface FleetRow {
  /** vehicles.type (CHECK vehicles_type_kind) or 'pet' */
  kind: AssetKind;
  /** null: no terminal yet (counted, offline, as 实时监控 lists it) */
  terminal_id: number | null;
  online: boolean;
  speed: number | null;
  lat: number | null;
  lon: number | null;
  alarming: boolean;
  /** online now, or heard from / reported a position since the day's start ($2) */
  active_today: boolean;
}

export interface DayRow {
  day: string;
  alarms: number;
  active: number;
  mileage_km: number;
}

export interface PresenceRow {
  terminal_id: number;
  at: Date;
  online: boolean;
}

export const dataCenterQueries = {
  /**
   * One row per asset of the kinds given: its kind, its state now and where it is (10 000 rows at
   * 10 000 assets; aggregated by the service). Vehicles are 实时监控's rows (inFleet); pets, kept in
   * their own table, are the pets 宠物卫士 lists.
   */
  fleet: (q: Queryable, scope: string, dayStart: Date, kinds: readonly AssetKind[], now: Date) =>
    q.query<FleetRow>(
      `SELECT v.type AS kind, ${ASSET_STATE}
         FROM vehicles v JOIN accounts a ON a.id = v.account_id LEFT JOIN terminals t ON t.id = v.terminal_id
         LEFT JOIN latest_positions l ON l.terminal_id = t.id
        WHERE ${inFleet(1, 3)}
       UNION ALL
       SELECT 'pet' AS kind, ${ASSET_STATE}
         FROM pets p JOIN accounts a ON a.id = p.account_id LEFT JOIN terminals t ON t.id = p.terminal_id
         LEFT JOIN latest_positions l ON l.terminal_id = t.id
        WHERE ${terminalInScope('a.path', 1)} AND 'pet' = ANY($3::text[])`,
      [scope, dayStart, kinds, now],
    ),

  /** Alarms of [start, end) by type and hour since start (the owner's at the time: alarms.account_id). */
  alarmsByTypeAndHour: (q: Queryable, scope: string, start: Date, end: Date) =>
    q.query<{ type: AlarmType; hour: number; n: number }>(
      `SELECT al.type, floor(extract(epoch FROM al.alarm_time - $2::timestamptz) / 3600)::int AS hour, count(*)::int AS n
         FROM alarms al LEFT JOIN accounts a ON a.id = al.account_id
        WHERE ${terminalInScope('a.path', 1)} AND al.alarm_time >= $2 AND al.alarm_time < $3
        GROUP BY 1, 2`,
      [scope, start, end],
    ),

  /**
   * The daily rollups of the fleet's terminals from..to (Beijing days): alarms, vehicles active
   * (online or reporting at all) and km per day.
   */
  days: (q: Queryable, scope: string, from: string, to: string, isPlatformAdmin: boolean) =>
    q.query<DayRow>(
      `SELECT to_char(s.day, 'YYYY-MM-DD') AS day, COALESCE(sum(s.alarm_count), 0)::int AS alarms,
              count(*) FILTER (WHERE s.online_seconds > 0 OR s.position_count > 0)::int AS active,
              COALESCE(sum(s.mileage_km), 0)::float8 AS mileage_km
         ${FLEET_DAYS}
        GROUP BY s.day ORDER BY s.day`,
      [scope, from, to, isPlatformAdmin],
    ),

  /** The vehicles that drove farthest from..to, at most `limit`. */
  mileageRanking: (q: Queryable, scope: string, from: string, to: string, isPlatformAdmin: boolean, limit: number) =>
    q.query<{ vehicle_id: number; plate: string; name: string; km: number }>(
      `SELECT v.id AS vehicle_id, v.plate, v.name, sum(s.mileage_km)::float8 AS km
         ${FLEET_DAYS}
        GROUP BY v.id, v.plate, v.name HAVING sum(s.mileage_km) > 0
        ORDER BY km DESC, v.plate, v.id LIMIT $5`,
      [scope, from, to, isPlatformAdmin, limit],
    ),

  /**
   * `days` from the rollup's per-account summary (daily_account_stats): the same figures, a few rows
   * per account instead of one per vehicle and day. Only while the summary is current (fleetSummary.ts).
   */
  daysFromSummary: (q: Queryable, scope: string, from: string, to: string, isPlatformAdmin: boolean) =>
    q.query<DayRow>(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
              sum(CASE WHEN $4::boolean THEN d.alarms ELSE d.owned_alarms END)::int AS alarms,
              sum(CASE WHEN $4::boolean THEN d.active ELSE d.owned_active END)::int AS active,
              sum(CASE WHEN $4::boolean THEN d.mileage_km ELSE d.owned_mileage_km END)::float8 AS mileage_km
         FROM daily_account_stats d JOIN accounts a ON a.id = d.account_id
        WHERE ${terminalInScope('a.path', 1)} AND d.day BETWEEN $2::date AND $3::date
        GROUP BY d.day ORDER BY d.day`,
      [scope, from, to, isPlatformAdmin],
    ),

  /**
   * `mileageRanking` from each terminal's km over the window's finished days (terminal_recent_mileage)
   * plus today's row: one row per vehicle instead of 30.
   */
  rankingFromSummary: (q: Queryable, scope: string, today: string, isPlatformAdmin: boolean, limit: number) =>
    q.query<{ vehicle_id: number; plate: string; name: string; km: number }>(
      `SELECT * FROM (
         SELECT v.id AS vehicle_id, v.plate, v.name,
                (COALESCE(CASE WHEN $3::boolean THEN r.km ELSE r.owned_km END, 0) + COALESCE(s.mileage_km, 0))::float8 AS km
           FROM vehicles v JOIN accounts a ON a.id = v.account_id JOIN terminals t ON t.id = v.terminal_id
           LEFT JOIN terminal_recent_mileage r ON r.terminal_id = t.id
           LEFT JOIN daily_terminal_stats s ON s.terminal_id = t.id AND s.day = $2::date
            AND ($3::boolean OR t.assigned_at IS NULL OR s.day >= ((t.assigned_at + interval '8 hours') AT TIME ZONE 'UTC')::date)
          WHERE ${terminalInScope('a.path', 1)} AND ${isVehicleKind('v.type')} AND (r.terminal_id IS NOT NULL OR s.terminal_id IS NOT NULL)) x
        WHERE x.km > 0 ORDER BY x.km DESC, x.plate, x.vehicle_id LIMIT $4`,
      [scope, today, isPlatformAdmin, limit],
    ),

  /** The newest alarms of [start, end), at most `limit`. */
  latestAlarms: (q: Queryable, scope: string, start: Date, end: Date, limit: number) =>
    q.query<AlarmRow>(
      `SELECT al.id, t.identifier, al.vehicle_id, v.plate, v.name AS vehicle_name, al.type, al.alarm_time, al.received_at,
              al.lat, al.lon, al.speed, al.handled, u.name AS handled_by_name, al.handled_at, al.handle_note
         FROM alarms al JOIN terminals t ON t.id = al.terminal_id LEFT JOIN accounts a ON a.id = al.account_id
         LEFT JOIN vehicles v ON v.id = al.vehicle_id LEFT JOIN users u ON u.id = al.handled_by
        WHERE ${terminalInScope('a.path', 1)} AND al.alarm_time >= $2 AND al.alarm_time < $3
        ORDER BY al.alarm_time DESC, al.id DESC LIMIT $4`,
      [scope, start, end, limit],
    ),

  /** Online/offline transitions of the fleet's terminals within [start, end), in time order. */
  presence: (q: Queryable, scope: string, start: Date, end: Date) =>
    q.query<PresenceRow>(
      `SELECT e.terminal_id, e.at, e.online
         FROM presence_events e JOIN vehicles v ON v.terminal_id = e.terminal_id JOIN accounts a ON a.id = v.account_id
        WHERE ${terminalInScope('a.path', 1)} AND ${isVehicleKind('v.type')} AND e.at >= $2 AND e.at < $3
        ORDER BY e.terminal_id, e.at, e.online`,
      [scope, start, end],
    ),

  /** Terminals in scope whose service has ended ($2 now) or ends before $3, and the soonest not yet ended. */
  expiring: async (q: Queryable, scope: string, now: Date, until: Date, limit: number) => {
    const WHERE = `${terminalInScope('a.path', 1)} AND t.service_expires_at IS NOT NULL`;
    const [counts] = await q.query<{ expired: number; soon: number }>(
      `SELECT count(*) FILTER (WHERE t.service_expires_at <= $2)::int AS expired,
              count(*) FILTER (WHERE t.service_expires_at > $2 AND t.service_expires_at <= $3)::int AS soon
         FROM terminals t LEFT JOIN accounts a ON a.id = t.account_id WHERE ${WHERE} AND t.service_expires_at <= $3`,
      [scope, now, until],
    );
    const list = await q.query<{
      vehicle_id: number | null;
      plate: string | null;
      name: string | null;
      identifier: string;
      expires_at: Date;
    }>(
      `SELECT v.id AS vehicle_id, v.plate, v.name, t.identifier, t.service_expires_at AS expires_at
         FROM terminals t LEFT JOIN accounts a ON a.id = t.account_id LEFT JOIN vehicles v ON v.terminal_id = t.id
        WHERE ${WHERE} AND t.service_expires_at > $2 AND t.service_expires_at <= $3
        ORDER BY t.service_expires_at, t.id LIMIT $4`,
      [scope, now, until, limit],
    );
    return { expired: counts?.expired ?? 0, soon: counts?.soon ?? 0, list };
  },
};
