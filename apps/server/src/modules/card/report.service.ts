import { beijingMidnight, isoWeekday, type CardReport, type CardReportQuery, type CardReportRow } from '@chelian/contracts';
import { addDays, DAY_MS } from '@chelian/contracts/beijingTime.ts';
import type { Queryable } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { ATTENDANCE_SLACK_MINUTES, shiftPeriodAt } from './attendance.ts';
import { computeDay, overnightOf, staffContext } from './attendance.service.ts';
import { patrolRuns } from './patrol.service.ts';
import { cardAlarmsQueries } from './alarms.queries.ts';
import { setupQueries } from './setup.queries.ts';
import { inAreas, loadTracks } from './staffDay.ts';
import { offPostOf } from './stretches.ts';

/** A gap between two reports longer than this is not counted as worn (the badge was off or away). */
export const WEAR_GAP_MINUTES = 5;

/** The report's days: the day itself, its Monday-to-Sunday week, or its calendar month. */
export function reportSpan(kind: CardReportQuery['kind'], date: string): { startDate: string; endDate: string } {
  if (kind === 'day') return { startDate: date, endDate: date };
  if (kind === 'week') {
    const startDate = addDays(date, 1 - isoWeekday(date));
    return { startDate, endDate: addDays(startDate, 6) };
  }
  const startDate = `${date.slice(0, 7)}-01`;
  const next = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 1)).toISOString().slice(0, 10);
  return { startDate, endDate: addDays(next, -1) };
}

/** Per person over the span: attendance counts, off-post stretches, patrol visits, wear time, alarms. */
export async function cardReport(q: Queryable, user: SessionUser, query: CardReportQuery, now = Date.now()): Promise<CardReport> {
  const { startDate, endDate } = reportSpan(query.kind, query.date);
  const ctx = await staffContext(q, user, { teamId: query.teamId ?? null });
  const ids = ctx.staff.map((s) => Number(s.id));
  const from = beijingMidnight(startDate);
  const to = beijingMidnight(endDate) + DAY_MS;
  // The last day's night period ends the next morning: its positions are read too.
  const overnight = overnightOf(ctx);
  const tracks = await loadTracks(q, ids, from - ATTENDANCE_SLACK_MINUTES * 60_000, to + overnight + ATTENDANCE_SLACK_MINUTES * 60_000, {
    beacons: true,
  });
  const rulesByAccount = new Map<number, Awaited<ReturnType<typeof setupQueries.rules>>>();
  const rows = new Map<number, CardReportRow>(
    ctx.staff.map((s) => [
      Number(s.id),
      {
        staffId: Number(s.id),
        name: s.name,
        staffNo: s.staff_no,
        teamName: s.team_name ?? '',
        scheduledPeriods: 0,
        workPeriods: 0,
        arrived: 0,
        ongoing: 0,
        normal: 0,
        late: 0,
        early: 0,
        absent: 0,
        offPostCount: 0,
        offPostMinutes: 0,
        patrolDone: 0,
        patrolLate: 0,
        patrolMissed: 0,
        wearMinutes: 0,
        alarms: 0,
      },
    ]),
  );
  for (let day = startDate; day <= endDate; day = addDays(day, 1)) {
    for (const { staff, shift, results } of computeDay(ctx, tracks, day, now)) {
      const row = rows.get(Number(staff.id))!;
      const lateMs = ctx.rules.get(shift.id)!.lateMinutes * 60_000;
      for (const r of results) {
        row.scheduledPeriods++;
        // A period not yet started owes nothing yet; one running is 进行中 — its arrival counts as
        // it is (到岗, 迟到 once past the threshold), 缺勤 and 早退 only once it has ended.
        if (r.status === 'pending' && now < r.start) continue;
        row.workPeriods++;
        if (r.arrivedAt !== null) row.arrived++;
        if (r.status === 'pending') {
          row.ongoing++;
          if (r.arrivedAt !== null && r.arrivedAt > r.start + lateMs) row.late++;
        } else if (r.status === 'normal') row.normal++;
        else if (r.status === 'absent') row.absent++;
        else {
          if (r.status === 'late' || r.status === 'lateEarly') row.late++;
          if (r.status === 'early' || r.status === 'lateEarly') row.early++;
        }
      }
    }
    for (const run of await patrolRuns(q, scopeParam(user), day, now)) {
      run.visits.forEach((v, i) => {
        const visitor = run.visitorIds[i];
        if (visitor !== null && visitor !== undefined && rows.has(visitor)) {
          if (v.status === 'done') rows.get(visitor)!.patrolDone++;
          else if (v.status === 'late') rows.get(visitor)!.patrolLate++;
        }
        if (v.status === 'missed') for (const id of run.assigneeIds) if (rows.has(id)) rows.get(id)!.patrolMissed++;
      });
    }
  }
  for (const s of ctx.staff) {
    const row = rows.get(Number(s.id))!;
    const rule = s.effective_shift_id === null ? undefined : ctx.rules.get(Number(s.effective_shift_id));
    const track = tracks.get(Number(s.id));
    if (!track || !rule) continue;
    let accountRules = rulesByAccount.get(s.account_id);
    if (!accountRules) rulesByAccount.set(s.account_id, (accountRules = await setupQueries.rules(q, s.account_id)));
    const points = track.times
      .map((time, i) => ({ time, lat: track.lat[i]!, lon: track.lon[i]! }))
      .filter((p) => p.time >= from && Number.isFinite(p.lat));
    const fences = ctx.fences.get(Number(s.id)) ?? [];
    // In a period of a working day of the span: a night period counts for the day it starts on, and
    // the positions read past the span's end (its last night, the slack) count only there.
    const shiftTime = (t: number) => {
      const at = shiftPeriodAt(rule, t);
      return at !== null && at.day >= startDate && at.day <= endDate;
    };
    const stretches = offPostOf(points, (p) => inAreas(fences, p.lat, p.lon), shiftTime, accountRules.offPostMinutes);
    row.offPostCount = stretches.length;
    row.offPostMinutes = stretches.reduce((n, x) => n + x.minutes, 0);
    let wear = 0;
    for (let i = 1; i < points.length; i++) {
      const gap = points[i]!.time - points[i - 1]!.time;
      if (gap <= WEAR_GAP_MINUTES * 60_000 && shiftTime(points[i - 1]!.time)) wear += gap;
    }
    row.wearMinutes = Math.round(wear / 60_000);
  }
  if (ids.length) {
    const counts = await cardAlarmsQueries.countsByPerson(q, ids, new Date(from), new Date(to));
    for (const c of counts) rows.get(Number(c.vehicle_id))!.alarms = c.n;
  }
  return { startDate, endDate, rows: [...rows.values()] };
}
