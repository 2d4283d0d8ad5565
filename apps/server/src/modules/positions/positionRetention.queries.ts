import type { Queryable } from '../../db/types.ts';

// Days are UTC days, as the partitions are: the session's time zone must not move them.
const UTC_TODAY = "(now() AT TIME ZONE 'UTC')::date";

export const positionRetentionQueries = {
  /** Makes the partitions of today and the next `daysAhead` days that are missing; returns how many. */
  ensureAhead: async (q: Queryable, daysAhead: number) =>
    (await q.query<{ made: number }>(`SELECT ensure_position_partitions(${UTC_TODAY}, ${UTC_TODAY} + $1::int) AS made`, [daysAhead]))[0]
      .made,

  /** Drops the partitions (and default-partition rows) of days more than `keepDays` before today. */
  dropOlderThan: async (q: Queryable, keepDays: number) =>
    (await q.query<{ dropped: number }>(`SELECT drop_position_partitions(${UTC_TODAY} - $1::int) AS dropped`, [keepDays]))[0].dropped,

  /**
   * Deletes presence transitions more than `keepDays` before today, but each terminal's newest one
   * before that cutoff: it says whether the terminal was online when the kept history begins, which
   * the online report of the first kept day needs. Returns how many went.
   */
  prunePresenceEvents: async (q: Queryable, keepDays: number) =>
    (
      await q.query<{ n: number }>(
        `WITH gone AS (
           DELETE FROM presence_events e
            WHERE e.at < ${UTC_TODAY} - $1::int
              AND EXISTS (SELECT 1 FROM presence_events n WHERE n.terminal_id = e.terminal_id AND n.at > e.at AND n.at < ${UTC_TODAY} - $1::int)
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [keepDays],
      )
    )[0].n,

  /** Deletes e-bike BMS reports received more than `keepDays` before today; returns how many went. */
  pruneBatteryReports: async (q: Queryable, keepDays: number) =>
    (
      await q.query<{ n: number }>(
        `WITH gone AS (DELETE FROM ebike_battery_reports WHERE received_at < ${UTC_TODAY} - $1::int RETURNING 1) SELECT count(*)::int AS n FROM gone`,
        [keepDays],
      )
    )[0].n,

  /** The daily partitions that exist, as 'YYYYMMDD', oldest first. */
  days: async (q: Queryable) =>
    (
      await q.query<{ day: string }>(
        `SELECT substr(c.relname, 11) AS day FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          WHERE i.inhparent = 'positions'::regclass AND c.relname ~ '^positions_[0-9]{8}$' ORDER BY 1`,
      )
    ).map((r) => r.day),
};
