/**
 * The demo's 智能工牌 crew: a street-cleaning team of a Shenzhen district wearing watch-protocol
 * work badges, seeded through the services the pages use (the staff with their badges bound, a
 * team on a day shift, its responsibility area) and walking the streets of their site. One plan
 * seeds the database and runs the badges, so the two agree on identifiers and the work site.
 */
import { Fleet, cityByName, seedFor, terminalIdentifier, type City, type RoutePoint, type TerminalSpec } from '@chelian/simulator';
import type { AppContext } from '../../context.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { identifierKey } from '../../core/identifiers.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import type { DemoPart } from '../feature.ts';
import { createFence, GEOFENCE_CHANGED } from '../geofences/geofences.service.ts';
import { DEMO_ID_BLOCK, ensureDemoTerminals } from '../terminals/terminals.demo.ts';
import { DEMO_PATROLLERS, demoPatrolRouteOf, raiseDemoMissedPatrols, seedDemoCrewPast, seedDemoPatrols } from './patrol.demo.ts';
import { setupQueries } from './setup.queries.ts';
import { bindBadge, saveStaff, CARD_CHANGED } from './staff.service.ts';
import { staffQueries } from './staff.queries.ts';

/** Watch identifiers 9 88 …: badges from 1 (the pets' collars from 101). */
const DEMO_SEED = 2027;
const METERS_PER_DEGREE = 111_320;

/** Where the crew works: a few blocks of 福田 they sweep, and how far they wander from its middle. */
export const DEMO_WORK_SITE = { lat: 22.556, lon: 114.058, radiusMeters: 600 } as const;
/** Their responsibility area: a square around the site, wider than where they walk. */
const AREA_HALF_METERS = 900;

export const DEMO_TEAM_NAME = '环卫一班';
export const DEMO_SHIFT_NAME = '环卫白班';
export const DEMO_AREA_NAME = '福田环卫责任区';

export interface DemoBadge {
  staffNo: string;
  name: string;
  job: string;
  phone: string;
  spec: TerminalSpec;
}

const STAFF: ReadonlyArray<[name: string, job: string]> = [
  ['王建国', '班长'],
  ['李秀兰', '保洁员'],
  ['张德明', '保洁员'],
  ['刘桂芳', '保洁员'],
  ['陈志强', '巡查员'],
  ['杨美华', '保洁员'],
  ['赵宏伟', '驾驶员'],
  ['黄丽萍', '保洁员'],
];

function siteCity(): City {
  const shenzhen = cityByName('深圳')!;
  return { ...shenzhen, lat: DEMO_WORK_SITE.lat, lon: DEMO_WORK_SITE.lon };
}

export function demoBadges(): DemoBadge[] {
  const city = siteCity();
  return STAFF.map(([name, job], i) => ({
    staffNo: `HW${String(i + 1).padStart(3, '0')}`,
    name,
    job,
    phone: `137${String(55_000_100 + i * 37).padStart(8, '0')}`,
    spec: {
      protocol: 'watch',
      kind: 'vehicle',
      id: terminalIdentifier('watch', DEMO_ID_BLOCK, i + 1),
      city,
      seed: seedFor(DEMO_SEED, i),
      plate: name,
    },
  }));
}

/** The responsibility area's corners, [lon, lat], closed. */
export function demoAreaRing(): [number, number][] {
  const dLat = AREA_HALF_METERS / METERS_PER_DEGREE;
  const dLon = AREA_HALF_METERS / (METERS_PER_DEGREE * Math.cos((DEMO_WORK_SITE.lat * Math.PI) / 180));
  const { lat, lon } = DEMO_WORK_SITE;
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  const corners: [number, number][] = [
    [lon - dLon, lat - dLat],
    [lon + dLon, lat - dLat],
    [lon + dLon, lat + dLat],
    [lon - dLon, lat + dLat],
  ];
  return [...corners, corners[0]].map(([x, y]) => [round(x), round(y)]);
}

/** The crew: team 环卫一班 on 环卫白班 (08:00–12:00, 14:00–18:00 every day), its area, eight staff with badges. Returns the staff created. */
export async function seedDemoCrew(ctx: AppContext, operator: SessionUser, badges: readonly DemoBadge[]): Promise<number> {
  const { db, bus } = ctx;
  const accountId = operator.accountId;
  const scope = scopeParam(operator);
  const shift = (await setupQueries.shifts(db, scope)).find((s) => s.name === DEMO_SHIFT_NAME && Number(s.account_id) === accountId);
  const shiftId = shift
    ? Number(shift.id)
    : await setupQueries.saveShift(db, {
        account_id: accountId,
        name: DEMO_SHIFT_NAME,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        holidays: [],
        workdays: [],
        periods: [
          { start: '08:00', end: '12:00' },
          { start: '14:00', end: '18:00' },
        ],
        late_minutes: 10,
        early_minutes: 10,
        clock_points: [],
      });
  const teamOf = async () =>
    (await staffQueries.teams(db, scope)).find((t) => t.name === DEMO_TEAM_NAME && Number(t.account_id) === accountId);
  let team = await teamOf();
  if (!team) {
    await setupQueries.saveTeam(db, { accountId, name: DEMO_TEAM_NAME, parentId: null, shiftId });
    team = await teamOf();
    const fenceId = await createFence(db, operator, {
      name: DEMO_AREA_NAME,
      kind: 'polygon',
      rings: [demoAreaRing()],
      alarmEnter: false,
      alarmExit: false,
      remark: '演示：环卫一班的责任区域',
    });
    await setupQueries.insertArea(db, accountId, fenceId, null, Number(team!.id));
    bus.publish(GEOFENCE_CHANGED, {});
  }
  const teamId = Number(team!.id);
  const terminals = await ensureDemoTerminals(
    ctx,
    operator,
    badges.map((b) => ({ id: b.spec.id, model: 'S8-4G 工牌' })),
  );
  const existing = new Set(
    (
      await staffQueries.byNumbers(
        db,
        accountId,
        badges.map((b) => b.staffNo),
      )
    ).map((r) => r.staff_no),
  );
  let created = 0;
  for (const b of badges) {
    if (existing.has(b.staffNo) || !terminals.has(identifierKey(b.spec.id))) continue;
    try {
      const staffId = await saveStaff(db, bus, operator, {
        name: b.name,
        staffNo: b.staffNo,
        job: b.job,
        phone: b.phone,
        teamId,
        remark: '演示人员',
      });
      await bindBadge(db, bus, operator, staffId, b.spec.id);
      created++;
    } catch (err) {
      ctx.log.warn({ staffNo: b.staffNo, msg: (err as Error).message }, '演示人员未创建');
    }
  }
  // The patrols the crew walks, then its past week (before the badges connect) and the runs it missed.
  const patrollers = await staffQueries.byNumbers(db, accountId, DEMO_PATROLLERS);
  const newPlans = await seedDemoPatrols(
    ctx,
    operator,
    DEMO_WORK_SITE,
    teamId,
    patrollers.map((p) => Number(p.id)),
  );
  const givenPast = await seedDemoCrewPast(ctx, badges, DEMO_WORK_SITE);
  if (newPlans || givenPast) await raiseDemoMissedPatrols(ctx, operator);
  bus.publish(CARD_CHANGED, {});
  return created;
}

/**
 * The crew walks the streets of its site, the patrollers the round of their checkpoints: a badge
 * reports every minute while its wearer moves and sleeps when they stand still; all report within
 * ten seconds of start, so 工牌定位 shows them at once.
 */
export const cardDemo: DemoPart = {
  menus: ['card'],
  protocols: ['watch'],
  seed: (ctx, operator) => seedDemoCrew(ctx, operator, demoBadges()),
  drive: (ports, intervalSeconds) => {
    const badges = demoBadges();
    const fleet = (of: DemoBadge[], route?: RoutePoint[]) =>
      new Fleet(
        of.map((b) => b.spec),
        {
          host: '127.0.0.1',
          ports,
          firstReportWithinSeconds: 10,
          heartbeatSeconds: intervalSeconds ? 30 : 300,
          connectRate: 20,
          intervalSeconds: intervalSeconds ?? 60,
          driver: { radiusMeters: DEMO_WORK_SITE.radiusMeters },
          watch: { drainPerHour: 3, ...(route ? { route } : {}) },
        },
      );
    // Each patroller is a fleet of one: the route is a fleet option.
    return [
      fleet(badges.filter((b) => !DEMO_PATROLLERS.includes(b.staffNo))),
      ...badges.filter((b) => DEMO_PATROLLERS.includes(b.staffNo)).map((b) => fleet([b], demoPatrolRouteOf(b.staffNo, DEMO_WORK_SITE))),
    ];
  },
};
