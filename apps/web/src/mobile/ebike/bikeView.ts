import type { BikeStatus, LastPosition } from '@chelian/contracts';
import { beijingDate } from '../../shared/format/beijingTime.ts';
import { DAY_MS } from '@chelian/contracts';

/** The owner's next guard action: disarm an armed bike, arm anything else (unknown included). */
export const guardAction = (armed: boolean | null): 'arm' | 'disarm' => (armed ? 'disarm' : 'arm');

/** Battery colour band: below 20 % danger, below 40 % warning, else success (antd-mobile's variables). */
export function batteryTone(percent: number | null): 'danger' | 'warning' | 'success' | 'weak' {
  if (percent === null) return 'weak';
  if (percent < 20) return 'danger';
  return percent < 40 ? 'warning' : 'success';
}

/**
 * A position from the live feed folded into the status card: place, speed and time, and the guard,
 * key and relay when its 0xF1 status rode along (extras.ebike). An older fix changes nothing.
 */
export function withBikePosition(s: BikeStatus, p: LastPosition): BikeStatus {
  if (s.gpsTime !== null && p.gpsTime < s.gpsTime) return s;
  const e = p.extras.ebike ?? {};
  return {
    ...s,
    online: true,
    fix: p.valid,
    lat: p.valid ? p.lat : s.lat,
    lon: p.valid ? p.lon : s.lon,
    speed: Math.round(p.speed * 10) / 10,
    gpsTime: p.gpsTime,
    lastUpdate: Math.max(s.lastUpdate ?? 0, p.receivedAt),
    acc: p.acc ?? e.acc ?? s.acc,
    armed: e.armed ?? s.armed,
    powerCut: e.powerCut ?? s.powerCut,
    charging: e.charging ?? s.charging,
  };
}

/** The three days the trips page offers, newest first, as Beijing dates. */
export function recentDays(now = Date.now()): string[] {
  return [0, 1, 2].map((d) => beijingDate(now - d * DAY_MS));
}
