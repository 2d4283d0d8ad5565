import {
  PET_FRESH_SECONDS,
  PET_FRESHNESS_NAMES,
  PET_RECENT_SECONDS,
  PET_SEX_NAMES,
  PET_SOURCE_NAMES,
  PET_SPECIES_NAMES,
  type Pet,
  type PetFreshness,
} from '@chelian/contracts';
import type { PetRow } from './pets.queries.ts';

const nameIn = <T extends Record<string, string>>(names: T, key: string) => (key in names ? names[key as keyof T]! : key);
const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function freshnessOf(ageSeconds: number | null): PetFreshness {
  if (ageSeconds === null) return 'none';
  if (ageSeconds < PET_FRESH_SECONDS) return 'fresh';
  return ageSeconds <= PET_RECENT_SECONDS ? 'recent' : 'stale';
}

export function presentPet(r: PetRow, now = Date.now()): Pet {
  const gpsTime = r.gps_time ? r.gps_time.getTime() : null;
  const ageSeconds = gpsTime === null ? null : Math.max(0, Math.round((now - gpsTime) / 1000));
  const freshness = freshnessOf(ageSeconds);
  const extras = r.extras ?? {};
  const source = typeof extras.locationSource === 'string' ? extras.locationSource : gpsTime === null ? 'none' : 'gps';
  // The newest figure wins: a status report (LK, fixless UD) newer than the fix, else the fix's own.
  const fixBattery = numOrNull(extras.battery);
  const reportNewer = r.sr_at !== null && (gpsTime === null || r.sr_at.getTime() >= gpsTime);
  const battery = reportNewer ? r.sr_battery : (fixBattery ?? r.sr_battery);
  return {
    petId: Number(r.id),
    name: r.name,
    species: r.species,
    speciesName: nameIn(PET_SPECIES_NAMES, r.species),
    breed: r.breed,
    sex: r.sex,
    sexName: nameIn(PET_SEX_NAMES, r.sex),
    birthday: r.birthday ?? '',
    weightKg: r.weight_kg,
    microchip: r.microchip,
    hasPhoto: r.has_photo,
    stepGoal: r.step_goal,
    terminalId: r.identifier,
    protocol: r.protocol,
    accountName: r.account_name,
    created: r.created_at.getTime(),
    lostUntil: r.lost_until && r.lost_until.getTime() > now ? r.lost_until.getTime() : null,
    reportSeconds: Number(r.report_seconds),
    shared: r.shared === true,
    live: {
      online: r.online ?? false,
      lat: r.lat,
      lon: r.lon,
      gpsTime,
      ageSeconds,
      freshness,
      freshnessName: PET_FRESHNESS_NAMES[freshness],
      source,
      sourceName: nameIn(PET_SOURCE_NAMES, source),
      accuracy: numOrNull(extras.accuracy),
      signal: reportNewer ? (r.sr_signal ?? r.signal) : (r.signal ?? r.sr_signal),
      battery: battery === null || battery === undefined ? null : Math.round(battery),
      batteryAt: reportNewer ? r.sr_at!.getTime() : gpsTime,
    },
  };
}
