import { isVehicleKind } from '../../core/assetKinds.ts';
import type { Queryable } from '../../db/types.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';

/** The alarm this engine raises; written into its statements (the partial index's predicate must be literal). */
const PLATFORM_OVERSPEED = 'platformOverspeed' satisfies AlarmType;

/** A vehicle's terminal, its owner, its own limit and the owner's shortest 平台超速报警 episode (NULL: the default); of a kind that drives. */
export interface VehicleRuleRow {
  vehicle_id: number;
  terminal_id: number;
  account_id: number | null;
  speed_limit_kmh: number | null;
  min_seconds: number | null;
}

export interface PlatformOverspeedAlarm {
  terminalPk: number;
  accountId: number | null;
  vehicleId: number;
  /** The episode's first fix: where and when it began. */
  at: number;
  lat: number;
  lon: number;
  /** km/h, the fastest fix until it qualified */
  speed: number;
}

export const overspeedAlarmsQueries = {
  rules: (q: Queryable, vehicleIds: number[]) =>
    q.query<VehicleRuleRow>(
      `SELECT v.id AS vehicle_id, v.terminal_id, t.account_id, v.speed_limit_kmh::float8 AS speed_limit_kmh, c.min_seconds
         FROM vehicles v JOIN terminals t ON t.id = v.terminal_id
         LEFT JOIN alarm_controls c ON c.account_id = t.account_id AND c.alarm_type = '${PLATFORM_OVERSPEED}'
        -- The kinds 超速报表 lists (车辆, 电单车): people and pets have no overspeed.
        WHERE v.id = ANY($1::bigint[]) AND ${isVehicleKind('v.type')}`,
      [vehicleIds],
    ),

  /** The alarm, or null when this episode (its terminal and start) was raised before: by another gateway, or before a restart. */
  raise: async (q: Queryable, a: PlatformOverspeedAlarm) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, speed)
         VALUES ($1, $2, $3, '${PLATFORM_OVERSPEED}', $4, $5, $6, $7)
         ON CONFLICT (terminal_id, alarm_time) WHERE type = '${PLATFORM_OVERSPEED}' DO NOTHING RETURNING id`,
        [a.terminalPk, a.accountId, a.vehicleId, new Date(a.at), a.lat, a.lon, a.speed],
      )
    )[0]?.id ?? null,
};
