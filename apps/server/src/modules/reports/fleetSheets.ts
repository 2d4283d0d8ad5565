import {
  EXPIRE_DEFAULT_DAYS,
  EXPIRE_STATUSES,
  EXPORT_ERRORS,
  MSG,
  OFFLINE_KINDS,
  REPORT_EXPORT_TYPES,
  type AlarmHandleAnswer,
  type ExpireStatus,
  type OfflineKind,
} from '@chelian/contracts';
import { currentAddresses } from '../address/address.current.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { mapWindows, windows, type ExportKind } from '../exports/excelWorkbook.ts';
import { alarmHandleQueries } from './alarmHandle.queries.ts';
import { fleetQueries } from './fleet.queries.ts';
import { presentAlarmHandle, presentExpire, presentOffline } from './fleet.presenter.ts';
import { dataReportExport, durationText, time, VEHICLE_COLUMNS } from './reportSheets.ts';
import { alarmFilterOf } from './reports.service.ts';

/** The Excel files of 离线报表, 到期报表 and 报警处理统计 (the reports feature's manifest lists them). */

function whole(value: unknown, fallback: number, max: number, min = 0): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new AppError(EXPORT_ERRORS.badParams);
  return n;
}

function oneOf<T extends string>(value: unknown, choices: readonly T[]): T {
  if (value === undefined || value === null || value === '') return choices[0];
  return oneOfOrRefuse(choices, value, EXPORT_ERRORS.badParams);
}

const offlineParams = (p: Record<string, unknown>) => ({
  minHours: whole(p.minHours, 0, 100 * 8760),
  kind: oneOf<OfflineKind>(p.kind, OFFLINE_KINDS),
});
const expireParams = (p: Record<string, unknown>) => ({
  withinDays: whole(p.withinDays, EXPIRE_DEFAULT_DAYS, 3660, 1),
  status: oneOf<ExpireStatus>(p.status, EXPIRE_STATUSES),
});

/** 3 天 4 小时 5 分: offline times run to weeks. */
export function longDurationText(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  return d ? `${d}天${Math.floor((seconds % 86_400) / 3600)}小时` : durationText(seconds);
}

/** 剩 5 天 / 今天到期 / 今天已到期 / 已过期 3 天, as 终端管理 says it. */
export function daysLeftText(daysLeft: number, expired: boolean): string {
  if (!expired) return daysLeft > 0 ? `剩 ${daysLeft} 天` : '今天到期';
  return daysLeft === 0 ? '今天已到期' : `已过期 ${-daysLeft} 天`;
}

const offlineExport = dataReportExport(
  REPORT_EXPORT_TYPES.offline,
  '离线报表',
  'report:offline',
  (ctx, f, params) => {
    const { minHours, kind } = offlineParams(params);
    const addresses = currentAddresses(ctx);
    const rows = windows((limit, offset) => fleetQueries.offlinePage(ctx.db, f, minHours * 3600, kind, limit, offset).then((r) => r.rows));
    return {
      columns: [
        ...VEHICLE_COLUMNS,
        { header: '状态', key: 'state', width: 10 },
        { header: '离线时间', key: 'since', width: 20 },
        { header: '离线时长', key: 'duration', width: 16 },
        { header: '最后定位时间', key: 'lastFix', width: 20 },
        { header: '经度', key: 'lon', width: 12 },
        { header: '纬度', key: 'lat', width: 12 },
        { header: '最后位置', key: 'address', width: 40 },
      ],
      rows: mapWindows(rows, async (window) => {
        const list = window.map(presentOffline);
        const texts = await addresses.resolve(list.map((r) => ({ lon: r.lon ?? Number.NaN, lat: r.lat ?? Number.NaN })));
        return list.map((r, i) => ({
          ...r,
          state: r.neverOnline ? '从未上线' : '离线',
          since: time(r.offlineSince),
          duration: r.offlineSeconds === null ? '' : longDurationText(r.offlineSeconds),
          lastFix: time(r.lastPositionAt),
          lon: r.lon ?? '',
          lat: r.lat ?? '',
          address: r.lon === null ? '' : (texts[i] ?? MSG.addressFailed),
        }));
      }),
    };
  },
  (params) => void offlineParams(params),
  'now',
);

const expireExport = dataReportExport(
  REPORT_EXPORT_TYPES.expire,
  '到期报表',
  'report:expire',
  (ctx, f, params) => {
    const { withinDays, status } = expireParams(params);
    const now = Date.now();
    const rows = windows((limit, offset) => fleetQueries.expirePage(ctx.db, f, withinDays, status, limit, offset).then((r) => r.rows));
    return {
      columns: [
        ...VEHICLE_COLUMNS,
        { header: '服务到期时间', key: 'expiresAt', width: 20 },
        { header: '剩余', key: 'left', width: 14 },
        { header: '激活时间', key: 'activated', width: 20 },
        { header: '当前状态', key: 'online', width: 10 },
      ],
      rows: mapWindows(rows, (window) =>
        window
          .map((r) => presentExpire(r, now))
          .map((r) => ({
            ...r,
            expiresAt: time(r.serviceExpiresAt),
            left: daysLeftText(r.daysLeft, r.expired),
            activated: time(r.activatedAt),
            online: r.online ? '在线' : '离线',
          })),
      ),
    };
  },
  (params) => void expireParams(params),
  'now',
);

const handleTime = (s: number | null) => (s === null ? '' : durationText(s));
const rate = (handled: number, total: number) => (total ? `${((handled / total) * 100).toFixed(2)}%` : '');

/** The statistics as rows: per type, per operator, then the whole range. */
export function alarmHandleRows(a: AlarmHandleAnswer) {
  const row = (group: string, name: string, r: AlarmHandleAnswer['totals']) => ({
    group,
    name,
    total: r.total,
    handled: r.handled,
    unhandled: r.unhandled,
    rate: rate(r.handled, r.total),
    median: handleTime(r.medianSeconds),
    p90: handleTime(r.p90Seconds),
  });
  return [
    ...a.byType.map((r) => row('按类型', r.typeName, r)),
    ...a.byOperator.map((r) => row('按处理人', r.operatorName, r)),
    row('合计', '全部报警', a.totals),
  ];
}

const alarmHandleExport = dataReportExport(REPORT_EXPORT_TYPES.alarmHandle, '报警处理统计', 'report:alarmHandle', (ctx, f) => ({
  columns: [
    { header: '统计', key: 'group', width: 10 },
    { header: '报警类型 / 处理人', key: 'name', width: 20 },
    { header: '报警数', key: 'total', width: 10 },
    { header: '已处理', key: 'handled', width: 10 },
    { header: '未处理', key: 'unhandled', width: 10 },
    { header: '处理率', key: 'rate', width: 10 },
    { header: '处理用时中位数', key: 'median', width: 16 },
    { header: '处理用时P90', key: 'p90', width: 16 },
  ],
  rows: (async function* () {
    yield alarmHandleRows(presentAlarmHandle(await alarmHandleQueries.figures(ctx.db, alarmFilterOf(f, undefined))));
  })(),
}));

export const fleetReportExports: readonly ExportKind[] = [offlineExport, expireExport, alarmHandleExport];
