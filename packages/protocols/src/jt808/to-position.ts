/** A decoded JT/T 808 location body as the normalized `Position`. */
import { NO_ALARMS } from '../alarms.ts';
import type { Position } from '../model.ts';
import type { PositionAttributes } from '../positionAttributes.ts';
import { alarmsOf, statusFlags } from './flags.ts';
import type { Jt808Location } from './location.ts';

export function toPosition(loc: Jt808Location, terminalId: string, now: number | undefined): Position {
  const items = loc.items;
  const extras: PositionAttributes = {
    alarmWord: loc.alarm,
    statusWord: loc.status,
    statusFlags: statusFlags(loc.status),
  };
  if (items.recorderSpeedKmh !== undefined) extras.recorderSpeedKmh = items.recorderSpeedKmh;
  if (items.alarmEventId !== undefined) extras.alarmEventId = items.alarmEventId;
  if (items.overspeed !== undefined) extras.overspeedArea = items.overspeed;
  if (items.area !== undefined) extras.area = items.area;
  if (items.routeTime !== undefined) extras.routeTime = items.routeTime;
  if (items.extSignal !== undefined) extras.extSignal = items.extSignal;
  if (items.io !== undefined) extras.io = items.io;
  if (items.analog !== undefined) extras.analog = items.analog;
  if (items.raw !== undefined) extras.rawItems = items.raw;
  if (items.truncated) extras.itemsTruncated = true;
  let time = loc.time;
  if (time < 0) {
    // No usable device time (e.g. all-zero BCD before the first fix): caller's clock, flagged.
    time = now ?? 0;
    extras.timeInvalid = true;
  }
  return {
    terminalId,
    time,
    lat: loc.lat,
    lon: loc.lon,
    valid: (loc.status & 0x02) !== 0,
    speedKmh: loc.speedKmh,
    course: loc.direction,
    altitude: loc.altitude,
    satellites: items.satellites,
    alarms: loc.alarm === 0 ? NO_ALARMS : alarmsOf(loc.alarm, items.area?.direction),
    acc: (loc.status & 0x01) !== 0,
    mileageKm: items.mileageKm,
    fuel: items.fuelL,
    signal: items.signal,
    extras,
  };
}
