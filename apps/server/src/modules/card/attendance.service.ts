import {
  beijingMidnight,
  ATTENDANCE_STATUS_NAMES,
  PENDING_PERIOD_NAMES,
  CARD_ERRORS,
  type AttendanceCorrectionForm,
  type AttendanceRow,
  type AttendanceStatus,
} from '@chelian/contracts';
import type { Fence } from '@chelian/geo';
import { beijingDayOf, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { containsPattern } from '../../db/likeText.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { ATTENDANCE_SLACK_MINUTES, attendanceOfDay, minutesClock, overnightMinutes, type ShiftRule } from './attendance.ts';
import { shiftRule } from './card.presenter.ts';
import { attendanceQueries } from './attendance.queries.ts';
import { staffQueries, type StaffRow } from './staff.queries.ts';
import { setupQueries, type ShiftRow } from './setup.queries.ts';
import { areasByStaff, atPostTest, loadTracks, type StaffTrack } from './staffDay.ts';
import { visibleStaff } from './staff.service.ts';

const SLACK = ATTENDANCE_SLACK_MINUTES * 60_000;

/** Everything the day's computations for a set of people need, loaded once. */
export interface StaffContext {
  staff: StaffRow[];
  shifts: Map<number, ShiftRow>;
  rules: Map<number, ShiftRule>;
  fences: Map<number, Fence<number>[]>;
  /** each person's first Beijing day owed: the day they were created */
  firstDay: Map<number, string>;
}

export async function staffContext(
  q: Queryable,
  user: SessionUser,
  filter: { keyword?: string | null; teamId?: number | null } = {},
): Promise<StaffContext> {
  const scope = scopeParam(user);
  const staff = await staffQueries.all(q, scope, containsPattern(filter.keyword), filter.teamId ?? null);
  const ids = [
    ...new Set(
      staff
        .map((s) => s.effective_shift_id)
        .filter((x): x is number => x !== null)
        .map(Number),
    ),
  ];
  const shifts = new Map((await setupQueries.shiftsByIds(q, ids)).map((s) => [s.id, s]));
  const rules = new Map([...shifts].map(([id, s]) => [id, shiftRule(s)]));
  const firstDay = new Map(staff.map((s) => [Number(s.id), beijingDayOf(new Date(s.created_at).getTime())]));
  return { staff, shifts, rules, fences: areasByStaff(staff, await setupQueries.areas(q, scope)), firstDay };
}

/** How far past a day's end the people's night periods reach (ms): their positions are read that far. */
export const overnightOf = (ctx: StaffContext) => Math.max(0, ...[...ctx.rules.values()].map(overnightMinutes)) * 60_000;

/**
 * Each person's periods of one day, as computed from their positions. Nothing is owed before a
 * person exists: a day before the Beijing day they were created has no periods (no 缺勤, and it is
 * not among a week's or month's expected periods).
 */
export function computeDay(ctx: StaffContext, tracks: Map<number, StaffTrack>, day: string, now: number) {
  const out: Array<{ staff: StaffRow; shift: ShiftRow; results: ReturnType<typeof attendanceOfDay> }> = [];
  for (const s of ctx.staff) {
    if (day < ctx.firstDay.get(Number(s.id))!) continue;
    const shift = s.effective_shift_id === null ? undefined : ctx.shifts.get(Number(s.effective_shift_id));
    if (!shift) continue;
    const track = tracks.get(Number(s.id)) ?? { times: [], lat: [], lon: [], beacon: [] };
    const atPost = atPostTest(track, shift.clock_points, ctx.fences.get(Number(s.id)) ?? []);
    out.push({ staff: s, shift, results: attendanceOfDay(ctx.rules.get(shift.id)!, day, { times: track.times, atPost }, now) });
  }
  return out;
}

async function corrections(q: Queryable, staffIds: number[], from: string, to: string) {
  const rows = await attendanceQueries.corrections(q, staffIds, from, to);
  return new Map(rows.map((r) => [`${Number(r.staff_id)}|${r.day}|${r.period}`, r]));
}

/** A day's attendance rows for the people of the caller's subtree (and its team/keyword filter). */
export async function attendanceOfDate(
  q: Queryable,
  user: SessionUser,
  date: string,
  filter: { keyword?: string | null; teamId?: number | null; staffId?: number } = {},
  now = Date.now(),
): Promise<AttendanceRow[]> {
  const ctx = await staffContext(q, user, filter);
  if (filter.staffId !== undefined) ctx.staff = ctx.staff.filter((s) => Number(s.id) === filter.staffId);
  const midnight = beijingMidnight(date);
  const tracks = await loadTracks(
    q,
    ctx.staff.map((s) => Number(s.id)),
    midnight - SLACK,
    midnight + DAY_MS + overnightOf(ctx) + SLACK,
    { beacons: true },
  );
  const fixes = await corrections(
    q,
    ctx.staff.map((s) => Number(s.id)),
    date,
    date,
  );
  const rows: AttendanceRow[] = [];
  for (const { staff, shift, results } of computeDay(ctx, tracks, date, now)) {
    const rule = ctx.rules.get(shift.id)!;
    for (const r of results) {
      const fix = fixes.get(`${Number(staff.id)}|${date}|${r.period}`);
      const status = fix?.status ?? r.status;
      rows.push({
        staffId: Number(staff.id),
        name: staff.name,
        staffNo: staff.staff_no,
        teamName: staff.team_name ?? '',
        day: date,
        period: r.period,
        start: minutesClock(rule.periods[r.period]!.start),
        end: minutesClock(rule.periods[r.period]!.end),
        arrivedAt: r.arrivedAt,
        leftAt: r.leftAt,
        status,
        statusName: status === 'pending' ? PENDING_PERIOD_NAMES[now < r.start ? 'upcoming' : 'running'] : ATTENDANCE_STATUS_NAMES[status],
        computedStatus: r.status,
        correctedBy: fix?.user_name ?? '',
        correctionNote: fix?.note ?? '',
      });
    }
  }
  return rows;
}

/** The list's status filter: none, or a status a period can show; another is refused as 不支持的考勤状态 (not a list matching nothing). */
export function attendanceStatusFilter(value: string | undefined): AttendanceStatus | null {
  if (!value) return null;
  return oneOfOrRefuse(ATTENDANCE_STATUS_NAMES, value, CARD_ERRORS.statusUnknown, 'status');
}

/** The statuses a supervisor may set: any but pending (a period not over yet is not a correction). */
const CORRECTED_STATUSES = (Object.keys(ATTENDANCE_STATUS_NAMES) as AttendanceStatus[]).filter(
  (s): s is Exclude<AttendanceStatus, 'pending'> => s !== 'pending',
);

/** A supervisor's correction: kept with who made it; the newest one shows. */
export async function correctAttendance(q: Queryable, user: SessionUser, input: AttendanceCorrectionForm): Promise<AttendanceRow> {
  const staff = await visibleStaff(q, user, input.staffId);
  const status = oneOfOrRefuse(CORRECTED_STATUSES, input.status, CARD_ERRORS.statusUnknown, 'status');
  await attendanceQueries.addCorrection(q, {
    staffId: Number(staff.id),
    day: input.day,
    period: input.period,
    status,
    note: input.note.trim(),
    userId: user.userId,
    userName: user.username,
  });
  const row = (await attendanceOfDate(q, user, input.day, { staffId: Number(staff.id) })).find((r) => r.period === input.period);
  if (!row) throw new AppError(CARD_ERRORS.shiftNotVisible);
  return row;
}
