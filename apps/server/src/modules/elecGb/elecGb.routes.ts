import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ELEC_GB_ERRORS,
  GB_ALARM_TYPES,
  GB_DECLARATION_STATUSES,
  GB_STATES,
  elecGbEndpoints,
  type GbDeclarationStatus,
} from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { splitIds, splitList } from '../../http/listInput.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { containsPattern } from '../../db/likeText.ts';
import { oneImportAtATime, receiveSheet } from '../terminals/sheetUpload.ts';
import { dailyReportFilter, filterSpan, reportFilter } from '../reports/reports.service.ts';
import { gbBikesQueries, type GbBikeFilter } from './gbBikes.queries.ts';
import { useTypeKey } from './gbFields.ts';
import { presentGbBike } from './gbBikes.presenter.ts';
import { addGbBike, deleteGbBikes, updateGbBike, visibleGbBike } from './gbBikes.service.ts';
import { gbRecordsOf, gbTemplate, gbWorkbook, XLSX_TYPE } from './gbSheet.ts';
import { importGbRecords, verifyGbRecords } from './gbImport.service.ts';
import { declareForm, declareUrl, presentDeclaration, qrPng, reviewDeclaration, submitDeclaration } from './declare.service.ts';
import { declareQueries } from './declare.queries.ts';
import { batteryBoard, batteryTrend } from './gbBattery.service.ts';
import { gbAlarmsQueries } from './gbAlarms.queries.ts';
import { gbStats, gbStatsWorkbook } from './gbStats.service.ts';

const MAX_EXPORT = 20_000;
const orNull = (s: string | undefined) => (s?.trim() ? s.trim() : null);

/** The registry's filter as asked: a state and a use type there are (a use type by its key or its Chinese name, as the form takes it), refused otherwise rather than matching nothing. */
function bikeFilter(request: FastifyRequest, query: { keyword?: string; state?: string; useType?: string }): GbBikeFilter {
  const sent = orNull(query.state);
  const state = sent === null ? null : oneOfOrRefuse(GB_STATES, sent, ELEC_GB_ERRORS.stateUnknown, { value: 'state', list: 'states' });
  const useTypeText = orNull(query.useType);
  const useType = useTypeText === null ? null : useTypeKey(useTypeText);
  if (useTypeText !== null && useType === null) throw new AppError(ELEC_GB_ERRORS.useTypeInvalid);
  return { scope: scopeParam(caller(request)), like: containsPattern(query.keyword), state, useType };
}

/** The declarations' status filter: none, or a status there is; another is refused rather than matching nothing. */
function declarationStatusFilter(value: string | undefined): GbDeclarationStatus | null {
  const status = orNull(value);
  return status === null
    ? null
    : oneOfOrRefuse(GB_DECLARATION_STATUSES, status, ELEC_GB_ERRORS.declarationStatusUnknown, { value: 'status', list: 'statuses' });
}

const sheetOf = async (request: FastifyRequest) => gbRecordsOf((await receiveSheet(request)).rows);

const excel = (reply: FastifyReply, name: string, content: Buffer) =>
  reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`)
    .send(content);

/** The page's Beijing days (default the last 7), checked as every report checks them. */
async function span(ctx: AppContext, request: FastifyRequest, input: { startDate?: string; endDate?: string }) {
  const f = await reportFilter(ctx.db, caller(request), { startDate: input.startDate, endDate: input.endDate });
  return { from: f.from, to: f.to, ...filterSpan(f) };
}

/** 新国标: registry, declaration QR code and public form, battery safety board, GB alarms, statistics. */
export const elecGbRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const { db, bus } = ctx;
  const detail = async (request: FastifyRequest, bikeId: number) => presentGbBike(await visibleGbBike(db, caller(request), bikeId));

  route(app, elecGbEndpoints.list, async (query, request) => {
    const win = pageWindow(query);
    const filter = bikeFilter(request, query);
    const { total, rows } = await gbBikesQueries.page(db, filter, win.sql.limit, win.sql.offset);
    return pageAnswer(win, total, rows.map(presentGbBike));
  });

  route(app, elecGbEndpoints.detail, async (query, request) => detail(request, query.bikeId));

  route(app, elecGbEndpoints.add, async (body, request) => {
    const bikeId = await addGbBike(db, bus, caller(request), body);
    const bike = await detail(request, bikeId);
    auditChange(request, {
      objectType: '新国标备案',
      objectId: bikeId,
      after: { frameNo: bike.frameNo, plate: bike.plate, terminalId: bike.terminalId },
    });
    return bike;
  });

  route(app, elecGbEndpoints.update, async (body, request) => {
    const before = await updateGbBike(db, bus, caller(request), body);
    const after = await detail(request, body.bikeId);
    auditChange(request, {
      objectType: '新国标备案',
      objectId: body.bikeId,
      before: { frameNo: before.frame_no, plate: before.plate, terminalId: before.identifier ?? '' },
      after: { frameNo: after.frameNo, plate: after.plate, terminalId: after.terminalId },
    });
    return after;
  });

  route(app, elecGbEndpoints.delete, async (body, request) => {
    const ids = splitIds(body.bikeIds, 'bikeIds');
    const deleted = await deleteGbBikes(db, bus, caller(request), ids);
    auditChange(request, { objectType: '新国标备案', objectId: ids.join(','), after: { deleted } });
    return { deleted };
  });

  route(app, elecGbEndpoints.importVerify, async (_q, request) =>
    oneImportAtATime(caller(request), async () => verifyGbRecords(db, caller(request), await sheetOf(request))),
  );

  route(app, elecGbEndpoints.import, async (_q, request) => {
    const result = await oneImportAtATime(caller(request), async () => importGbRecords(db, bus, caller(request), await sheetOf(request)));
    auditChange(request, { objectType: '新国标备案', after: result });
    return result;
  });

  route(app, elecGbEndpoints.importTemplate, async (_q, _request, reply) =>
    excel(reply, '新国标备案导入模板', (await gbTemplate()).content),
  );

  route(app, elecGbEndpoints.export, async (query, request, reply) => {
    const filter = bikeFilter(request, query);
    const rows = await gbBikesQueries.all(db, filter, MAX_EXPORT);
    return excel(reply, '新国标备案车辆', await gbWorkbook(rows.map(presentGbBike)));
  });

  route(app, elecGbEndpoints.qrCode, async (query, request, reply) => {
    const bike = await visibleGbBike(db, caller(request), query.bikeId);
    const png = await qrPng(declareUrl(`${request.protocol}://${request.host}`, bike.declare_token), query.size);
    return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
  });

  route(app, elecGbEndpoints.declareForm, async (query) => declareForm(db, query.t));

  route(app, elecGbEndpoints.declareSubmit, async (body, request) => submitDeclaration(db, body, request.ip));

  route(app, elecGbEndpoints.declarations, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows } = await declareQueries.page(
      db,
      scopeParam(caller(request)),
      declarationStatusFilter(query.status),
      containsPattern(query.keyword),
      win.sql.limit,
      win.sql.offset,
    );
    return pageAnswer(win, total, rows.map(presentDeclaration));
  });

  route(app, elecGbEndpoints.review, async (body, request) => {
    const answer = await reviewDeclaration(db, bus, caller(request), body.declarationId, body.approve, body.note ?? '');
    auditChange(request, {
      objectType: '新国标申报',
      objectId: body.declarationId,
      after: { status: answer.statusName, bikeId: answer.bikeId },
    });
    return answer;
  });

  route(app, elecGbEndpoints.battery, async (query, request) => {
    const win = pageWindow(query);
    const rows = await batteryBoard(db, scopeParam(caller(request)), containsPattern(query.keyword));
    return {
      total: rows.length,
      current: win.current,
      pageSize: win.pageSize,
      list: rows.slice(win.sql.offset, win.sql.offset + win.sql.limit),
    };
  });

  route(app, elecGbEndpoints.batteryTrend, async (query, request) => {
    const bike = await visibleGbBike(db, caller(request), query.bikeId);
    const { start, end } = await span(ctx, request, query);
    return batteryTrend(db, bike, start, end);
  });

  route(app, elecGbEndpoints.alarms, async (query, request) => {
    const user = caller(request);
    if (query.bikeId !== undefined) await visibleGbBike(db, user, query.bikeId);
    const { start, end } = await span(ctx, request, query);
    const asked = splitList(query.types, 50).filter((t) => (GB_ALARM_TYPES as string[]).includes(t));
    const win = pageWindow(query);
    const { total, rows } = await gbAlarmsQueries.page(
      db,
      { scope: terminalScope(user), bikeId: query.bikeId ?? null, types: asked.length ? asked : [...GB_ALARM_TYPES], start, end },
      win.sql.limit,
      win.sql.offset,
    );
    return pageAnswer(win, total, rows.map(presentAlarm));
  });

  route(app, elecGbEndpoints.stats, async (query, request) => {
    // its figures of the days come from the daily rollup: today's brought up to date first, as every report's
    const f = await dailyReportFilter(db, caller(request), { startDate: query.startDate, endDate: query.endDate });
    return gbStats(db, scopeParam(caller(request)), { from: f.from, to: f.to, ...filterSpan(f) });
  });

  route(app, elecGbEndpoints.statsExport, async (query, request, reply) => {
    const s = await span(ctx, request, query);
    return excel(
      reply,
      `新国标统计_${s.from}_${s.to}`,
      await gbStatsWorkbook(await gbStats(db, scopeParam(caller(request)), s), s.from, s.to),
    );
  });
};
