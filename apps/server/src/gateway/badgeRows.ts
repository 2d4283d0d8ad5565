/**
 * Work-badge beacon sightings (GT06 0xB2) as the gateway stores them: one row of
 * badge_beacon_events each (migration 0022), written with the positions' flush, so the badge is
 * answered only once what it sent is stored.
 */
import type { BeaconSighting } from '@chelian/protocols/model.ts';
import type { Queryable } from '../db/types.ts';
import { badgeRowsQueries, type BeaconRecord } from './badgeRows.queries.ts';

export interface BeaconRow {
  terminalPk: number;
  receivedAt: number;
  sighting: BeaconSighting;
}

const clampInt = (n: number, lo: number, hi: number) => (Number.isFinite(n) ? Math.min(hi, Math.max(lo, Math.trunc(n))) : 0);
/** Text a PostgreSQL text column takes (no NUL), bounded. */
const text = (s: string, max: number) => String(s).replace(/\0/g, '').slice(0, max);

/** The rows made fit for their columns (clamped, no NUL), then stored (badgeRows.queries.ts). */
export const badgeIngestQueries = {
  insertBeacons: async (q: Queryable, rows: readonly BeaconRow[]) => {
    if (!rows.length) return;
    const records = rows.map(({ terminalPk, receivedAt, sighting: s }): BeaconRecord => ({
      terminal_id: terminalPk,
      at: new Date(Number.isFinite(s.time) ? s.time : receivedAt).toISOString(),
      received_at: new Date(receivedAt).toISOString(),
      clock: s.clock === 'in' || s.clock === 'out' ? s.clock : 'seen',
      mac: text(s.mac, 32),
      uuid: text(s.uuid, 40),
      major: clampInt(s.major, 0, 0xffff),
      minor: clampInt(s.minor, 0, 0xffff),
      rssi: clampInt(s.rssi, -128, 127),
      battery: s.battery === undefined ? null : clampInt(s.battery, 0, 255),
    }));
    await badgeRowsQueries.insertBeacons(q, records);
  },
};
