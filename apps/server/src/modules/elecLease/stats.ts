import { DAY_MS, LEASE_PAY_METHODS, LEASE_VEHICLE_STATES, type LeaseStats } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { dailyReportFilter, filterSpan } from '../reports/reports.service.ts';
import { round } from '../reports/reports.presenter.ts';
import { bikesQueries } from '../elecCar/bikes.queries.ts';
import { presentStatus } from '../elecCar/bikes.presenter.ts';
import { workbook, fileBytes } from '../exports/excelWorkbook.ts';
import { leaseVehiclesQueries } from './vehicles.queries.ts';
import { yuan } from './rowHelpers.ts';
import { statsQueries } from './stats.queries.ts';

/** Statistics cover at most a year. */
export const STATS_MAX_DAYS = 366;

/**
 * 运营统计 over Beijing days: utilisation (rented bike-days over bike-days), revenue as booked
 * (income accounts of the ledger) and as cash by channel, overdue amount and rate now, new riders,
 * and per bike the mileage (the daily rollup), days rented, battery charge and the BMS's health.
 */
export async function leaseStats(
  db: Db,
  user: SessionUser,
  input: { startDate?: string; endDate?: string },
): Promise<LeaseStats & { from: string; to: string }> {
  const filter = await dailyReportFilter(db, user, { startDate: input.startDate, endDate: input.endDate }, Date.now(), STATS_MAX_DAYS);
  const { start, end } = filterSpan(filter);
  const until = new Date(Math.min(end.getTime(), Date.now()));
  const scope = user.accountPath;
  const vehicles = await leaseVehiclesQueries.all(db, scope);
  const ids = vehicles.map((v) => Number(v.vehicle_id));
  const [money, cash, contracts, riders, perBike, bikes] = await Promise.all([
    statsQueries.revenue(db, scope, start, end),
    statsQueries.cash(db, scope, start, end),
    statsQueries.contracts(db, scope),
    statsQueries.newRiders(db, scope, start, end),
    statsQueries.perBike(db, ids, filter.from, filter.to, start, until),
    bikesQueries.byIds(db, ids),
  ]);
  const byId = new Map(perBike.map((r) => [Number(r.vehicle_id), r]));
  const bikeOf = new Map(bikes.map((b) => [Number(b.id), b]));
  const days = Math.max((until.getTime() - start.getTime()) / DAY_MS, 0);
  const rentedDays = perBike.reduce((s, r) => s + r.rented_ms / DAY_MS, 0);
  const c = contracts[0]!;
  return {
    from: filter.from,
    to: filter.to,
    vehicles: vehicles.length,
    rented: vehicles.filter((v) => v.state === 'rented').length,
    utilisation: vehicles.length && days ? Math.round((rentedDays / (vehicles.length * days)) * 1000) / 1000 : 0,
    revenueFen: money[0]!.revenue,
    revenueByMethod: cash.map((m) => ({
      method: m.method,
      name: LEASE_PAY_METHODS[m.method as keyof typeof LEASE_PAY_METHODS] ?? m.method,
      amountFen: m.amount,
    })),
    openContracts: c.open,
    overdueContracts: c.overdue,
    overdueRate: c.running ? Math.round((c.overdue / c.running) * 1000) / 1000 : 0,
    overdueFen: c.overdue_fen,
    newRiders: riders[0]!.n,
    bikes: vehicles.map((v) => {
      const r = byId.get(Number(v.vehicle_id));
      const b = bikeOf.get(Number(v.vehicle_id));
      return {
        vehicleId: Number(v.vehicle_id),
        code: v.code,
        plate: b?.plate ?? '',
        stateName: LEASE_VEHICLE_STATES[v.state as keyof typeof LEASE_VEHICLE_STATES] ?? v.state,
        // km as the daily figures store them (0.01), so a bike's 里程 here is 里程报表's sum for its days
        mileageKm: round(r?.mileage ?? 0, 2),
        rentedDays: round((r?.rented_ms ?? 0) / DAY_MS, 1),
        batteryPercent: b ? presentStatus(b).batteryPercent : null,
        batteryHealth: r?.health ?? null,
        batteryCycles: r?.cycles ?? null,
      };
    }),
  };
}

/** The statistics as an Excel file: the per-bike table, then the figures. */
export async function statsWorkbook(stats: Awaited<ReturnType<typeof leaseStats>>): Promise<Buffer> {
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  const rows: object[] = stats.bikes.map((b) => ({
    ...b,
    batteryPercent: b.batteryPercent ?? '',
    batteryHealth: b.batteryHealth ?? '',
    batteryCycles: b.batteryCycles ?? '',
  }));
  const figures: Array<[string, string | number]> = [
    ['统计区间', `${stats.from} 至 ${stats.to}`],
    ['车辆总数', stats.vehicles],
    ['在租车辆', stats.rented],
    ['车辆利用率', pct(stats.utilisation)],
    ['租赁收入（元）', yuan(stats.revenueFen)],
    ...stats.revenueByMethod.map((m): [string, string] => [`${m.name}净收款（元）`, yuan(m.amountFen)]),
    ['进行中订单', stats.openContracts],
    ['逾期订单', stats.overdueContracts],
    ['逾期率', pct(stats.overdueRate)],
    ['逾期金额（元）', yuan(stats.overdueFen)],
    ['新增骑手', stats.newRiders],
  ];
  rows.push({}, ...figures.map(([code, plate]) => ({ code, plate })));
  return fileBytes(
    workbook(
      '运营统计',
      [
        { header: '车辆编号', key: 'code', width: 16 },
        { header: '车牌', key: 'plate', width: 18 },
        { header: '状态', key: 'stateName', width: 10 },
        { header: '里程(km)', key: 'mileageKm', width: 12 },
        { header: '在租天数', key: 'rentedDays', width: 10 },
        { header: '电量(%)', key: 'batteryPercent', width: 10 },
        { header: '电池健康(%)', key: 'batteryHealth', width: 12 },
        { header: '循环次数', key: 'batteryCycles', width: 10 },
      ],
      rows,
    ),
  );
}
