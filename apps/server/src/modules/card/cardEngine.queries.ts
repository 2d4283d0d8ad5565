import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { Queryable } from '../../db/types.ts';
import { FRESH_STATE, type DerivedState } from './cardRules.ts';

type Flag = 'off_post_alarmed' | 'still_alarmed' | 'gathering_alarmed';

export const cardEngineQueries = {
  staffIds: async (q: Queryable) =>
    new Set((await q.query<{ id: number }>(`SELECT vehicle_id AS id FROM card_staff`)).map((r) => Number(r.id))),

  state: async (q: Queryable, staffId: number): Promise<DerivedState> => {
    const [r] = await q.query<{
      off_post_since: Date | null;
      off_post_alarmed: boolean;
      still_since: Date | null;
      still_lat: number | null;
      still_lon: number | null;
      still_alarmed: boolean;
      gathering_since: Date | null;
      gathering_alarmed: boolean;
    }>(`SELECT * FROM card_alarm_state WHERE staff_id = $1`, [staffId]);
    if (!r) return FRESH_STATE;
    const ms = (d: Date | null) => (d ? d.getTime() : null);
    return {
      offPostSince: ms(r.off_post_since),
      offPostAlarmed: r.off_post_alarmed,
      stillSince: ms(r.still_since),
      stillLat: r.still_lat,
      stillLon: r.still_lon,
      stillAlarmed: r.still_alarmed,
      gatheringSince: ms(r.gathering_since),
      gatheringAlarmed: r.gathering_alarmed,
    };
  },

  /** Saves the stretch starts; the alarmed flags are only ever set by claim (or cleared here). */
  save: (q: Queryable, staffId: number, s: DerivedState) => {
    const d = (ms: number | null) => (ms === null ? null : new Date(ms));
    return q.query(
      `INSERT INTO card_alarm_state (staff_id, off_post_since, off_post_alarmed, still_since, still_lat, still_lon, still_alarmed, gathering_since, gathering_alarmed)
       VALUES ($1, $2, false, $3, $4, $5, false, $6, false)
       ON CONFLICT (staff_id) DO UPDATE SET off_post_since = $2, still_since = $3, still_lat = $4, still_lon = $5, gathering_since = $6,
         off_post_alarmed = card_alarm_state.off_post_alarmed AND $7, still_alarmed = card_alarm_state.still_alarmed AND $8,
         gathering_alarmed = card_alarm_state.gathering_alarmed AND $9`,
      [
        staffId,
        d(s.offPostSince),
        d(s.stillSince),
        s.stillLat,
        s.stillLon,
        d(s.gatheringSince),
        s.offPostAlarmed,
        s.stillAlarmed,
        s.gatheringAlarmed,
      ],
    );
  },

  /** Compare-and-set: of several engines seeing the same stretch, one raises its alarm. */
  claim: async (q: Queryable, staffId: number, flag: Flag) =>
    (await q.query(`UPDATE card_alarm_state SET ${flag} = true WHERE staff_id = $1 AND NOT ${flag} RETURNING staff_id`, [staffId]))
      .length === 1,

  /** Once per plan, day and window. */
  claimPatrol: async (q: Queryable, planId: number, day: string, window: number) =>
    (
      await q.query(
        `INSERT INTO card_patrol_alarms (plan_id, day, window_index) VALUES ($1, $2::date, $3) ON CONFLICT DO NOTHING RETURNING plan_id`,
        [planId, day, window],
      )
    ).length === 1,

  /**
   * An alarm of the person's badge, owned by the person's account (none without a badge); `late`
   * (补传) from a blind-area fix, and then not raised again when one of its type already stands at
   * its device time (the same upload judged again).
   */
  raise: async (
    q: Queryable,
    a: { staffId: number; type: AlarmType; at: number; lat: number | null; lon: number | null; late?: boolean },
  ) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon, late)
       SELECT v.terminal_id, v.account_id, v.id, $2, $3, $4, $5, $6::boolean FROM vehicles v
        WHERE v.id = $1 AND v.terminal_id IS NOT NULL
          AND (NOT $6::boolean OR NOT EXISTS (SELECT 1 FROM alarms x WHERE x.terminal_id = v.terminal_id AND x.type = $2 AND x.alarm_time = $3))
       RETURNING id`,
        [a.staffId, a.type, new Date(a.at), a.lat, a.lon, a.late ?? false],
      )
    ).map((r) => Number(r.id)),

  /** Device time of the badge's newest valid fix stored before `receivedBefore` (null if none): how far a new engine's person was judged. */
  newestStoredBefore: async (q: Queryable, staffId: number, receivedBefore: number): Promise<number | null> => {
    const [r] = await q.query<{ gps_time: Date }>(
      `SELECT p.gps_time FROM vehicles v JOIN positions p ON p.terminal_id = v.terminal_id
        WHERE v.id = $1 AND p.received_at < $2 AND p.valid ORDER BY p.gps_time DESC LIMIT 1`,
      [staffId, new Date(receivedBefore)],
    );
    return r ? r.gps_time.getTime() : null;
  },

  /**
   * The badge's fixes stored by `receivedBy` round a late upload, oldest first, with when each came:
   * after `since` up to `from` (the upload's oldest fix) and from there up to `until` (epoch ms).
   * At most 5 000 each side, those nearest `from`: a badge reporting every 5 s fills a wide window,
   * and the fixes next to the upload are the ones a replay cannot do without.
   */
  fixesAround: async (q: Queryable, staffId: number, w: { since: number; from: number; until: number; receivedBy: number }) => {
    const side = (where: string, order: string) =>
      `(SELECT p.gps_time, p.received_at, p.lat, p.lon FROM vehicles v JOIN positions p ON p.terminal_id = v.terminal_id
         WHERE v.id = $1 AND ${where} AND p.received_at <= $5 AND p.valid AND NOT (p.lat = 0 AND p.lon = 0) ORDER BY p.gps_time ${order} LIMIT 5000)`;
    return (
      await q.query<{ gps_time: Date; received_at: Date; lat: number; lon: number }>(
        `SELECT * FROM (${side('p.gps_time > $2 AND p.gps_time < $3', 'DESC')} UNION ALL ${side('p.gps_time >= $3 AND p.gps_time <= $4', 'ASC')}) f ORDER BY gps_time`,
        [staffId, new Date(w.since), new Date(w.from), new Date(w.until), new Date(w.receivedBy)],
      )
    ).map((r) => ({ time: r.gps_time.getTime(), receivedAt: r.received_at.getTime(), lat: r.lat, lon: r.lon }));
  },
};
