import type { Alarm } from '@chelian/contracts';
import { ALARM_NAMES_ZH, type AlarmType } from '@chelian/protocols/alarms.ts';

/** The live feed's name for an alarm (gateway/liveEvents.ts). */
export type AlarmItem = Alarm;

export const alarmTypeName = (type: AlarmType) => ALARM_NAMES_ZH[type];

/*
 * alarms.type, and the per-type tallies kept of it (daily_reports.alarm_types and the month's), hold
 * keys of the one catalogue (protocols' ALARM_NAMES_ZH): every writer is typed by AlarmType (the
 * gateway's NewAlarm, each engine's raise, the SQL literals `satisfies AlarmType`) and no key was ever
 * taken out of it. So the rows that read them carry AlarmType, as every other closed column carries
 * its union, and nothing narrows them again.
 */

/** A per-type tally of alarms (a jsonb `{ sos: 2, … }`). */
export type AlarmTally = Partial<Record<AlarmType, number>>;

/** A tally's entries, typed (Object.entries says string). */
export const tallyEntries = (tally: AlarmTally) => Object.entries(tally) as Array<[AlarmType, number]>;

export interface AlarmRow {
  id: number;
  identifier: string;
  vehicle_id: number | null;
  plate: string | null;
  vehicle_name: string | null;
  type: AlarmType;
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
    type: r.type,
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
