import type { FastifyInstance } from 'fastify';
import { ELEC_LEASE_ERRORS, FENCE_KIND_NAMES, LEASE_AREA_KINDS, elecLeaseEndpoints, type LeaseArea } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { containsPattern } from '../../db/likeText.ts';
import { GEOFENCE_CHANGED } from '../geofences/geofences.service.ts';
import { presentLock } from './contracts.presenter.ts';
import { contractDetail, visibleContract } from './contracts.service.ts';
import { lockContract, personActor, unlockContract } from './locks.service.ts';
import { locksQueries } from './locks.queries.ts';
import { operatorQueries } from './operator.queries.ts';
import { riskQueries } from './risk.queries.ts';
import { overdueDays } from './risk.service.ts';
import { addDays } from './billing.service.ts';
import { leaseStats, statsWorkbook } from './stats.ts';
import { clean, found } from './rowHelpers.ts';

async function areas(ctx: AppContext, user: SessionUser): Promise<LeaseArea[]> {
  const rows = await riskQueries.areas(ctx.db, user.accountPath);
  return rows.map((r) => ({
    geofenceId: Number(r.id),
    name: r.name,
    fenceKindName: FENCE_KIND_NAMES[r.kind],
    radius: r.radius_m,
    kind: r.area ?? '',
    kindName: r.area ? (LEASE_AREA_KINDS[r.area as keyof typeof LEASE_AREA_KINDS] ?? r.area) : '',
  }));
}

/** 逾期风控 (overdue list, reminders, manual lock and unlock, the rules), 服务区域 and 运营统计. */
export function riskRoutes(ctx: AppContext, app: FastifyInstance) {
  const { db, bus } = ctx;

  route(app, elecLeaseEndpoints.overdue, async (query, request) => {
    const user = caller(request);
    const win = pageWindow(query);
    const settings = await operatorQueries.settings(db, user.accountPath);
    const { total, rows } = await riskQueries.overduePage(
      db,
      user.accountPath,
      containsPattern(query.keyword),
      win.sql.limit,
      win.sql.offset,
    );
    const now = new Date();
    return {
      total,
      current: win.current,
      pageSize: win.pageSize,
      list: rows.map((c) => ({
        contractId: Number(c.id),
        contractNo: c.contract_no,
        riderName: c.rider_name,
        riderPhone: c.rider_phone,
        emergencyPhone: c.emergency_phone,
        vehicleCode: c.vehicle_code ?? '',
        plate: c.plate ?? '',
        dueAt: c.due_at!.getTime(),
        overdueDays: overdueDays(c, now),
        owedFen: c.owed_fen,
        graceEnds: addDays(c.overdue_since ?? c.due_at!, settings.grace_days).getTime(),
        lockReason: c.lock_reason,
        reminders: c.reminders,
      })),
    };
  });

  route(app, elecLeaseEndpoints.remind, async (body, request) => {
    const user = caller(request);
    const c = await visibleContract(db, user, body.contractId);
    const text = clean(body.text) || `【租金提醒】${c.rider_name}您好，您的租车订单${c.contract_no}尚有欠费，请尽快缴纳。`;
    await riskQueries.remind(db, { contractId: c.id, auto: false, text, userName: user.username, now: new Date() });
    auditChange(request, { objectType: '租赁订单', objectId: c.id, after: { action: '催缴', text } });
    return contractDetail(db, c.id);
  });

  route(app, elecLeaseEndpoints.lock, async (body, request) => {
    const user = caller(request);
    const c = await visibleContract(db, user, body.contractId);
    if (!['active', 'overdue'].includes(c.status))
      throw new AppError(ELEC_LEASE_ERRORS.contractState, {
        params: { state: c.status === 'pending' ? '待交车' : '已结束', action: '锁车' },
      });
    const id = await lockContract(db, bus, personActor(user), c, 'manual', clean(body.reason));
    auditChange(request, { objectType: '租赁订单', objectId: c.id, after: { action: '锁车', reason: body.reason, lockId: id } });
    return presentLock(await locksQueries.one(db, id!));
  });

  route(app, elecLeaseEndpoints.unlock, async (body, request) => {
    const user = caller(request);
    const c = await visibleContract(db, user, body.contractId);
    const id = await unlockContract(db, bus, personActor(user), c, 'manual', clean(body.reason));
    auditChange(request, { objectType: '租赁订单', objectId: c.id, after: { action: '解锁', reason: body.reason, lockId: id } });
    return presentLock(await locksQueries.one(db, id!));
  });

  route(app, elecLeaseEndpoints.locks, async (query, request) => {
    const user = caller(request);
    if (query.contractId !== undefined) await visibleContract(db, user, query.contractId);
    const win = pageWindow(query);
    const { total, rows } = await locksQueries.page(db, user.accountPath, query.contractId ?? null, win.sql.limit, win.sql.offset);
    return pageAnswer(win, total, rows.map(presentLock));
  });

  const presentSettings = (s: Awaited<ReturnType<typeof operatorQueries.settings>>) => ({
    graceDays: s.grace_days,
    lockOnOverdue: s.lock_on_overdue,
    lockOutOfArea: s.lock_out_of_area,
    lockOnTamper: s.lock_on_tamper,
  });
  route(app, elecLeaseEndpoints.settings, async (_q, request) =>
    presentSettings(await operatorQueries.settings(db, caller(request).accountPath)),
  );
  route(app, elecLeaseEndpoints.saveSettings, async (body, request) => {
    const user = caller(request);
    const before = presentSettings(await operatorQueries.settings(db, user.accountPath));
    await operatorQueries.saveSettings(db, user.accountId, {
      grace_days: body.graceDays,
      lock_on_overdue: body.lockOnOverdue,
      lock_out_of_area: body.lockOutOfArea,
      lock_on_tamper: body.lockOnTamper,
    });
    auditChange(request, { objectType: '风控设置', objectId: user.accountId, before, after: { ...body } });
    return presentSettings(await operatorQueries.settings(db, user.accountPath));
  });

  route(app, elecLeaseEndpoints.areas, async (_q, request) => areas(ctx, caller(request)));
  route(app, elecLeaseEndpoints.setArea, async (body, request) => {
    const user = caller(request);
    const sent = clean(body.kind);
    const kind = sent ? oneOfOrRefuse(LEASE_AREA_KINDS, sent, ELEC_LEASE_ERRORS.areaKindUnknown, 'kind') : '';
    const fence = await riskQueries.visibleFence(db, user.accountPath, body.geofenceId);
    found(fence);
    if (kind) await riskQueries.setArea(db, Number(fence!.id), Number(fence!.account_id), kind);
    else await riskQueries.clearArea(db, Number(fence!.id));
    bus.publish(GEOFENCE_CHANGED, {});
    auditChange(request, { objectType: '服务区域', objectId: fence!.id, after: { kind } });
    return areas(ctx, user);
  });

  route(app, elecLeaseEndpoints.stats, async (query, request) => {
    const { from: _from, to: _to, ...stats } = await leaseStats(db, caller(request), query);
    return stats;
  });
  route(app, elecLeaseEndpoints.exportStats, async (query, request, reply) => {
    const stats = await leaseStats(db, caller(request), query);
    const name = encodeURIComponent(`运营统计_${stats.from}_${stats.to}`);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${name}.xlsx`)
      .send(await statsWorkbook(stats));
  });
}
