import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { Queryable } from '../db/types.ts';

/** The statements of one alarm per episode (alarmFold.ts): the open alarms a flush's may repeat, and the repeats added. */
export const alarmFoldQueries = {
  /**
   * The newest alarm of each terminal and type raised since `since` (ms), last seen when it last
   * repeated or when the terminal last reported the type in a position before `first` (the
   * earliest of the flush's) and at most `gapMs` before it: a bit reported on and on makes no
   * repeats, yet keeps its alarm open.
   */
  open: (q: Queryable, keys: Array<{ terminalPk: number; type: AlarmType; since: number; first: number }>, gapMs: number) =>
    q.query<{ terminal_id: number; type: AlarmType; id: number; account_id: number | null; alarm_time: Date; last_seen_at: Date }>(
      `SELECT x.terminal_id, x.type, a.id, a.account_id, a.alarm_time,
              greatest(COALESCE(a.last_seen_at, a.alarm_time), b.reported_at) AS last_seen_at
         FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::timestamptz[]) AS x(terminal_id, type, since, first)
         CROSS JOIN LATERAL (SELECT al.id, al.account_id, al.alarm_time, al.last_seen_at FROM alarms al
                              WHERE al.terminal_id = x.terminal_id AND al.type = x.type AND al.alarm_time >= x.since
                              ORDER BY al.alarm_time DESC, al.id DESC LIMIT 1) a
         LEFT JOIN LATERAL (SELECT max(p.gps_time) AS reported_at FROM positions p
                             WHERE p.terminal_id = x.terminal_id AND p.gps_time < x.first
                               AND p.gps_time >= x.first - make_interval(secs => $5) AND x.type = ANY(p.alarms)) b ON true`,
      [
        keys.map((k) => k.terminalPk),
        keys.map((k) => k.type),
        keys.map((k) => new Date(k.since).toISOString()),
        keys.map((k) => new Date(k.first).toISOString()),
        gapMs / 1000,
      ],
    ),

  /** Adds repeats to stored alarms: how many, and the newest one's time. */
  addRepeats: (q: Queryable, repeats: Array<{ id: number; count: number; lastSeenAt: number }>) =>
    q.query(
      `UPDATE alarms a SET repeats = a.repeats + x.count, last_seen_at = greatest(COALESCE(a.last_seen_at, a.alarm_time), x.seen)
         FROM unnest($1::bigint[], $2::int[], $3::timestamptz[]) AS x(id, count, seen) WHERE a.id = x.id`,
      [repeats.map((r) => r.id), repeats.map((r) => r.count), repeats.map((r) => new Date(r.lastSeenAt).toISOString())],
    ),
};
