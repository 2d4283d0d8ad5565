import type { Alarm } from '@chelian/contracts';
import { ALARM_NAMES_ZH, isAlarmType, type AlarmType } from '@chelian/protocols/alarms.ts';

/** The live feed's name for an alarm (gateway/liveEvents.ts). */
export type AlarmItem = Alarm;

export const alarmTypeName = (type: string) => (isAlarmType(type) ? ALARM_NAMES_ZH[type] : type);

/**
 * A stored alarm type (alarms.type, a report's per-type counts) as the contract's union. Every
 * writer stores a key of the one catalogue (protocols' ALARM_NAMES_ZH), and none was ever taken
 * out of it: another value is a corrupt row, said so, not passed on.
 */
export function storedAlarmType(type: string): AlarmType {
  if (isAlarmType(type)) return type;
  throw new Error(`stored alarm type not in the catalogue: ${type}`);
}

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
  /** 补传 (alarms.late); queries that do not read it present false. */
  late?: boolean;
  /** The terminal raised it again while it was open (gateway/alarmFold.ts); queries that do not read them present none. */
  repeats?: number;
  last_seen_at?: Date | null;
}

export function presentAlarm(r: AlarmRow): Alarm {
  return {
    alarmId: r.id,
    terminalId: r.identifier,
    vehicleId: r.vehicle_id,
    plate: r.plate ?? '',
    name: r.vehicle_name ?? r.plate ?? '',
    type: storedAlarmType(r.type),
    typeName: alarmTypeName(r.type),
    alarmTime: r.alarm_time.getTime(),
    receivedAt: r.received_at.getTime(),
    lat: r.lat,
    lon: r.lon,
    speed: r.speed === null ? null : Math.round(r.speed * 10) / 10,
    handled: r.handled,
    handledBy: r.handled_by_name ?? '',
    handledAt: r.handled_at ? r.handled_at.getTime() : null,
    handleNote: r.handle_note,
    late: r.late === true,
    ...(r.repeats ? { repeats: r.repeats, lastSeenAt: r.last_seen_at?.getTime() ?? null } : {}),
  };
}
