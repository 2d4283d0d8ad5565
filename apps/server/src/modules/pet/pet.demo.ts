/**
 * The demo's 宠物卫士 pets: three pets with watch-protocol collars, each with a 家 zone round home
 * and a week of past, roaming round home (each collar is a fleet of one: the home is a fleet
 * option). One plan seeds the database and runs the collars, so the two agree on identifiers and homes.
 */
import type { PET_SEX_NAMES, PET_SPECIES_NAMES } from '@chelian/contracts';
import { distanceMeters } from '@chelian/geo';
import { Fleet, cityByName, seedFor, terminalIdentifier, type TerminalSpec } from '@chelian/simulator';
import type { AppContext } from '../../context.ts';
import { identifierKey } from '../../core/identifiers.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import type { DemoPart } from '../feature.ts';
import { seedDemoPetWeek } from './demoWeek.ts';
import { DEMO_ID_BLOCK, ensureDemoTerminals } from '../terminals/terminals.demo.ts';
import { PET_ZONES_CHANGED, saveZone } from './petZones.service.ts';
import { petZonesQueries } from './petZones.queries.ts';
import { listPets, savePet } from './pets.service.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';

/** Watch identifiers 9 88 …: collars from 101 (the crew's badges from 1). */
const DEMO_SEED = 2027;

export interface DemoPet {
  name: string;
  species: keyof typeof PET_SPECIES_NAMES;
  breed: string;
  sex: keyof typeof PET_SEX_NAMES;
  weightKg: number;
  home: { lat: number; lon: number };
  /** The safe zone drawn round home: wider than the garden it roams, so only an excursion leaves it. */
  zoneRadiusMeters: number;
  spec: TerminalSpec;
}

const PETS: ReadonlyArray<Omit<DemoPet, 'spec'>> = [
  {
    name: '可乐',
    species: 'dog',
    breed: '柯基',
    sex: 'male',
    weightKg: 11.5,
    home: { lat: 22.5718, lon: 114.0372 },
    zoneRadiusMeters: 120,
  },
  {
    name: '豆豆',
    species: 'dog',
    breed: '金毛',
    sex: 'female',
    weightKg: 27,
    home: { lat: 22.5631, lon: 114.0694 },
    zoneRadiusMeters: 150,
  },
  {
    name: '咪咪',
    species: 'cat',
    breed: '英国短毛猫',
    sex: 'female',
    weightKg: 4.2,
    home: { lat: 22.5842, lon: 114.0511 },
    zoneRadiusMeters: 80,
  },
];

export function demoPets(): DemoPet[] {
  const city = cityByName('深圳')!;
  return PETS.map((p, i) => ({
    ...p,
    spec: {
      protocol: 'watch',
      kind: 'vehicle',
      id: terminalIdentifier('watch', DEMO_ID_BLOCK, 101 + i),
      city,
      seed: seedFor(DEMO_SEED, 100 + i),
      plate: p.name,
    },
  }));
}

/** The pets with their collars (reporting every 5 minutes, the default) and a 家 zone round home. Returns the pets created. */
export async function seedDemoPets(ctx: AppContext, operator: SessionUser, pets: readonly DemoPet[]): Promise<number> {
  const { db, bus } = ctx;
  const terminals = await ensureDemoTerminals(
    ctx,
    operator,
    pets.map((p) => ({ id: p.spec.id, model: 'PT-4G 宠物项圈' })),
  );
  const named = new Set((await listPets(db, operator)).map((p) => p.name));
  let created = 0;
  for (const p of pets) {
    if (named.has(p.name) || !terminals.has(identifierKey(p.spec.id))) continue;
    try {
      const petId = await savePet(db, operator, {
        name: p.name,
        species: p.species,
        breed: p.breed,
        sex: p.sex,
        weightKg: p.weightKg,
        imei: p.spec.id,
      });
      await saveZone(db, operator, {
        petId,
        name: '家',
        kind: 'circle',
        lon: p.home.lon,
        lat: p.home.lat,
        radiusMeters: p.zoneRadiusMeters,
        alarmExit: true,
        alarmEnter: true,
      });
      created++;
    } catch (err) {
      ctx.log.warn({ pet: p.name, msg: (err as Error).message }, '演示宠物未创建');
    }
  }
  bus.publish(PET_ZONES_CHANGED, {});
  return created;
}

/** How many of its last days' zone crossings each pet's 报警 list comes with. */
const PAST_CROSSINGS = 6;

/**
 * The 离开/进入安全区域 alarms of the pets' last excursions, found in the week just written (a fix
 * outside the 家 zone after one inside, and back): 宠物定位's 报警 list is not empty on the first
 * day. The zone engine judges only what collars send from now on, as for any history.
 */
async function raiseDemoPastCrossings(ctx: AppContext, operator: SessionUser, pets: readonly DemoPet[], now = Date.now()) {
  for (const pet of pets) {
    const fixes = await ctx.db.query<{ terminal_id: string; gps_time: Date; lat: number; lon: number }>(
      `SELECT p.terminal_id, p.gps_time, p.lat, p.lon FROM positions p JOIN terminals t ON t.id = p.terminal_id
        WHERE t.identifier = $1 AND p.gps_time < $2 AND p.valid ORDER BY p.gps_time`,
      [pet.spec.id, new Date(now)],
    );
    const crossings: Array<{ type: AlarmType; at: number; lat: number; lon: number; terminalPk: number }> = [];
    let outside = false;
    for (const f of fixes) {
      const out = distanceMeters([f.lon, f.lat], [pet.home.lon, pet.home.lat]) > pet.zoneRadiusMeters;
      if (out !== outside)
        crossings.push({
          type: out ? 'petZoneExit' : 'petZoneEnter',
          at: f.gps_time.getTime(),
          lat: f.lat,
          lon: f.lon,
          terminalPk: Number(f.terminal_id),
        });
      outside = out;
    }
    for (const c of crossings.slice(-PAST_CROSSINGS))
      await petZonesQueries.raise(ctx.db, { ...c, accountId: operator.accountId, late: false });
  }
}

export const petDemo: DemoPart = {
  menus: ['pet'],
  protocols: ['watch'],
  async seed(ctx, operator) {
    const pets = demoPets();
    const created = await seedDemoPets(ctx, operator, pets);
    // Before the collars connect (parts drive after every seed): the past is written only while a collar has none.
    const givenPast = await seedDemoPetWeek(ctx, pets);
    if (givenPast) {
      await raiseDemoPastCrossings(ctx, operator, pets);
      ctx.log.info({ pets: givenPast }, '演示宠物已补上一周的历史');
    }
    return created;
  },
  // Every collar reports within ten seconds of start, so 宠物定位 shows them at once.
  drive: (ports, intervalSeconds) =>
    demoPets().map(
      (p) =>
        new Fleet([p.spec], {
          host: '127.0.0.1',
          ports,
          firstReportWithinSeconds: 10,
          heartbeatSeconds: intervalSeconds ? 30 : 300,
          connectRate: 20,
          intervalSeconds: intervalSeconds ?? 300,
          pet: { home: p.home },
        }),
    ),
};
