import { PET_ZONE_MAX_RADIUS_M, PET_ZONE_MIN_RADIUS_M, type PetZone, type PetZoneForm } from '@chelian/contracts';

/** A circle zone being added or edited on the phone (polygons are drawn on the desktop). */
export interface ZoneDraft {
  zoneId: number | null;
  name: string;
  lon: number;
  lat: number;
  radiusMeters: number;
  alarmExit: boolean;
  alarmEnter: boolean;
}

export const DEFAULT_RADIUS_M = 100;
/** The phone's radius slider: the contract's bounds, in steps of 50 m up to 2 km. */
export const RADIUS_SLIDER = { min: PET_ZONE_MIN_RADIUS_M, max: Math.min(2000, PET_ZONE_MAX_RADIUS_M), step: 50 } as const;

/** A new zone round where the pet is (else round `fallback`), named 家 when it is the first. */
export function newDraft(at: [number, number], existing: number): ZoneDraft {
  return {
    zoneId: null,
    name: existing === 0 ? '家' : '',
    lon: at[0],
    lat: at[1],
    radiusMeters: DEFAULT_RADIUS_M,
    alarmExit: true,
    alarmEnter: false,
  };
}

/** A saved circle as a draft; a polygon cannot be edited here (null). */
export function draftOf(z: PetZone): ZoneDraft | null {
  if (z.kind !== 'circle' || z.lon === null || z.lat === null || z.radiusMeters === null) return null;
  return {
    zoneId: z.zoneId,
    name: z.name,
    lon: z.lon,
    lat: z.lat,
    radiusMeters: z.radiusMeters,
    alarmExit: z.alarmExit,
    alarmEnter: z.alarmEnter,
  };
}

/** What zoneSave is sent; the server checks the name, radius and limit and answers in Chinese. */
export function formOf(petId: number, d: ZoneDraft): PetZoneForm {
  return {
    petId,
    ...(d.zoneId !== null ? { zoneId: d.zoneId } : {}),
    name: d.name.trim(),
    kind: 'circle',
    lon: d.lon,
    lat: d.lat,
    radiusMeters: d.radiusMeters,
    alarmExit: d.alarmExit,
    alarmEnter: d.alarmEnter,
  };
}
