import { Type } from 'typebox';
import type { AlarmTypeCount, MileageDay, OnlineDay, StayRow } from '@chelian/contracts';
import { responseOf } from '../../http/contract.ts';
import { alarmTypeName } from '../alarms/alarm.presenter.ts';
import { dayStart, DAY_MS } from './beijingDay.ts';
import type { DailyRow, ReportVehicleRow, StayRowDb } from './reports.queries.ts';

const Nullable = (t: ReturnType<typeof Type.Number>) => Type.Union([t, Type.Null()]);
const VEHICLE = {
  vehicleId: Type.Integer(), plate: Type.String(), name: Type.String(), groupName: Type.String(), accountName: Type.String(), terminalId: Type.String(),
};
export const MileageDaySchema = responseOf<MileageDay>()(Type.Object({
  ...VEHICLE, day: Type.String(), mileageKm: Type.Number(), mileageSource: Type.String(), drivingSeconds: Type.Integer(), maxSpeed: Type.Number(),
  firstPositionAt: Nullable(Type.Number()), lastPositionAt: Nullable(Type.Number()), positionCount: Type.Integer(), alarmCount: Type.Integer(),
}));
export const OnlineDaySchema = responseOf<OnlineDay>()(Type.Object({
  ...VEHICLE, day: Type.String(), onlineSeconds: Type.Integer(), firstOnlineAt: Nullable(Type.Number()), lastOfflineAt: Nullable(Type.Number()), onlineRate: Type.Number(),
}));
export const StayRowSchema = responseOf<StayRow>()(Type.Object({
  ...VEHICLE, day: Type.String(), startAt: Type.Number(), endAt: Type.Number(), seconds: Type.Integer(), lon: Type.Number(), lat: Type.Number(), open: Type.Boolean(),
}));
export const AlarmTypeCountSchema = Type.Object({ type: Type.String(), typeName: Type.String(), count: Type.Integer() });
export const AlarmVehicleCountSchema = Type.Object({ ...VEHICLE, total: Type.Integer(), types: Type.Array(AlarmTypeCountSchema) });

export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

const vehicle = (r: ReportVehicleRow) => ({
  vehicleId: r.vehicle_id, plate: r.plate, name: r.vehicle_name, groupName: r.group_name ?? '', accountName: r.account_name, terminalId: r.identifier,
});

export function presentMileage(r: DailyRow): MileageDay {
  return {
    ...vehicle(r), day: r.day, mileageKm: round(r.mileage_km ?? 0, 2), mileageSource: r.mileage_source ?? '', drivingSeconds: r.driving_seconds ?? 0,
    maxSpeed: round(r.max_speed ?? 0, 1), firstPositionAt: r.first_position_at?.getTime() ?? null, lastPositionAt: r.last_position_at?.getTime() ?? null,
    positionCount: r.position_count ?? 0, alarmCount: r.alarm_count ?? 0,
  };
}

/** Seconds of a Beijing day passed by `now`: the whole day once it is over. */
export function elapsedSeconds(day: string, now: number): number {
  return Math.max(0, Math.min(DAY_MS, now - dayStart(day).getTime())) / 1000;
}

export function presentOnline(r: DailyRow, now: number): OnlineDay {
  const online = r.online_seconds ?? 0;
  // A day rolled up a few minutes ago is rated against the seconds it had then.
  const elapsed = r.elapsed_seconds ?? elapsedSeconds(r.day, now);
  return {
    ...vehicle(r), day: r.day, onlineSeconds: online, firstOnlineAt: r.first_online_at?.getTime() ?? null, lastOfflineAt: r.last_offline_at?.getTime() ?? null,
    onlineRate: elapsed > 0 ? round(Math.min(1, online / elapsed), 4) : 0,
  };
}

export function typeCounts(counts: Iterable<[string, number]>): AlarmTypeCount[] {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([type, count]) => ({ type, typeName: alarmTypeName(type), count }));
}

/** Per-day {type: n} maps of one vehicle, summed. */
export function sumTypes(perDay: Array<Record<string, number>>): AlarmTypeCount[] {
  const sum = new Map<string, number>();
  for (const day of perDay) for (const [type, n] of Object.entries(day)) sum.set(type, (sum.get(type) ?? 0) + n);
  return typeCounts(sum);
}

export function presentStay(r: StayRowDb): StayRow {
  return {
    ...vehicle(r), day: r.day, startAt: r.start_at.getTime(), endAt: r.end_at.getTime(), seconds: r.seconds, lon: r.lon, lat: r.lat, open: r.open,
  };
}
