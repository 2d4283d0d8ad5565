/**
 * A pet's safe zones (docs/pet.md): home circles (radius 50–5000 m) and polygons (3–50 corners),
 * at most PET_ZONE_MAX per pet, each with its exit / entry alarm switch. A zone of a pet outside
 * the caller's subtree answers as a missing one. Changes tell the zone engine to reload.
 */
import {
  PET_ERRORS,
  FENCE_KIND_NAMES,
  PET_ZONE_MAX,
  PET_ZONE_MAX_RADIUS_M,
  PET_ZONE_MIN_RADIUS_M,
  type PetZone,
  type PetZoneForm,
} from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { AppError } from '../../http/errors.ts';
import { readablePet, visiblePet } from './pets.service.ts';
import { petZonesQueries, type PetZoneRow, type ZoneGeometry } from './petZones.queries.ts';

/** Published on the bus when zones or collars change: the engine reloads. */
export const PET_ZONES_CHANGED = 'pet.zones.changed';

export function presentZone(r: PetZoneRow): PetZone {
  const circle = 'center' in r.geometry ? r.geometry : null;
  return {
    zoneId: Number(r.id),
    petId: Number(r.pet_id),
    name: r.name,
    kind: r.kind,
    kindName: FENCE_KIND_NAMES[r.kind],
    lon: circle?.center[0] ?? null,
    lat: circle?.center[1] ?? null,
    radiusMeters: circle?.radiusMeters ?? null,
    points: 'rings' in r.geometry ? (r.geometry.rings[0] ?? []) : [],
    alarmExit: r.alarm_exit,
    alarmEnter: r.alarm_enter,
    inside: r.inside,
  };
}

const validLonLat = (lon: number | undefined, lat: number | undefined): lon is number =>
  Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lon!) <= 180 && Math.abs(lat!) <= 90;

function geometryOf(form: PetZoneForm): ZoneGeometry {
  if (form.kind === 'circle') {
    if (!validLonLat(form.lon, form.lat)) throw new AppError(PET_ERRORS.badValue, { params: { field: '圆心' } });
    const r = form.radiusMeters;
    if (r === undefined || !Number.isFinite(r) || r < PET_ZONE_MIN_RADIUS_M || r > PET_ZONE_MAX_RADIUS_M) {
      throw new AppError(PET_ERRORS.zoneRadius, { params: { min: PET_ZONE_MIN_RADIUS_M, max: PET_ZONE_MAX_RADIUS_M } });
    }
    return { center: [form.lon, form.lat!], radiusMeters: Math.round(r) };
  }
  if (form.kind !== 'polygon') throw new AppError(PET_ERRORS.badValue, { params: { field: '区域形状' } });
  const ring: [number, number][] = [];
  for (const part of (form.points ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [lon, lat, extra] = part.split(',').map((s) => (s.trim() === '' ? NaN : Number(s)));
    if (extra !== undefined || !validLonLat(lon, lat)) throw new AppError(PET_ERRORS.zonePoints);
    ring.push([lon, lat!]);
  }
  if (ring.length < 3 || ring.length > 50) throw new AppError(PET_ERRORS.zonePoints);
  return { rings: [ring] };
}

async function visibleZone(q: Queryable, user: SessionUser, zoneId: number): Promise<PetZoneRow> {
  const zone = await petZonesQueries.one(q, zoneId);
  if (!zone) throw new AppError(PET_ERRORS.zoneNotVisible);
  try {
    await visiblePet(q, user, Number(zone.pet_id));
  } catch {
    throw new AppError(PET_ERRORS.zoneNotVisible);
  }
  return zone;
}

export async function petZones(q: Queryable, user: SessionUser, petId: number): Promise<PetZone[]> {
  const pet = await readablePet(q, user, petId);
  return (await petZonesQueries.byPet(q, Number(pet.id))).map(presentZone);
}

export async function saveZone(q: Queryable, user: SessionUser, form: PetZoneForm): Promise<PetZone> {
  const pet = await visiblePet(q, user, form.petId);
  const name = form.name.trim();
  if (!name) throw new AppError(PET_ERRORS.badValue, { params: { field: '区域名称' } });
  const zone = {
    name,
    kind: form.kind,
    geometry: geometryOf(form),
    alarmExit: form.alarmExit ?? true,
    alarmEnter: form.alarmEnter ?? true,
  };
  let zoneId = form.zoneId;
  if (zoneId !== undefined) {
    const old = await visibleZone(q, user, zoneId);
    if (Number(old.pet_id) !== Number(pet.id)) throw new AppError(PET_ERRORS.zoneNotVisible);
    await petZonesQueries.update(q, zoneId, zone);
  } else {
    if ((await petZonesQueries.count(q, Number(pet.id))) >= PET_ZONE_MAX)
      throw new AppError(PET_ERRORS.zoneLimit, { params: { max: PET_ZONE_MAX } });
    zoneId = await petZonesQueries.insert(q, Number(pet.id), zone);
  }
  return presentZone((await petZonesQueries.one(q, zoneId))!);
}

export async function removeZone(q: Queryable, user: SessionUser, zoneId: number): Promise<PetZoneRow> {
  const zone = await visibleZone(q, user, zoneId);
  await petZonesQueries.remove(q, zoneId);
  return zone;
}
