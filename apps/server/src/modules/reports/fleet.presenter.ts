import type { AlarmHandleAnswer, ExpirePage, ExpireRow, OfflinePage, OfflineRow } from '@chelian/contracts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { alarmTypeName } from '../../core/alarm.presenter.ts';
import type { alarmHandleQueries, HandleFiguresDb } from './alarmHandle.queries.ts';
import type { ExpireRowDb, fleetQueries, OfflineRowDb } from './fleet.queries.ts';
import { presentVehicle } from './reports.presenter.ts';

type Window = { current: number; pageSize: number };
const epoch = (d: Date | null) => d?.getTime() ?? null;

export function presentOffline(r: OfflineRowDb): OfflineRow {
  return {
    ...presentVehicle(r),
    neverOnline: r.last_seen_at === null,
    offlineSince: epoch(r.last_seen_at),
    offlineSeconds: r.offline_seconds,
    lastPositionAt: epoch(r.gps_time),
    lon: r.lon,
    lat: r.lat,
  };
}

export function presentOfflinePage({ totals: t, rows }: Awaited<ReturnType<typeof fleetQueries.offlinePage>>, win: Window): OfflinePage {
  return {
    total: t.n,
    current: win.current,
    pageSize: win.pageSize,
    list: rows.map(presentOffline),
    totals: {
      vehicles: t.vehicles,
      online: t.online,
      offline: t.offline,
      neverOnline: t.never,
      durations: { under1h: t.under1h, under1d: t.under1d, under7d: t.under7d, under30d: t.under30d, over30d: t.over30d, never: t.never },
    },
  };
}

/** Whole days left (0 on the last day); once expired, minus the whole days since (0 within the first day): 终端管理's rule. */
export function daysLeft(expiresAt: number, now: number): number {
  return expiresAt >= now ? Math.floor((expiresAt - now) / DAY_MS) : -Math.floor((now - expiresAt) / DAY_MS);
}

export function presentExpire(r: ExpireRowDb, now: number): ExpireRow {
  const at = r.service_expires_at.getTime();
  return {
    ...presentVehicle(r),
    serviceExpiresAt: at,
    daysLeft: daysLeft(at, now) || 0,
    expired: at < now,
    activatedAt: epoch(r.activated_at),
    online: r.online,
  };
}

export function presentExpirePage(
  { totals: t, rows }: Awaited<ReturnType<typeof fleetQueries.expirePage>>,
  win: Window,
  now: number,
): ExpirePage {
  const { n, ...totals } = t;
  return { total: n, current: win.current, pageSize: win.pageSize, list: rows.map((r) => presentExpire(r, now)), totals };
}

const seconds = (s: number | null) => (s === null ? null : Math.round(s));
const figures = (r: HandleFiguresDb) => ({
  total: r.total,
  handled: r.handled,
  unhandled: r.total - r.handled,
  medianSeconds: seconds(r.median),
  p90Seconds: seconds(r.p90),
});

/** 已删除用户: the alarm was handled by a user deleted since. */
export const DELETED_OPERATOR = '已删除用户';

export function presentAlarmHandle({
  totals,
  byType,
  byOperator,
}: Awaited<ReturnType<typeof alarmHandleQueries.figures>>): AlarmHandleAnswer {
  return {
    totals: figures(totals),
    byType: byType.map((r) => ({ type: r.type, typeName: alarmTypeName(r.type), ...figures(r) })),
    byOperator: byOperator.map((r) => ({
      userId: r.user_id,
      operatorName: r.user_id === null ? DELETED_OPERATOR : (r.operator_name ?? ''),
      ...figures(r),
    })),
  };
}
