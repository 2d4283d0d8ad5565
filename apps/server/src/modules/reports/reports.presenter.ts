import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type {
  AlarmStatisticsPage,
  AlarmTypeCount,
  MileageDay,
  MileagePage,
  OnlineDay,
  OnlinePage,
  StayPage,
  StayRow,
  TripPage,
  TripRow,
} from '@chelian/contracts';
import { beijingDayStart, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { alarmTypeName, tallyEntries, type AlarmTally } from '../../core/alarm.presenter.ts';
import type { DailyRow, reportsQueries, ReportVehicleRow, StayRowDb } from './reports.queries.ts';
import type { TripRowDb, tripsQueries } from './trips.queries.ts';
import type { alarmCountQueries } from './alarmCounts.queries.ts';

export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export const presentVehicle = (r: ReportVehicleRow) => ({
  vehicleId: r.vehicle_id,
  plate: r.plate,
  name: r.vehicle_name,
  groupName: r.group_name ?? '',
  accountName: r.account_name,
  terminalId: r.identifier,
});

export function presentMileage(r: DailyRow): MileageDay {
  return {
    ...presentVehicle(r),
    day: r.day,
    mileageKm: round(r.mileage_km ?? 0, 2),
    mileageSource: r.mileage_source ?? '',
    drivingSeconds: r.driving_seconds ?? 0,
    maxSpeed: round(r.max_speed ?? 0, 1),
    firstPositionAt: r.first_position_at?.getTime() ?? null,
    lastPositionAt: r.last_position_at?.getTime() ?? null,
    positionCount: r.position_count ?? 0,
    alarmCount: r.alarm_count ?? 0,
  };
}

/** Seconds of a Beijing day passed by `now`: the whole day once it is over. */
export function elapsedSeconds(day: string, now: number): number {
  return Math.max(0, Math.min(DAY_MS, now - beijingDayStart(day))) / 1000;
}

/** Online seconds over the seconds rated; null when none were (a day before the vehicle's hand-over). */
const onlineRate = (online: number, rated: number) => (rated > 0 ? round(Math.min(1, online / rated), 4) : null);

export function presentOnline(r: DailyRow, now: number): OnlineDay {
  const online = r.online_seconds ?? 0;
  // A day rolled up a few minutes ago is rated against the seconds it had then; a day without a
  // row against its seconds since the hand-over.
  const elapsed = r.elapsed_seconds ?? r.rated_seconds ?? elapsedSeconds(r.day, now);
  return {
    ...presentVehicle(r),
    day: r.day,
    onlineSeconds: online,
    firstOnlineAt: r.first_online_at?.getTime() ?? null,
    lastOfflineAt: r.last_offline_at?.getTime() ?? null,
    onlineRate: onlineRate(online, elapsed),
  };
}

export function typeCounts(counts: Iterable<[AlarmType, number]>): AlarmTypeCount[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([type, count]) => ({ type, typeName: alarmTypeName(type), count }));
}

/** Per-day {type: n} maps of one vehicle, summed. */
export function sumTypes(perDay: AlarmTally[]): AlarmTypeCount[] {
  const sum = new Map<AlarmType, number>();
  for (const day of perDay) for (const [type, n] of tallyEntries(day)) sum.set(type, (sum.get(type) ?? 0) + n);
  return typeCounts(sum);
}

export function presentStay(r: StayRowDb): StayRow {
  return {
    ...presentVehicle(r),
    day: r.day,
    startAt: r.start_at.getTime(),
    endAt: r.end_at.getTime(),
    seconds: r.seconds,
    lon: r.lon,
    lat: r.lat,
    open: r.open,
  };
}

type Window = { current: number; pageSize: number };
type Daily = Awaited<ReturnType<typeof reportsQueries.dailyPage>>;
type AlarmCounts = Awaited<ReturnType<typeof alarmCountQueries.counts>>;
type Stays = Awaited<ReturnType<typeof reportsQueries.stayPage>>;

export function presentMileagePage({ totals, rows }: Daily, win: Window): MileagePage {
  return {
    total: totals.n,
    current: win.current,
    pageSize: win.pageSize,
    list: rows.map(presentMileage),
    totals: {
      mileageKm: round(totals.mileage_km, 2),
      drivingSeconds: totals.driving_seconds,
      maxSpeed: round(totals.max_speed, 1),
      alarmCount: totals.alarm_count,
    },
  };
}

export function presentOnlinePage({ totals, rows }: Daily, win: Window, now: number): OnlinePage {
  return {
    total: totals.n,
    current: win.current,
    pageSize: win.pageSize,
    list: rows.map((r) => presentOnline(r, now)),
    totals: { onlineSeconds: totals.online_seconds, onlineRate: onlineRate(totals.online_seconds, totals.elapsed_seconds) },
  };
}

export function presentAlarmStatistics({ total, alarms, byType, rows }: AlarmCounts, win: Window): AlarmStatisticsPage {
  return {
    total,
    current: win.current,
    pageSize: win.pageSize,
    list: rows.map((r) => ({ ...presentVehicle(r), total: r.total, types: typeCounts(tallyEntries(r.types)) })),
    totals: { total: alarms, types: typeCounts(byType.map((t) => [t.type, t.n])) },
  };
}

export function presentStayPage({ totals, rows }: Stays, win: Window): StayPage {
  return {
    total: totals.n,
    current: win.current,
    pageSize: win.pageSize,
    list: rows.map(presentStay),
    totals: { stays: totals.n, seconds: Math.round(totals.seconds), vehicles: totals.vehicles },
  };
}

export function presentTrip(r: TripRowDb): TripRow {
  const km = round(r.km, 2);
  return {
    ...presentVehicle(r),
    day: r.day,
    startAt: r.start_at.getTime(),
    endAt: r.end_at.getTime(),
    seconds: r.seconds,
    distanceKm: km,
    avgSpeed: r.seconds > 0 ? round((r.km / r.seconds) * 3600, 1) : 0,
    maxSpeed: round(r.max_speed ?? 0, 1),
    startLon: r.start_lon,
    startLat: r.start_lat,
    endLon: r.end_lon,
    endLat: r.end_lat,
  };
}

export function presentTripPage({ totals, rows }: Awaited<ReturnType<typeof tripsQueries.tripPage>>, win: Window): TripPage {
  return {
    total: totals.n,
    current: win.current,
    pageSize: win.pageSize,
    list: rows.map(presentTrip),
    totals: { trips: totals.n, seconds: Math.round(totals.seconds), vehicles: totals.vehicles },
  };
}
