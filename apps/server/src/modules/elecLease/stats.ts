import { DAY_MS, LEASE_PAY_METHODS, LEASE_VEHICLE_STATES, type LeaseStats } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { dailyReportFilter, filterSpan } from '../reports/reports.service.ts';
import { bikesQueries } from '../elecCar/bikes.queries.ts';
import { presentStatus } from '../elecCar/bikes.presenter.ts';
import { workbook, fileBytes } from '../exports/excelWorkbook.ts';
import { leaseVehiclesQueries } from './vehicles.queries.ts';
import { yuan } from './scope.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { sinceHandOverOf } from '../../core/handover.ts';

/** Statistics cover at most a year. */
export const STATS_MAX_DAYS = 366;
const round1 = (n: number) => Math.round(n * 10) / 10;

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
    db.query<{ revenue: number }>(
      `SELECT COALESCE(sum(l.credit_fen - l.debit_fen), 0)::bigint AS revenue FROM elec_lease_ledger l JOIN elec_lease_journals j ON j.id = l.journal_id
         JOIN accounts a ON a.id = j.account_id WHERE ${accountInScope('a.path', 1)} AND l.ledger_account LIKE 'income:%' AND j.created_at >= $2 AND j.created_at < $3`,
      [scope, start, end],
    ),
    db.query<{ method: string; amount: number }>(
      `SELECT substr(l.ledger_account, 6) AS method, sum(l.debit_fen - l.credit_fen)::bigint AS amount FROM elec_lease_ledger l
         JOIN elec_lease_journals j ON j.id = l.journal_id JOIN accounts a ON a.id = j.account_id
        WHERE ${accountInScope('a.path', 1)} AND l.ledger_account LIKE 'cash:%' AND j.created_at >= $2 AND j.created_at < $3 GROUP BY 1 ORDER BY 1`,
      [scope, start, end],
    ),
    db.query<{ open: number; overdue: number; running: number; overdue_fen: number }>(
      `SELECT count(*) FILTER (WHERE c.status IN ('pending', 'active', 'overdue'))::int AS open, count(*) FILTER (WHERE c.status = 'overdue')::int AS overdue,
              count(*) FILTER (WHERE c.status IN ('active', 'overdue'))::int AS running,
              COALESCE(sum((SELECT sum(b.amount_fen - b.paid_fen) FROM elec_lease_bills b WHERE b.contract_id = c.id AND b.status = 'unpaid')) FILTER (WHERE c.status = 'overdue'), 0)::bigint AS overdue_fen
         FROM elec_lease_contracts c JOIN accounts a ON a.id = c.account_id WHERE ${accountInScope('a.path', 1)}`,
      [scope],
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM elec_lease_riders r JOIN accounts a ON a.id = r.account_id WHERE ${accountInScope('a.path', 1)} AND r.created_at >= $2 AND r.created_at < $3`,
      [scope, start, end],
    ),
    db.query<{ vehicle_id: number; mileage: number; rented_ms: number; health: number | null; cycles: number | null }>(
      `SELECT v.id AS vehicle_id,
              COALESCE((SELECT sum(d.mileage_km) FROM daily_terminal_stats d WHERE d.terminal_id = v.terminal_id AND d.day BETWEEN $2::date AND $3::date), 0)::float8 AS mileage,
              COALESCE((SELECT sum(extract(epoch FROM LEAST(COALESCE(c.ended_at, $5), $5) - GREATEST(c.started_at, $4))) FROM elec_lease_contracts c
                         WHERE c.vehicle_id = v.id AND c.started_at IS NOT NULL AND c.started_at < $5 AND COALESCE(c.ended_at, $5) > $4), 0)::float8 * 1000 AS rented_ms,
              br.health_pct AS health, br.cycles
         FROM vehicles v LEFT JOIN LATERAL (SELECT r.health_pct, r.cycles FROM ebike_battery_reports r
                           WHERE r.terminal_id = v.terminal_id AND ${sinceHandOverOf('r.terminal_id', 'r.received_at')} ORDER BY r.received_at DESC LIMIT 1) br ON true
        WHERE v.id = ANY($1::bigint[])`,
      [ids, filter.from, filter.to, start, until],
    ),
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
        mileageKm: round1(r?.mileage ?? 0),
        rentedDays: round1((r?.rented_ms ?? 0) / DAY_MS),
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
        { header: '里程（km）', key: 'mileageKm', width: 12 },
        { header: '在租天数', key: 'rentedDays', width: 10 },
        { header: '电量（%）', key: 'batteryPercent', width: 10 },
        { header: '电池健康（%）', key: 'batteryHealth', width: 12 },
        { header: '循环次数', key: 'batteryCycles', width: 10 },
      ],
      rows,
    ),
  );
}
