import type { LastPosition, Presence } from '@chelian/contracts';
import { ALARM_NAMES_ZH, isAlarmType } from '@chelian/protocols/alarms.ts';
import type { PositionAttributes } from '@chelian/protocols/positionAttributes.ts';

export type { LastPosition, Presence };

export const alarmNames = (alarms: string[]) => alarms.map((a) => (isAlarmType(a) ? ALARM_NAMES_ZH[a] : a));

export interface PositionFields {
  lat: number;
  lon: number;
  speed: number;
  course: number;
  altitude: number;
  gpsTime: number;
  receivedAt: number;
  valid: boolean;
  acc: boolean | null;
  satellites: number | null;
  mileage: number | null;
  alarms: string[];
  extras: PositionAttributes | null;
}

export interface TerminalLabel {
  identifier: string;
  vehicleId: number | null;
  plate: string | null;
  vehicleName: string | null;
  online: boolean;
}

/** Floats stored as real come back as 59.900001525878906: a position needs no more than this. */
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * One shape for a terminal's current position (contracts' LastPosition), whether read from
 * latest_positions (lastPositions.json, the live feed's snapshot) or pushed live by the gateway.
 */
export function presentPosition(t: TerminalLabel, p: PositionFields): LastPosition {
  return {
    terminalId: t.identifier,
    vehicleId: t.vehicleId,
    plate: t.plate ?? '',
    name: t.vehicleName ?? t.plate ?? '',
    lat: p.lat,
    lon: p.lon,
    speed: round(p.speed, 1),
    direction: p.course,
    altitude: round(p.altitude, 1),
    gpsTime: p.gpsTime,
    receivedAt: p.receivedAt,
    valid: p.valid,
    online: t.online,
    acc: p.acc,
    satellites: p.satellites,
    mileage: p.mileage === null ? null : round(p.mileage, 1),
    alarms: p.alarms,
    alarmNames: alarmNames(p.alarms),
    extras: p.extras ?? {},
  };
}
