/**
 * The demo's car fleet (车辆监控): fifty vehicles of a Shenzhen company in three groups,
 * spread over the three vehicle protocols. One plan seeds the database and runs the simulated
 * terminals, so the two always agree on identifiers and plates. The vehicle pieces here are also
 * what 电单车卫士's demo e-bikes are made with (elecCar/elecCar.demo.ts).
 */
import type { ProtocolName } from '@chelian/protocols';
import { Fleet, cityByName, plateFor, seedFor, terminalIdentifier, type FleetOptions, type TerminalSpec } from '@chelian/simulator';
import type { AppContext } from '../../context.ts';
import { identifierKey } from '../../core/identifiers.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import type { DemoPart, DemoPorts } from '../feature.ts';
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
}

const CAR_GROUPS: readonly DemoGroup[] = [
  {
    name: '城区配送',
    sort: 0,
    mix: [
      ['jt808', 14],
      ['gt06', 6],
    ],
  },
  {
    name: '冷链运输',
    sort: 1,
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

export const demoCars = (): DemoVehicle[] => demoVehicles(CAR_GROUPS, 0);

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
  menus: ['car', 'report', 'center'],
  protocols: ['jt808', 'gt06', 'h02'],
  seed: (ctx, operator) => seedDemoVehicles(ctx, operator, CAR_GROUPS, demoCars()),
  drive: (ports, intervalSeconds) => [driveDemoVehicles(demoCars(), ports, intervalSeconds)],
};
