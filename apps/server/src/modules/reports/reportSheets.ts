import { EXPORT_ERRORS, MSG, REPORT_EXPORT_TYPES, type ExportType, type PermissionCode } from '@chelian/contracts';
import { beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import { currentAddresses } from '../address/address.current.ts';
import type { AddressService } from '../address/address.service.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { activeSessionUser } from '../auth/session.service.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { presentAlarm, type AlarmRow } from '../../core/alarm.presenter.ts';
import { cursorWindows, mapWindows, workbook, type ExportKind, type SheetColumn } from '../exports/excelWorkbook.ts';
import { beijingTime } from '../playback/trackSheet.ts';
import { presentMileage, presentOnline, presentStay, presentTrip } from './reports.presenter.ts';
import { reportsQueries, type DailyRow, type ReportFilter, type StayRowDb } from './reports.queries.ts';
import { alarmFilterOf, dailyReportFilter, reportFilter, stayMinMinutes, type ReportInput } from './reports.service.ts';
import { tripsQueries, type TripRowDb } from './trips.queries.ts';

/** The data reports' Excel files, made by the download centre's queue (the reports feature's manifest lists them). */

export const time = (ms: number | null) => (ms === null ? '' : beijingTime(new Date(ms)));
/** 3725 → '1小时2分5秒' */
export function durationText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  return `${h ? `${h}小时` : ''}${h || m ? `${m}分` : ''}${s}秒`;
}
const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(2)}%`);

/** The export's params, as the page's filters (numbers may arrive as text). */
export function inputOf(params: Record<string, unknown>): ReportInput {
  const text = (key: string) => {
    const v = params[key];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string' || v.length > 40) throw new AppError(EXPORT_ERRORS.badParams);
    return v;
  };
  const id = (key: string) => {
    const v = params[key];
    if (v === undefined || v === null || v === '') return undefined;
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n <= 0) throw new AppError(EXPORT_ERRORS.badParams);
    return n;
  };
  return {
    startDate: text('startDate'),
    endDate: text('endDate'),
    keyword: text('keyword'),
    vehicleId: id('vehicleId'),
    groupId: id('groupId'),
    accountId: id('accountId'),
  };
}

type Sheet = { columns: SheetColumn[]; rows: AsyncIterable<object[]> };

/**
 * A data report as an export kind: the caller needs report:export and the report's own menu. A
 * report of the fleet as it is now (`of: 'now'`) names its file by the day it was made.
 */
export function dataReportExport(
  type: ExportType,
  title: string,
  code: PermissionCode,
  sheet: (ctx: AppContext, f: ReportFilter, params: Record<string, unknown>) => Sheet,
  checkParams?: (params: Record<string, unknown>) => void,
  of: 'days' | 'now' = 'days',
): ExportKind {
  return {
    type,
    title,
    permissions: ['report:export', code],
    async validate(ctx, user, params) {
      checkParams?.(params);
      await reportFilter(ctx.db, user, inputOf(params));
    },
    async generate(ctx, job) {
      const user = await activeSessionUser(ctx.db, job.user_id);
      if (!user) throw new AppError(EXPORT_ERRORS.userDisabled);
      // A file of days that include today counts today as far as it has come, as the page does.
      const filter = await (of === 'days' ? dailyReportFilter : reportFilter)(ctx.db, user, inputOf(job.params));
      const { columns, rows } = sheet(ctx, filter, job.params);
      const content = await workbook(title, columns, rows);
      const when = of === 'days' ? `${filter.from}至${filter.to}` : beijingDayOf(Date.now());
      return { fileName: `${title}-${when}-${job.id}.xlsx`, content };
    },
  };
}

export const VEHICLE_COLUMNS = [
  { header: '车牌号', key: 'plate', width: 14 },
  { header: '名称', key: 'name', width: 14 },
  { header: '设备号', key: 'terminalId', width: 16 },
  { header: '分组', key: 'groupName', width: 14 },
  { header: '所属账户', key: 'accountName', width: 18 },
];

/** A span's first columns (停留, 行程, 超速): its day and vehicle, start, end, and how long it lasted in the report's word. */
export const spanColumns = (durationHeader: string, durationWidth: number): SheetColumn[] => [
  { header: '日期', key: 'day', width: 12 },
  ...VEHICLE_COLUMNS,
  { header: '开始时间', key: 'start', width: 20 },
  { header: '结束时间', key: 'end', width: 20 },
  { header: durationHeader, key: 'duration', width: durationWidth },
];
export const LON_LAT_COLUMNS: SheetColumn[] = [
  { header: '经度', key: 'lon', width: 12 },
  { header: '纬度', key: 'lat', width: 12 },
];

/** A span's times as the sheets write them. */
export const spanTexts = (r: { startAt: number | null; endAt: number | null; seconds: number }) => ({
  start: time(r.startAt),
  end: time(r.endAt),
  duration: durationText(r.seconds),
});

/** Spans at a place, with their times written out and the place's address (the catalogue's word when there is none). */
export async function spansWithAddress<
  R extends { startAt: number | null; endAt: number | null; seconds: number; lon: number; lat: number },
>(addresses: Pick<AddressService, 'resolve'>, list: R[]) {
  const texts = await addresses.resolve(list);
  return list.map((r, i) => ({ ...r, ...spanTexts(r), address: texts[i] ?? MSG.addressFailed }));
}

// A fleet's month is up to a million vehicle-days: read through one cursor, not page by page.
const dailyRows = (ctx: AppContext, f: ReportFilter) => cursorWindows<DailyRow>(ctx.db, reportsQueries.dailyRowsSql(f));

const mileageExport = dataReportExport(REPORT_EXPORT_TYPES.mileage, '里程报表', 'report:mileage', (ctx, f) => ({
  columns: [
    { header: '日期', key: 'day', width: 12 },
    ...VEHICLE_COLUMNS,
    { header: '里程(km)', key: 'mileageKm', width: 11 },
    { header: '里程来源', key: 'source', width: 10 },
    { header: '行驶时长', key: 'driving', width: 14 },
    { header: '最高速度(km/h)', key: 'maxSpeed', width: 15 },
    { header: '首次定位', key: 'first', width: 20 },
    { header: '末次定位', key: 'last', width: 20 },
    { header: '定位点数', key: 'positionCount', width: 10 },
    { header: '报警次数', key: 'alarmCount', width: 10 },
  ],
  rows: mapWindows(dailyRows(ctx, f), (rows) =>
    rows.map(presentMileage).map((r) => ({
      ...r,
      source: r.mileageSource === 'odometer' ? '终端里程' : r.mileageSource === 'gps' ? '轨迹计算' : '',
      driving: durationText(r.drivingSeconds),
      first: time(r.firstPositionAt),
      last: time(r.lastPositionAt),
    })),
  ),
}));

const onlineExport = dataReportExport(REPORT_EXPORT_TYPES.online, '在线明细', 'report:online', (ctx, f) => {
  const now = Date.now();
  return {
    columns: [
      { header: '日期', key: 'day', width: 12 },
      ...VEHICLE_COLUMNS,
      { header: '在线时长', key: 'online', width: 16 },
      { header: '首次上线', key: 'first', width: 20 },
      { header: '最后离线', key: 'last', width: 20 },
      { header: '在线率', key: 'rate', width: 10 },
    ],
    rows: mapWindows(dailyRows(ctx, f), (rows) =>
      rows
        .map((r) => presentOnline(r, now))
        .map((r) => ({
          ...r,
          online: durationText(r.onlineSeconds),
          first: time(r.firstOnlineAt),
          last: time(r.lastOfflineAt),
          rate: percent(r.onlineRate),
        })),
    ),
  };
});

const alarmExport = dataReportExport(REPORT_EXPORT_TYPES.alarm, '报警明细', 'report:alarm', (ctx, f, params) => {
  const types = typeof params.types === 'string' ? params.types : undefined;
  const alarms = cursorWindows<AlarmRow>(ctx.db, alarmsQueries.rowsSql(alarmFilterOf(f, types)));
  return {
    columns: [
      { header: '报警时间', key: 'time', width: 20 },
      { header: '车牌号', key: 'plate', width: 14 },
      { header: '设备号', key: 'terminalId', width: 16 },
      { header: '报警类型', key: 'typeName', width: 14 },
      { header: '速度(km/h)', key: 'speed', width: 11 },
      { header: '经度', key: 'lon', width: 12 },
      { header: '纬度', key: 'lat', width: 12 },
      { header: '处理状态', key: 'handled', width: 10 },
      { header: '处理人', key: 'handledBy', width: 12 },
      { header: '处理说明', key: 'handleNote', width: 24 },
    ],
    rows: mapWindows(alarms, (rows) =>
      rows.map(presentAlarm).map((a) => ({
        ...a,
        time: time(a.alarmTime),
        speed: a.speed ?? '',
        lon: a.lon ?? '',
        lat: a.lat ?? '',
        handled: a.handled ? '已处理' : '未处理',
      })),
    ),
  };
});

const stayExport = dataReportExport(
  REPORT_EXPORT_TYPES.stay,
  '停留报表',
  'report:stay',
  (ctx, f, params) => {
    const minSeconds = stayMinMinutes(params.minMinutes) * 60;
    const addresses = currentAddresses(ctx);
    const stays = cursorWindows<StayRowDb>(ctx.db, reportsQueries.stayRowsSql(f, minSeconds));
    return {
      columns: [...spanColumns('停留时长', 14), ...LON_LAT_COLUMNS, { header: '地址', key: 'address', width: 40 }],
      rows: mapWindows(stays, (rows) => spansWithAddress(addresses, rows.map(presentStay))),
    };
  },
  (params) => void stayMinMinutes(params.minMinutes),
);

const tripExport = dataReportExport(
  REPORT_EXPORT_TYPES.trip,
  '行程报表',
  'report:trip',
  (ctx, f, params) => {
    const minStopSeconds = stayMinMinutes(params.minMinutes) * 60;
    const addresses = currentAddresses(ctx);
    const trips = cursorWindows<TripRowDb>(ctx.db, tripsQueries.tripRowsSql(f, minStopSeconds));
    const point = (lon: number | null, lat: number | null) => ({ lon: lon ?? Number.NaN, lat: lat ?? Number.NaN });
    return {
      columns: [
        ...spanColumns('行程时长', 14),
        { header: '里程(km)', key: 'distanceKm', width: 11 },
        { header: '平均速度(km/h)', key: 'avgSpeed', width: 15 },
        { header: '最高速度(km/h)', key: 'maxSpeed', width: 15 },
        { header: '起点', key: 'startAddress', width: 40 },
        { header: '终点', key: 'endAddress', width: 40 },
      ],
      rows: mapWindows(trips, async (rows) => {
        const list = rows.map(presentTrip);
        const [starts, ends] = await Promise.all([
          addresses.resolve(list.map((r) => point(r.startLon, r.startLat))),
          addresses.resolve(list.map((r) => point(r.endLon, r.endLat))),
        ]);
        return list.map((r, i) => ({
          ...r,
          ...spanTexts(r),
          startAddress: r.startLon === null ? '' : (starts[i] ?? MSG.addressFailed),
          endAddress: r.endLon === null ? '' : (ends[i] ?? MSG.addressFailed),
        }));
      }),
    };
  },
  (params) => void stayMinMinutes(params.minMinutes),
);

/** Every data report's export, in the order the download centre lists them. */
export const dataReportExports: readonly ExportKind[] = [mileageExport, onlineExport, alarmExport, stayExport, tripExport];
