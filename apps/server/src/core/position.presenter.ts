import { Type } from 'typebox';
import type { LastPosition, Presence } from '@chelian/contracts';
import { ALARM_NAMES_ZH, isAlarmType } from '@chelian/protocols/alarms.ts';
import { responseOf } from '../http/contract.ts';

export type { LastPosition, Presence };

/**
 * One shape for a terminal's current position, whether read from latest_positions
 * (lastPositions.json, the live feed's snapshot) or pushed live by the gateway.
 * Coordinates are WGS-84 as received; speed km/h; times epoch ms.
 */
export const LastPositionSchema = responseOf<LastPosition>()(Type.Object({
  terminalId: Type.String(),
  vehicleId: Type.Union([Type.Integer(), Type.Null()]),
  plate: Type.String(),
  name: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  speed: Type.Number(),
  direction: Type.Number(),
  altitude: Type.Number(),
  gpsTime: Type.Number(),
  receivedAt: Type.Number(),
  valid: Type.Boolean(),
  online: Type.Boolean(),
  acc: Type.Union([Type.Boolean(), Type.Null()]),
  satellites: Type.Union([Type.Integer(), Type.Null()]),
  mileage: Type.Union([Type.Number(), Type.Null()]),
  alarms: Type.Array(Type.String()),
  alarmNames: Type.Array(Type.String()),
  extras: Type.Record(Type.String(), Type.Unknown()),
}));

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
  extras: Record<string, unknown> | null;
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

export function presentPosition(t: TerminalLabel, p: PositionFields): LastPosition {
  return {
    terminalId: t.identifier, vehicleId: t.vehicleId, plate: t.plate ?? '', name: t.vehicleName ?? t.plate ?? '',
    lat: p.lat, lon: p.lon, speed: round(p.speed, 1), direction: p.course, altitude: round(p.altitude, 1), gpsTime: p.gpsTime,
    receivedAt: p.receivedAt, valid: p.valid, online: t.online, acc: p.acc, satellites: p.satellites,
    mileage: p.mileage === null ? null : round(p.mileage, 1), alarms: p.alarms, alarmNames: alarmNames(p.alarms), extras: p.extras ?? {},
  };
}

export const PresenceSchema = responseOf<Presence>()(Type.Object({
  terminalId: Type.String(),
  vehicleId: Type.Union([Type.Integer(), Type.Null()]),
  plate: Type.String(),
  online: Type.Boolean(),
  at: Type.Number(),
}));
