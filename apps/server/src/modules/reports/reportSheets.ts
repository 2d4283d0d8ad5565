import { MSG, REPORT_EXPORT_TYPES } from '@chelian/contracts';
import { AddressService } from '../address/address.service.ts';
import type { AppContext } from '../../context.ts';
import { AppError, fail } from '../../http/errors.ts';
import { activeSessionUser, type SessionUser } from '../auth/session.service.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { presentAlarm } from '../alarms/alarm.presenter.ts';
import { registerReport, workbook, type SheetColumn } from '../exports/reports.ts';
import { beijingTime } from '../playback/trackSheet.ts';
import { likeText } from '../terminals/assets.ts';
import { presentMileage, presentOnline, presentStay } from './reports.presenter.ts';
import { reportsQueries, type ReportFilter } from './reports.queries.ts';
import { filterSpan, reportFilter, stayMinMinutes, type ReportInput } from './reports.service.ts';

/**
 * Rows are written to the file window by window as they are read (exports/reports.ts workbook), so
 * the limit is Excel's own (1 048 576 rows a sheet): beyond this the caller is asked to narrow the range.
 */
export const MAX_EXPORT_ROWS = 1_000_000;
const WINDOW = 5000;

const time = (ms: number | null) => (ms === null ? '' : beijingTime(new Date(ms)));
/** 3725 → '1小时2分5秒' */
export function durationText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  return `${h ? `${h}小时` : ''}${h || m ? `${m}分` : ''}${s}秒`;
}
const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/** The export's params, as the page's filters (numbers may arrive as text). */
function inputOf(params: Record<string, unknown>): ReportInput {
  const text = (key: string) => {
    const v = params[key];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string' || v.length > 40) throw new AppError('badRequest', '报表参数格式错误');
    return v;
  };
  const id = (key: string) => {
    const v = params[key];
    if (v === undefined || v === null || v === '') return undefined;
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n <= 0) throw new AppError('badRequest', '报表参数格式错误');
    return n;
  };
  return { startDate: text('startDate'), endDate: text('endDate'), keyword: text('keyword'), vehicleId: id('vehicleId'), groupId: id('groupId'), accountId: id('accountId') };
}

/** A report's rows, read WINDOW at a time (the page query's limit/offset). */
async function* windows<T>(page: (limit: number, offset: number) => Promise<T[]>): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += WINDOW) {
    const rows = await page(WINDOW, offset);
    if (offset + rows.length > MAX_EXPORT_ROWS) throw fail(`导出数据超过${MAX_EXPORT_ROWS}行，请缩小查询范围`);
    yield rows;
    if (rows.length < WINDOW) return;
  }
}

async function* mapWindows<T, U>(source: AsyncIterable<T[]>, map: (rows: T[]) => U[] | Promise<U[]>): AsyncGenerator<U[]> {
  for await (const rows of source) yield await map(rows);
}

type Sheet = { columns: SheetColumn[]; rows: AsyncIterable<object[]> };

/** Each data report, exportable through the download centre's queue. */
function registerDataReport(type: string, title: string, code: string, sheet: (ctx: AppContext, f: ReportFilter, params: Record<string, unknown>) => Sheet, checkParams?: (params: Record<string, unknown>) => void) {
  const check = (user: SessionUser) => {
    if (!user.permissions.has('report:export') || !user.permissions.has(code)) throw new AppError('forbidden');
  };
  registerReport(type, {
    title,
    async validate(ctx, user, params) {
      check(user);
      checkParams?.(params);
      await reportFilter(ctx.db, user, inputOf(params));
    },
    async generate(ctx, job) {
      const user = await activeSessionUser(ctx.db, job.user_id);
      if (!user) throw fail('用户已停用');
      check(user);
      const filter = await reportFilter(ctx.db, user, inputOf(job.params));
      const { columns, rows } = sheet(ctx, filter, job.params);
      const content = await workbook(title, columns, rows);
      return { fileName: `${title}-${filter.from}至${filter.to}-${job.id}.xlsx`, content };
    },
  });
}

const VEHICLE_COLUMNS = [
  { header: '车牌号', key: 'plate', width: 14 }, { header: '名称', key: 'name', width: 14 }, { header: '终端号', key: 'terminalId', width: 16 },
  { header: '分组', key: 'groupName', width: 14 }, { header: '所属账户', key: 'accountName', width: 18 },
];

const dailyRows = (ctx: AppContext, f: ReportFilter) => windows((limit, offset) => reportsQueries.dailyPage(ctx.db, f, limit, offset).then((r) => r.rows));

registerDataReport(REPORT_EXPORT_TYPES.mileage, '里程报表', 'report:mileage', (ctx, f) => ({
  columns: [
    { header: '日期', key: 'day', width: 12 }, ...VEHICLE_COLUMNS, { header: '里程(km)', key: 'mileageKm', width: 11 }, { header: '里程来源', key: 'source', width: 10 },
    { header: '行驶时长', key: 'driving', width: 14 }, { header: '最高速度(km/h)', key: 'maxSpeed', width: 15 }, { header: '首次定位', key: 'first', width: 20 },
    { header: '末次定位', key: 'last', width: 20 }, { header: '定位点数', key: 'positionCount', width: 10 }, { header: '报警次数', key: 'alarmCount', width: 10 },
  ],
  rows: mapWindows(dailyRows(ctx, f), (rows) => rows.map(presentMileage).map((r) => ({
    ...r, source: r.mileageSource === 'odometer' ? '终端里程' : r.mileageSource === 'gps' ? '轨迹计算' : '', driving: durationText(r.drivingSeconds),
    first: time(r.firstPositionAt), last: time(r.lastPositionAt),
  }))),
}));

registerDataReport(REPORT_EXPORT_TYPES.online, '在线明细', 'report:online', (ctx, f) => {
  const now = Date.now();
  return {
    columns: [
      { header: '日期', key: 'day', width: 12 }, ...VEHICLE_COLUMNS, { header: '在线时长', key: 'online', width: 16 },
      { header: '首次上线', key: 'first', width: 20 }, { header: '最后离线', key: 'last', width: 20 }, { header: '在线率', key: 'rate', width: 10 },
    ],
    rows: mapWindows(dailyRows(ctx, f), (rows) => rows.map((r) => presentOnline(r, now)).map((r) => ({
      ...r, online: durationText(r.onlineSeconds), first: time(r.firstOnlineAt), last: time(r.lastOfflineAt), rate: percent(r.onlineRate),
    }))),
  };
});

registerDataReport(REPORT_EXPORT_TYPES.alarm, '报警明细', 'report:alarm', (ctx, f, params) => {
  const { start, end } = filterSpan(f);
  const types = typeof params.types === 'string' && params.types ? params.types.split(',').slice(0, 100) : null;
  const alarms = windows((limit, offset) =>
    alarmsQueries.page(ctx.db, {
      scope: f.scope, terminalKey: null, vehicleId: f.vehicleId, groupId: f.groupId, types, start, end, handled: null,
      keyword: likeText(f.keyword ?? undefined), settingsAccountId: null,
    }, limit, offset).then((r) => r.rows));
  return {
    columns: [
      { header: '报警时间', key: 'time', width: 20 }, { header: '车牌号', key: 'plate', width: 14 }, { header: '终端号', key: 'terminalId', width: 16 },
      { header: '报警类型', key: 'typeName', width: 14 }, { header: '速度(km/h)', key: 'speed', width: 11 }, { header: '经度', key: 'lon', width: 12 },
      { header: '纬度', key: 'lat', width: 12 }, { header: '处理状态', key: 'handled', width: 10 }, { header: '处理人', key: 'handledBy', width: 12 },
      { header: '处理说明', key: 'handleNote', width: 24 },
    ],
    rows: mapWindows(alarms, (rows) => rows.map(presentAlarm).map((a) => ({ ...a, time: time(a.alarmTime), speed: a.speed ?? '', lon: a.lon ?? '', lat: a.lat ?? '', handled: a.handled ? '已处理' : '未处理' }))),
  };
});

registerDataReport(REPORT_EXPORT_TYPES.stay, '停留报表', 'report:stay', (ctx, f, params) => {
  const minSeconds = stayMinMinutes(params.minMinutes) * 60;
  const addresses = AddressService.fromConfig(ctx.config.address);
  const stays = windows((limit, offset) => reportsQueries.stayPage(ctx.db, f, minSeconds, limit, offset).then((r) => r.rows));
  return {
    columns: [
      { header: '日期', key: 'day', width: 12 }, ...VEHICLE_COLUMNS, { header: '开始时间', key: 'start', width: 20 }, { header: '结束时间', key: 'end', width: 20 },
      { header: '停留时长', key: 'duration', width: 14 }, { header: '经度', key: 'lon', width: 12 }, { header: '纬度', key: 'lat', width: 12 }, { header: '地址', key: 'address', width: 40 },
    ],
    rows: mapWindows(stays, async (rows) => {
      const list = rows.map(presentStay);
      const texts = await addresses.resolve(list);
      return list.map((r, i) => ({ ...r, start: time(r.startAt), end: time(r.endAt), duration: durationText(r.seconds), address: texts[i] ?? MSG.addressFailed }));
    }),
  };
}, (params) => void stayMinMinutes(params.minMinutes));
