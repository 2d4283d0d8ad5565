import type { Queryable } from '../../db/types.ts';
import { OWNED_DAY, params, VEHICLES, type ReportFilter, type ReportVehicleRow } from './reports.queries.ts';

/**
 * 月度汇总: the daily figures (daily_terminal_stats, one row per terminal and Beijing day) summed
 * per vehicle and Beijing month. $5/$6 are the filter's first and last day: the first day of the
 * first month, the last day of the last month or today.
 */

// The range's months, as the date of their first day.
const MONTHS = `SELECT m::date AS month FROM generate_series($5::timestamp, $6::timestamp, interval '1 month') m`;

// The instant a Beijing day (a date expression) starts.
const dayStartAt = (day: string) => `((${day})::timestamp AT TIME ZONE 'UTC' - interval '8 hours')`;

// A new owner's months count from the Beijing day of the hand-over (as OWNED_DAY).
const OWNED_FROM = `CASE WHEN $7::boolean OR v.assigned_at IS NULL THEN '-infinity'::timestamptz
  ELSE ${dayStartAt(`((v.assigned_at + interval '8 hours') AT TIME ZONE 'UTC')::date`)} END`;

// Seconds of vehicle v's month m that had passed by now: the online rate's denominator (each
// day's row may have been rolled up earlier than now: see SHORT below).
const PASSED = `greatest(0, extract(epoch FROM
  least(now(), ${dayStartAt(`least((m.month + interval '1 month')::date, $6::date + 1)`)}) - greatest(${dayStartAt('m.month')}, ${OWNED_FROM})))`;

// How much shorter a day rolled up earlier than now counts (today's row: its elapsed_seconds).
const SHORT = `COALESCE(sum(least(86400, greatest(0, extract(epoch FROM now() - ${dayStartAt('d.day')}))) - d.elapsed_seconds), 0)`;

export interface MonthlyRowDb extends ReportVehicleRow {
  month: string;
  mileage_km: number;
  driving_seconds: number;
  max_speed: number;
  active_days: number;
  online_seconds: number;
  alarm_count: number;
  /** each day's {type: n} that had alarms, or null */
  per_day: Array<Record<string, number>> | null;
  passed: number;
  short: number;
}

export interface MonthTotalDb {
  month: string;
  vehicles: number;
  passed: number;
  mileage_km: number;
  driving_seconds: number;
  max_speed: number;
  online_seconds: number;
  alarm_count: number;
  short: number;
}

/** Vehicle × month rows, newest month first then by plate; `limit` null reads them all (an export's cursor). */
const ROWS = `SELECT vm.id AS vehicle_id, vm.plate, vm.name AS vehicle_name, vm.group_name, vm.account_name, vm.identifier, to_char(vm.month, 'YYYY-MM') AS month,
       s.mileage_km, s.driving_seconds, s.max_speed, s.active_days, s.online_seconds, s.alarm_count, s.per_day, vm.passed, s.short
  FROM (SELECT v.*, m.month, ${PASSED}::float8 AS passed FROM (${VEHICLES}) v CROSS JOIN (${MONTHS}) m
         ORDER BY m.month DESC, v.plate, v.id LIMIT $8 OFFSET $9) vm
 CROSS JOIN LATERAL (
   SELECT COALESCE(sum(d.mileage_km), 0)::float8 AS mileage_km, COALESCE(sum(d.driving_seconds), 0)::float8 AS driving_seconds,
          COALESCE(max(d.max_speed), 0)::float8 AS max_speed, count(*) FILTER (WHERE d.position_count > 0)::int AS active_days,
          COALESCE(sum(d.online_seconds), 0)::float8 AS online_seconds, COALESCE(sum(d.alarm_count), 0)::int AS alarm_count,
          jsonb_agg(d.alarm_types) FILTER (WHERE d.alarm_count > 0) AS per_day, ${SHORT}::float8 AS short
     FROM (SELECT vm.terminal_id, vm.assigned_at) v
     JOIN daily_terminal_stats d ON d.terminal_id = v.terminal_id AND d.day >= vm.month AND d.day < (vm.month + interval '1 month')::date
          AND d.day <= $6::date AND ${OWNED_DAY}
 ) s
 ORDER BY vm.month DESC, vm.plate, vm.id`;

// Seconds are summed as float8: a fleet's months overflow int (10 000 vehicles × a month online is 2.7e10 s).
export const monthlyQueries = {
  /** The SQL and parameters of the rows (`limit` null: all of them), for a page or an export's cursor. */
  rowsSql: (f: ReportFilter, limit: number | null, offset: number) => ({ sql: ROWS, params: [...params(f), limit, offset] }),

  page: async (q: Queryable, f: ReportFilter, limit: number, offset: number) => {
    const { sql, params: p } = monthlyQueries.rowsSql(f, limit, offset);
    const rows = await q.query<MonthlyRowDb>(sql, p);
    const months = await q.query<MonthTotalDb>(
      `WITH v AS (${VEHICLES}),
       vm AS (SELECT m.month, count(*)::int AS vehicles, sum(${PASSED})::float8 AS passed FROM v CROSS JOIN (${MONTHS}) m GROUP BY m.month),
       st AS (SELECT m.month, sum(d.mileage_km)::float8 AS mileage_km, sum(d.driving_seconds)::float8 AS driving_seconds, max(d.max_speed)::float8 AS max_speed,
                     sum(d.online_seconds)::float8 AS online_seconds, sum(d.alarm_count)::int AS alarm_count, ${SHORT}::float8 AS short
                FROM v JOIN daily_terminal_stats d ON d.terminal_id = v.terminal_id AND d.day BETWEEN $5::date AND $6::date AND ${OWNED_DAY}
               CROSS JOIN LATERAL (SELECT date_trunc('month', d.day::timestamp)::date AS month) m
               GROUP BY m.month)
       SELECT to_char(vm.month, 'YYYY-MM') AS month, vm.vehicles, vm.passed, COALESCE(st.mileage_km, 0) AS mileage_km,
              COALESCE(st.driving_seconds, 0) AS driving_seconds, COALESCE(st.max_speed, 0) AS max_speed, COALESCE(st.online_seconds, 0) AS online_seconds,
              COALESCE(st.alarm_count, 0) AS alarm_count, COALESCE(st.short, 0) AS short
         FROM vm LEFT JOIN st ON st.month = vm.month ORDER BY vm.month`,
      params(f),
    );
    const byType = await q.query<{ type: string; n: number }>(
      `SELECT kv.key AS type, sum(kv.value::int)::int AS n
         FROM (${VEHICLES}) v JOIN daily_terminal_stats d ON d.terminal_id = v.terminal_id AND d.day BETWEEN $5::date AND $6::date AND ${OWNED_DAY}
        CROSS JOIN LATERAL jsonb_each_text(d.alarm_types) kv
        WHERE d.alarm_count > 0 GROUP BY kv.key ORDER BY n DESC, kv.key`,
      params(f),
    );
    return { rows, months, byType };
  },
};
