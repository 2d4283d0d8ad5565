import type { AccPage, AccRow, OverspeedPage, OverspeedRow } from '@chelian/contracts';
import type { AccPeriodRow, DrivingReportsService, OverspeedEpisodeRow } from './drivingReports.service.ts';
import { presentVehicle, round } from './reports.presenter.ts';

type Window = { current: number; pageSize: number };

export function presentOverspeed(r: OverspeedEpisodeRow): OverspeedRow {
  return {
    ...presentVehicle(r),
    day: r.day,
    startAt: r.startAt,
    endAt: r.endAt,
    seconds: Math.round((r.endAt - r.startAt) / 1000),
    maxSpeed: round(r.maxSpeed, 1),
    limitKmh: round(r.limitKmh, 1),
    limitSource: r.source,
    fenceName: r.fenceName,
    lon: r.lon,
    lat: r.lat,
    points: r.points,
  };
}

export function presentAcc(r: AccPeriodRow): AccRow {
  return {
    ...presentVehicle(r),
    day: r.day,
    acc: r.acc,
    startAt: r.startAt,
    endAt: r.endAt,
    seconds: Math.round((r.endAt - r.startAt) / 1000),
    open: r.open,
  };
}

export function presentOverspeedPage(
  { totals, rows }: Awaited<ReturnType<DrivingReportsService['overspeed']>>,
  win: Window,
): OverspeedPage {
  return {
    total: totals.episodes,
    current: win.current,
    pageSize: win.pageSize,
    list: rows.map(presentOverspeed),
    totals: { ...totals, maxSpeed: round(totals.maxSpeed, 1) },
  };
}

export function presentAccPage({ count, totals, vehicles, rows }: Awaited<ReturnType<DrivingReportsService['acc']>>, win: Window): AccPage {
  return { total: count, current: win.current, pageSize: win.pageSize, list: rows.map(presentAcc), totals, vehicles };
}
