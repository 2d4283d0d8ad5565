import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { Queryable } from '../../db/types.ts';
import type { FenceShapeRow } from './geofences.queries.ts';

export interface WatchRow extends FenceShapeRow {
  vehicle_id: number;
  terminal_pk: number | null;
  account_id: number | null;
  geofence_id: number;
  inside: boolean | null;
}

/** A stored fix round late ones, judged before them or not (judgedBefore sorts that out). */
export interface StoredFixRow {
  gps_time: Date;
  received_at: Date;
  lat: number;
  lon: number;
  speed: number;
}

/** The alarm a crossing raises. */
const FENCE_ALARM = { enter: 'geofenceEnter', exit: 'geofenceExit' } as const satisfies Record<FenceAlarm['kind'], AlarmType>;

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
  /** 补传: judged from a blind-area fix. */
  late: boolean;
}

/** How far from a late fix its neighbours are looked for: a blind area longer than this is not judged. */
const NEIGHBOUR_WINDOW = "interval '7 days'";
/** At most this many stored fixes between a late upload's oldest and newest are replayed. */
const BETWEEN_LIMIT = 20_000;

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
    (
      await q.query(
        'UPDATE geofence_states SET inside = $3, changed_at = $4 WHERE vehicle_id = $1 AND geofence_id = $2 AND inside = NOT $3 AND changed_at < $4 RETURNING 1',
        [vehicleId, geofenceId, inside, new Date(at)],
      )
    ).length === 1,

  /**
   * The alarm (type geofenceEnter / geofenceExit) and which fence it was about, in one statement.
   * Null when the same crossing of the same fence at the same device time is already raised (a
   * late fix judged again: the terminal resent its upload, or two gateways held it in turn).
   */
  raise: async (q: Queryable, a: FenceAlarm) =>
    (
      await q.query<{ id: number }>(
        `WITH al AS (
         INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, speed, late)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $11
          WHERE NOT $11 OR NOT EXISTS (
                SELECT 1 FROM alarms x JOIN geofence_events e ON e.alarm_id = x.id
                 WHERE x.terminal_id = $1 AND x.alarm_time = $5 AND x.type = $4 AND e.geofence_id = $9)
         RETURNING id)
       INSERT INTO geofence_events (alarm_id, geofence_id, vehicle_id, kind) SELECT id, $9, $3, $10 FROM al RETURNING alarm_id AS id`,
        [a.terminalPk, a.accountId, a.vehicleId, FENCE_ALARM[a.kind], new Date(a.at), a.lat, a.lon, a.speed, a.geofenceId, a.kind, a.late],
      )
    )[0]?.id ?? null,

  /**
   * The stored fixes round late ones, stored by `receivedBy`: those from `from` to `to` in GPS time,
   * and the nearest before and after them (within a week: a blind area longer than that is not
   * judged), oldest first. Fixes the engine skips (not positioned, at 0,0) are skipped here too.
   */
  storedRound: async (q: Queryable, terminalPk: number, from: number, to: number, receivedBy: number) =>
    (
      await q.query<StoredFixRow>(
        `(SELECT gps_time, received_at, lat, lon, speed FROM positions
         WHERE terminal_id = $1 AND gps_time < $2 AND gps_time >= $2 - ${NEIGHBOUR_WINDOW}
           AND received_at <= $4 AND valid AND NOT (lat = 0 AND lon = 0)
         ORDER BY gps_time DESC LIMIT 1)
       UNION ALL
       (SELECT gps_time, received_at, lat, lon, speed FROM positions
         WHERE terminal_id = $1 AND gps_time >= $2 AND gps_time <= $3
           AND received_at <= $4 AND valid AND NOT (lat = 0 AND lon = 0)
         ORDER BY gps_time LIMIT ${BETWEEN_LIMIT})
       UNION ALL
       (SELECT gps_time, received_at, lat, lon, speed FROM positions
         WHERE terminal_id = $1 AND gps_time > $3 AND gps_time <= $3 + ${NEIGHBOUR_WINDOW}
           AND received_at <= $4 AND valid AND NOT (lat = 0 AND lon = 0)
         ORDER BY gps_time LIMIT 1)`,
        [terminalPk, new Date(from), new Date(to), new Date(receivedBy)],
      )
    ).sort((a, b) => a.gps_time.getTime() - b.gps_time.getTime()),
};
