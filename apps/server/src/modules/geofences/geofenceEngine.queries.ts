import type { Queryable } from '../../db/types.ts';
import type { FenceShapeRow } from './geofences.queries.ts';

export interface WatchRow extends FenceShapeRow {
  vehicle_id: number;
  terminal_pk: number | null;
  account_id: number | null;
  geofence_id: number;
  inside: boolean | null;
}

export interface FenceAlarm {
  terminalPk: number;
  accountId: number | null;
  vehicleId: number;
  geofenceId: number;
  kind: 'enter' | 'exit';
  at: number;
  lat: number;
  lon: number;
  speed: number;
}

/** What the geofence engine reads and writes as positions arrive. */
export const geofenceEngineQueries = {
  fencedVehicles: async (q: Queryable) =>
    new Set((await q.query<{ vehicle_id: number }>('SELECT DISTINCT vehicle_id FROM geofence_vehicles')).map((r) => Number(r.vehicle_id))),

  /** Fences, alarm switches and recorded states of these vehicles; the alarm goes to the terminal's owner. */
  watches: (q: Queryable, vehicleIds: number[]) =>
    q.query<WatchRow>(
      `SELECT v.id AS vehicle_id, v.terminal_id AS terminal_pk, t.account_id, g.id AS geofence_id, g.kind, g.center_lon, g.center_lat,
              g.radius_m, g.rings, g.alarm_enter, g.alarm_exit, s.inside
         FROM vehicles v JOIN geofence_vehicles gv ON gv.vehicle_id = v.id JOIN geofences g ON g.id = gv.geofence_id
         LEFT JOIN terminals t ON t.id = v.terminal_id
         LEFT JOIN geofence_states s ON s.vehicle_id = v.id AND s.geofence_id = g.id
        WHERE v.id = ANY($1::bigint[])`,
      [vehicleIds],
    ),

  /** First sight of a vehicle for a fence: where it is, without an event. */
  recordStates: (q: Queryable, vehicleId: number, states: Array<[number, boolean]>, at: number) =>
    q.query(
      `INSERT INTO geofence_states (vehicle_id, geofence_id, inside, changed_at)
       SELECT $1, x.id, x.inside, $3 FROM json_to_recordset($2::json) AS x(id bigint, inside boolean) ON CONFLICT DO NOTHING`,
      [vehicleId, JSON.stringify(states.map(([id, inside]) => ({ id, inside }))), new Date(at)],
    ),

  /**
   * Compare-and-set: true only for the one process that moved the state, which alone raises the
   * alarm. A report older than the recorded change cannot flip it back (another process ahead).
   */
  flipState: async (q: Queryable, vehicleId: number, geofenceId: number, inside: boolean, at: number) =>
    (await q.query('UPDATE geofence_states SET inside = $3, changed_at = $4 WHERE vehicle_id = $1 AND geofence_id = $2 AND inside = NOT $3 AND changed_at < $4 RETURNING 1', [
      vehicleId, geofenceId, inside, new Date(at),
    ])).length === 1,

  /** The alarm (type geofenceEnter / geofenceExit) and which fence it was about, in one statement. */
  raise: async (q: Queryable, a: FenceAlarm) =>
    (await q.query<{ id: number }>(
      `WITH al AS (
         INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, speed)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id)
       INSERT INTO geofence_events (alarm_id, geofence_id, vehicle_id, kind) SELECT id, $9, $3, $10 FROM al RETURNING alarm_id AS id`,
      [a.terminalPk, a.accountId, a.vehicleId, a.kind === 'enter' ? 'geofenceEnter' : 'geofenceExit', new Date(a.at), a.lat, a.lon, a.speed, a.geofenceId, a.kind],
    ))[0].id,
};
