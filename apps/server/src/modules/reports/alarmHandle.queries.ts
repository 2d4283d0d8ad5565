import type { Queryable } from '../../db/types.ts';
import { ALARM_LIST_FROM, ALARM_LIST_WHERE, alarmListParams, type AlarmFilter } from '../alarms/alarms.queries.ts';

export interface HandleFiguresDb {
  total: number;
  handled: number;
  median: number | null;
  p90: number | null;
}

/*
 * The alarms the alarm list shows for the filter (tenant, vehicle, group, keyword, range), with
 * the seconds from their arrival on the platform (an alarm uploaded late from a blind area cannot
 * be handled before it arrives) to their first handling.
 */
const HANDLING = `SELECT al.type, al.handled, al.handled_by, COALESCE(NULLIF(u.name, ''), u.username) AS operator_name,
       CASE WHEN al.handled AND al.handled_at IS NOT NULL
            THEN greatest(0, extract(epoch FROM al.handled_at - greatest(al.alarm_time, al.received_at))) END AS seconds
  ${ALARM_LIST_FROM} WHERE ${ALARM_LIST_WHERE}`;

const FIGURES = `count(*)::int AS total, count(*) FILTER (WHERE h.handled)::int AS handled,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY h.seconds) AS median, percentile_cont(0.9) WITHIN GROUP (ORDER BY h.seconds) AS p90`;

export const alarmHandleQueries = {
  /** The whole range, per type (most first) and per operator who handled (most first). */
  figures: async (q: Queryable, f: AlarmFilter) => {
    const params = alarmListParams(f);
    const [totals] = await q.query<HandleFiguresDb>(`SELECT ${FIGURES} FROM (${HANDLING}) h`, params);
    const byType = await q.query<HandleFiguresDb & { type: string }>(
      `SELECT h.type, ${FIGURES} FROM (${HANDLING}) h GROUP BY h.type ORDER BY total DESC, h.type`,
      params,
    );
    const byOperator = await q.query<HandleFiguresDb & { user_id: number | null; operator_name: string | null }>(
      `SELECT h.handled_by AS user_id, h.operator_name, ${FIGURES} FROM (${HANDLING}) h WHERE h.handled
        GROUP BY h.handled_by, h.operator_name ORDER BY handled DESC, h.operator_name NULLS LAST`,
      params,
    );
    return { totals, byType, byOperator };
  },
};
