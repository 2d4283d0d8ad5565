import type { Queryable } from '../../db/types.ts';
import { params, SPAN_END, SPAN_START, VEHICLES, type ReportFilter, type ReportVehicleRow } from './reports.queries.ts';
import type { DrivingPlan } from './drivingRollup.queries.ts';

/** One report of the ACC state: the last before the span, a change or the last within it, the first after it. */
export interface AccPointRow extends ReportVehicleRow {
  gps_time: Date;
  acc: boolean;
  kind: 'before' | 'in' | 'after';
}

// The positions of the vehicle's terminal that report an ACC state and belong to its owner.
const REPORTS = `FROM positions p WHERE p.terminal_id = v.terminal_id AND p.acc IS NOT NULL AND ($7::boolean OR v.assigned_at IS NULL OR p.gps_time >= v.assigned_at)`;
// The same reports as the rollup kept them for final days: each day's first, changes and last (drivingRollup.queries.ts).
const STORED = `FROM daily_acc_points a WHERE a.terminal_id = v.terminal_id AND ($7::boolean OR v.assigned_at IS NULL OR a.at >= v.assigned_at)`;

export const accQueries = {
  /**
   * Per vehicle, in time order: its last ACC report in the day before the span (the state it
   * entered with), within the range's days the reports where the state changed plus the last one, and
   * its first report in the day after (whether the last state carried on). Index ranges of one
   * terminal each; a day of 10-second reports comes back as its few switches. Final days (and the
   * day before or after, when final) come from the rollup's daily_acc_points instead, except for
   * the plan's live vehicles: the same points, or more of the same state, which the rule merges.
   */
  points: (q: Queryable, f: ReportFilter, plan: DrivingPlan) =>
    q.query<AccPointRow>(
      `SELECT v.id AS vehicle_id, v.plate, v.name AS vehicle_name, v.group_name, v.account_name, v.identifier, x.gps_time, x.acc, x.kind
         FROM (${VEHICLES}) v
         CROSS JOIN LATERAL (SELECT NOT v.id = ANY($9::bigint[]) AS rolled) r
         CROSS JOIN LATERAL (
           (SELECT p.gps_time, p.acc, 'before' AS kind ${REPORTS} AND NOT (r.rolled AND $10::boolean)
               AND p.gps_time >= ${SPAN_START} - interval '1 day' AND p.gps_time < ${SPAN_START}
             ORDER BY p.gps_time DESC LIMIT 1)
           UNION ALL
           (SELECT a.at, a.acc, 'before' ${STORED} AND r.rolled AND $10::boolean AND a.day = $5::date - 1 ORDER BY a.at DESC LIMIT 1)
           UNION ALL
           (SELECT a.at, a.acc, 'in' ${STORED} AND r.rolled AND a.day >= $5::date AND a.day < $8::date)
           UNION ALL
           (SELECT s.gps_time, s.acc, 'in' FROM (
              SELECT p.gps_time, p.acc, lag(p.acc) OVER w AS prev, lead(p.gps_time) OVER w AS next
                ${REPORTS} AND p.gps_time >= CASE WHEN r.rolled THEN greatest(${SPAN_START}, $11::timestamptz) ELSE ${SPAN_START} END AND p.gps_time < ${SPAN_END}
              WINDOW w AS (ORDER BY p.gps_time)) s
             WHERE s.prev IS DISTINCT FROM s.acc OR s.next IS NULL)
           UNION ALL
           (SELECT p.gps_time, p.acc, 'after' ${REPORTS} AND NOT (r.rolled AND $12::boolean)
               AND p.gps_time >= ${SPAN_END} AND p.gps_time < ${SPAN_END} + interval '1 day'
             ORDER BY p.gps_time LIMIT 1)
           UNION ALL
           (SELECT a.at, a.acc, 'after' ${STORED} AND r.rolled AND $12::boolean AND a.day = $6::date + 1 ORDER BY a.at LIMIT 1)
         ) x
        ORDER BY v.id, x.gps_time`,
      [...params(f), plan.liveFrom, plan.liveVehicles, plan.beforeFinal, plan.liveStart, plan.afterFinal],
    ),
};
