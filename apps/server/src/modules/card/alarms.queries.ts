import type { CardAlarmType } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import type { AlarmRow } from '../../core/alarm.presenter.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import { ALARM_ROW_COLUMNS } from '../../core/alarmRow.queries.ts';
import { queryPage } from '../../db/queryPage.ts';

const FROM = `FROM alarms al JOIN card_staff s ON s.vehicle_id = al.vehicle_id JOIN terminals t ON t.id = al.terminal_id
  LEFT JOIN accounts a ON a.id = al.account_id LEFT JOIN vehicles v ON v.id = al.vehicle_id LEFT JOIN users u ON u.id = al.handled_by`;
const WHERE = `${terminalInScope('a.path', 1)} AND ($2::bigint IS NULL OR al.vehicle_id = $2) AND ($3::text IS NULL OR al.type = $3)
   AND ($4::timestamptz IS NULL OR (al.alarm_time >= $4 AND al.alarm_time < $4 + interval '1 day'))`;

export const cardAlarmsQueries = {
  /** Alarms of staff badges only (a tenant's cars keep theirs in 智能车联). */
  page: async (
    q: Queryable,
    f: { scope: string; staffId: number | null; type: CardAlarmType | null; dayStart: Date | null },
    limit: number,
    offset: number,
  ) => {
    const params = [f.scope, f.staffId, f.type, f.dayStart];
    return queryPage<AlarmRow>(
      q,
      {
        select: `SELECT al.id, t.identifier, al.vehicle_id, v.plate, v.name AS vehicle_name, ${ALARM_ROW_COLUMNS} ${FROM} WHERE ${WHERE}`,
        countFrom: `${FROM} WHERE ${WHERE}`,
        orderBy: 'al.alarm_time DESC, al.id DESC',
        params,
      },
      { limit, offset },
    );
  },

  /** Each person's alarms from `from` to `to`. */
  countsByPerson: (q: Queryable, vehicleIds: number[], from: Date, to: Date) =>
    q.query<{ vehicle_id: number; n: number }>(
      `SELECT vehicle_id, count(*)::int AS n FROM alarms WHERE vehicle_id = ANY($1::bigint[]) AND alarm_time >= $2 AND alarm_time < $3 GROUP BY vehicle_id`,
      [vehicleIds, from, to],
    ),
};
