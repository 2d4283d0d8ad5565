import type { Bus } from '../bus/bus.ts';
import type { PositionFeed } from '../core/positionFeed.ts';
import { subjects } from '../bus/subjects.ts';
import { presentPosition, type LastPosition, type Presence } from '../core/position.presenter.ts';
import { alarmTypeName, type AlarmItem } from '../core/alarm.presenter.ts';
import type { NewAlarm, StoredPosition } from './ingest.queries.ts';
import type { TerminalInfo } from './terminalDirectory.ts';

/** News for live feeds, published only after the facts are stored. Same shapes as the API's. */
export function publishPosition(bus: Bus, t: TerminalInfo, p: StoredPosition, subject = subjects.live('pos', t.accountPath, t.identifier)) {
  if (bus.interested?.(subject) === false) return; // no live map shows it in this process
  const data = presentPosition(
    { identifier: t.identifier, vehicleId: t.vehicleId, plate: t.plate, vehicleName: t.vehicleName, online: true },
    p,
  );
  bus.publish<LastPosition>(subject, data);
}

/**
 * One terminal's fixes just stored, oldest first, to this process's position engines (in the live
 * shape, for those that want them). `late`: each is older than a fix already fed (core/positionFeed.ts).
 */
export function feedFixes(feed: PositionFeed, t: TerminalInfo, fixes: readonly StoredPosition[], late = false) {
  feed.publish({ identifier: t.identifier, vehicleId: t.vehicleId, plate: t.plate, vehicleName: t.vehicleName, online: true }, fixes, late);
}

export function publishAlarm(bus: Bus, t: TerminalInfo, alarmId: number, a: NewAlarm) {
  const data: AlarmItem = {
    alarmId,
    terminalId: t.identifier,
    vehicleId: t.vehicleId,
    plate: t.plate ?? '',
    name: t.vehicleName ?? t.plate ?? '',
    type: a.type,
    typeName: alarmTypeName(a.type),
    alarmTime: a.alarmTime,
    receivedAt: Date.now(),
    lat: a.lat,
    lon: a.lon,
    speed: a.speed,
    handled: false,
    handledBy: '',
    handledAt: null,
    handleNote: '',
    late: a.late === true,
  };
  bus.publish<AlarmItem>(subjects.live('alarm', t.accountPath, t.identifier), data);
}

/** On the bus for live feeds, and to this process's engines (the offline alarms) when given their feed. */
export function publishPresence(
  bus: Bus,
  feed: PositionFeed | undefined,
  t: { identifier: string; accountPath: string | null; vehicleId: number | null; plate: string | null },
  online: boolean,
) {
  const data: Presence = { terminalId: t.identifier, vehicleId: t.vehicleId, plate: t.plate ?? '', online, at: Date.now() };
  bus.publish<Presence>(subjects.live('presence', t.accountPath, t.identifier), data);
  feed?.presence(data);
}
