import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { Queryable } from '../../db/types.ts';
import { ALARM_LIST_FROM, ALARM_LIST_WHERE, alarmListParams, type AlarmFilter } from '../alarms/alarms.queries.ts';

export interface HandleFiguresDb {
  total: number;
  handled: number;
  median: number | null;
  p90: number | null;
}

type GroupRow = HandleFiguresDb & {
  type: AlarmType | null;
  operator_key: number | null;
  operator_name: string | null;
  by_type: boolean;
  by_operator: boolean;
};

/*
 * The alarms the alarm list shows for the filter (tenant, vehicle, group, keyword, range), with
 * the seconds from their arrival on the platform (an alarm uploaded late from a blind area cannot
 * be handled before it arrives) to their first handling. operator_key: the handler's id, 0 for a
 * user deleted since, null when not handled.
 */
const HANDLING = `SELECT al.type, CASE WHEN al.handled THEN COALESCE(al.handled_by, 0) END AS operator_key,
       COALESCE(NULLIF(u.name, ''), u.username) AS operator_name, al.handled,
       CASE WHEN al.handled AND al.handled_at IS NOT NULL
            THEN greatest(0, extract(epoch FROM al.handled_at - greatest(al.alarm_time, al.received_at))) END AS seconds
  ${ALARM_LIST_FROM} WHERE ${ALARM_LIST_WHERE}`;

export const alarmHandleQueries = {
  /**
   * The whole range, per type (most first) and per operator who handled (most first): one read of
   * the alarms, grouped three ways at once.
   */
  figures: async (q: Queryable, f: AlarmFilter) => {
    const rows = await q.query<GroupRow>(
      `SELECT h.type, h.operator_key, h.operator_name, GROUPING(h.type) = 0 AS by_type, GROUPING(h.operator_key) = 0 AS by_operator,
              count(*)::int AS total, count(*) FILTER (WHERE h.handled)::int AS handled,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY h.seconds) AS median, percentile_cont(0.9) WITHIN GROUP (ORDER BY h.seconds) AS p90
         FROM (${HANDLING}) h
        GROUP BY GROUPING SETS ((h.type), (h.operator_key, h.operator_name), ())`,
      alarmListParams(f),
    );
    const totals = rows.find((r) => !r.by_type && !r.by_operator) ?? { total: 0, handled: 0, median: null, p90: null };
    const byType = rows
      .filter((r) => r.by_type)
      .map((r) => ({ ...r, type: r.type! }))
      .sort((a, b) => b.total - a.total || a.type.localeCompare(b.type));
    const byOperator = rows
      .filter((r) => r.by_operator && r.operator_key !== null)
      .map((r) => ({ ...r, user_id: r.operator_key === 0 ? null : r.operator_key }))
      .sort((a, b) => b.handled - a.handled || (a.operator_name ?? '\uffff').localeCompare(b.operator_name ?? '\uffff'));
    return { totals, byType, byOperator };
  },
};
