import { REPORT_EXPORT_TYPES } from '@chelian/contracts';
import { currentAddresses } from '../address/address.current.ts';
import { mapWindows, windows, type ExportKind } from '../exports/excelWorkbook.ts';
import { presentAcc, presentOverspeed } from './drivingReports.presenter.ts';
import { accRows, overspeedMinSeconds, overspeedRows } from './drivingReports.service.ts';
import { dataReportExport, LON_LAT_COLUMNS, spanColumns, spansWithAddress, spanTexts, VEHICLE_COLUMNS } from './reportSheets.ts';

/** 超速报表's and ACC 报表's Excel files: the page's rows, computed once and written a window at a time. */

/** All rows, then handed out a window at a time (the page query's shape, so the row limit applies). */
const inWindows = <T>(all: Promise<T[]>) => windows(async (limit, offset) => (await all).slice(offset, offset + limit));

const SOURCES = { fence: '围栏', vehicle: '车辆', default: '平台默认' } as const;

const overspeedExport = dataReportExport(
  REPORT_EXPORT_TYPES.overspeed,
  '超速报表',
  'report:overspeed',
  (ctx, f, params) => {
    const addresses = currentAddresses(ctx);
    const rows = inWindows(overspeedRows(ctx.db, f, overspeedMinSeconds(params.minSeconds)));
    return {
      columns: [
        ...spanColumns('超速时长', 12),
        { header: '最高速度(km/h)', key: 'maxSpeed', width: 15 },
        { header: '限速(km/h)', key: 'limitKmh', width: 11 },
        { header: '限速来源', key: 'source', width: 16 },
        ...LON_LAT_COLUMNS,
        { header: '超速地点', key: 'address', width: 40 },
      ],
      rows: mapWindows(rows, async (window) =>
        (await spansWithAddress(addresses, window.map(presentOverspeed))).map((r) => ({
          ...r,
          source: r.limitSource === 'fence' ? `${SOURCES.fence}：${r.fenceName}` : SOURCES[r.limitSource],
        })),
      ),
    };
  },
  (params) => void overspeedMinSeconds(params.minSeconds),
);

const accExport = dataReportExport(REPORT_EXPORT_TYPES.acc, 'ACC报表', 'report:acc', (ctx, f) => ({
  columns: [
    { header: '日期', key: 'day', width: 12 },
    ...VEHICLE_COLUMNS,
    { header: 'ACC状态', key: 'state', width: 10 },
    { header: '开始时间', key: 'start', width: 20 },
    { header: '结束时间', key: 'end', width: 20 },
    { header: '持续时长', key: 'duration', width: 14 },
    { header: '持续中', key: 'ongoing', width: 8 },
  ],
  rows: mapWindows(inWindows(accRows(ctx.db, f)), (window) =>
    window.map(presentAcc).map((r) => ({
      ...r,
      state: r.acc ? 'ACC开' : 'ACC关',
      ...spanTexts(r),
      ongoing: r.open ? '是' : '否',
    })),
  ),
}));

export const drivingReportExports: readonly ExportKind[] = [overspeedExport, accExport];
