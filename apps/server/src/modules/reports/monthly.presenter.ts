import type { MonthlyPage, MonthlyRow } from '@chelian/contracts';
import type { MonthlyRowDb, MonthTotalDb } from './monthly.queries.ts';
import { presentVehicle, round, sumTypes, typeCounts } from './reports.presenter.ts';

/** Online seconds over the seconds that counted (the denominator less what an earlier rollup had not seen yet). */
const rate = (online: number, passed: number, short: number) => {
  const denominator = passed - short;
  return denominator > 0 ? round(Math.min(1, online / denominator), 4) : 0;
};

export function presentMonthly(r: MonthlyRowDb): MonthlyRow {
  const alarmTypes = sumTypes(r.per_day ?? []);
  return {
    ...presentVehicle(r), month: r.month, mileageKm: round(r.mileage_km, 2), drivingSeconds: Math.round(r.driving_seconds), maxSpeed: round(r.max_speed, 1),
    activeDays: r.active_days, onlineSeconds: Math.round(r.online_seconds), onlineRate: rate(r.online_seconds, r.passed, r.short), alarmCount: r.alarm_count, alarmTypes,
  };
}

export function presentMonthlyPage(
  { rows, months, byType }: { rows: MonthlyRowDb[]; months: MonthTotalDb[]; byType: Array<{ type: string; n: number }> },
  win: { current: number; pageSize: number },
): MonthlyPage {
  const sum = (key: 'mileage_km' | 'driving_seconds' | 'online_seconds' | 'alarm_count' | 'passed' | 'short') => months.reduce((s, m) => s + m[key], 0);
  return {
    total: months.reduce((s, m) => s + m.vehicles, 0), current: win.current, pageSize: win.pageSize, list: rows.map(presentMonthly),
    totals: {
      mileageKm: round(sum('mileage_km'), 2), drivingSeconds: Math.round(sum('driving_seconds')), maxSpeed: round(Math.max(0, ...months.map((m) => m.max_speed)), 1),
      onlineSeconds: Math.round(sum('online_seconds')), onlineRate: rate(sum('online_seconds'), sum('passed'), sum('short')), alarmCount: sum('alarm_count'),
      alarmTypes: typeCounts(byType.map((t) => [t.type, t.n])), vehicles: months[0]?.vehicles ?? 0,
    },
    months: months.map((m) => ({
      month: m.month, mileageKm: round(m.mileage_km, 2), drivingSeconds: Math.round(m.driving_seconds), onlineRate: rate(m.online_seconds, m.passed, m.short), alarmCount: m.alarm_count,
    })),
  };
}
