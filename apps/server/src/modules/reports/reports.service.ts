import {
  EXPORT_ERRORS,
  REPORT_ERRORS,
  REPORT_MAX_DAYS,
  STAY_DEFAULT_MIN_MINUTES,
  STAY_MIN_MINUTES,
  kindsOf,
  type AlarmDetailQuery,
  type ReportFilters,
  type StayQuery,
} from '@chelian/contracts';
import { addDays, beijingDayOf, beijingDayStart, DAY_MS, isDay } from '@chelian/contracts/beijingTime.ts';
import type { Db, Queryable } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import { splitList } from '../../http/listInput.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { groupsQueries } from '../terminals/groups.queries.ts';
import { targetAccount } from '../terminals/assets.ts';
import { containsPattern } from '../../db/likeText.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { visibleVehicles } from '../terminals/vehicles.service.ts';
import { reportsQueries, type ReportFilter } from './reports.queries.ts';
import { tripsQueries } from './trips.queries.ts';
import { currentThrough } from './todayCurrent.ts';
import { alarmCountQueries } from './alarmCounts.queries.ts';

/** The filters every report takes (query string, form, or an export's params). */
export type ReportInput = ReportFilters;

function day(value: string | undefined, field: string, fallback: string): string {
  const text = value?.trim();
  if (!text) return fallback;
  if (!isDay(text)) throw new AppError(REPORT_ERRORS.badDay, { params: { field } });
  return text;
}

/**
 * Checks the filters and the caller's right to each: a vehicle, group or account outside the
 * caller's scope answers as if it did not exist. The range ends today at the latest.
 */
export async function reportFilter(
  q: Queryable,
  user: SessionUser,
  input: ReportInput,
  now = Date.now(),
  maxDays = REPORT_MAX_DAYS,
): Promise<ReportFilter> {
  const today = beijingDayOf(now);
  const to = day(input.endDate, 'endDate', today);
  const from = day(input.startDate, 'startDate', addDays(to, -6));
  if (to < from) throw new AppError(REPORT_ERRORS.endBeforeStart);
  if ((beijingDayStart(to) - beijingDayStart(from)) / DAY_MS + 1 > maxDays)
    throw new AppError(REPORT_ERRORS.rangeTooLong, { params: { days: maxDays } });
  if (input.vehicleId !== undefined) await visibleVehicles(q, user, [input.vehicleId]);
  if (input.groupId !== undefined && !(await groupsQueries.visibleOne(q, terminalScope(user), input.groupId))) {
    throw new AppError(REPORT_ERRORS.groupNotVisible);
  }
  const scope = input.accountId === undefined ? terminalScope(user) : (await targetAccount(q, user, input.accountId)).path;
  return {
    scope,
    isPlatformAdmin: user.isPlatformAdmin,
    vehicleId: input.vehicleId ?? null,
    groupId: input.groupId ?? null,
    keyword: input.keyword ?? null,
    from,
    to: to > today ? today : to,
  };
}

/**
 * reportFilter for a report read from the rollup's tables (daily_terminal_stats, daily_stays):
 * when its days include today, today's rollup is brought up to date first (todayCurrent.ts), so
 * today's figures count every position stored so far.
 */
export async function dailyReportFilter(
  db: Db,
  user: SessionUser,
  input: ReportInput,
  now = Date.now(),
  maxDays = REPORT_MAX_DAYS,
): Promise<ReportFilter> {
  const filter = await reportFilter(db, user, input, now, maxDays);
  await currentThrough(db, filter, now);
  return filter;
}

/** The instants a filter's days cover: [start of the first day, end of the last). */
export function filterSpan(f: ReportFilter): { start: Date; end: Date } {
  return { start: new Date(beijingDayStart(f.from)), end: new Date(beijingDayStart(addDays(f.to, 1))) };
}

/** The stay report's shortest stay, in minutes (an export's params may carry it as text). */
export function stayMinMinutes(value: unknown): number {
  if (value === undefined || value === null || value === '') return STAY_DEFAULT_MIN_MINUTES;
  const n = Number(value);
  if (!Number.isInteger(n) || n < STAY_MIN_MINUTES[0] || n > 24 * 60) throw new AppError(EXPORT_ERRORS.badParams);
  return n;
}

/** A page of rows: SQL's limit and offset. */
export interface RowWindow {
  limit: number;
  offset: number;
}

/** The data reports' rows, for the caller and filters given (the presenter shapes the answers). */
export class ReportsService {
  constructor(private readonly db: Db) {}

  /** One row per vehicle and day (mileage and online), with the whole range's totals. */
  async daily(user: SessionUser, input: ReportInput, win: RowWindow) {
    const filter = await dailyReportFilter(this.db, user, input);
    return reportsQueries.dailyPage(this.db, filter, win.limit, win.offset);
  }

  /** 报警明细's figures: the alarms its list shows for the same filters (types included), counted per vehicle and type. */
  async alarmCounts(user: SessionUser, input: AlarmDetailQuery, win: RowWindow) {
    const filter = await reportFilter(this.db, user, input);
    return alarmCountQueries.counts(this.db, alarmFilterOf(filter, input.types), win.limit, win.offset);
  }

  async stays(user: SessionUser, input: StayQuery, win: RowWindow) {
    const filter = await dailyReportFilter(this.db, user, input);
    return reportsQueries.stayPage(this.db, filter, stayMinMinutes(input.minMinutes) * 60, win.limit, win.offset);
  }

  /** Trips between stops of at least minMinutes. */
  async trips(user: SessionUser, input: StayQuery, win: RowWindow) {
    const filter = await dailyReportFilter(this.db, user, input);
    return tripsQueries.tripPage(this.db, filter, stayMinMinutes(input.minMinutes) * 60, win.limit, win.offset);
  }

  /** The alarms themselves (not pre-aggregated: a paged, indexed list), with the report's filters. */
  async alarms(user: SessionUser, input: AlarmDetailQuery, win: RowWindow) {
    const filter = await reportFilter(this.db, user, input);
    return alarmsQueries.page(this.db, alarmFilterOf(filter, input.types), win.limit, win.offset);
  }
}

/** The alarm list's filter for a report's filters and its comma-separated alarm types: of 数据报表's kinds (车辆, 电单车), as its vehicle selector. */
export function alarmFilterOf(f: ReportFilter, types: string | undefined) {
  const { start, end } = filterSpan(f);
  const list = splitList(types, 100);
  return {
    scope: f.scope,
    terminalKey: null,
    vehicleId: f.vehicleId,
    groupId: f.groupId,
    types: list.length ? list : null,
    start,
    end,
    handled: null,
    keyword: containsPattern(f.keyword),
    settingsAccountId: null,
    kinds: kindsOf('data-report'),
  };
}
