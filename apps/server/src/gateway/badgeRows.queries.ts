import type { Queryable } from '../db/types.ts';

/** One row of badge_beacon_events (migration 0022) as badgeRows.ts shapes it: times ISO, figures clamped to their columns. */
export interface BeaconRecord {
  terminal_id: number;
  at: string;
  received_at: string;
  clock: 'in' | 'out' | 'seen';
  mac: string;
  uuid: string;
  major: number;
  minor: number;
  rssi: number;
  battery: number | null;
}

export const badgeRowsQueries = {
  /** A flush's beacon sightings, in one statement. */
  insertBeacons: (q: Queryable, records: readonly BeaconRecord[]) =>
    q.query(
      `INSERT INTO badge_beacon_events (terminal_id, at, received_at, clock, mac, uuid, major, minor, rssi, battery)
       SELECT terminal_id, at, received_at, clock, mac, uuid, major, minor, rssi, battery
       FROM json_to_recordset($1::json) AS r(terminal_id bigint, at timestamptz, received_at timestamptz, clock text, mac text, uuid text, major integer, minor integer, rssi smallint, battery smallint)`,
      [JSON.stringify(records)],
    ),
};
