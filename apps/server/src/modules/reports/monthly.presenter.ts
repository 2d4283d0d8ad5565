import type { MonthlyPage, MonthlyRow } from '@chelian/contracts';
import type { MonthFiguresDb, MonthlyRowDb, MonthVehiclesDb } from './monthly.queries.ts';
import type { AlarmType } from '@chelian/protocols/alarms.ts';
import { tallyEntries, type AlarmTally } from '../../core/alarm.presenter.ts';
import { presentVehicle, round, sumTypes, typeCounts } from './reports.presenter.ts';

/** Online seconds over the seconds that counted (the denominator less what an earlier rollup had not seen yet); null when none did. */
const rate = (online: number, passed: number, short: number) => {
  const denominator = passed - short;
  return denominator > 0 ? round(Math.min(1, online / denominator), 4) : null;
};

export function presentMonthly(r: MonthlyRowDb): MonthlyRow {
  const alarmTypes = sumTypes(r.per_day ?? []);
  return {
    ...presentVehicle(r),
    month: r.month,
    mileageKm: round(r.mileage_km, 2),
    drivingSeconds: Math.round(r.driving_seconds),
    maxSpeed: round(r.max_speed, 1),
    activeDays: r.active_days,
    onlineSeconds: Math.round(r.online_seconds),
    onlineRate: rate(r.online_seconds, r.passed, r.short),
    alarmCount: r.alarm_count,
    alarmTypes,
  };
}

type MonthsOfSelection = {
  rows: MonthlyRowDb[];
  vehicles: MonthVehiclesDb[];
  figures: MonthFiguresDb[];
  typeMaps: Array<{ types: AlarmTally; days: number }>;
};

export function presentMonthlyPage(
  { rows, vehicles, figures, typeMaps }: MonthsOfSelection,
  win: { current: number; pageSize: number },
): MonthlyPage {
  const none = { mileage_km: 0, driving_seconds: 0, max_speed: 0, online_seconds: 0, alarm_count: 0, short: 0 };
  const byMonth = new Map(figures.map((f) => [f.month, f]));
  const months = vehicles.map((v) => ({ ...v, ...none, ...byMonth.get(v.month) }));
  const sum = (key: 'mileage_km' | 'driving_seconds' | 'online_seconds' | 'alarm_count' | 'passed' | 'short') =>
    months.reduce((s, m) => s + m[key], 0);
  const types = new Map<AlarmType, number>();
  for (const { types: map, days } of typeMaps)
    for (const [type, n] of tallyEntries(map)) types.set(type, (types.get(type) ?? 0) + n * days);
  return {
    total: months.reduce((s, m) => s + m.vehicles, 0),
    current: win.current,
    pageSize: win.pageSize,
    list: rows.map(presentMonthly),
    totals: {
      mileageKm: round(sum('mileage_km'), 2),
      drivingSeconds: Math.round(sum('driving_seconds')),
      maxSpeed: round(Math.max(0, ...months.map((m) => m.max_speed)), 1),
      onlineSeconds: Math.round(sum('online_seconds')),
      onlineRate: rate(sum('online_seconds'), sum('passed'), sum('short')),
      alarmCount: sum('alarm_count'),
      alarmTypes: typeCounts(types),
      vehicles: months[0]?.vehicles ?? 0,
    },
    months: months.map((m) => ({
      month: m.month,
      mileageKm: round(m.mileage_km, 2),
      drivingSeconds: Math.round(m.driving_seconds),
      onlineRate: rate(m.online_seconds, m.passed, m.short),
      alarmCount: m.alarm_count,
    })),
  };
}
