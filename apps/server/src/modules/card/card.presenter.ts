import {
  periodSpan,
  STAFF_STATE_NAMES,
  type CardArea,
  type CardShift,
  type Checkpoint,
  type PatrolPlan,
  type Staff,
  type StaffState,
} from '@chelian/contracts';
import type { StaffRow } from './staff.queries.ts';
import type { AreaRow, CheckpointRow, PlanRow, ShiftRow } from './setup.queries.ts';
import { shiftPeriodAt, type ShiftRule } from './attendance.ts';
import type { PositionAttributes } from '@chelian/protocols/positionAttributes.ts';

export function shiftRule(s: ShiftRow): ShiftRule {
  return {
    weekdays: s.weekdays,
    holidays: new Set(s.holidays),
    workdays: new Set(s.workdays),
    periods: s.periods.map(periodSpan).sort((a, b) => a.start - b.start),
    lateMinutes: s.late_minutes,
    earlyMinutes: s.early_minutes,
  };
}

/** True when `at` falls in one of the shift's periods of a working day (a night period's morning included). */
export const inShift = (rule: ShiftRule | undefined, at: number): boolean => rule !== undefined && shiftPeriodAt(rule, at) !== null;

export function staffState(r: StaffRow, rule: ShiftRule | undefined, now: number): StaffState {
  if (r.terminal_pk === null) return 'unbound';
  if (!r.online) return 'offline';
  if (r.recent_alarm) return 'alarm';
  if (!inShift(rule, now)) return 'offShift';
  return r.off_post_since ? 'offPost' : 'onDuty';
}

const battery = (extras: PositionAttributes | null) => {
  const v = extras?.battery;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

export function presentStaff(r: StaffRow, rule: ShiftRule | undefined, now = Date.now()): Staff {
  const state = staffState(r, rule, now);
  return {
    staffId: Number(r.id),
    name: r.name,
    staffNo: r.staff_no,
    job: r.job,
    phone: r.phone,
    teamId: r.team_id === null ? null : Number(r.team_id),
    teamName: r.team_name ?? '',
    shiftId: r.shift_id === null ? null : Number(r.shift_id),
    shiftName: r.shift_name ?? '',
    remark: r.remark,
    hasPhoto: r.has_photo,
    terminalId: r.identifier ?? '',
    online: r.online ?? false,
    lat: r.lat,
    lon: r.lon,
    gpsTime: r.gps_time ? r.gps_time.getTime() : null,
    battery: battery(r.extras),
    state,
    stateName: STAFF_STATE_NAMES[state],
    accountName: r.account_name,
    created: r.created_at.getTime(),
  };
}

export const presentShift = (s: ShiftRow): CardShift => ({
  shiftId: s.id,
  name: s.name,
  weekdays: s.weekdays,
  holidays: s.holidays,
  workdays: s.workdays,
  periods: s.periods,
  lateMinutes: s.late_minutes,
  earlyMinutes: s.early_minutes,
  clockPoints: s.clock_points,
});

export const presentArea = (a: AreaRow): CardArea => ({
  areaId: Number(a.id),
  geofenceId: Number(a.geofence_id),
  fenceName: a.fence_name,
  kind: a.kind,
  staffId: a.staff_id === null ? null : Number(a.staff_id),
  teamId: a.team_id === null ? null : Number(a.team_id),
  assignee: a.assignee ?? '',
  center: a.center_lon === null || a.center_lat === null ? null : [a.center_lon, a.center_lat],
  radius: a.radius_m,
  rings: a.rings,
});

export const presentCheckpoint = (c: CheckpointRow): Checkpoint => ({
  checkpointId: Number(c.id),
  name: c.name,
  lat: c.lat,
  lon: c.lon,
  radius: c.radius_m,
  beacon: c.beacon,
});

export function presentPlan(
  p: PlanRow,
  points: ReadonlyMap<number, string>,
  staffNames: ReadonlyMap<number, string>,
  teamNames: ReadonlyMap<number, string>,
): PatrolPlan {
  const who = [...p.staff_ids.map((id) => staffNames.get(id) ?? `#${id}`), ...(p.team_id ? [teamNames.get(p.team_id) ?? ''] : [])];
  return {
    planId: p.id,
    name: p.name,
    checkpointIds: p.checkpoint_ids,
    checkpointNames: p.checkpoint_ids.map((id) => points.get(id) ?? `#${id}`),
    weekdays: p.weekdays,
    windows: p.windows,
    lateMinutes: p.late_minutes,
    staffIds: p.staff_ids,
    teamId: p.team_id,
    assignees: who.join('、'),
  };
}
