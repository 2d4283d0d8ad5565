import type { Queryable } from '../../db/types.ts';
import type { AlarmRow } from '../../core/alarm.presenter.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import { ALARM_ROW_COLUMNS } from '../../core/alarmRow.queries.ts';
import { queryPage } from '../../db/queryPage.ts';

export interface GbAlarmFilter {
  scope: string;
  bikeId: number | null;
  types: string[];
  start: Date;
  end: Date;
}

/** Alarms of registered modules, owned (when raised) by an account of the subtree; the bike's plate, else its frame number, names it. */
const FROM = `FROM alarms al JOIN elec_gb_bikes b ON b.terminal_id = al.terminal_id JOIN terminals t ON t.id = al.terminal_id
  LEFT JOIN accounts a ON a.id = al.account_id LEFT JOIN vehicles v ON v.id = al.vehicle_id LEFT JOIN users u ON u.id = al.handled_by`;
const WHERE = `${terminalInScope('a.path', 1)} AND ($2::bigint IS NULL OR b.id = $2) AND al.type = ANY($3::text[]) AND al.alarm_time >= $4 AND al.alarm_time < $5`;

export const gbAlarmsQueries = {
  page: async (q: Queryable, f: GbAlarmFilter, limit: number, offset: number) => {
    const params = [f.scope, f.bikeId, f.types, f.start, f.end];
    return queryPage<AlarmRow>(
      q,
      {
        select: `SELECT al.id, t.identifier, al.vehicle_id, COALESCE(NULLIF(b.plate, ''), v.plate, '') AS plate, b.frame_no AS vehicle_name, ${ALARM_ROW_COLUMNS}
         ${FROM} WHERE ${WHERE}`,
        countFrom: `${FROM} WHERE ${WHERE}`,
        orderBy: 'al.alarm_time DESC, al.id DESC',
        params,
      },
      { limit, offset },
    );
  },
};
