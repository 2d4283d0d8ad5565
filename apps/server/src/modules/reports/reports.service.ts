import { REPORT_MAX_DAYS, STAY_DEFAULT_MIN_MINUTES, STAY_MIN_MINUTES } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError, fail } from '../../http/errors.ts';
import type { SessionUser } from '../auth/session.service.ts';
import { groupsQueries } from '../terminals/groups.queries.ts';
import { targetAccount } from '../terminals/assets.ts';
import { terminalScope } from '../terminals/terminalScope.ts';
import { visibleVehicles } from '../terminals/vehicles.service.ts';
import { addDays, beijingDayOf, dayStart, isDay } from './beijingDay.ts';
import type { ReportFilter } from './reports.queries.ts';

/** The filters every report takes (query string, form, or an export's params). */
export interface ReportInput {
  startDate?: string;
  endDate?: string;
  vehicleId?: number;
  groupId?: number;
  accountId?: number;
  keyword?: string;
}

function day(value: string | undefined, field: string, fallback: string): string {
  const text = value?.trim();
  if (!text) return fallback;
  if (!isDay(text)) throw new AppError('badRequest', `请求参数错误：${field} 日期格式应为 YYYY-MM-DD`);
  return text;
}

/**
 * Checks the filters and the caller's right to each: a vehicle, group or account outside the
 * caller's scope answers as if it did not exist. The range ends today at the latest.
 */
export async function reportFilter(q: Queryable, user: SessionUser, input: ReportInput, now = Date.now()): Promise<ReportFilter> {
  const today = beijingDayOf(now);
  const to = day(input.endDate, 'endDate', today);
  const from = day(input.startDate, 'startDate', addDays(to, -6));
  if (to < from) throw fail('结束日期不能早于开始日期');
  if ((dayStart(to).getTime() - dayStart(from).getTime()) / 86_400_000 + 1 > REPORT_MAX_DAYS) throw fail(`查询时间范围不能超过${REPORT_MAX_DAYS}天`);
  if (input.vehicleId !== undefined) await visibleVehicles(q, user, [input.vehicleId]);
  if (input.groupId !== undefined && !(await groupsQueries.visibleOne(q, terminalScope(user), input.groupId))) {
    throw new AppError('notFound', '分组不存在或无权访问');
  }
  const scope = input.accountId === undefined ? terminalScope(user) : (await targetAccount(q, user, input.accountId)).path;
  return {
    scope, isPlatformAdmin: user.isPlatformAdmin, vehicleId: input.vehicleId ?? null, groupId: input.groupId ?? null,
    keyword: input.keyword ?? null, from, to: to > today ? today : to,
  };
}

/** The instants a filter's days cover: [start of the first day, end of the last). */
export function filterSpan(f: ReportFilter): { start: Date; end: Date } {
  return { start: dayStart(f.from), end: dayStart(addDays(f.to, 1)) };
}

/** The stay report's shortest stay, in minutes (an export's params may carry it as text). */
export function stayMinMinutes(value: unknown): number {
  if (value === undefined || value === null || value === '') return STAY_DEFAULT_MIN_MINUTES;
  const n = Number(value);
  if (!Number.isInteger(n) || n < STAY_MIN_MINUTES[0] || n > 24 * 60) throw new AppError('badRequest', '报表参数格式错误');
  return n;
}
