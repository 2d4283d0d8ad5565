import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { GeofenceKind } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { attr, isBlindArea } from '@chelian/protocols/positionAttributes.ts';
import type { ZoneFix, ZoneState } from './zoneSmoothing.ts';

export type ZoneGeometry = { center: [number, number]; radiusMeters: number } | { rings: [number, number][][] };

export interface PetZoneRow {
  id: number;
  pet_id: number;
  name: string;
  kind: GeofenceKind;
  geometry: ZoneGeometry;
  alarm_exit: boolean;
  alarm_enter: boolean;
  inside: boolean | null;
}

/** A zone the engine watches: with its pet's account and collar. */
export interface WatchedZoneRow extends PetZoneRow {
  account_id: number;
  terminal_pk: number;
  identifier: string;
}

/** A stored fix of the collar, with when it came. */
export type StoredZoneFix = ZoneFix & { receivedAt: number };

const SELECT = `SELECT z.id, z.pet_id, z.name, z.kind, z.geometry, z.alarm_exit, z.alarm_enter, s.inside FROM pet_zones z LEFT JOIN pet_zone_states s ON s.zone_id = z.id`;

const FIX_COLUMNS = `gps_time, received_at, lat, lon, (extras->>'${attr('accuracy')}')::double precision AS accuracy, extras->'${attr('blindArea')}' AS blind_area`;
type StoredZoneFixRow = {
  gps_time: Date;
  received_at: Date;
  lat: number;
  lon: number;
  accuracy: number | null;
  blind_area: unknown;
};
const zoneFixes = (rows: StoredZoneFixRow[]): StoredZoneFix[] =>
  rows.map((r) => {
    const f = { time: r.gps_time.getTime(), receivedAt: r.received_at.getTime(), lat: r.lat, lon: r.lon, accuracy: r.accuracy };
    return {
      ...f,
      blind: isBlindArea({ blindArea: r.blind_area === true }),
    };
  });

export const petZonesQueries = {
  byPet: (q: Queryable, petId: number) => q.query<PetZoneRow>(`${SELECT} WHERE z.pet_id = $1 ORDER BY z.id`, [petId]),

  /** Every zone of these pets, with its smoothed side (the home page's inside / outside). */
  byPets: (q: Queryable, petIds: readonly number[]) =>
    q.query<PetZoneRow>(`${SELECT} WHERE z.pet_id = ANY($1::bigint[]) ORDER BY z.id`, [petIds]),

  one: async (q: Queryable, zoneId: number) => (await q.query<PetZoneRow>(`${SELECT} WHERE z.id = $1`, [zoneId]))[0],

  count: async (q: Queryable, petId: number) =>
    Number((await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM pet_zones WHERE pet_id = $1`, [petId]))[0]!.n),

  insert: async (
    q: Queryable,
    petId: number,
    z: { name: string; kind: string; geometry: ZoneGeometry; alarmExit: boolean; alarmEnter: boolean },
  ) =>
    Number(
      (
        await q.query<{ id: number }>(
          `INSERT INTO pet_zones (pet_id, name, kind, geometry, alarm_exit, alarm_enter) VALUES ($1, $2, $3, $4::jsonb, $5, $6) RETURNING id`,
          [petId, z.name, z.kind, JSON.stringify(z.geometry), z.alarmExit, z.alarmEnter],
        )
      )[0]!.id,
    ),

  /** A changed shape starts its smoothing afresh (the old side may no longer hold). */
  update: async (
    q: Queryable,
    zoneId: number,
    z: { name: string; kind: string; geometry: ZoneGeometry; alarmExit: boolean; alarmEnter: boolean },
  ) => {
    const [old] = await q.query<{ kind: string; geometry: ZoneGeometry }>(`SELECT kind, geometry FROM pet_zones WHERE id = $1`, [zoneId]);
    await q.query(`UPDATE pet_zones SET name = $2, kind = $3, geometry = $4::jsonb, alarm_exit = $5, alarm_enter = $6 WHERE id = $1`, [
      zoneId,
      z.name,
      z.kind,
      JSON.stringify(z.geometry),
      z.alarmExit,
      z.alarmEnter,
    ]);
    if (!old || old.kind !== z.kind || JSON.stringify(old.geometry) !== JSON.stringify(z.geometry))
      await q.query(`DELETE FROM pet_zone_states WHERE zone_id = $1`, [zoneId]);
  },

  remove: (q: Queryable, zoneId: number) => q.query(`DELETE FROM pet_zones WHERE id = $1`, [zoneId]),

  /** Every zone of a pet with a collar, by the collar's number. */
  watched: (q: Queryable) =>
    q.query<WatchedZoneRow>(
      `SELECT z.id, z.pet_id, z.name, z.kind, z.geometry, z.alarm_exit, z.alarm_enter, NULL::boolean AS inside, p.account_id, p.terminal_id AS terminal_pk, t.identifier
         FROM pet_zones z JOIN pets p ON p.id = z.pet_id JOIN terminals t ON t.id = p.terminal_id ORDER BY z.id`,
    ),

  state: async (q: Queryable, zoneId: number): Promise<ZoneState | null> => {
    const [r] = await q.query<{ inside: boolean | null; pending: number; last_fix_at: Date | null }>(
      `SELECT inside, pending, last_fix_at FROM pet_zone_states WHERE zone_id = $1`,
      [zoneId],
    );
    return r ? { inside: r.inside, streak: Number(r.pending), lastTime: r.last_fix_at ? r.last_fix_at.getTime() : -Infinity } : null;
  },

  /** Compare-and-set on the last fix handled: of several engines handling the same fix, one writes (and raises). */
  save: async (q: Queryable, zoneId: number, before: ZoneState | null, after: ZoneState) => {
    const at = new Date(after.lastTime);
    if (!before) {
      return (
        (
          await q.query(
            `INSERT INTO pet_zone_states (zone_id, inside, pending, last_fix_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING zone_id`,
            [zoneId, after.inside, after.streak, at],
          )
        ).length === 1
      );
    }
    const was = Number.isFinite(before.lastTime) ? new Date(before.lastTime) : null;
    return (
      (
        await q.query(
          `UPDATE pet_zone_states SET inside = $2, pending = $3, last_fix_at = $4 WHERE zone_id = $1 AND last_fix_at IS NOT DISTINCT FROM $5 RETURNING zone_id`,
          [zoneId, after.inside, after.streak, at, was],
        )
      ).length === 1
    );
  },

  /**
   * The collar's valid fixes after `since` up to `until` (epoch ms), oldest first, with when each
   * came; with `receivedBy`, only those stored by then (judged before a late upload that came then).
   */
  fixes: async (q: Queryable, terminalPk: number, since: number, until: number, receivedBy = Infinity): Promise<StoredZoneFix[]> =>
    zoneFixes(
      await q.query<StoredZoneFixRow>(
        `SELECT ${FIX_COLUMNS} FROM positions
        WHERE terminal_id = $1 AND gps_time > $2 AND gps_time <= $3 AND valid AND ($4::timestamptz IS NULL OR received_at <= $4)
        ORDER BY gps_time LIMIT 1000`,
        [terminalPk, new Date(since), new Date(until), Number.isFinite(receivedBy) ? new Date(receivedBy) : null],
      ),
    ),

  /**
   * The collar's valid fixes stored by `receivedBy` round a late upload, oldest first: after `since`
   * up to `from` (the upload's oldest fix) and from there up to `until`. At most 2 000 each side,
   * those nearest `from`: a long upload in lost mode (a fix every 15 s) fills the window, and the
   * fixes next to the upload are the ones the replay cannot do without.
   */
  fixesAround: async (
    q: Queryable,
    terminalPk: number,
    w: { since: number; from: number; until: number; receivedBy: number },
  ): Promise<StoredZoneFix[]> => {
    const side = (where: string, order: string) =>
      `(SELECT ${FIX_COLUMNS} FROM positions WHERE terminal_id = $1 AND ${where} AND valid AND received_at <= $5 ORDER BY gps_time ${order} LIMIT 2000)`;
    return zoneFixes(
      await q.query<StoredZoneFixRow>(
        `SELECT * FROM (${side('gps_time > $2 AND gps_time < $3', 'DESC')} UNION ALL ${side('gps_time >= $3 AND gps_time <= $4', 'ASC')}) f ORDER BY gps_time`,
        [terminalPk, new Date(w.since), new Date(w.from), new Date(w.until), new Date(w.receivedBy)],
      ),
    );
  },

  /**
   * The alarm on the pet's collar, owned by the pet's account; `late` (补传) from a blind-area fix.
   * A late one is not raised again when `ofSameKind` alarms of its type already stand at its device
   * time (the same upload judged again: two gateways held the collar in turn) — a count, as two
   * zones may be crossed at one fix.
   */
  raise: async (
    q: Queryable,
    a: { terminalPk: number; accountId: number; type: AlarmType; at: number; lat: number; lon: number; late: boolean; ofSameKind?: number },
  ) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, late)
       SELECT t.id, $2, (SELECT v.id FROM vehicles v WHERE v.terminal_id = t.id LIMIT 1), $3, $4, $5, $6, $7::boolean FROM terminals t
        WHERE t.id = $1 AND (NOT $7::boolean OR (SELECT count(*) FROM alarms x WHERE x.terminal_id = $1 AND x.type = $3 AND x.alarm_time = $4) < $8::int)
       RETURNING id`,
        [a.terminalPk, a.accountId, a.type, new Date(a.at), a.lat, a.lon, a.late, a.ofSameKind ?? 1],
      )
    ).map((r) => Number(r.id)),
};
