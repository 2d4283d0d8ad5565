import { EXPORT_ERRORS, REPORT_EXPORT_TYPES } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { AppError } from '../../http/errors.ts';
import { activeSessionUser } from '../auth/session.service.ts';
import { cursorWindows, mapWindows, workbook, type ExportKind } from '../exports/excelWorkbook.ts';
import { presentMonthly } from './monthly.presenter.ts';
import { monthlyQueries, type MonthlyRowDb } from './monthly.queries.ts';
import { monthlyFilter, type MonthlyInput } from './monthly.service.ts';
import { durationText, inputOf, VEHICLE_COLUMNS } from './reportSheets.ts';

/** 月度汇总's Excel file: the page's rows and columns, read through one cursor. */

const TITLE = '月度汇总';

function monthlyInputOf(params: Record<string, unknown>): MonthlyInput {
  const month = (key: string) => {
    const v = params[key];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string' || v.length > 7) throw new AppError(EXPORT_ERRORS.badParams);
    return v;
  };
  const { startDate: _s, endDate: _e, ...scope } = inputOf(params);
  return { ...scope, startMonth: month('startMonth'), endMonth: month('endMonth') };
}

const filterOf = (ctx: AppContext, user: SessionUser, params: Record<string, unknown>) =>
  monthlyFilter(ctx.db, user, monthlyInputOf(params));

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(2)}%`);

export const monthlyExport: ExportKind = {
  type: REPORT_EXPORT_TYPES.monthly,
  title: TITLE,
  permissions: ['report:export', 'report:monthly'],
  async validate(ctx, user, params) {
    await filterOf(ctx, user, params);
  },
  async generate(ctx, job) {
    const user = await activeSessionUser(ctx.db, job.user_id);
    if (!user) throw new AppError(EXPORT_ERRORS.userDisabled);
    const f = await filterOf(ctx, user, job.params);
    const rows = mapWindows(cursorWindows<MonthlyRowDb>(ctx.db, monthlyQueries.rowsSql(f, null, 0)), (window) =>
      window.map(presentMonthly).map((r) => ({
        ...r,
        driving: durationText(r.drivingSeconds),
        online: durationText(r.onlineSeconds),
        rate: percent(r.onlineRate),
        alarms: r.alarmTypes.map((t) => `${t.typeName} ${t.count}`).join('，'),
      })),
    );
    const content = workbook(
      TITLE,
      [
        { header: '月份', key: 'month', width: 10 },
        ...VEHICLE_COLUMNS,
        { header: '里程(km)', key: 'mileageKm', width: 11 },
        { header: '行驶时长', key: 'driving', width: 16 },
        { header: '在线率', key: 'rate', width: 10 },
        { header: '报警次数', key: 'alarmCount', width: 10 },
        { header: '报警类型', key: 'alarms', width: 36 },
        { header: '最高速度(km/h)', key: 'maxSpeed', width: 15 },
        { header: '活跃天数', key: 'activeDays', width: 10 },
        { header: '在线时长', key: 'online', width: 18 },
      ],
      rows,
    );
    return { fileName: `${TITLE}-${f.from.slice(0, 7)}至${f.to.slice(0, 7)}-${job.id}.xlsx`, content };
  },
};
