/**
 * The demo's car fleet (车辆监控): fifty vehicles of a Shenzhen company in three groups,
 * spread over the three vehicle protocols. One plan seeds the database and runs the simulated
 * terminals, so the two always agree on identifiers and plates. The vehicle pieces here are also
 * what 电单车卫士's demo e-bikes are made with (elecCar/elecCar.demo.ts).
 */
import { DAY_MS, idCheckChar, type LastPosition } from '@chelian/contracts';
import type { ProtocolName } from '@chelian/protocols';
import {
  EBIKE_DRIVER,
  Fleet,
  Rng,
  StreetDriver,
  cityByName,
  plateFor,
  seedFor,
  terminalIdentifier,
  type FleetOptions,
  type TerminalSpec,
} from '@chelian/simulator';
import type { AppContext } from '../../context.ts';
import { identifierKey } from '../../core/identifiers.ts';
import type { StoredPosition } from '../../core/positionCopy.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import type { DemoPart, DemoPorts } from '../feature.ts';
import { OverspeedAlarmEngine } from '../overspeedAlarms/overspeedAlarmEngine.ts';
import { DEMO_PAST_DAYS, beijingMidnightBefore, seedDemoPast, terminalPks, type DemoPastPlan } from './demoWeek.ts';
import { groupsQueries } from './groups.queries.ts';
import { addTerminal } from './terminals.service.ts';
import { terminalsQueries } from './terminals.queries.ts';
import { createVehicle } from './vehicles.service.ts';
import { vehiclesQueries } from './vehicles.queries.ts';

/** Two digits inside every demo identifier, apart from what `npm run simulate` uses by default. */
export const DEMO_ID_BLOCK = 88;
const DEMO_SEED = 2026;

export interface DemoGroup {
  name: string;
  /** Its place in the demo account's group list. */
  sort: number;
  mix: Array<[ProtocolName, number]>;
  kind?: 'ebike';
  /** The vehicles' own speed limit (km/h), below the platform's 100: 超速报表 and 平台超速报警 judge by it. */
  speedLimitKmh?: number;
}

const CAR_GROUPS: readonly DemoGroup[] = [
  {
    name: '城区配送',
    sort: 0,
    // Vans on city streets: the urban 60.
    speedLimitKmh: 60,
    mix: [
      ['jt808', 14],
      ['gt06', 6],
    ],
  },
  {
    name: '冷链运输',
    sort: 1,
    // Loaded refrigerated trucks keep to 80.
    speedLimitKmh: 80,
    mix: [
      ['jt808', 10],
      ['h02', 5],
    ],
  },
  {
    name: '网约车',
    sort: 2,
    mix: [
      ['gt06', 10],
      ['h02', 5],
    ],
  },
];
/** The car fleet's size: the demo's vehicles after it continue its numbering. */
export const DEMO_CAR_COUNT = CAR_GROUPS.flatMap((g) => g.mix).reduce((n, [, count]) => n + count, 0);

const MODELS: Record<ProtocolName, string> = { jt808: 'CL-808S', gt06: 'GT06N', h02: 'H02-4G', watch: 'S8-4G' };
const SURNAMES = ['张', '王', '李', '赵', '陈', '刘', '杨', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];

export interface DemoVehicle {
  group: string;
  /**
   * The last day it reported, in days before today (null: never came online); absent for a
   * vehicle on the road every day, which its simulated terminal drives live.
   */
  lastDay?: number | null;
  /** Its service's end, in days from the seeding start (negative: ended); absent: a year from its installation. */
  serviceDays?: number;
  plate: string;
  driver: string;
  driverPhone: string;
  model: string;
  sim: string;
  spec: TerminalSpec;
}

/** The vehicles of `groups`, numbered from `first` in the demo's one sequence (identifiers, plates, drivers and seeds follow it). */
export function demoVehicles(groups: readonly DemoGroup[], first: number): DemoVehicle[] {
  const city = cityByName('深圳')!;
  const out: DemoVehicle[] = [];
  for (const group of groups) {
    for (const [protocol, count] of group.mix) {
      for (let n = 0; n < count; n++) {
        const i = first + out.length;
        const kind = group.kind ?? 'vehicle';
        const id = terminalIdentifier(protocol, DEMO_ID_BLOCK, i + 1, kind);
        // E-bikes carry a local e-bike plate (深圳 + number), not a car plate.
        const plate = kind === 'ebike' ? `深圳${String(10_001 + n)}` : plateFor(city, i, DEMO_SEED);
        out.push({
          group: group.name,
          plate,
          driver: `${SURNAMES[i % SURNAMES.length]}师傅`,
          driverPhone: `139${String(26_000_000 + i * 7_919).padStart(8, '0')}`,
          model: kind === 'ebike' ? 'EB-GT06' : MODELS[protocol],
          sim: `1440${String(880_000_000 + i).padStart(9, '0')}`,
          spec: { protocol, kind, id, city, seed: seedFor(DEMO_SEED, i), plate },
        });
      }
    }
  }
  return out;
}

/**
 * The cars that give 离线报表 and 到期报表 their first day, by index in the fleet (网约车's end):
 * one never came online (a wiring fault), one parked since yesterday, one whose service ended two
 * days ago (it has been silent since), and three whose service ends within 90, 30 and 7 days.
 */
const CAR_SERVICE = new Map<number, Pick<DemoVehicle, 'lastDay' | 'serviceDays'>>([
  [43, { lastDay: null }],
  [44, { lastDay: 1 }],
  [46, { serviceDays: 60 }],
  [47, { serviceDays: 20 }],
  [48, { serviceDays: 5 }],
  [49, { lastDay: 2, serviceDays: -2 }],
]);

export const demoCars = (): DemoVehicle[] => demoVehicles(CAR_GROUPS, 0).map((v, i) => ({ ...v, ...CAR_SERVICE.get(i) }));

/** The vehicles on the road today: their simulated terminals drive. */
const onTheRoad = (vehicles: readonly DemoVehicle[]) => vehicles.filter((v) => v.lastDay === undefined);

/**
 * Dates the service of the vehicles' terminals not activated yet: activated when their week of past
 * began, running a year, or to the vehicle's own `serviceDays`. Returns the terminals dated.
 */
async function dateDemoService(ctx: AppContext, vehicles: readonly DemoVehicle[], now = Date.now()): Promise<number> {
  const pks = await terminalPks(
    ctx,
    vehicles.map((v) => v.spec.id),
  );
  const activatedAt = new Date(beijingMidnightBefore(now, DEMO_PAST_DAYS));
  const unactivated = new Set(
    (
      await ctx.db.query<{ id: number }>(`SELECT id FROM terminals WHERE id = ANY($1::bigint[]) AND activated_at IS NULL`, [
        [...pks.values()],
      ])
    ).map((r) => Number(r.id)),
  );
  let dated = 0;
  for (const v of vehicles) {
    const pk = pks.get(v.spec.id);
    if (pk === undefined || !unactivated.has(pk)) continue;
    const serviceExpiresAt =
      v.serviceDays === undefined ? new Date(activatedAt.getTime() + 365 * DAY_MS) : new Date(now + v.serviceDays * DAY_MS);
    await terminalsQueries.update(ctx.db, pk, { activatedAt, serviceExpiresAt });
    dated++;
  }
  return dated;
}

/**
 * The `n`-th demo person's identity number (福田 area code 440304, born in the 1980s–90s): valid by
 * GB 11643's check character, the same for the same `n` on every start (新国标's owners, 电单车租赁's riders).
 */
export function demoIdNumber(n: number): string {
  const born = `${1980 + (n % 17)}${String(1 + (n % 12)).padStart(2, '0')}${String(1 + ((n * 7) % 28)).padStart(2, '0')}`;
  const first17 = `440304${born}${String(100 + n).slice(-3)}`;
  return first17 + idCheckChar(first17);
}

/**
 * The groups and vehicles not there yet, through the same service an operator's 新增车辆 uses;
 * `created` runs for each new vehicle (an e-bike's profile). Returns the vehicles created.
 */
export async function seedDemoVehicles(
  ctx: AppContext,
  operator: SessionUser,
  groups: readonly DemoGroup[],
  vehicles: readonly DemoVehicle[],
  created?: (vehicleId: number) => Promise<unknown>,
): Promise<number> {
  const { db, log } = ctx;
  const accountId = operator.accountId;
  const groupIds = new Map(
    (
      await groupsQueries.byNames(
        db,
        accountId,
        groups.map((g) => g.name),
      )
    ).map((g) => [g.name, g.id]),
  );
  const limits = new Map(groups.map((g) => [g.name, g.speedLimitKmh]));
  for (const { name, sort } of groups) {
    if (!groupIds.has(name)) groupIds.set(name, await groupsQueries.insert(db, { accountId, parentId: null, name, sort }));
  }
  const taken = new Set(
    await vehiclesQueries.takenPlates(
      db,
      vehicles.map((v) => v.plate),
    ),
  );
  let count = 0;
  for (const v of vehicles) {
    if (taken.has(v.plate)) continue;
    try {
      const ebike = v.spec.kind === 'ebike';
      const vehicleId = await createVehicle(db, ctx.bus, operator, {
        plate: v.plate,
        groupId: groupIds.get(v.group),
        driver: v.driver,
        driverPhone: v.driverPhone,
        ...(ebike ? { type: 'ebike' } : {}),
        ...(limits.get(v.group) ? { speedLimitKmh: limits.get(v.group) } : {}),
        terminal: { identifier: v.spec.id, protocol: v.spec.protocol, model: v.model, sim: v.sim },
      });
      await created?.(vehicleId);
      count++;
    } catch (err) {
      // e.g. the terminal was given to another account meanwhile: leave that one out.
      log.warn({ plate: v.plate, terminal: v.spec.id, msg: (err as Error).message }, '演示车辆未创建');
    }
  }
  return count;
}

/**
 * The vehicles' past week: each driver on the road from 06:30–09:00 to 18:00–21:30 (e-bikes
 * from 07:00–09:00 to 19:00–22:00), parked at night, reporting every 30 s while moving and every
 * 5 minutes while parked — the live terminals' street driver, so the map and the history agree.
 */
export async function seedDemoVehiclePast(ctx: AppContext, vehicles: readonly DemoVehicle[], now = Date.now()): Promise<number> {
  const pks = await terminalPks(
    ctx,
    vehicles.map((v) => v.spec.id),
  );
  const plans: DemoPastPlan[] = [];
  for (const v of vehicles) {
    const terminalPk = pks.get(v.spec.id);
    // a terminal that never came online has no past (and is given none on a later start)
    if (terminalPk === undefined || v.lastDay === null) continue;
    const lastDay = v.lastDay ?? 0;
    const ebike = v.spec.kind === 'ebike';
    const rng = new Rng(v.spec.seed).fork(9);
    plans.push({
      terminalPk,
      driver: new StreetDriver({ ...(ebike ? EBIKE_DRIVER : {}), city: v.spec.city, rng: rng.fork(1), parkSeconds: [300, 2400] }),
      spans: (day) => {
        if (day < lastDay) return [];
        const r = new Rng(seedFor(v.spec.seed, 1000 + day));
        return ebike ? [[r.int(420, 540), r.int(1140, 1320)]] : [[r.int(390, 540), r.int(1080, 1290)]];
      },
      movingEverySeconds: 30,
      parkedEverySeconds: 300,
      // JT/T 808 terminals report their odometer: tens of thousands of km on a fleet vehicle.
      ...(v.spec.protocol === 'jt808' ? { odometerKm: 20_000 + (Math.abs(v.spec.seed) % 30_000) } : {}),
    });
  }
  const past = await seedDemoPast(ctx, plans, now);
  await raisePastPlatformOverspeed(ctx, past);
  return new Set(past.map((p) => p.terminalPk)).size;
}

/**
 * 平台超速报警 for the past week, raised by the platform's own engine fed the week's fixes in
 * order (as the gateway feeds it live), so each past day's alarms are 超速报表's episodes.
 */
async function raisePastPlatformOverspeed(ctx: AppContext, past: readonly StoredPosition[]): Promise<void> {
  if (!past.length) return;
  const vehicleOf = new Map(
    (
      await ctx.db.query<{ id: number; terminal_id: number }>(
        `SELECT id, terminal_id FROM vehicles WHERE terminal_id = ANY($1::bigint[])`,
        [[...new Set(past.map((p) => p.terminalPk))]],
      )
    ).map((r) => [Number(r.terminal_id), Number(r.id)]),
  );
  const engine = new OverspeedAlarmEngine(ctx.db, () => undefined, ctx.log);
  const byTerminal = new Map<number, LastPosition[]>();
  for (const p of past) {
    const vehicleId = vehicleOf.get(p.terminalPk);
    if (vehicleId === undefined) continue;
    const list = byTerminal.get(p.terminalPk) ?? [];
    // What the engine reads of a fix (overspeedAlarmEngine.ts judge): vehicle, validity, place, time, speed.
    list.push({ vehicleId, valid: p.valid, lat: p.lat, lon: p.lon, gpsTime: p.gpsTime, speed: p.speed } as LastPosition);
    byTerminal.set(p.terminalPk, list);
  }
  for (const fixes of byTerminal.values()) void engine.handle(fixes);
  await engine.idle();
}

/**
 * A car silent since its past ended was last heard then, as its gateway would have recorded it:
 * 离线报表 counts it offline since (not 从未上线) and 实时监控 shows it where it stopped.
 */
async function lastHeardInPast(ctx: AppContext, vehicles: readonly DemoVehicle[]) {
  const pks = await terminalPks(
    ctx,
    vehicles.filter((v) => v.lastDay !== undefined && v.lastDay !== null).map((v) => v.spec.id),
  );
  const ids = [...pks.values()];
  if (!ids.length) return;
  await ctx.db.query(
    `INSERT INTO latest_positions (terminal_id, gps_time, received_at, lat, lon, speed, course, altitude, valid, satellites, acc, mileage, alarms, extras)
     SELECT DISTINCT ON (terminal_id) terminal_id, gps_time, received_at, lat, lon, speed, course, altitude, valid, satellites, acc, mileage, alarms, extras
       FROM positions WHERE terminal_id = ANY($1::bigint[]) ORDER BY terminal_id, gps_time DESC
     ON CONFLICT (terminal_id) DO NOTHING`,
    [ids],
  );
  await ctx.db.query(
    `UPDATE terminals t SET last_seen_at = l.received_at, online_changed_at = l.received_at
       FROM latest_positions l WHERE l.terminal_id = t.id AND t.id = ANY($1::bigint[]) AND t.last_seen_at IS NULL`,
    [ids],
  );
}

/**
 * The dispatcher's work on the past days' alarms of these vehicles: four in five handled, each a
 * few minutes to ¾ hour after it came in, with a note; today's are left for the operator
 * (报警处理统计 and 报警中心's history show a week of handling on the first start).
 */
async function handleDemoPastAlarms(ctx: AppContext, operator: SessionUser, vehicles: readonly DemoVehicle[], now = Date.now()) {
  const pks = await terminalPks(
    ctx,
    vehicles.map((v) => v.spec.id),
  );
  await ctx.db.query(
    `UPDATE alarms SET handled = true, handled_by = $1, handled_at = alarm_time + make_interval(mins => (2 + (id * 7919) % 43)::int),
            handle_note = (ARRAY['已电话提醒司机减速慢行', '司机已确认，该路段限速标志不清', '已记录，纳入本周安全例会通报'])[1 + id % 3]
      WHERE terminal_id = ANY($2::bigint[]) AND NOT handled AND alarm_time < $3 AND id % 5 <> 0`,
    [operator.userId, [...pks.values()], new Date(beijingMidnightBefore(now, 0))],
  );
}

/** Drivers park for one to five minutes; reports every 5 s by default: lively on the map, light on the database. */
export function driveDemoVehicles(
  vehicles: readonly DemoVehicle[],
  ports: DemoPorts,
  intervalSeconds: number | undefined,
  more: Partial<FleetOptions> = {},
): Fleet {
  return new Fleet(
    vehicles.map((v) => v.spec),
    {
      host: '127.0.0.1',
      ports,
      intervalSeconds: intervalSeconds ?? 5,
      heartbeatSeconds: 30,
      driver: { parkSeconds: [60, 300] },
      connectRate: 50,
      ...more,
    },
  );
}

/** The watch-protocol terminals of badges and collars, in the demo account (those another account holds are left out). */
export async function ensureDemoTerminals(
  ctx: AppContext,
  operator: SessionUser,
  specs: Array<{ id: string; model: string }>,
): Promise<Set<string>> {
  const keys = specs.map((s) => identifierKey(s.id));
  const have = new Set((await terminalsQueries.visibleByKeys(ctx.db, terminalScope(operator), keys)).map((t) => t.identifier_key));
  for (const s of specs) {
    if (have.has(identifierKey(s.id))) continue;
    try {
      await addTerminal(ctx.db, ctx.bus, operator, { identifier: s.id, protocol: 'watch', model: s.model }, undefined);
      have.add(identifierKey(s.id));
    } catch (err) {
      ctx.log.warn({ terminal: s.id, msg: (err as Error).message }, '演示终端未创建');
    }
  }
  return have;
}

export const terminalsDemo: DemoPart = {
  menus: ['car', 'report', 'center', 'dataCenter'],
  protocols: ['jt808', 'gt06', 'h02'],
  async seed(ctx, operator) {
    const created = await seedDemoVehicles(ctx, operator, CAR_GROUPS, demoCars());
    await dateDemoService(ctx, demoCars());
    // Before the terminals connect (parts drive after every seed): the past is written only while a terminal has none.
    const givenPast = await seedDemoVehiclePast(ctx, demoCars());
    if (givenPast) {
      await lastHeardInPast(ctx, demoCars());
      await handleDemoPastAlarms(ctx, operator, demoCars());
      ctx.log.info({ vehicles: givenPast }, '演示车辆已补上一周的历史');
    }
    return created;
  },
  drive: (ports, intervalSeconds) => [driveDemoVehicles(onTheRoad(demoCars()), ports, intervalSeconds)],
};
