import { kindsOf, type GeofenceKind, type LonLat } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { fenceShownFor, isVehicleKind } from '../../core/assetKinds.ts';
import { queryPage } from '../../db/queryPage.ts';

/** A fence's shape and alarm switches as stored: what the editor and the engine both read. */
export interface FenceShapeRow {
  kind: GeofenceKind;
  center_lon: number | null;
  center_lat: number | null;
  radius_m: number | null;
  rings: LonLat[][] | null;
  alarm_enter: boolean;
  alarm_exit: boolean;
}

export interface GeofenceRow extends FenceShapeRow {
  id: number;
  account_id: number;
  account_name: string;
  account_path: string;
  name: string;
  remark: string;
  speed_limit_kmh: number | null;
  vehicle_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface GeofenceFields {
  accountId: number;
  name: string;
  kind: GeofenceKind;
  centerLon: number | null;
  centerLat: number | null;
  radiusM: number | null;
  rings: LonLat[][] | null;
  alarmEnter: boolean;
  alarmExit: boolean;
  remark: string;
  speedLimitKmh: number | null;
}

const SELECT = `SELECT g.id, g.account_id, a.name AS account_name, a.path AS account_path, g.name, g.kind, g.center_lon, g.center_lat,
       g.radius_m, g.rings, g.alarm_enter, g.alarm_exit, g.remark, g.speed_limit_kmh::float8 AS speed_limit_kmh, g.created_at, g.updated_at,
       (SELECT count(*)::int FROM geofence_vehicles gv JOIN vehicles gvv ON gvv.id = gv.vehicle_id
         WHERE gv.geofence_id = g.id AND ${isVehicleKind('gvv.type')}) AS vehicle_count
  FROM geofences g JOIN accounts a ON a.id = g.account_id`;

const fieldParams = (f: GeofenceFields) => [
  f.accountId,
  f.name,
  f.kind,
  f.centerLon,
  f.centerLat,
  f.radiusM,
  f.rings === null ? null : JSON.stringify(f.rings),
  f.alarmEnter,
  f.alarmExit,
  f.remark,
  f.speedLimitKmh,
];

/** Fences, their vehicles and the per-vehicle inside state. Visibility: the fence's account is in the caller's subtree. */
export const geofencesQueries = {
  /**
   * 智能车联's 电子围栏: the fences of its kinds (a responsibility area is 智能工牌's, core/assetKinds.ts);
   * `keyword` as db/likeText.ts containsPattern makes it, null for all.
   */
  page: async (q: Queryable, p: { scope: string; keyword: string | null; accountId: number | null; limit: number; offset: number }) => {
    const where = `${accountInScope('a.path', 1)} AND ($2::text IS NULL OR g.name ILIKE $2) AND ($3::bigint IS NULL OR g.account_id = $3)
      AND ${fenceShownFor('g', kindsOf('car'))}`;
    const params = [p.scope, p.keyword, p.accountId];
    return queryPage<GeofenceRow>(
      q,
      {
        select: `${SELECT} WHERE ${where}`,
        countFrom: `FROM geofences g JOIN accounts a ON a.id = g.account_id WHERE ${where}`,
        orderBy: 'g.id DESC',
        params,
      },
      p,
    );
  },

  visible: (q: Queryable, scope: string, ids: number[]) =>
    q.query<GeofenceRow>(`${SELECT} WHERE ${accountInScope('a.path', 1)} AND g.id = ANY($2::bigint[]) ORDER BY g.id`, [scope, ids]),

  ofVehicle: (q: Queryable, scope: string, vehicleId: number) =>
    q.query<GeofenceRow>(
      `${SELECT} WHERE ${accountInScope('a.path', 1)} AND g.id IN (SELECT geofence_id FROM geofence_vehicles WHERE vehicle_id = $2) ORDER BY g.id`,
      [scope, vehicleId],
    ),

  insert: async (q: Queryable, f: GeofenceFields, userId: number) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO geofences (account_id, name, kind, center_lon, center_lat, radius_m, rings, alarm_enter, alarm_exit, remark, speed_limit_kmh, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12) RETURNING id`,
        [...fieldParams(f), userId],
      )
    )[0].id,

  update: (q: Queryable, id: number, f: GeofenceFields) =>
    q.query(
      `UPDATE geofences SET account_id = $1, name = $2, kind = $3, center_lon = $4, center_lat = $5, radius_m = $6, rings = $7::jsonb,
              alarm_enter = $8, alarm_exit = $9, remark = $10, speed_limit_kmh = $11, updated_at = now() WHERE id = $12`,
      [...fieldParams(f), id],
    ),

  /** A changed shape makes every recorded inside state stale: the next position records afresh. */
  clearStates: (q: Queryable, id: number) => q.query('DELETE FROM geofence_states WHERE geofence_id = $1', [id]),

  delete: async (q: Queryable, ids: number[]) =>
    (await q.query<{ id: number }>('DELETE FROM geofences WHERE id = ANY($1::bigint[]) RETURNING id', [ids])).length,

  vehicleIds: async (q: Queryable, id: number) =>
    (
      await q.query<{ vehicle_id: number }>(
        `SELECT gv.vehicle_id FROM geofence_vehicles gv JOIN vehicles v ON v.id = gv.vehicle_id
          WHERE gv.geofence_id = $1 AND ${isVehicleKind('v.type')} ORDER BY gv.vehicle_id`,
        [id],
      )
    ).map((r) => r.vehicle_id),

  attach: async (q: Queryable, id: number, vehicleIds: number[]) =>
    (
      await q.query(
        `INSERT INTO geofence_vehicles (geofence_id, vehicle_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING RETURNING vehicle_id`,
        [id, vehicleIds],
      )
    ).length,

  detach: async (q: Queryable, id: number, vehicleIds: number[] | 'all') => {
    const ids = vehicleIds === 'all' ? null : vehicleIds;
    await q.query('DELETE FROM geofence_states WHERE geofence_id = $1 AND ($2::bigint[] IS NULL OR vehicle_id = ANY($2::bigint[]))', [
      id,
      ids,
    ]);
    return (
      await q.query(
        'DELETE FROM geofence_vehicles WHERE geofence_id = $1 AND ($2::bigint[] IS NULL OR vehicle_id = ANY($2::bigint[])) RETURNING vehicle_id',
        [id, ids],
      )
    ).length;
  },
};
