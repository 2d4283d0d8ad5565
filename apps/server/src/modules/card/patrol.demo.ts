/**
 * The demo crew's patrols (巡更管理) and their past week: four checkpoints at the corners of a
 * round of the work site that the patrollers walk (live and in the past), and a fifth, the transfer
 * station, that nobody walks to — so 日常巡查 is done run after run and 转运站专项巡查 is missed,
 * with its 漏巡报警 in 报警中心.
 */
import { RouteWalker, Rng, StreetDriver, WALKER, type RoutePoint } from '@chelian/simulator';
import { addDays, beijingDayOf, beijingDayStart } from '@chelian/contracts/beijingTime.ts';
import type { AppContext } from '../../context.ts';
import { scopeParam } from '../../core/accountScope.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { DEMO_PAST_DAYS, beijingMidnightBefore, seedDemoPast, terminalPks, type DemoPastPlan } from '../terminals/demoWeek.ts';
import type { DemoBadge } from './card.demo.ts';
import { cardEngineQueries } from './cardEngine.queries.ts';
import { patrolRuns } from './patrol.service.ts';
import { setupQueries } from './setup.queries.ts';

const METERS_PER_DEGREE = 111_320;
/** Half the side of the round the patrollers walk (a 2 km loop: about 27 minutes at 4.5 km/h). */
const ROUND_HALF_METERS = 250;
/** A checkpoint counts a fix within this radius: wider than half the 75 m a walker covers between two reports a minute apart. */
const CHECKPOINT_RADIUS = 50;
/** The staff numbers of the patrollers: the team leader and the inspector. */
export const DEMO_PATROLLERS = ['HW001', 'HW005'];
export const DEMO_PATROL_PLAN = '日常巡查';
export const DEMO_MISSED_PLAN = '转运站专项巡查';
/** Minutes after a window a checkpoint still counts (late). */
const LATE_MINUTES = 10;
/** The crew's shift (环卫白班), minutes after midnight: the badges are worn, and report, only then. */
const SHIFT_SPANS: Array<[number, number]> = [
  [8 * 60, 12 * 60],
  [14 * 60, 18 * 60],
];

/** A point `east`, `north` metres from the site's middle. */
function offset(site: { lat: number; lon: number }, east: number, north: number): RoutePoint {
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    lat: round(site.lat + north / METERS_PER_DEGREE),
    lon: round(site.lon + east / (METERS_PER_DEGREE * Math.cos((site.lat * Math.PI) / 180))),
  };
}

/** The round's corners (the checkpoints of 日常巡查), in walking order. */
export function demoPatrolRoute(site: { lat: number; lon: number }): Array<RoutePoint & { name: string }> {
  const h = ROUND_HALF_METERS;
  return [
    { name: '梅林路公厕', ...offset(site, -h, -h) },
    { name: '景田垃圾收集点', ...offset(site, h, -h) },
    { name: '莲花北公交站', ...offset(site, h, h) },
    { name: '香蜜湖路口', ...offset(site, -h, h) },
  ];
}

/** The round as one patroller walks it: the second starts from the opposite corner, so the two are not one dot on the map. */
export function demoPatrolRouteOf(staffNo: string, site: { lat: number; lon: number }): RoutePoint[] {
  const route = demoPatrolRoute(site).map(({ lat, lon }) => ({ lat, lon }));
  const shift = (Math.max(0, DEMO_PATROLLERS.indexOf(staffNo)) * 2) % route.length;
  return [...route.slice(shift), ...route.slice(0, shift)];
}

/** The checkpoint nobody walks to: 250 m east of the round. */
export const demoTransferStation = (site: { lat: number; lon: number }) => ({
  name: '福田垃圾转运站',
  ...offset(site, 2 * ROUND_HALF_METERS, 0),
});

/** Checkpoints and the two plans, once (by the plans' names). Returns the plans created. */
export async function seedDemoPatrols(
  ctx: AppContext,
  operator: SessionUser,
  site: { lat: number; lon: number },
  teamId: number,
  patrollerIds: number[],
): Promise<number> {
  const { db } = ctx;
  const scope = scopeParam(operator);
  const plans = (await setupQueries.plans(db, scope)).filter((p) => Number(p.account_id) === operator.accountId);
  if (plans.some((p) => p.name === DEMO_PATROL_PLAN)) return 0;
  const wanted = [...demoPatrolRoute(site), demoTransferStation(site)];
  for (const c of wanted) {
    await setupQueries.saveCheckpoint(db, {
      accountId: operator.accountId,
      name: c.name,
      lat: c.lat,
      lon: c.lon,
      radius: CHECKPOINT_RADIUS,
      beacon: '',
    });
  }
  const ids = new Map(
    (await setupQueries.checkpoints(db, scope))
      .filter((c) => Number(c.account_id) === operator.accountId)
      .map((c) => [c.name, Number(c.id)]),
  );
  const idOf = (name: string) => ids.get(name)!;
  const everyDay = [1, 2, 3, 4, 5, 6, 7];
  await setupQueries.savePlan(db, {
    account_id: operator.accountId,
    name: DEMO_PATROL_PLAN,
    checkpoint_ids: demoPatrolRoute(site).map((c) => idOf(c.name)),
    weekdays: everyDay,
    windows: [
      { start: '08:30', end: '09:30' },
      { start: '10:30', end: '11:30' },
      { start: '14:30', end: '15:30' },
      { start: '16:30', end: '17:30' },
    ],
    late_minutes: LATE_MINUTES,
    staff_ids: [],
    team_id: teamId,
  });
  await setupQueries.savePlan(db, {
    account_id: operator.accountId,
    name: DEMO_MISSED_PLAN,
    checkpoint_ids: ['景田垃圾收集点', '福田垃圾转运站', '莲花北公交站'].map(idOf),
    weekdays: everyDay,
    windows: [
      { start: '09:00', end: '11:00' },
      { start: '15:00', end: '17:00' },
    ],
    late_minutes: LATE_MINUTES,
    staff_ids: patrollerIds,
    team_id: null,
  });
  return 2;
}

/**
 * The crew's past week, their shift hours only: the patrollers walking the round, the others
 * sweeping the streets of the site (the live badges' walkers). Returns the badges given a past.
 */
export async function seedDemoCrewPast(
  ctx: AppContext,
  badges: readonly DemoBadge[],
  site: { lat: number; lon: number; radiusMeters: number },
) {
  const pks = await terminalPks(
    ctx,
    badges.map((b) => b.spec.id),
  );
  const plans: DemoPastPlan[] = badges.flatMap((b) => {
    const terminalPk = pks.get(b.spec.id);
    if (terminalPk === undefined) return [];
    const base = { ...WALKER, radiusMeters: site.radiusMeters, city: b.spec.city, rng: new Rng(b.spec.seed).fork(9) };
    const driver = DEMO_PATROLLERS.includes(b.staffNo) ? new RouteWalker(base, demoPatrolRouteOf(b.staffNo, site)) : new StreetDriver(base);
    return [{ terminalPk, driver, spans: () => SHIFT_SPANS, movingEverySeconds: 60, parkedEverySeconds: 600 }];
  });
  const given = new Set((await seedDemoPast(ctx, plans)).map((p) => p.terminalPk)).size;
  // The badges were worn by the same people all week: a binding counts a badge's positions from when it was made.
  if (given)
    await ctx.db.query(
      `UPDATE card_badge_bindings SET bound_at = $2 WHERE terminal_id = ANY($1::bigint[]) AND unbound_at IS NULL AND bound_at > $2`,
      [plans.map((p) => p.terminalPk), new Date(beijingMidnightBefore(Date.now(), DEMO_PAST_DAYS))],
    );
  return given;
}

/**
 * 漏巡报警 for the past days' missed runs, as the card engine raises them for today's (once per
 * plan, day and window, at the end of the run's late allowance). Returns the alarms raised.
 */
export async function raiseDemoMissedPatrols(ctx: AppContext, operator: SessionUser, now = Date.now()): Promise<number> {
  let raised = 0;
  for (let d = DEMO_PAST_DAYS; d >= 1; d--) {
    const day = addDays(beijingDayOf(now), -d);
    for (const run of await patrolRuns(ctx.db, scopeParam(operator), day, now)) {
      if (run.status !== 'missed' || !(await cardEngineQueries.claimPatrol(ctx.db, run.planId, day, run.window))) continue;
      const [h, m] = run.end.split(':').map(Number);
      const at = beijingDayStart(day) + (h! * 60 + m! + LATE_MINUTES) * 60_000;
      for (const staffId of run.assigneeIds)
        raised += (await cardEngineQueries.raise(ctx.db, { staffId, type: 'missedCheckpoint', at, lat: null, lon: null })).length;
    }
  }
  return raised;
}
