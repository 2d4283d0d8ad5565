import { Type } from 'typebox';
import type { Alarm } from '@chelian/contracts';
import { ALARM_NAMES_ZH, isAlarmType } from '@chelian/protocols/alarms.ts';
import { responseOf } from '../../http/contract.ts';

/** An alarm as the API lists it and the live feed pushes it. */
export const AlarmSchema = responseOf<Alarm>()(Type.Object({
  alarmId: Type.Integer(),
  terminalId: Type.String(),
  vehicleId: Type.Union([Type.Integer(), Type.Null()]),
  plate: Type.String(),
  name: Type.String(),
  type: Type.String(),
  typeName: Type.String(),
  alarmTime: Type.Number(),
  receivedAt: Type.Number(),
  lat: Type.Union([Type.Number(), Type.Null()]),
  lon: Type.Union([Type.Number(), Type.Null()]),
  speed: Type.Union([Type.Number(), Type.Null()]),
  handled: Type.Boolean(),
  handledBy: Type.String(),
  handledAt: Type.Union([Type.Number(), Type.Null()]),
  handleNote: Type.String(),
}));
/** The live feed's name for it (gateway/liveEvents.ts). */
export type AlarmItem = Alarm;

export const alarmTypeName = (type: string) => (isAlarmType(type) ? ALARM_NAMES_ZH[type] : type);

export interface AlarmRow {
  id: number;
  identifier: string;
  vehicle_id: number | null;
  plate: string | null;
  vehicle_name: string | null;
  type: string;
  alarm_time: Date;
  received_at: Date;
  lat: number | null;
  lon: number | null;
  speed: number | null;
  handled: boolean;
  handled_by_name: string | null;
  handled_at: Date | null;
  handle_note: string;
}

export function presentAlarm(r: AlarmRow): Alarm {
  return {
    alarmId: r.id, terminalId: r.identifier, vehicleId: r.vehicle_id, plate: r.plate ?? '', name: r.vehicle_name ?? r.plate ?? '',
    type: r.type, typeName: alarmTypeName(r.type), alarmTime: r.alarm_time.getTime(), receivedAt: r.received_at.getTime(),
    lat: r.lat, lon: r.lon, speed: r.speed === null ? null : Math.round(r.speed * 10) / 10, handled: r.handled,
    handledBy: r.handled_by_name ?? '', handledAt: r.handled_at ? r.handled_at.getTime() : null, handleNote: r.handle_note,
  };
}
