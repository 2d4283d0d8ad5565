import type { Queryable } from '../../db/types.ts';
import { FRESH_STATE, type DerivedState } from './cardRules.ts';

type Flag = 'off_post_alarmed' | 'still_alarmed' | 'gathering_alarmed';

export const cardEngineQueries = {
  staffIds: async (q: Queryable) => new Set((await q.query<{ id: number }>(`SELECT vehicle_id AS id FROM card_staff`)).map((r) => Number(r.id))),

  state: async (q: Queryable, staffId: number): Promise<DerivedState> => {
    const [r] = await q.query<{
      off_post_since: Date | null; off_post_alarmed: boolean; still_since: Date | null; still_lat: number | null; still_lon: number | null; still_alarmed: boolean;
      gathering_since: Date | null; gathering_alarmed: boolean;
    }>(`SELECT * FROM card_alarm_state WHERE staff_id = $1`, [staffId]);
    if (!r) return FRESH_STATE;
    const ms = (d: Date | null) => (d ? d.getTime() : null);
    return {
      offPostSince: ms(r.off_post_since), offPostAlarmed: r.off_post_alarmed, stillSince: ms(r.still_since), stillLat: r.still_lat, stillLon: r.still_lon,
      stillAlarmed: r.still_alarmed, gatheringSince: ms(r.gathering_since), gatheringAlarmed: r.gathering_alarmed,
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
      [staffId, d(s.offPostSince), d(s.stillSince), s.stillLat, s.stillLon, d(s.gatheringSince), s.offPostAlarmed, s.stillAlarmed, s.gatheringAlarmed],
    );
  },

  /** Compare-and-set: of several engines seeing the same stretch, one raises its alarm. */
  claim: async (q: Queryable, staffId: number, flag: Flag) =>
    (await q.query(`UPDATE card_alarm_state SET ${flag} = true WHERE staff_id = $1 AND NOT ${flag} RETURNING staff_id`, [staffId])).length === 1,

  /** Once per plan, day and window. */
  claimPatrol: async (q: Queryable, planId: number, day: string, window: number) =>
    (await q.query(`INSERT INTO card_patrol_alarms (plan_id, day, window_index) VALUES ($1, $2::date, $3) ON CONFLICT DO NOTHING RETURNING plan_id`, [planId, day, window])).length === 1,

  /** An alarm of the person's badge, owned by the person's account (none without a badge). */
  raise: async (q: Queryable, a: { staffId: number; type: string; at: number; lat: number | null; lon: number | null }) =>
    (await q.query<{ id: number }>(
      `INSERT INTO alarms (terminal_id, account_id, vehicle_id, type, alarm_time, lat, lon)
       SELECT v.terminal_id, v.account_id, v.id, $2, $3, $4, $5 FROM vehicles v WHERE v.id = $1 AND v.terminal_id IS NOT NULL RETURNING id`,
      [a.staffId, a.type, new Date(a.at), a.lat, a.lon],
    )).map((r) => Number(r.id)),
};
