/**
 * The demo's people and animals, beside its vehicles: a street-cleaning crew of a Shenzhen
 * district wearing watch-protocol work badges (智能工牌), and three pets with watch-protocol
 * collars (宠物卫士). One plan seeds the database and runs the simulated terminals, so the two
 * agree on identifiers, the work site and each pet's home.
 */
import type { PET_SEX_NAMES, PET_SPECIES_NAMES } from '@chelian/contracts';
import { cityByName, seedFor, terminalIdentifier, type City, type TerminalSpec } from '@chelian/simulator';

/** Watch identifiers 9 88 …: badges from 1, collars from 101 (no demo vehicle speaks the watch protocol). */
const DEMO_ID_BLOCK = 88;
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

const STAFF: ReadonlyArray<[name: string, job: string]> = [
  ['王建国', '班长'], ['李秀兰', '保洁员'], ['张德明', '保洁员'], ['刘桂芳', '保洁员'],
  ['陈志强', '巡查员'], ['杨美华', '保洁员'], ['赵宏伟', '驾驶员'], ['黄丽萍', '保洁员'],
];

const PETS: ReadonlyArray<Omit<DemoPet, 'spec'>> = [
  { name: '可乐', species: 'dog', breed: '柯基', sex: 'male', weightKg: 11.5, home: { lat: 22.5718, lon: 114.0372 }, zoneRadiusMeters: 120 },
  { name: '豆豆', species: 'dog', breed: '金毛', sex: 'female', weightKg: 27, home: { lat: 22.5631, lon: 114.0694 }, zoneRadiusMeters: 150 },
  { name: '咪咪', species: 'cat', breed: '英国短毛猫', sex: 'female', weightKg: 4.2, home: { lat: 22.5842, lon: 114.0511 }, zoneRadiusMeters: 80 },
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
    spec: { protocol: 'watch', kind: 'vehicle', id: terminalIdentifier('watch', DEMO_ID_BLOCK, i + 1), city, seed: seedFor(DEMO_SEED, i), plate: name },
  }));
}

export function demoPets(): DemoPet[] {
  const city = cityByName('深圳')!;
  return PETS.map((p, i) => ({
    ...p,
    spec: { protocol: 'watch', kind: 'vehicle', id: terminalIdentifier('watch', DEMO_ID_BLOCK, 101 + i), city, seed: seedFor(DEMO_SEED, 100 + i), plate: p.name },
  }));
}

/** The responsibility area's corners, [lon, lat], closed. */
export function demoAreaRing(): [number, number][] {
  const dLat = AREA_HALF_METERS / METERS_PER_DEGREE;
  const dLon = AREA_HALF_METERS / (METERS_PER_DEGREE * Math.cos((DEMO_WORK_SITE.lat * Math.PI) / 180));
  const { lat, lon } = DEMO_WORK_SITE;
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  const corners: [number, number][] = [[lon - dLon, lat - dLat], [lon + dLon, lat - dLat], [lon + dLon, lat + dLat], [lon - dLon, lat + dLat]];
  return [...corners, corners[0]].map(([x, y]) => [round(x), round(y)]);
}
