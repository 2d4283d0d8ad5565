import { vehicleTexts as M } from '../i18n/vehicleTexts.ts';

/** The four states the map colours and the tree counts (issue 5 item 1). */
export type VehicleState = 'moving' | 'stopped' | 'offline' | 'alarm';
export const VEHICLE_STATES: readonly VehicleState[] = ['moving', 'stopped', 'offline', 'alarm'];

/** Below this a GPS speed is drift, not driving. */
export const MOVING_KMH = 5;

export const STATE_COLORS: Record<VehicleState, string> = {
  moving: '#18a058',
  stopped: '#1265e0',
  offline: '#8c939d',
  alarm: '#e5484d',
};

/**
 * An alarm the terminal is still reporting (or an unhandled one just pushed) shows over
 * everything: an operator must see a vehicle in trouble even after it went silent.
 */
export function vehicleState(v: { online: boolean; speed: number; alarming: boolean }): VehicleState {
  if (v.alarming) return 'alarm';
  if (!v.online) return 'offline';
  return v.speed >= MOVING_KMH ? 'moving' : 'stopped';
}

/** `expired`: vehicles whose terminal's service has expired (counted among offline too). */
export type StateCounts = Record<VehicleState, number> & { total: number; located: number; expired: number };

export const emptyCounts = (): StateCounts => ({ moving: 0, stopped: 0, offline: 0, alarm: 0, total: 0, located: 0, expired: 0 });

/** 0°..359° as one of eight Chinese compass words. */
export function directionText(deg: number): string {
  const d = ((deg % 360) + 360) % 360;
  return M.directions[Math.round(d / 45) % 8];
}
