import type { AlarmType } from '@chelian/protocols/alarms.ts';
import { freshestFix } from '../../core/freshestFix.ts';
import type { Queryable } from '../../db/types.ts';
import type { GbPositionState } from './gbRules.ts';

/** The flags a raised alarm sets with a compare-and-set, so of several processes one raises it. */
const FLAG = { gbOverspeed: 'overspeeding', positioningFailure: 'fix_failed' } as const;

/** The alarm of a registered module: the terminal's owner now (as the gateway's alarms), its vehicle if it is in one. */
const INSERT_ALARM = `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, speed)`;
/** The alarms raised in SQL below, typed here so a misspelt one fails to compile. */
const COMMUNICATION_LOST = 'communicationLost' satisfies AlarmType;
const BATTERY_MISMATCH = 'batteryMismatch' satisfies AlarmType;

export const gbEngineQueries = {
  /** Registered modules: identifier → registration id. */
  watched: async (q: Queryable) =>
    new Map(
      (
        await q.query<{ id: number; identifier: string }>(
          `SELECT b.id, t.identifier FROM elec_gb_bikes b JOIN terminals t ON t.id = b.terminal_id`,
        )
      ).map((r) => [r.identifier, Number(r.id)]),
    ),

  stateOf: async (q: Queryable, bikeId: number): Promise<GbPositionState | undefined> => {
    const [r] = await q.query<{ overspeeding: boolean; no_fix_since: Date | null; fix_failed: boolean }>(
      `SELECT overspeeding, no_fix_since, fix_failed FROM elec_gb_bikes WHERE id = $1`,
      [bikeId],
    );
    return r && { overspeeding: r.overspeeding, noFixSince: r.no_fix_since ? r.no_fix_since.getTime() : null, fixFailed: r.fix_failed };
  },

  /** The state without the flags an alarm claims (those are set by claim, cleared here when the rule says so). */
  save: (q: Queryable, bikeId: number, s: GbPositionState) =>
    q.query(
      `UPDATE elec_gb_bikes SET no_fix_since = $2, overspeeding = overspeeding AND $3, fix_failed = fix_failed AND $4 WHERE id = $1`,
      [bikeId, s.noFixSince === null ? null : new Date(s.noFixSince), s.overspeeding, s.fixFailed],
    ),

  claim: async (q: Queryable, bikeId: number, alarm: keyof typeof FLAG) =>
    (await q.query(`UPDATE elec_gb_bikes SET ${FLAG[alarm]} = true WHERE id = $1 AND NOT ${FLAG[alarm]} RETURNING id`, [bikeId])).length ===
    1,

  /**
   * An alarm of the module; `late` (补传) from a blind-area fix, and then not raised again when one
   * of its type already stands at its device time (the same upload judged again).
   */
  raise: async (
    q: Queryable,
    a: { bikeId: number; type: AlarmType; at: number; lat: number | null; lon: number | null; speed: number | null; late?: boolean },
  ) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, speed, late)
       SELECT b.terminal_id, t.account_id, v.id, $2, $3, $4, $5, $6, $7::boolean
         FROM elec_gb_bikes b JOIN terminals t ON t.id = b.terminal_id LEFT JOIN vehicles v ON v.terminal_id = b.terminal_id
        WHERE b.id = $1 AND (NOT $7::boolean OR NOT EXISTS (SELECT 1 FROM alarms x WHERE x.terminal_id = b.terminal_id AND x.type = $2 AND x.alarm_time = $3))
       RETURNING id`,
        [a.bikeId, a.type, new Date(a.at), a.lat, a.lon, a.speed, a.late ?? false],
      )
    ).map((r) => Number(r.id)),

  /**
   * The module's reports with a fix or a last place (what the engine is fed) stored by `receivedBy`
   * round a late upload, oldest first, with when each came: after `since` up to `from` (the
   * upload's oldest fix) and from there up to `until` (epoch ms); at most 5 000 each side, those
   * nearest `from`.
   */
  fixesAround: async (q: Queryable, bikeId: number, w: { since: number; from: number; until: number; receivedBy: number }) => {
    const side = (where: string, order: string) =>
      `(SELECT p.gps_time, p.received_at, p.valid, p.lat, p.lon, p.speed FROM elec_gb_bikes b JOIN positions p ON p.terminal_id = b.terminal_id
         WHERE b.id = $1 AND ${where} AND p.received_at <= $5 AND (p.valid OR p.lat <> 0 OR p.lon <> 0) ORDER BY p.gps_time ${order} LIMIT 5000)`;
    return (
      await q.query<{ gps_time: Date; received_at: Date; valid: boolean; lat: number; lon: number; speed: number }>(
        `SELECT * FROM (${side('p.gps_time > $2 AND p.gps_time < $3', 'DESC')} UNION ALL ${side('p.gps_time >= $3 AND p.gps_time <= $4', 'ASC')}) f ORDER BY gps_time`,
        [bikeId, new Date(w.since), new Date(w.from), new Date(w.until), new Date(w.receivedBy)],
      )
    ).map((r) => ({
      // speed as the feed presents it (0.1 km/h), so a replayed fix compares as it did live
      time: r.gps_time.getTime(),
      at: r.gps_time.getTime(),
      receivedAt: r.received_at.getTime(),
      valid: r.valid,
      lat: r.lat,
      lon: r.lon,
      speed: Math.round(r.speed * 10) / 10,
    }));
  },

  /**
   * Communication lost: modules gone offline (presence, after OFFLINE_AFTER_SECONDS without data)
   * that were heard from before. Flag and alarm in one statement; a module back online clears the flag.
   * The alarm's place, as the battery mismatch's, is the newest fix stored (core/freshestFix.ts), not
   * latest_positions' row, which may be held back.
   */
  commLost: async (q: Queryable) => {
    await q.query(`UPDATE elec_gb_bikes b SET comm_lost = false FROM terminals t WHERE t.id = b.terminal_id AND t.online AND b.comm_lost`);
    return (
      await q.query<{ id: number }>(
        `WITH lost AS (
         UPDATE elec_gb_bikes b SET comm_lost = true FROM terminals t
          WHERE t.id = b.terminal_id AND NOT t.online AND t.last_seen_at IS NOT NULL AND NOT b.comm_lost RETURNING b.terminal_id)
       ${INSERT_ALARM}
       SELECT l.terminal_id, t.account_id, v.id, '${COMMUNICATION_LOST}', now(), lp.lat, lp.lon, NULL
         FROM lost l JOIN terminals t ON t.id = l.terminal_id LEFT JOIN vehicles v ON v.terminal_id = l.terminal_id
         LEFT JOIN LATERAL ${freshestFix('l.terminal_id')} lp ON true
       RETURNING id`,
      )
    ).map((r) => Number(r.id));
  },

  /**
   * Battery–controller mismatch, in one statement over every registration with a battery code whose
   * module sent a report not compared yet: the newest report's serial or barcode must equal the
   * registered code (case and surrounding spaces aside). The comparison is recorded with a
   * compare-and-set on what was read, and an alarm is raised where it turned to a mismatch.
   */
  mismatches: async (q: Queryable) =>
    (
      await q.query<{ id: number }>(
        `WITH latest AS (
         SELECT b.id AS bike_id, b.mismatched AS was, b.last_bms_id, r.id AS report_id, r.received_at,
                upper(btrim(r.battery_serial)) <> upper(btrim(b.battery_code)) AND upper(btrim(r.barcode)) <> upper(btrim(b.battery_code)) AS mismatched
           FROM elec_gb_bikes b
           JOIN LATERAL (SELECT id, battery_serial, barcode, received_at FROM ebike_battery_reports WHERE terminal_id = b.terminal_id
                          ORDER BY received_at DESC, id DESC LIMIT 1) r ON true
          WHERE b.terminal_id IS NOT NULL AND b.battery_code <> '' AND r.id > b.last_bms_id),
       compared AS (
         UPDATE elec_gb_bikes b SET last_bms_id = l.report_id, mismatched = l.mismatched
           FROM latest l WHERE b.id = l.bike_id AND b.last_bms_id = l.last_bms_id AND b.mismatched = l.was
         RETURNING b.terminal_id, l.was, l.mismatched, l.received_at)
       ${INSERT_ALARM}
       SELECT c.terminal_id, t.account_id, v.id, '${BATTERY_MISMATCH}', c.received_at, lp.lat, lp.lon, NULL
         FROM compared c JOIN terminals t ON t.id = c.terminal_id LEFT JOIN vehicles v ON v.terminal_id = c.terminal_id
         LEFT JOIN LATERAL ${freshestFix('c.terminal_id')} lp ON true
        WHERE c.mismatched AND NOT c.was
       RETURNING id`,
      )
    ).map((r) => Number(r.id)),
};
