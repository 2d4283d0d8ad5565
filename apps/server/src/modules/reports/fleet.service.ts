import { EXPIRE_DEFAULT_DAYS, type AlarmHandleQuery, type ExpireQuery, type OfflineQuery, type ReportFilters } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { alarmHandleQueries } from './alarmHandle.queries.ts';
import { fleetQueries } from './fleet.queries.ts';
import { alarmFilterOf, reportFilter, type RowWindow } from './reports.service.ts';

/** The scope filters only (vehicle, group, account, keyword): these reports are of the fleet now, not of days. */
const scopeOf = (input: ReportFilters): ReportFilters => ({
  vehicleId: input.vehicleId,
  groupId: input.groupId,
  accountId: input.accountId,
  keyword: input.keyword,
});

/** 离线报表, 到期报表 and 报警处理统计 for the caller (a foreign vehicle, group or account answers as missing). */
export class FleetReportsService {
  constructor(private readonly db: Queryable) {}

  async offline(user: SessionUser, input: OfflineQuery, win: RowWindow) {
    const filter = await reportFilter(this.db, user, scopeOf(input));
    return fleetQueries.offlinePage(this.db, filter, (input.minHours ?? 0) * 3600, input.kind ?? 'all', win.limit, win.offset);
  }

  async expire(user: SessionUser, input: ExpireQuery, win: RowWindow) {
    const filter = await reportFilter(this.db, user, scopeOf(input));
    return fleetQueries.expirePage(this.db, filter, input.withinDays ?? EXPIRE_DEFAULT_DAYS, input.status ?? 'all', win.limit, win.offset);
  }

  /** The alarms raised in the range (Beijing days), handled as they are now. */
  async alarmHandle(user: SessionUser, input: AlarmHandleQuery) {
    const filter = await reportFilter(this.db, user, input);
    return { filter, figures: await alarmHandleQueries.figures(this.db, alarmFilterOf(filter, undefined)) };
  }
}
