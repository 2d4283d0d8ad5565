import {
  ACC_CHART_VEHICLES,
  EXPORT_ERRORS,
  OVERSPEED_DEFAULT_LIMIT_KMH,
  OVERSPEED_DEFAULT_MIN_SECONDS,
  type AccQuery,
  type OverspeedQuery,
} from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { fenceShape } from '../geofences/fenceShape.ts';
import { accPeriods, type AccFix, type AccPeriod } from './acc.ts';
import { accQueries, type AccPointRow } from './acc.queries.ts';
import { overspeedEpisodes, type Episode, type SpeedFence } from './overspeed.ts';
import { overspeedQueries, withoutJit, type CandidateRow, type StoredEpisodeRow } from './overspeed.queries.ts';
import { drivingRollupQueries, type DrivingPlan } from './drivingRollup.queries.ts';
import type { ReportFilter, ReportVehicleRow } from './reports.queries.ts';
import { filterSpan, reportFilter, type RowWindow } from './reports.service.ts';

/**
 * 超速报表 and ACC 报表: final days from the rollup's tables, the others computed on request from
 * the raw positions (the rules are the pure overspeed.ts and acc.ts), then ordered as every
 * report — newest day first, then plate, then time — and paged here.
 */

export type OverspeedEpisodeRow = ReportVehicleRow & Episode;
export type AccPeriodRow = ReportVehicleRow & AccPeriod;

/** The shortest episode in seconds (an export's params may carry it as text). */
export function overspeedMinSeconds(value: unknown): number {
  if (value === undefined || value === null || value === '') return OVERSPEED_DEFAULT_MIN_SECONDS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 3600) throw new AppError(EXPORT_ERRORS.badParams);
  return n;
}

const byDayPlateTime = (a: ReportVehicleRow & { day: string; startAt: number }, b: ReportVehicleRow & { day: string; startAt: number }) =>
  (a.day < b.day ? 1 : a.day > b.day ? -1 : 0) || a.plate.localeCompare(b.plate) || a.vehicle_id - b.vehicle_id || a.startAt - b.startAt;

function groupByVehicle<R extends { vehicle_id: number }>(rows: R[]): R[][] {
  const groups = new Map<number, R[]>();
  for (const r of rows) {
    const id = Number(r.vehicle_id);
    const list = groups.get(id);
    if (list) list.push(r);
    else groups.set(id, [r]);
  }
  return [...groups.values()];
}

const vehicleOf = (r: ReportVehicleRow): ReportVehicleRow => ({
  vehicle_id: Number(r.vehicle_id),
  plate: r.plate,
  vehicle_name: r.vehicle_name,
  group_name: r.group_name,
  account_name: r.account_name,
  identifier: r.identifier,
});

/**
 * The episodes of the filter's vehicles found in the positions the plan reads, per vehicle. Reads on `q` (the caller turns JIT off).
 */
export async function liveEpisodes(
  q: Queryable,
  f: ReportFilter,
  plan: Pick<DrivingPlan, 'liveStart' | 'liveVehicles'>,
  minSeconds: number,
): Promise<Array<[number, Episode[]]>> {
  const candidates = await overspeedQueries.candidates(q, f, OVERSPEED_DEFAULT_LIMIT_KMH, plan);
  const perVehicle = groupByVehicle<CandidateRow>(candidates);
  const fenceRows = perVehicle.length
    ? await overspeedQueries.fences(
        q,
        perVehicle.map((c) => Number(c[0].vehicle_id)),
      )
    : [];
  const fences = new Map<number, SpeedFence[]>();
  for (const r of fenceRows) {
    const list = fences.get(Number(r.vehicle_id)) ?? [];
    list.push({ fence: fenceShape(Number(r.geofence_id), r), name: r.name, limitKmh: r.speed_limit_kmh });
    fences.set(Number(r.vehicle_id), list);
  }
  const found: Array<[number, Episode[]]> = [];
  for (const fixes of perVehicle) {
    const vehicleId = Number(fixes[0].vehicle_id);
    const episodes = overspeedEpisodes(
      fixes.map((c) => ({ seq: c.seq, at: c.gps_time.getTime(), lon: c.lon, lat: c.lat, speed: c.speed })),
      fences.get(vehicleId) ?? [],
      fixes[0].speed_limit_kmh,
      minSeconds,
    );
    if (episodes.length) found.push([vehicleId, episodes]);
  }
  return found;
}

const storedEpisode = (r: StoredEpisodeRow): OverspeedEpisodeRow => ({
  ...vehicleOf(r),
  day: r.day,
  startAt: r.start_at.getTime(),
  endAt: r.end_at.getTime(),
  maxSpeed: r.max_speed,
  lon: r.lon,
  lat: r.lat,
  points: r.points,
  limitKmh: r.limit_kmh,
  source: r.limit_source,
  fenceName: r.fence_name,
});

/**
 * Every overspeed episode of the filter's vehicles and days, in report order: the final days'
 * from the rollup (daily_overspeed), the others found in the positions (drivingRollup.queries.ts `plan`).
 */
export async function overspeedRows(db: Db, f: ReportFilter, minSeconds: number): Promise<OverspeedEpisodeRow[]> {
  const { found, stored } = await db.tx(async (q) => {
    await withoutJit(q);
    const plan = await drivingRollupQueries.plan(q, f, true);
    const [found, stored] = [await liveEpisodes(q, f, plan, minSeconds), await overspeedQueries.stored(q, f, plan, minSeconds)];
    return { found, stored };
  });
  const vehicles = new Map(
    (found.length
      ? await overspeedQueries.vehicles(
          db,
          f,
          found.map(([id]) => id),
        )
      : []
    ).map((v) => [Number(v.vehicle_id), vehicleOf(v)]),
  );
  const rows: OverspeedEpisodeRow[] = stored.map(storedEpisode);
  for (const [id, episodes] of found) for (const e of episodes) rows.push({ ...vehicles.get(id)!, ...e });
  return rows.sort(byDayPlateTime);
}

/** Every ACC period of the filter's vehicles and days, in report order (final days' switches from the rollup). */
export async function accRows(db: Db, f: ReportFilter): Promise<AccPeriodRow[]> {
  const { start, end } = filterSpan(f);
  const rows: AccPeriodRow[] = [];
  const points = await db.tx(async (q) => (await withoutJit(q), accQueries.points(q, f, await drivingRollupQueries.plan(q, f, false))));
  for (const vehiclePoints of groupByVehicle<AccPointRow>(points)) {
    const fix = (r: AccPointRow): AccFix => ({ at: r.gps_time.getTime(), acc: r.acc });
    const before = vehiclePoints.find((p) => p.kind === 'before');
    const after = vehiclePoints.find((p) => p.kind === 'after');
    const within = vehiclePoints.filter((p) => p.kind === 'in').map(fix);
    const vehicle = vehicleOf(vehiclePoints[0]);
    for (const p of accPeriods(before ? fix(before) : null, within, after ? fix(after) : null, start.getTime(), end.getTime()))
      rows.push({ ...vehicle, ...p });
  }
  return rows.sort(byDayPlateTime);
}

const seconds = (r: { startAt: number; endAt: number }) => Math.round((r.endAt - r.startAt) / 1000);

/** The ACC totals of a set of periods, and per vehicle (most ACC-on time first) for the chart. */
export function accTotals(rows: AccPeriodRow[]) {
  const perVehicle = new Map<
    number,
    { vehicleId: number; plate: string; name: string; onSeconds: number; offSeconds: number; starts: number }
  >();
  for (const r of rows) {
    const v = perVehicle.get(r.vehicle_id) ?? {
      vehicleId: r.vehicle_id,
      plate: r.plate,
      name: r.vehicle_name,
      onSeconds: 0,
      offSeconds: 0,
      starts: 0,
    };
    if (r.acc) v.onSeconds += seconds(r);
    else v.offSeconds += seconds(r);
    if (r.acc && r.switched) v.starts += 1;
    perVehicle.set(r.vehicle_id, v);
  }
  const vehicles = [...perVehicle.values()].sort((a, b) => b.onSeconds - a.onSeconds || a.plate.localeCompare(b.plate));
  const sum = (key: 'onSeconds' | 'offSeconds' | 'starts') => vehicles.reduce((s, v) => s + v[key], 0);
  return {
    totals: { onSeconds: sum('onSeconds'), offSeconds: sum('offSeconds'), starts: sum('starts'), vehicles: vehicles.length },
    vehicles: vehicles.slice(0, ACC_CHART_VEHICLES),
  };
}

export class DrivingReportsService {
  constructor(private readonly db: Db) {}

  async overspeed(user: SessionUser, input: OverspeedQuery, win: RowWindow) {
    const filter = await reportFilter(this.db, user, input);
    const rows = await overspeedRows(this.db, filter, input.minSeconds ?? OVERSPEED_DEFAULT_MIN_SECONDS);
    const totals = {
      episodes: rows.length,
      seconds: rows.reduce((s, r) => s + seconds(r), 0),
      vehicles: new Set(rows.map((r) => r.vehicle_id)).size,
      maxSpeed: rows.reduce((m, r) => Math.max(m, r.maxSpeed), 0),
    };
    return { totals, rows: rows.slice(win.offset, win.offset + win.limit) };
  }

  async acc(user: SessionUser, input: AccQuery, win: RowWindow) {
    const filter = await reportFilter(this.db, user, input);
    const rows = await accRows(this.db, filter);
    return { ...accTotals(rows), count: rows.length, rows: rows.slice(win.offset, win.offset + win.limit) };
  }
}
