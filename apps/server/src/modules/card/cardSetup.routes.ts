import type { FastifyInstance } from 'fastify';
import { CARD_ERRORS, CARD_LIMITS, GEOFENCE_ERRORS, cardEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { scopeParam } from '../../core/accountScope.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { geofencesQueries } from '../geofences/geofences.queries.ts';
import { staffQueries } from './staff.queries.ts';
import { setupQueries } from './setup.queries.ts';
import { presentArea, presentCheckpoint, presentPlan, presentShift } from './card.presenter.ts';
import { CARD_CHANGED, ownedId, visibleStaff } from './staff.service.ts';
import { badPeriod, periodText, shiftPeriodProblem } from './attendance.ts';

type Owned = 'card_teams' | 'card_shifts' | 'card_areas' | 'card_checkpoints' | 'card_patrol_plans';
const MISSING = {
  card_teams: CARD_ERRORS.teamNotVisible,
  card_shifts: CARD_ERRORS.shiftNotVisible,
  card_areas: CARD_ERRORS.areaNotVisible,
  card_checkpoints: CARD_ERRORS.checkpointNotVisible,
  card_patrol_plans: CARD_ERRORS.planNotVisible,
} as const;

/** The row's account when the caller may see it; a foreign id answers like a missing one. */
async function ownerOf(q: Queryable, user: SessionUser, table: Owned, id: number): Promise<number> {
  const owner = await setupQueries.owner(q, table, scopeParam(user), id);
  if (owner === undefined) throw new AppError(MISSING[table]);
  return Number(owner);
}

/** Patrol windows: within one day, none overlapping. */
function checkWindows(periods: Array<{ start: string; end: string }>, max: number) {
  if (periods.length > max) throw new AppError(CARD_ERRORS.tooManyPeriods, { params: { max } });
  const bad = badPeriod(periods);
  if (bad) throw new AppError(CARD_ERRORS.periodInvalid, { params: bad });
}

/** Shift periods: a night one may end the next day (attendance.ts, shiftPeriodProblem). */
function checkShiftPeriods(periods: Array<{ start: string; end: string }>) {
  if (periods.length > CARD_LIMITS.periods) throw new AppError(CARD_ERRORS.tooManyPeriods, { params: { max: CARD_LIMITS.periods } });
  const bad = shiftPeriodProblem(periods);
  if (!bad) return;
  const params: Record<string, string> =
    bad.error === 'periodSame' ? { ...bad.period } : { period: periodText(bad.period), other: periodText(bad.other) };
  throw new AppError(CARD_ERRORS[bad.error], { params });
}

/** Teams, responsibility areas, shifts, checkpoints, patrol plans and alarm rules. */
export function cardSetupRoutes(ctx: AppContext, app: FastifyInstance) {
  const { db, bus } = ctx;
  const changed = () => bus.publish(CARD_CHANGED, {});
  const teams = async (user: SessionUser) =>
    (await staffQueries.teams(db, scopeParam(user))).map((t) => ({
      teamId: Number(t.id),
      name: t.name,
      parentId: t.parent_id === null ? null : Number(t.parent_id),
      shiftId: t.shift_id === null ? null : Number(t.shift_id),
      staffCount: t.staff_count,
    }));
  const areas = async (user: SessionUser) => (await setupQueries.areas(db, scopeParam(user))).map(presentArea);
  const checkpoints = async (user: SessionUser) => (await setupQueries.checkpoints(db, scopeParam(user))).map(presentCheckpoint);

  route(app, cardEndpoints.teams, async (_q, request) => teams(caller(request)));

  route(app, cardEndpoints.saveTeam, async (body, request) => {
    const user = caller(request);
    const accountId = body.teamId ? await ownerOf(db, user, 'card_teams', body.teamId) : user.accountId;
    const parentId = await ownedId(db, user, 'card_teams', body.parentId, accountId);
    if (body.teamId && parentId !== null && (await setupQueries.teamAncestors(db, parentId)).includes(body.teamId))
      throw new AppError(CARD_ERRORS.teamLoop);
    const shiftId = await ownedId(db, user, 'card_shifts', body.shiftId, accountId);
    await setupQueries.saveTeam(db, { id: body.teamId, accountId, name: body.name.trim(), parentId, shiftId });
    auditChange(request, { objectType: '班组', objectId: body.teamId ?? 0, after: { name: body.name } });
    changed();
    return teams(user);
  });

  route(app, cardEndpoints.deleteTeam, async (body, request) => {
    const user = caller(request);
    await ownerOf(db, user, 'card_teams', body.teamId);
    if (await setupQueries.teamInUse(db, body.teamId)) throw new AppError(CARD_ERRORS.teamNotEmpty);
    await setupQueries.delete(db, 'card_teams', body.teamId);
    changed();
    return teams(user);
  });

  route(app, cardEndpoints.areas, async (_q, request) => areas(caller(request)));

  route(app, cardEndpoints.saveArea, async (body, request) => {
    const user = caller(request);
    if ((body.staffId === undefined) === (body.teamId === undefined)) throw new AppError(CARD_ERRORS.areaAssignee);
    const [fence] = await geofencesQueries.visible(db, scopeParam(user), [body.geofenceId]);
    if (!fence) throw new AppError(GEOFENCE_ERRORS.notVisible);
    const accountId = Number(fence.account_id);
    const assigneeAccount =
      body.staffId !== undefined
        ? (await visibleStaff(db, user, body.staffId)).account_id
        : await ownerOf(db, user, 'card_teams', body.teamId!);
    if (Number(assigneeAccount) !== accountId) throw new AppError(CARD_ERRORS.assigneeOfOtherAccount);
    await setupQueries.insertArea(db, accountId, body.geofenceId, body.staffId ?? null, body.teamId ?? null);
    auditChange(request, { objectType: '责任区域', objectId: body.geofenceId, after: { staffId: body.staffId, teamId: body.teamId } });
    changed();
    return areas(user);
  });

  route(app, cardEndpoints.deleteArea, async (body, request) => {
    const user = caller(request);
    await ownerOf(db, user, 'card_areas', body.areaId);
    await setupQueries.delete(db, 'card_areas', body.areaId);
    changed();
    return areas(user);
  });

  route(app, cardEndpoints.shifts, async (_q, request) => (await setupQueries.shifts(db, scopeParam(caller(request)))).map(presentShift));

  route(app, cardEndpoints.saveShift, async (body, request) => {
    const user = caller(request);
    const accountId = body.shiftId ? await ownerOf(db, user, 'card_shifts', body.shiftId) : user.accountId;
    checkShiftPeriods(body.periods);
    const points = body.clockPoints ?? [];
    if (points.length > CARD_LIMITS.clockPoints)
      throw new AppError(CARD_ERRORS.tooManyClockPoints, { params: { max: CARD_LIMITS.clockPoints } });
    const id = await setupQueries.saveShift(db, {
      id: body.shiftId,
      account_id: accountId,
      name: body.name.trim(),
      weekdays: [...new Set(body.weekdays)].sort(),
      holidays: body.holidays ?? [],
      workdays: body.workdays ?? [],
      periods: [...body.periods].sort((a, b) => a.start.localeCompare(b.start)),
      late_minutes: body.lateMinutes,
      early_minutes: body.earlyMinutes,
      clock_points: points.map((p) => ({ ...p, name: p.name.trim(), beacon: p.beacon.trim().toLowerCase() })),
    });
    auditChange(request, { objectType: '班次', objectId: id, after: { name: body.name, periods: body.periods.map(periodText).join(',') } });
    changed();
    const [saved] = await setupQueries.shiftsByIds(db, [id]);
    return presentShift(saved!);
  });

  route(app, cardEndpoints.deleteShift, async (body, request) => {
    await ownerOf(db, caller(request), 'card_shifts', body.shiftId);
    if (await setupQueries.shiftInUse(db, body.shiftId)) throw new AppError(CARD_ERRORS.shiftInUse);
    await setupQueries.delete(db, 'card_shifts', body.shiftId);
    changed();
    return { shiftId: body.shiftId };
  });

  route(app, cardEndpoints.checkpoints, async (_q, request) => checkpoints(caller(request)));

  route(app, cardEndpoints.saveCheckpoint, async (body, request) => {
    const user = caller(request);
    const accountId = body.checkpointId ? await ownerOf(db, user, 'card_checkpoints', body.checkpointId) : user.accountId;
    await setupQueries.saveCheckpoint(db, {
      id: body.checkpointId,
      accountId,
      name: body.name.trim(),
      lat: body.lat,
      lon: body.lon,
      radius: body.radius,
      beacon: (body.beacon ?? '').trim().toLowerCase(),
    });
    changed();
    return checkpoints(user);
  });

  route(app, cardEndpoints.deleteCheckpoint, async (body, request) => {
    const user = caller(request);
    await ownerOf(db, user, 'card_checkpoints', body.checkpointId);
    if (await setupQueries.checkpointInUse(db, body.checkpointId)) throw new AppError(CARD_ERRORS.checkpointInUse);
    await setupQueries.delete(db, 'card_checkpoints', body.checkpointId);
    return checkpoints(user);
  });

  const plans = async (user: SessionUser) => {
    const scope = scopeParam(user);
    const points = new Map((await setupQueries.checkpoints(db, scope)).map((c) => [Number(c.id), c.name]));
    const staff = new Map((await staffQueries.all(db, scope)).map((s) => [Number(s.id), s.name]));
    const teamNames = new Map((await staffQueries.teams(db, scope)).map((t) => [Number(t.id), t.name]));
    return (await setupQueries.plans(db, scope)).map((p) => presentPlan(p, points, staff, teamNames));
  };

  route(app, cardEndpoints.plans, async (_q, request) => plans(caller(request)));

  route(app, cardEndpoints.savePlan, async (body, request) => {
    const user = caller(request);
    const accountId = body.planId ? await ownerOf(db, user, 'card_patrol_plans', body.planId) : user.accountId;
    checkWindows(body.windows, CARD_LIMITS.windows);
    for (const id of body.checkpointIds)
      if ((await ownerOf(db, user, 'card_checkpoints', id)) !== accountId) throw new AppError(CARD_ERRORS.assigneeOfOtherAccount);
    for (const id of body.staffIds ?? [])
      if (Number((await visibleStaff(db, user, id)).account_id) !== accountId) throw new AppError(CARD_ERRORS.assigneeOfOtherAccount);
    const teamId = await ownedId(db, user, 'card_teams', body.teamId, accountId);
    if (!teamId && !(body.staffIds ?? []).length) throw new AppError(CARD_ERRORS.areaAssignee);
    const id = await setupQueries.savePlan(db, {
      id: body.planId,
      account_id: accountId,
      name: body.name.trim(),
      checkpoint_ids: body.checkpointIds,
      weekdays: [...new Set(body.weekdays)].sort(),
      windows: body.windows,
      late_minutes: body.lateMinutes,
      staff_ids: [...new Set(body.staffIds ?? [])],
      team_id: teamId,
    });
    auditChange(request, { objectType: '巡更计划', objectId: id, after: { name: body.name } });
    changed();
    return (await plans(user)).find((p) => p.planId === id)!;
  });

  route(app, cardEndpoints.deletePlan, async (body, request) => {
    await ownerOf(db, caller(request), 'card_patrol_plans', body.planId);
    await setupQueries.delete(db, 'card_patrol_plans', body.planId);
    changed();
    return { planId: body.planId };
  });

  route(app, cardEndpoints.rules, async (_q, request) => setupQueries.rules(db, caller(request).accountId));

  route(app, cardEndpoints.saveRules, async (body, request) => {
    const user = caller(request);
    const before = await setupQueries.rules(db, user.accountId);
    await setupQueries.saveRules(db, user.accountId, body);
    auditChange(request, { objectType: '工牌报警规则', objectId: user.accountId, before: { ...before }, after: { ...body } });
    changed();
    return setupQueries.rules(db, user.accountId);
  });
}
