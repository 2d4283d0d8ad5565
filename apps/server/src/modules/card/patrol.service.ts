import {
  beijingMidnight,
  clockMinutes,
  DAY_MS,
  isoWeekday,
  PATROL_STATUS_NAMES,
  PATROL_VISIT_DUE,
  PENDING_PERIOD_NAMES,
  type PatrolRun,
  type PatrolStatus,
} from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { scoreRun, type PatrolPoint, type PatrolTrack } from './patrol.ts';
import { setupQueries, type CheckpointRow, type PlanRow } from './setup.queries.ts';
import { loadTracks } from './staffDay.ts';

/** The people a plan is given to: named ones and the members of its team. */
async function assigneesOf(q: Queryable, plan: PlanRow): Promise<Array<{ id: number; name: string }>> {
  const rows = await setupQueries.planAssignees(q, plan);
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** The assignees' positions merged into one time-sorted track. */
function merged(
  tracks: Map<number, { times: number[]; lat: number[]; lon: number[]; beacon: string[] }>,
  people: Array<{ id: number }>,
): PatrolTrack {
  const items: Array<[number, number, number, string, number]> = [];
  people.forEach((p, who) => {
    const t = tracks.get(p.id);
    if (t) for (let i = 0; i < t.times.length; i++) items.push([t.times[i]!, t.lat[i]!, t.lon[i]!, t.beacon[i]!, who]);
  });
  items.sort((a, b) => a[0] - b[0]);
  return {
    times: items.map((x) => x[0]),
    lat: items.map((x) => x[1]),
    lon: items.map((x) => x[2]),
    beacon: items.map((x) => x[3]),
    who: items.map((x) => x[4]),
  };
}

export interface ScoredRun extends PatrolRun {
  accountId: number;
  assigneeIds: number[];
  /** per visit: the staff id that made it */
  visitorIds: Array<number | null>;
}

/** Every run of the plans in `plans` on `date` (Beijing), scored against the assignees' positions. */
export async function scoreDay(
  q: Queryable,
  plans: PlanRow[],
  checkpoints: CheckpointRow[],
  date: string,
  now = Date.now(),
): Promise<ScoredRun[]> {
  const points = new Map(checkpoints.map((c) => [Number(c.id), c]));
  const midnight = beijingMidnight(date);
  const out: ScoredRun[] = [];
  for (const plan of plans.filter((p) => p.weekdays.includes(isoWeekday(date)))) {
    const people = await assigneesOf(q, plan);
    const route: PatrolPoint[] = plan.checkpoint_ids
      .map((id) => points.get(id))
      .filter((c): c is CheckpointRow => !!c)
      .map((c) => ({ id: Number(c.id), lat: c.lat, lon: c.lon, radius: c.radius_m, beacon: c.beacon }));
    const tracks = await loadTracks(
      q,
      people.map((p) => p.id),
      midnight,
      midnight + DAY_MS + plan.late_minutes * 60_000,
      { beacons: true },
    );
    const track = merged(tracks, people);
    plan.windows.forEach((w, index) => {
      const run = scoreRun(date, { start: clockMinutes(w.start), end: clockMinutes(w.end) }, plan.late_minutes, route, track, now);
      const begun = now >= midnight + clockMinutes(w.start) * 60_000;
      out.push({
        planId: plan.id,
        planName: plan.name,
        day: date,
        window: index,
        start: w.start,
        end: w.end,
        status: run.status,
        statusName: patrolStatusName(run.status, begun, PENDING_PERIOD_NAMES.running),
        visits: run.visits.map((v) => ({
          checkpointId: v.checkpointId,
          name: points.get(v.checkpointId)?.name ?? '',
          status: v.status,
          statusName: patrolStatusName(v.status, begun, PATROL_VISIT_DUE),
          visitedAt: v.visitedAt,
          staffName: v.who === null ? '' : (people[v.who]?.name ?? ''),
        })),
        accountId: Number(plan.account_id),
        assigneeIds: people.map((p) => p.id),
        visitorIds: run.visits.map((v) => (v.who === null ? null : (people[v.who]?.id ?? null))),
      });
    });
  }
  return out;
}

export async function patrolRuns(q: Queryable, scope: string, date: string, now = Date.now()): Promise<ScoredRun[]> {
  return scoreDay(q, await setupQueries.plans(q, scope), await setupQueries.checkpoints(q, scope), date, now);
}

export const presentRun = (r: ScoredRun): PatrolRun => ({
  planId: r.planId,
  planName: r.planName,
  day: r.day,
  window: r.window,
  start: r.start,
  end: r.end,
  status: r.status,
  statusName: r.statusName,
  visits: r.visits,
});

/** A window not over yet reads 未开始 until it begins, then `dueName` (进行中 for the run, 待巡 for a checkpoint not visited yet). */
function patrolStatusName(status: PatrolStatus, begun: boolean, dueName: string): string {
  if (status !== 'pending') return PATROL_STATUS_NAMES[status];
  return begun ? dueName : PENDING_PERIOD_NAMES.upcoming;
}
