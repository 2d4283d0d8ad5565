import type { FastifyInstance } from 'fastify';
import { beijingMidnight, CARD_ALARM_NAMES, CARD_ERRORS, cardEndpoints, type CardAlarmType } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { containsPattern } from '../../db/likeText.ts';
import { oneImportAtATime, receiveSheet } from '../terminals/sheetUpload.ts';
import { sendCommands } from '../commands/commands.service.ts';
import { visibleTerminals } from '../terminals/terminals.service.ts';
import { supportsCommand } from '@chelian/protocols';
import { staffQueries } from './staff.queries.ts';
import { presentStaff } from './card.presenter.ts';
import { bindBadge, checkPhoto, deleteStaff, saveStaff, unbindBadge, visibleStaff } from './staff.service.ts';
import { importStaff } from './staffImport.ts';
import { attendanceOfDate, attendanceStatusFilter, correctAttendance } from './attendance.service.ts';
import { patrolRuns, presentRun } from './patrol.service.ts';
import { cardReport } from './report.service.ts';
import { excelHeaders, reportWorkbook, staffWorkbook } from './card.sheets.ts';
import { cardSetupRoutes } from './cardSetup.routes.ts';
import { ruleOf, shiftRules } from './shiftRules.ts';
import { cardAlarmsQueries } from './alarms.queries.ts';
import { trackExtras } from './track.service.ts';

/** 智能工牌: staff and badges, attendance, patrol results, alarms, listen-in, track extras, reports. */
export const cardRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const { db, bus } = ctx;
  const detail = async (user: ReturnType<typeof caller>, staffId: number) => {
    const row = await visibleStaff(db, user, staffId);
    return presentStaff(row, await ruleOf(db, row.effective_shift_id));
  };

  cardSetupRoutes(ctx, app);

  route(app, cardEndpoints.staff, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows } = await staffQueries.page(
      db,
      scopeParam(caller(request)),
      containsPattern(query.keyword),
      query.teamId ?? null,
      win.sql.limit,
      win.sql.offset,
    );
    const rules = await shiftRules(
      db,
      rows.map((r) => r.effective_shift_id),
    );
    const list = rows.map((r) => presentStaff(r, rules.get(Number(r.effective_shift_id))));
    return pageAnswer(win, total, list);
  });

  route(app, cardEndpoints.staffDetail, async (query, request) => detail(caller(request), query.staffId));

  route(app, cardEndpoints.saveStaff, async (body, request) => {
    const user = caller(request);
    const id = await saveStaff(db, bus, user, body);
    auditChange(request, { objectType: '人员', objectId: id, after: { name: body.name, staffNo: body.staffNo } });
    return detail(user, id);
  });

  route(app, cardEndpoints.deleteStaff, async (body, request) => {
    await deleteStaff(db, bus, caller(request), body.staffId);
    auditChange(request, { objectType: '人员', objectId: body.staffId });
    return { staffId: body.staffId };
  });

  route(app, cardEndpoints.uploadPhoto, async (body, request) => {
    const staff = await visibleStaff(db, caller(request), body.staffId);
    const photo = checkPhoto(body.data);
    await staffQueries.setPhoto(db, staff.id, photo.bytes, photo.contentType);
    return { staffId: Number(staff.id), contentType: photo.contentType };
  });

  route(app, cardEndpoints.photo, async (query, request, reply) => {
    const staff = await visibleStaff(db, caller(request), query.staffId);
    const photo = await staffQueries.photo(db, staff.id);
    if (!photo?.photo || !photo.photo_type) throw new AppError(CARD_ERRORS.noPhoto);
    return reply
      .header('cache-control', 'private, max-age=60')
      .header('x-content-type-options', 'nosniff')
      .type(photo.photo_type)
      .send(Buffer.from(photo.photo));
  });

  route(app, cardEndpoints.bind, async (body, request) => {
    const user = caller(request);
    await bindBadge(db, bus, user, body.staffId, body.terminalId);
    auditChange(request, { objectType: '人员', objectId: body.staffId, after: { terminalId: body.terminalId } });
    return detail(user, body.staffId);
  });

  route(app, cardEndpoints.unbind, async (body, request) => {
    const user = caller(request);
    await unbindBadge(db, bus, user, body.staffId);
    auditChange(request, { objectType: '人员', objectId: body.staffId });
    return detail(user, body.staffId);
  });

  route(app, cardEndpoints.bindings, async (query, request) => {
    const staff = await visibleStaff(db, caller(request), query.staffId);
    return (await staffQueries.bindings(db, staff.id)).map((b) => ({
      terminalId: b.identifier,
      boundAt: b.bound_at.getTime(),
      boundBy: b.bound_by,
      unboundAt: b.unbound_at ? b.unbound_at.getTime() : null,
      unboundBy: b.unbound_by,
    }));
  });

  route(app, cardEndpoints.importStaff, async (_query, request) => {
    const user = caller(request);
    const result = await oneImportAtATime(user, async () =>
      importStaff(db, bus, user, (await receiveSheet(request, CARD_ERRORS.fileMissing)).rows),
    );
    auditChange(request, { objectType: '人员', objectId: 0, after: { created: result.created, updated: result.updated } });
    return result;
  });

  route(app, cardEndpoints.exportStaff, async (query, request, reply) => {
    const rows = await staffQueries.all(db, scopeParam(caller(request)), containsPattern(query.keyword), query.teamId ?? null);
    const rules = await shiftRules(
      db,
      rows.map((r) => r.effective_shift_id),
    );
    const list = rows.map((r) => presentStaff(r, rules.get(Number(r.effective_shift_id))));
    return reply.headers(excelHeaders('人员列表')).send(await staffWorkbook(list));
  });

  route(app, cardEndpoints.attendance, async (query, request) => {
    const win = pageWindow(query);
    const status = attendanceStatusFilter(query.status);
    let rows = await attendanceOfDate(db, caller(request), query.date, { keyword: query.keyword, teamId: query.teamId ?? null });
    if (status) rows = rows.filter((r) => r.status === status);
    return {
      total: rows.length,
      current: win.current,
      pageSize: win.pageSize,
      list: rows.slice(win.sql.offset, win.sql.offset + win.sql.limit),
    };
  });

  route(app, cardEndpoints.correctAttendance, async (body, request) => {
    const row = await correctAttendance(db, caller(request), body);
    auditChange(request, {
      objectType: '考勤',
      objectId: body.staffId,
      after: { day: body.day, period: body.period, status: row.statusName, note: body.note },
    });
    return row;
  });

  route(app, cardEndpoints.patrolRuns, async (query, request) =>
    (await patrolRuns(db, scopeParam(caller(request)), query.date)).map(presentRun),
  );

  route(app, cardEndpoints.alarms, async (query, request) => {
    const user = caller(request);
    if (query.staffId !== undefined) await visibleStaff(db, user, query.staffId);
    const win = pageWindow(query);
    const type = query.type
      ? oneOfOrRefuse(CARD_ALARM_NAMES, query.type, CARD_ERRORS.alarmTypeUnknown, { value: 'type', list: 'types' })
      : null;
    const { total, rows } = await cardAlarmsQueries.page(
      db,
      {
        scope: terminalScope(user),
        staffId: query.staffId ?? null,
        type,
        dayStart: query.date ? new Date(beijingMidnight(query.date)) : null,
      },
      win.sql.limit,
      win.sql.offset,
    );
    const list = rows.map((r) => {
      const a = presentAlarm(r);
      return { ...a, typeName: CARD_ALARM_NAMES[r.type as CardAlarmType] ?? a.typeName };
    });
    return pageAnswer(win, total, list);
  });

  route(app, cardEndpoints.call, async (body, request) => {
    const user = caller(request);
    const staff = await visibleStaff(db, user, body.staffId);
    if (!staff.identifier) throw new AppError(CARD_ERRORS.noBadge);
    const terminals = await visibleTerminals(db, user, [staff.identifier]);
    // Listen-in is the badge calling the number back silently: the platform's listenIn command where
    // the badge's protocol has one (watch: MONITOR), else the text command; a call rings it (CALL).
    const listenIn = body.listen && supportsCommand(staff.protocol ?? '', 'listenIn');
    const text = `${body.listen ? 'MONITOR' : 'CALL'},${body.phone}`;
    const sent = listenIn
      ? await sendCommands(db, bus, user, terminals, 'listenIn', { phone: body.phone }, 10)
      : await sendCommands(db, bus, user, terminals, 'custom', { text }, 10);
    const item = sent.list[0]!;
    auditChange(request, {
      objectType: '人员',
      objectId: Number(staff.id),
      after: { command: listenIn ? `listenIn ${body.phone}` : text, status: item.status },
    });
    return {
      commandId: item.commandId,
      status: item.status,
      message: item.status === 'sent' ? '指令已下发，等待工牌回拨' : item.status === 'queued' ? '工牌离线，上线后下发' : item.reason,
    };
  });

  route(app, cardEndpoints.track, async (query, request) =>
    trackExtras(db, await visibleStaff(db, caller(request), query.staffId), query.date),
  );

  route(app, cardEndpoints.report, async (query, request) => cardReport(db, caller(request), query));

  route(app, cardEndpoints.exportReport, async (query, request, reply) => {
    const report = await cardReport(db, caller(request), query);
    return reply.headers(excelHeaders(`工牌统计报表_${report.startDate}_${report.endDate}`)).send(await reportWorkbook(report));
  });
};
