import type { FastifyInstance } from 'fastify';
import { ALARM_ERRORS, type AlarmCountQuery, alarmEndpoints, type AlarmFilters, DAY_MS, kindsOf } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError } from '../../http/errors.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { splitIds, splitList } from '../../http/listInput.ts';
import { route } from '../../http/route.ts';
import { parseOptionalTime } from '../../http/timeInput.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { containsPattern } from '../../db/likeText.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { alarmTypeName, presentAlarm } from '../../core/alarm.presenter.ts';
import { alarmsQueries, type AlarmFilter } from './alarms.queries.ts';
import { AlarmsService } from './alarms.service.ts';

/** 智能车联's 报警中心 (docs/asset-kinds.md: its kinds only). Real-time alarms are the unhandled ones of the last 24 hours (or `hours`), in the types the account keeps on. */
const REALTIME_HOURS = 24;
const MAX_HISTORY_DAYS = 93;

function baseFilter(user: SessionUser, q: AlarmFilters): AlarmFilter {
  const types = splitList(q.types, 100);
  return {
    scope: terminalScope(user),
    terminalKey: q.terminalId ? identifierKey(q.terminalId) : null,
    vehicleId: q.vehicleId ?? null,
    types: types.length ? types : null,
    start: null,
    end: null,
    handled: null,
    keyword: containsPattern(q.keyword),
    settingsAccountId: null,
    // 智能车联's alarms: of its kinds only (车辆, 电单车), as its lists; 智能工牌 and 宠物卫士 list their own.
    kinds: kindsOf('car'),
  };
}

function realtimeFilter(user: SessionUser, q: AlarmCountQuery): AlarmFilter {
  return {
    ...baseFilter(user, q),
    // the host shell's bell spans the sub-products: every kind's alarms (docs/asset-kinds.md)
    ...(q.allKinds ? { kinds: null } : {}),
    handled: false,
    start: new Date(Date.now() - (q.hours ?? REALTIME_HOURS) * 3600_000),
    settingsAccountId: user.accountId,
  };
}

/** Real-time and historical alarms, and handling them (who, when, note). */
export const alarmsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const alarms = new AlarmsService(ctx);

  route(app, alarmEndpoints.realtime, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows } = await alarmsQueries.page(ctx.db, realtimeFilter(caller(request), query), win.sql.limit, win.sql.offset);
    return pageAnswer(win, total, rows.map(presentAlarm));
  });

  route(app, alarmEndpoints.realtimeCount, async (query, request) => {
    const rows = await alarmsQueries.countByType(ctx.db, realtimeFilter(caller(request), query));
    return {
      total: rows.reduce((s, r) => s + r.n, 0),
      types: rows.map((r) => ({ type: r.type, typeName: alarmTypeName(r.type), count: r.n })),
    };
  });

  route(app, alarmEndpoints.history, async (query, request) => {
    const win = pageWindow(query);
    const end = parseOptionalTime(query.end, 'end') ?? new Date();
    const start = parseOptionalTime(query.start, 'start') ?? new Date(end.getTime() - 7 * DAY_MS);
    if (end <= start) throw new AppError(ALARM_ERRORS.endBeforeStart);
    if (end.getTime() - start.getTime() > MAX_HISTORY_DAYS * DAY_MS)
      throw new AppError(ALARM_ERRORS.rangeTooLong, { params: { days: MAX_HISTORY_DAYS } });
    const filter = { ...baseFilter(caller(request), query), start, end, handled: query.handled ?? null };
    const { total, rows } = await alarmsQueries.page(ctx.db, filter, win.sql.limit, win.sql.offset);
    return pageAnswer(win, total, rows.map(presentAlarm));
  });

  route(app, alarmEndpoints.process, async (body, request) => {
    const ids = [...new Set(splitIds(body.alarmIds, 'alarmIds', 500))];
    if (ids.length === 0) throw new AppError(ALARM_ERRORS.noneSelected);
    return { updated: await alarms.handle(caller(request), ids, (body.note ?? '').trim()) };
  });
};
