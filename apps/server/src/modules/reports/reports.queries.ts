import type { MileageSource } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { inGroupSubtree } from '../terminals/groupSubtree.ts';
import { containsPattern } from '../../db/likeText.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import { isVehicleKind } from '../../core/assetKinds.ts';

/** Which vehicles and days a report covers. Days are Beijing days 'YYYY-MM-DD', both inclusive. */
export interface ReportFilter {
  /** The caller's scope, or the account chosen in the filter (and the accounts below it). */
  scope: string;
  /** Platform administrators also see days before a terminal's hand-over. */
  isPlatformAdmin: boolean;
  vehicleId: number | null;
  groupId: number | null;
  keyword: string | null;
  from: string;
  to: string;
}

/** The vehicle columns every report row starts with. */
export interface ReportVehicleRow {
  vehicle_id: number;
  plate: string;
  vehicle_name: string;
  group_name: string | null;
  account_name: string;
  identifier: string;
}

export interface DailyRow extends ReportVehicleRow {
  day: string;
  mileage_km: number | null;
  mileage_source: MileageSource | null;
  driving_seconds: number | null;
  max_speed: number | null;
  first_position_at: Date | null;
  last_position_at: Date | null;
  position_count: number | null;
  alarm_count: number | null;
  online_seconds: number | null;
  first_online_at: Date | null;
  last_offline_at: Date | null;
  elapsed_seconds: number | null;
  /** the day's seconds rated for the vehicle by now (dayRated): a day without a row is rated against these */
  rated_seconds: number;
}

// The vehicles a report lists: those with a terminal, of a kind that drives (车辆, 电单车: people and
// pets have no mileage or driving time, docs/asset-kinds.md), in the caller's scope, matching the filters.
export const VEHICLES = `SELECT v.id, v.plate, v.name, v.terminal_id, g.name AS group_name, a.name AS account_name, t.identifier, t.assigned_at
  FROM vehicles v JOIN accounts a ON a.id = v.account_id JOIN terminals t ON t.id = v.terminal_id
  LEFT JOIN vehicle_groups g ON g.id = v.group_id
 WHERE ${terminalInScope('a.path', 1)} AND ${isVehicleKind('v.type')}
   AND ($2::bigint IS NULL OR v.id = $2)
   AND ${inGroupSubtree('v.group_id', 3)}
   AND ($4::text IS NULL OR v.plate ILIKE $4 OR v.name ILIKE $4 OR t.identifier LIKE $4)`;

// A new owner's report starts on the Beijing day of the hand-over (the rollup already leaves out
// the positions before it; this hides days rolled up for the previous owner).
export const OWNED_DAY = `($7::boolean OR v.assigned_at IS NULL OR d.day >= ((v.assigned_at + interval '8 hours') AT TIME ZONE 'UTC')::date)`;

// The instants the range's Beijing days cover: [start of $5, end of $6).
export const SPAN_START = `(($5::date - interval '8 hours') AT TIME ZONE 'UTC')`;
export const SPAN_END = `(($6::date + 1 - interval '8 hours') AT TIME ZONE 'UTC')`;

// Every vehicle × every day of the range, the day's figures when there are any.
const MATRIX = `FROM (${VEHICLES}) v
  CROSS JOIN (SELECT dd::date AS day FROM generate_series($5::date, $6::date, interval '1 day') dd) d
  LEFT JOIN daily_terminal_stats s ON s.terminal_id = v.terminal_id AND s.day = d.day AND ${OWNED_DAY}`;

/** The instant a Beijing day (a date expression) starts. */
export const dayStartAt = (day: string) => `((${day})::timestamp AT TIME ZONE 'UTC' - interval '8 hours')`;

/**
 * The online rate's denominator: the seconds of [from, to) that vehicle v's terminal was its
 * owner's by now — from the hand-over (assigned_at; a vehicle added with a new terminal is handed
 * over then) on, as the rollup counts a day's elapsed_seconds. A fleet added this afternoon is
 * rated against this afternoon, not against the month.
 */
export const ratedSeconds = (from: string, to: string) =>
  `greatest(0, extract(epoch FROM least(now(), ${to}) - greatest(${from}, COALESCE(v.assigned_at, '-infinity'::timestamptz))))`;

/** The seconds of Beijing day `day` rated for vehicle v by now (ratedSeconds). */
export const dayRated = (day: string) => ratedSeconds(dayStartAt(day), dayStartAt(`(${day}) + 1`));

export const params = (f: ReportFilter) => [f.scope, f.vehicleId, f.groupId, containsPattern(f.keyword), f.from, f.to, f.isPlatformAdmin];

export interface StayRowDb extends ReportVehicleRow {
  day: string;
  start_at: Date;
  end_at: Date;
  seconds: number;
  lat: number;
  lon: number;
  open: boolean;
}

// The stays (daily_stays, written by the rollup) of the report's vehicles and days, of at least $8
// seconds; a new owner sees them from the hand-over on.
const STAYS = `FROM (${VEHICLES}) v JOIN daily_stays s ON s.terminal_id = v.terminal_id
 WHERE s.day BETWEEN $5::date AND $6::date AND s.seconds >= $8
   AND ($7::boolean OR v.assigned_at IS NULL OR s.start_at >= v.assigned_at)`;

// $8/$9: limit (null: all) and offset.
const DAILY_ROWS = `SELECT v.id AS vehicle_id, v.plate, v.name AS vehicle_name, v.group_name, v.account_name, v.identifier, to_char(d.day, 'YYYY-MM-DD') AS day,
       s.mileage_km, s.mileage_source, s.driving_seconds, s.max_speed, s.first_position_at, s.last_position_at, s.position_count,
       s.alarm_count, s.online_seconds, s.first_online_at, s.last_offline_at, s.elapsed_seconds, ${dayRated('d.day')}::float8 AS rated_seconds
  ${MATRIX} ORDER BY d.day DESC, v.plate, v.id LIMIT $8 OFFSET $9`;

// $9/$10: limit (null: all) and offset.
const STAY_ROWS = `SELECT v.id AS vehicle_id, v.plate, v.name AS vehicle_name, v.group_name, v.account_name, v.identifier, to_char(s.day, 'YYYY-MM-DD') AS day,
       s.start_at, s.end_at, s.seconds, s.lat, s.lon, s.open
  ${STAYS} ORDER BY s.day DESC, v.plate, v.id, s.start_at LIMIT $9 OFFSET $10`;

export const reportsQueries = {
  /**
   * One row per vehicle and day (newest day first, then by plate), and the whole range's totals.
   * The vehicle × day matrix is never built: a fleet's month is 310 000 rows to join and sort
   * (1.2 s for 10 000 vehicles). The page's rows are found by arithmetic on the vehicles ranked
   * by plate (row i is day `to − i / n`, vehicle `i % n`) and read by key; the totals add up only
   * the rows that exist, the missing vehicle-days counting as zero (and as the day's time passed,
   * for the online rate). Seconds are summed as float8: a fleet's month overflows int.
   */
  dailyPage: async (q: Queryable, f: ReportFilter, limit: number, offset: number) => {
    // The online rate's denominator: each vehicle's rated seconds of the range (ratedSeconds), each
    // existing row counting its own elapsed_seconds instead of its day's (today's was rolled up a
    // few minutes ago; a day rolled up before a hand-over counted the whole day).
    const [totals] = await q.query<{
      n: number;
      mileage_km: number;
      driving_seconds: number;
      max_speed: number;
      alarm_count: number;
      online_seconds: number;
      elapsed_seconds: number;
    }>(
      `WITH s AS (
              SELECT sum(d.mileage_km) AS mileage_km, sum(d.driving_seconds) AS driving_seconds, max(d.max_speed) AS max_speed,
                     sum(d.alarm_count) AS alarm_count, sum(d.online_seconds) AS online_seconds, sum(d.elapsed_seconds - ${dayRated('d.day')}) AS unlike
                FROM daily_terminal_stats d JOIN (${VEHICLES}) v ON v.terminal_id = d.terminal_id
               WHERE d.day BETWEEN $5::date AND $6::date AND ${OWNED_DAY}),
            n AS (SELECT count(*)::float8 AS vehicles, COALESCE(sum(${ratedSeconds(SPAN_START, SPAN_END)}), 0) AS rated FROM (${VEHICLES}) v)
       SELECT (n.vehicles * ($6::date - $5::date + 1))::int AS n, COALESCE(s.mileage_km, 0)::float8 AS mileage_km, COALESCE(s.driving_seconds, 0)::float8 AS driving_seconds,
              COALESCE(s.max_speed, 0)::float8 AS max_speed, COALESCE(s.alarm_count, 0)::int AS alarm_count,
              COALESCE(s.online_seconds, 0)::float8 AS online_seconds, greatest(0, n.rated + COALESCE(s.unlike, 0))::float8 AS elapsed_seconds
         FROM n CROSS JOIN s`,
      params(f),
    );
    const rows = await q.query<DailyRow>(
      `WITH v AS (SELECT x.*, row_number() OVER (ORDER BY x.plate, x.id) - 1 AS k FROM (${VEHICLES}) x),
            n AS (SELECT NULLIF(count(*), 0) AS vehicles FROM v)
       SELECT v.id AS vehicle_id, v.plate, v.name AS vehicle_name, v.group_name, v.account_name, v.identifier, to_char(d.day, 'YYYY-MM-DD') AS day,
              s.mileage_km, s.mileage_source, s.driving_seconds, s.max_speed, s.first_position_at, s.last_position_at, s.position_count,
              s.alarm_count, s.online_seconds, s.first_online_at, s.last_offline_at, s.elapsed_seconds, ${dayRated('d.day')}::float8 AS rated_seconds
         FROM generate_series($9::bigint, $9::bigint + $8 - 1) i CROSS JOIN n
         JOIN v ON v.k = i % n.vehicles
         CROSS JOIN LATERAL (SELECT $6::date - (i / n.vehicles)::int AS day) d
         LEFT JOIN daily_terminal_stats s ON s.terminal_id = v.terminal_id AND s.day = d.day AND ${OWNED_DAY}
        WHERE d.day >= $5::date
        ORDER BY i`,
      [...params(f), limit, offset],
    );
    return { totals, rows };
  },

  /** All of dailyPage's rows, in its order: an export's cursor. */
  dailyRowsSql: (f: ReportFilter) => ({ sql: DAILY_ROWS, params: [...params(f), null, 0] }),

  /** Stays of at least `minSeconds`: newest day first, then by plate, each vehicle's day in time order; the totals of all of them. */
  stayPage: async (q: Queryable, f: ReportFilter, minSeconds: number, limit: number, offset: number) => {
    const [totals] = await q.query<{ n: number; seconds: number; vehicles: number }>(
      `SELECT count(*)::int AS n, COALESCE(sum(s.seconds), 0)::float8 AS seconds, count(DISTINCT v.id)::int AS vehicles ${STAYS}`,
      [...params(f), minSeconds],
    );
    const rows = await q.query<StayRowDb>(STAY_ROWS, [...params(f), minSeconds, limit, offset]);
    return { totals, rows };
  },

  /** All of stayPage's rows, in its order: an export's cursor. */
  stayRowsSql: (f: ReportFilter, minSeconds: number) => ({ sql: STAY_ROWS, params: [...params(f), minSeconds, null, 0] }),
};
