import type { Queryable } from '../../db/types.ts';
import type { AlarmTally } from '../../core/alarm.presenter.ts';
import { ALARM_LIST_FROM, ALARM_LIST_WHERE, alarmListParams, alarmsQueries, type AlarmFilter } from '../alarms/alarms.queries.ts';

export interface AlarmCountRow {
  vehicle_id: number;
  plate: string;
  vehicle_name: string;
  group_name: string | null;
  account_name: string;
  identifier: string;
  total: number;
  types: AlarmTally;
}

/**
 * The alarms the alarm list shows for the filter (ALARM_LIST_FROM / ALARM_LIST_WHERE, the same
 * statement that lists them), counted per terminal and type: 报警明细's cards are
 * alarmsQueries.countByType, the count its list's 共 N 条 is the sum of, and its 统计 tab splits
 * the same rows per terminal. Grouped per terminal (with its vehicle, when it
 * has one), so an alarm the list shows is never left out of the figures.
 */
const PER_TERMINAL_TYPE = `SELECT al.terminal_id, al.type, count(*)::int AS n ${ALARM_LIST_FROM} WHERE ${ALARM_LIST_WHERE} GROUP BY al.terminal_id, al.type`;

const PER_TERMINAL = `SELECT c.terminal_id, sum(c.n)::int AS total, jsonb_object_agg(c.type, c.n) AS types FROM c GROUP BY c.terminal_id`;

export const alarmCountQueries = {
  /** Per terminal (most alarms first, then plate), paged; per type; and the number of alarms (the list's total). */
  counts: async (q: Queryable, f: AlarmFilter, limit: number, offset: number) => {
    const params = alarmListParams(f);
    const [byType, [count], rows] = await Promise.all([
      alarmsQueries.countByType(q, f),
      q.query<{ terminals: number }>(
        `WITH c AS (${PER_TERMINAL_TYPE}) SELECT count(DISTINCT c.terminal_id)::int AS terminals FROM c`,
        params,
      ),
      q.query<AlarmCountRow>(
        `WITH c AS (${PER_TERMINAL_TYPE})
         SELECT COALESCE(v.id, 0)::int AS vehicle_id, COALESCE(v.plate, '') AS plate, COALESCE(v.name, t.identifier) AS vehicle_name,
                g.name AS group_name, COALESCE(a.name, '') AS account_name, t.identifier, x.total, x.types
           FROM (${PER_TERMINAL}) x JOIN terminals t ON t.id = x.terminal_id
           LEFT JOIN vehicles v ON v.terminal_id = t.id LEFT JOIN vehicle_groups g ON g.id = v.group_id
           LEFT JOIN accounts a ON a.id = COALESCE(v.account_id, t.account_id)
          ORDER BY x.total DESC, COALESCE(v.plate, t.identifier), t.id LIMIT $12 OFFSET $13`,
        [...params, limit, offset],
      ),
    ]);
    return { total: count.terminals, alarms: byType.reduce((n, t) => n + t.n, 0), byType, rows };
  },
};
