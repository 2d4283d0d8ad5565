import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AlarmCount, AlarmCountQuery, AlarmHistoryQuery, AlarmPage, ProcessAlarmForm, ProcessAlarmResult, RealtimeAlarmQuery } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { requestOf, responseOf } from '../../http/contract.ts';
import { AppError, fail } from '../../http/errors.ts';
import { getAndPost } from '../../http/getAndPost.ts';
import { PageQuery, pageSchema, pageWindow } from '../../http/paging.ts';
import { splitIds, splitList } from '../../http/listInput.ts';
import { TimeParam, parseOptionalTime } from '../../http/timeInput.ts';
import { subjects } from '../../bus/subjects.ts';
import { permission } from '../accounts/permissions.ts';
import type { SessionUser } from '../auth/session.service.ts';
import { likeText } from '../terminals/assets.ts';
import { identifierKey } from '../terminals/identifiers.ts';
import { terminalScope } from '../terminals/terminalScope.ts';
import { AlarmSchema, alarmTypeName, presentAlarm } from './alarm.presenter.ts';
import { alarmsQueries, type AlarmFilter } from './alarms.queries.ts';

const Filters = {
  terminalId: Type.Optional(Type.String({ maxLength: 24 })),
  vehicleId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 })),
  types: Type.Optional(Type.String({ maxLength: 2000 })),
  keyword: Type.Optional(Type.String({ maxLength: 40 })),
};
const Hours = Type.Optional(Type.Integer({ minimum: 1, maximum: 168 }));
const RealtimeQuery = requestOf<RealtimeAlarmQuery>()(Type.Intersect([PageQuery, Type.Object({ ...Filters, hours: Hours })]));
const CountQuery = requestOf<AlarmCountQuery>()(Type.Object({ ...Filters, hours: Hours }));
const HistoryQuery = requestOf<AlarmHistoryQuery>()(
  Type.Intersect([PageQuery, Type.Object({ ...Filters, start: Type.Optional(TimeParam), end: Type.Optional(TimeParam), handled: Type.Optional(Type.Boolean()) })]),
);
const ProcessBody = requestOf<ProcessAlarmForm>()(Type.Object({ alarmIds: Type.String({ minLength: 1, maxLength: 20_000 }), note: Type.Optional(Type.String({ maxLength: 500 })) }));
const AlarmPageSchema = responseOf<AlarmPage>()(pageSchema(AlarmSchema));
const CountResult = responseOf<AlarmCount>()(Type.Object({ total: Type.Integer(), types: Type.Array(Type.Object({ type: Type.String(), typeName: Type.String(), count: Type.Integer() })) }));
const ProcessResult = responseOf<ProcessAlarmResult>()(Type.Object({ updated: Type.Integer() }));

/** Real-time alarms are the unhandled ones of the last 24 hours (or `hours`), in the types the account keeps on. */
const REALTIME_HOURS = 24;
const MAX_HISTORY_DAYS = 93;

function baseFilter(user: SessionUser, q: { terminalId?: string; vehicleId?: number; types?: string; keyword?: string }): AlarmFilter {
  const types = splitList(q.types, 100);
  return {
    scope: terminalScope(user), terminalKey: q.terminalId ? identifierKey(q.terminalId) : null, vehicleId: q.vehicleId ?? null,
    types: types.length ? types : null, start: null, end: null, handled: null, keyword: likeText(q.keyword), settingsAccountId: null,
  };
}

function realtimeFilter(user: SessionUser, q: Static<typeof CountQuery>): AlarmFilter {
  return { ...baseFilter(user, q), handled: false, start: new Date(Date.now() - (q.hours ?? REALTIME_HOURS) * 3600_000), settingsAccountId: user.accountId };
}

/** Real-time and historical alarms, and handling them (who, when, note). */
export const alarmsRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const base = '/car/v1/accelerate/report/alarm';

  getAndPost(app, `${base}/actualTimeAlarmQuery.json`, RealtimeQuery, AlarmPageSchema, async (request, query: Static<typeof RealtimeQuery>): Promise<AlarmPage> => {
    const win = pageWindow(query);
    const { total, rows } = await alarmsQueries.page(ctx.db, realtimeFilter(caller(request), query), win.sql.limit, win.sql.offset);
    return { total, current: win.current, pageSize: win.pageSize, list: rows.map(presentAlarm) };
  });

  getAndPost(app, `${base}/queryActualTimeAlarmNum.json`, CountQuery, CountResult, async (request, query: Static<typeof CountQuery>): Promise<AlarmCount> => {
    const rows = await alarmsQueries.countByType(ctx.db, realtimeFilter(caller(request), query));
    return { total: rows.reduce((s, r) => s + r.n, 0), types: rows.map((r) => ({ type: r.type, typeName: alarmTypeName(r.type), count: r.n })) };
  });

  getAndPost(app, `${base}/newQueryAlarm`, HistoryQuery, AlarmPageSchema, async (request, query: Static<typeof HistoryQuery>): Promise<AlarmPage> => {
    const win = pageWindow(query);
    const end = parseOptionalTime(query.end, 'end') ?? new Date();
    const start = parseOptionalTime(query.start, 'start') ?? new Date(end.getTime() - 7 * 86_400_000);
    if (end <= start) throw fail('结束时间必须晚于开始时间');
    if (end.getTime() - start.getTime() > MAX_HISTORY_DAYS * 86_400_000) throw fail(`查询时间范围不能超过${MAX_HISTORY_DAYS}天`);
    const filter = { ...baseFilter(caller(request), query), start, end, handled: query.handled ?? null };
    const { total, rows } = await alarmsQueries.page(ctx.db, filter, win.sql.limit, win.sql.offset);
    return { total, current: win.current, pageSize: win.pageSize, list: rows.map(presentAlarm) };
  });

  app.post('/car/v1/api/monitor/processAlarm', { config: { permission: permission('car:alarm:process') }, schema: { body: ProcessBody, response: { 200: ProcessResult } } }, async (request): Promise<ProcessAlarmResult> => {
    const user = caller(request);
    const body = request.body as Static<typeof ProcessBody>;
    const ids = [...new Set(splitIds(body.alarmIds, 'alarmIds', 500))];
    if (ids.length === 0) throw new AppError('badRequest', '请选择要处理的报警');
    const scope = terminalScope(user);
    const updated = await ctx.db.tx(async (q) => {
      const visible = await alarmsQueries.visibleByIds(q, scope, ids);
      if (visible.length !== ids.length) throw new AppError('notFound', '报警不存在或无权访问');
      await alarmsQueries.handle(q, ids, user.userId, (body.note ?? '').trim());
      return alarmsQueries.visibleByIds(q, scope, ids);
    });
    // Other operators' real-time lists and alarm tips drop it at once.
    for (const row of updated) ctx.bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
    return { updated: updated.length };
  });
};
