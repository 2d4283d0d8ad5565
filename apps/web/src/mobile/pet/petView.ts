import {
  PET_FRESH_SECONDS,
  PET_FRESHNESS_NAMES,
  PET_RECENT_SECONDS,
  PET_SOURCE_NAMES,
  type LastPosition,
  type PetLive,
} from '@chelian/contracts';

/** How long ago, as a phone says it: 刚刚, 3分钟前, 2小时前, 5天前; null when never. */
export function agoText(seconds: number | null): string {
  if (seconds === null) return '暂无定位';
  if (seconds < 60) return '刚刚';
  if (seconds < 3600) return `${Math.floor(seconds / 60)}分钟前`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}小时前`;
  return `${Math.floor(seconds / 86_400)}天前`;
}

/** The freshness of a fix this old: the contract's bands, as the server judges them. */
export function freshnessAt(seconds: number | null): PetLive['freshness'] {
  if (seconds === null) return 'none';
  if (seconds < PET_FRESH_SECONDS) return 'fresh';
  return seconds <= PET_RECENT_SECONDS ? 'recent' : 'stale';
}

/** The pet's live state aged to `now` (the page ticks, so 3分钟前 becomes 4分钟前 without a call). */
export function agedLive(live: PetLive, now = Date.now()): PetLive {
  const ageSeconds = live.gpsTime === null ? null : Math.max(0, Math.round((now - live.gpsTime) / 1000));
  const freshness = freshnessAt(ageSeconds);
  return { ...live, ageSeconds, freshness, freshnessName: PET_FRESHNESS_NAMES[freshness] };
}

/**
 * A position from the live feed folded into the pet's live state: where and when, how it was found
 * (the collar's locationSource), its accuracy and battery when it said. An older fix changes nothing.
 */
export function withPosition(live: PetLive, p: LastPosition, now = Date.now()): PetLive {
  if (!p.valid || (live.gpsTime !== null && p.gpsTime < live.gpsTime)) return live;
  const source = p.extras.locationSource ?? 'gps';
  const battery = p.extras.battery ?? null;
  return agedLive(
    {
      ...live,
      online: true,
      lat: p.lat,
      lon: p.lon,
      gpsTime: p.gpsTime,
      source,
      sourceName: PET_SOURCE_NAMES[source],
      accuracy: p.extras.accuracy ?? live.accuracy,
      battery: battery === null ? live.battery : Math.round(battery),
      batteryAt: battery === null ? live.batteryAt : p.gpsTime,
    },
    now,
  );
}

/** Today's steps against the goal, 0–100. */
export const goalPercent = (steps: number, goal: number) => (goal > 0 ? Math.min(100, Math.round((steps / goal) * 100)) : 0);
