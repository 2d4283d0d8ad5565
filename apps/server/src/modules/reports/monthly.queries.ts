import type { Queryable } from '../../db/types.ts';
import type { AlarmTally } from '../../core/alarm.presenter.ts';
import {
  dayRated,
  dayStartAt,
  OWNED_DAY,
  params,
  ratedSeconds,
  VEHICLES,
  type ReportFilter,
  type ReportVehicleRow,
} from './reports.queries.ts';

/**
 * 月度汇总: the daily figures (daily_terminal_stats, one row per terminal and Beijing day) summed
 * per vehicle and Beijing month. $5/$6 are the filter's first and last day: the first day of the
 * first month, the last day of the last month or today; $8 the range's months (monthsOf).
 */

// The range's months, as the date of their first day. An array parameter rather than
// generate_series: PostgreSQL 15 guesses 1 000 rows for the latter, and a fleet × 1 000 months
// made the plans look costly enough to spend a second compiling them (JIT).
const MONTHS = `SELECT m AS month FROM unnest($8::date[]) m WHERE m BETWEEN $5::date AND $6::date`;

/** The first day of each month from the filter's first day to its last. */
export function monthsOf(f: Pick<ReportFilter, 'from' | 'to'>): string[] {
  const out: string[] = [];
  for (
    let [y, m] = [Number(f.from.slice(0, 4)), Number(f.from.slice(5, 7))];
    `${y}-${String(m).padStart(2, '0')}` <= f.to.slice(0, 7);
    m === 12 ? ((y += 1), (m = 1)) : (m += 1)
  ) {
    out.push(`${y}-${String(m).padStart(2, '0')}-01`);
  }
  return out;
}

// Seconds of vehicle v's month m rated by now: the online rate's denominator, from the
// terminal's hand-over on (ratedSeconds). Each day's row may have been rolled up earlier than now,
// or before a hand-over that day: see SHORT below.
const PASSED = ratedSeconds(dayStartAt('m.month'), dayStartAt(`least((m.month + interval '1 month')::date, $6::date + 1)`));

// How much shorter the days with a row count than PASSED gave them (today's row: its elapsed_seconds).
const SHORT = `COALESCE(sum(${dayRated('d.day')} - d.elapsed_seconds), 0)`;

export interface MonthlyRowDb extends ReportVehicleRow {
  month: string;
  mileage_km: number;
  driving_seconds: number;
  max_speed: number;
  active_days: number;
  online_seconds: number;
  alarm_count: number;
  /** each day's {type: n} that had alarms, or null */
  per_day: AlarmTally[] | null;
  passed: number;
  short: number;
}

/** One month of the whole selection: the vehicles and the seconds that count for the online rate. */
export interface MonthVehiclesDb {
  month: string;
  vehicles: number;
  passed: number;
}

/** One month of the whole selection: the daily figures summed. */
export interface MonthFiguresDb {
  month: string;
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
         ORDER BY m.month DESC, v.plate, v.id LIMIT $9 OFFSET $10) vm
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

// $8: the first day read from the days — the first month of the range not summed in
// monthly_terminal_stats (rolledUntil; the day after the range when every month is). The months
// before it are read from monthly_terminal_stats, except a month that began before the terminal's
// hand-over: a tenant's first days there were the previous owner's, and for anyone the online rate
// counts from the hand-over (PASSED), so each day's row says what it counted (SHORT). Those are
// read from their days like the months from $8 on.
const WHOLE_MONTH = (m: string) => `(v.assigned_at IS NULL OR v.assigned_at <= ${dayStartAt(m)})`;
const DAY_MONTH = `date_trunc('month', d.day::timestamp)::date`;
const MONTHS_JOIN = `FROM (${VEHICLES}) v JOIN monthly_terminal_stats ms ON ms.terminal_id = v.terminal_id AND ms.month >= $5::date AND ms.month < $8::date`;
const MONTHS_WHERE = `WHERE ${WHOLE_MONTH('ms.month')}`;
// The days read one by one: from $8 on for every vehicle; before it, only vehicles handed over within the range.
const DAYS_READ = [
  `FROM (${VEHICLES}) v JOIN daily_terminal_stats d ON d.terminal_id = v.terminal_id AND d.day BETWEEN $8::date AND $6::date AND ${OWNED_DAY}`,
  `FROM (${VEHICLES}) v JOIN daily_terminal_stats d ON d.terminal_id = v.terminal_id AND d.day >= $5::date AND d.day < $8::date AND ${OWNED_DAY}
    WHERE v.assigned_at > ${dayStartAt('$5::date')} AND NOT ${WHOLE_MONTH(DAY_MONTH)}`,
];

// The selection's figures per month.
const DAY_FIGURES = `${DAY_MONTH} AS month, d.mileage_km, d.driving_seconds, d.max_speed, d.online_seconds, d.alarm_count,
  ${dayRated('d.day')} - d.elapsed_seconds AS short`;
const FIGURES = `SELECT to_char(x.month, 'YYYY-MM') AS month, sum(x.mileage_km)::float8 AS mileage_km, sum(x.driving_seconds)::float8 AS driving_seconds,
       max(x.max_speed)::float8 AS max_speed, sum(x.online_seconds)::float8 AS online_seconds, sum(x.alarm_count)::int AS alarm_count, COALESCE(sum(x.short), 0)::float8 AS short
  FROM (SELECT ms.month, ms.mileage_km, ms.driving_seconds, ms.max_speed, ms.online_seconds, ms.alarm_count, 0::float8 AS short ${MONTHS_JOIN} ${MONTHS_WHERE}
        UNION ALL SELECT ${DAY_FIGURES} ${DAYS_READ[0]}
        UNION ALL SELECT ${DAY_FIGURES} ${DAYS_READ[1]}) x
 GROUP BY x.month`;

// The selection's alarms by type: the summed months' maps expanded (one per vehicle and month),
// and each distinct {type: n} map of the days read with its number of days (summed in JS).
const TYPE_MAPS = `SELECT jsonb_object_agg(t.type, t.n) AS types, 1 AS days FROM (
    SELECT e.key AS type, sum(e.value::int)::int AS n ${MONTHS_JOIN} CROSS JOIN LATERAL jsonb_each_text(ms.alarm_types) e
      ${MONTHS_WHERE} AND ms.alarm_count > 0
     GROUP BY e.key) t
  HAVING count(*) > 0
  UNION ALL
  SELECT y.types, sum(y.days)::int FROM (
    SELECT d.alarm_types AS types, count(*) AS days ${DAYS_READ[0]} AND d.alarm_count > 0 GROUP BY d.alarm_types
    UNION ALL
    SELECT d.alarm_types, count(*) ${DAYS_READ[1]} AND d.alarm_count > 0 GROUP BY d.alarm_types) y
  GROUP BY y.types`;

// Seconds are summed as float8: a fleet's months overflow int (10 000 vehicles × a month online is 2.7e10 s).
export const monthlyQueries = {
  /** The first day of the range read from the days: the first of its months not summed in monthly_terminal_stats (the day after the range when all are). */
  summedUntil: async (q: Queryable, f: ReportFilter) =>
    (
      await q.query<{ until: string }>(
        `SELECT to_char(COALESCE(min(m), $2::date + 1), 'YYYY-MM-DD') AS until FROM unnest($1::date[]) m
        WHERE NOT EXISTS (SELECT 1 FROM monthly_rollup_months r WHERE r.month = m AND (m + interval '1 month')::date <= $2::date + 1)`,
        [monthsOf(f), f.to],
      )
    )[0].until,

  /** The SQL and parameters of the rows (`limit` null: all of them), for a page or an export's cursor. */
  rowsSql: (f: ReportFilter, limit: number | null, offset: number) => ({ sql: ROWS, params: [...params(f), monthsOf(f), limit, offset] }),

  /**
   * A page of rows, and the whole selection by month (vehicles and seconds passed; the daily
   * figures summed — finished months' from monthly_terminal_stats) and by alarm type: the page,
   * the months' vehicles and where the summed months end side by side, then the figures and the
   * types side by side. The days' types come as each distinct
   * {type: n} map with its number of days (few distinct maps, summed in JS): expanding every
   * day's map in SQL (jsonb_each_text) cost seconds for a fleet's half year.
   */
  page: async (q: Queryable, f: ReportFilter, limit: number, offset: number) => {
    const { sql, params: p } = monthlyQueries.rowsSql(f, limit, offset);
    const [rows, vehicles, until] = await Promise.all([
      q.query<MonthlyRowDb>(sql, p),
      q.query<MonthVehiclesDb>(
        `SELECT to_char(m.month, 'YYYY-MM') AS month, count(*)::int AS vehicles, sum(${PASSED})::float8 AS passed
           FROM (${VEHICLES}) v CROSS JOIN (${MONTHS}) m
          WHERE $7::boolean IS NOT NULL -- the shared parameters' $7 (an administrator sees every day) changes no month's seconds
          GROUP BY m.month ORDER BY m.month`,
        [...params(f), monthsOf(f)],
      ),
      monthlyQueries.summedUntil(q, f),
    ]);
    const [figures, typeMaps] = await Promise.all([
      q.query<MonthFiguresDb>(FIGURES, [...params(f), until]),
      q.query<{ types: AlarmTally; days: number }>(TYPE_MAPS, [...params(f), until]),
    ]);
    return { rows, vehicles, figures, typeMaps };
  },
};

/** Keeping monthly_terminal_stats (monthlyRollup.ts). */
export const monthlyRollupQueries = {
  /** Months with a day among `days` whose every day is final now. */
  finishedMonths: async (q: Queryable, days: readonly string[]) =>
    (
      await q.query<{ month: string }>(
        `SELECT to_char(m, 'YYYY-MM-DD') AS month FROM (SELECT DISTINCT date_trunc('month', d::timestamp)::date AS m FROM unnest($1::date[]) d) x
        WHERE (SELECT count(*) FROM daily_rollup_days r WHERE r.final AND r.day >= x.m AND r.day < (x.m + interval '1 month')::date)
              = ((x.m + interval '1 month')::date - x.m)`,
        [days],
      )
    ).map((r) => r.month),

  /** Sums the month's days per terminal (all of them: a tenant's hand-over month is read from the days). */
  rollupMonth: async (q: Queryable, month: string) => {
    await q.query('DELETE FROM monthly_terminal_stats WHERE month = $1::date', [month]);
    await q.query(
      `INSERT INTO monthly_terminal_stats (terminal_id, month, mileage_km, driving_seconds, max_speed, online_seconds, alarm_count, alarm_types)
       SELECT d.terminal_id, $1::date, COALESCE(sum(d.mileage_km), 0), COALESCE(sum(d.driving_seconds), 0), COALESCE(max(d.max_speed), 0),
              COALESCE(sum(d.online_seconds), 0), COALESCE(sum(d.alarm_count), 0),
              COALESCE((SELECT jsonb_object_agg(k, n) FROM (SELECT e.key AS k, sum(e.value::int) AS n
                          FROM daily_terminal_stats dd CROSS JOIN LATERAL jsonb_each_text(dd.alarm_types) e
                         WHERE dd.terminal_id = d.terminal_id AND dd.day >= $1::date AND dd.day < ($1::date + interval '1 month')::date AND dd.alarm_count > 0
                         GROUP BY e.key) t), '{}'::jsonb)
         FROM daily_terminal_stats d WHERE d.day >= $1::date AND d.day < ($1::date + interval '1 month')::date
        GROUP BY d.terminal_id`,
      [month],
    );
    await q.query('INSERT INTO monthly_rollup_months (month) VALUES ($1::date) ON CONFLICT (month) DO UPDATE SET rolled_up_at = now()', [
      month,
    ]);
  },
};
