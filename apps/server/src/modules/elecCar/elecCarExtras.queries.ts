import type { GeofenceKind } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import type { AlarmRow } from '../../core/alarm.presenter.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import { ALARM_ROW_COLUMNS } from '../../core/alarmRow.queries.ts';
import { queryPage } from '../../db/queryPage.ts';
import { kindsOf } from '@chelian/contracts';
import { fenceShownFor } from '../../core/assetKinds.ts';

/** The fences 电单车卫士 shows and binds: not 智能工牌's responsibility areas (core/assetKinds.ts). */
const ELEC_CAR_FENCE = fenceShownFor('g', kindsOf('elec-car'));

export interface BikeAlarmFilter {
  scope: string;
  vehicleId: number | null;
  types: string[];
  start: Date;
  end: Date;
}

const FROM = `FROM alarms al JOIN elec_car_bikes b ON b.vehicle_id = al.vehicle_id JOIN terminals t ON t.id = al.terminal_id
  LEFT JOIN accounts a ON a.id = al.account_id LEFT JOIN vehicles v ON v.id = al.vehicle_id LEFT JOIN users u ON u.id = al.handled_by`;
const WHERE = `${terminalInScope('a.path', 1)} AND ($2::bigint IS NULL OR al.vehicle_id = $2) AND al.type = ANY($3::text[])
   AND al.alarm_time >= $4 AND al.alarm_time < $5`;

export interface FenceRow {
  id: number;
  name: string;
  kind: GeofenceKind;
  radius_m: number | null;
  alarm_enter: boolean;
  alarm_exit: boolean;
  bound: boolean;
}

export const elecCarExtrasQueries = {
  /** Alarms of e-bikes only (a tenant's cars keep theirs in 智能车联). */
  alarmPage: async (q: Queryable, f: BikeAlarmFilter, limit: number, offset: number) => {
    const params = [f.scope, f.vehicleId, f.types, f.start, f.end];
    return queryPage<AlarmRow>(
      q,
      {
        select: `SELECT al.id, t.identifier, al.vehicle_id, v.plate, v.name AS vehicle_name, ${ALARM_ROW_COLUMNS} ${FROM} WHERE ${WHERE}`,
        countFrom: `${FROM} WHERE ${WHERE}`,
        orderBy: 'al.alarm_time DESC, al.id DESC',
        params,
      },
      { limit, offset },
    );
  },

  /** The fences of the bike's account, each marked when attached to the bike. */
  fencesOf: (q: Queryable, accountId: number, vehicleId: number) =>
    q.query<FenceRow>(
      `SELECT g.id, g.name, g.kind, g.radius_m, g.alarm_enter, g.alarm_exit,
              EXISTS (SELECT 1 FROM geofence_vehicles gv WHERE gv.geofence_id = g.id AND gv.vehicle_id = $2) AS bound
         FROM geofences g WHERE g.account_id = $1 AND ${ELEC_CAR_FENCE} ORDER BY g.id`,
      [accountId, vehicleId],
    ),

  fenceAccount: async (q: Queryable, geofenceId: number) =>
    (
      await q.query<{ account_id: number; path: string }>(
        `SELECT g.account_id, a.path FROM geofences g JOIN accounts a ON a.id = g.account_id WHERE g.id = $1 AND ${ELEC_CAR_FENCE}`,
        [geofenceId],
      )
    )[0],

  attach: (q: Queryable, geofenceId: number, vehicleId: number) =>
    q.query(`INSERT INTO geofence_vehicles (geofence_id, vehicle_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [geofenceId, vehicleId]),

  detach: (q: Queryable, geofenceId: number, vehicleId: number) =>
    q.query(`DELETE FROM geofence_vehicles WHERE geofence_id = $1 AND vehicle_id = $2`, [geofenceId, vehicleId]),
};
