import type { CardRules, ClockPoint, GeofenceKind, ShiftPeriod } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';

/** Teams, shifts, areas, checkpoints, patrol plans and alarm rules: each row belongs to an account. */

type OwnedTable = 'card_teams' | 'card_shifts' | 'card_areas' | 'card_checkpoints' | 'card_patrol_plans';

export interface ShiftRow {
  id: number;
  account_id: number;
  name: string;
  weekdays: number[];
  holidays: string[];
  workdays: string[];
  periods: ShiftPeriod[];
  late_minutes: number;
  early_minutes: number;
  clock_points: ClockPoint[];
}

export interface AreaRow {
  id: number;
  account_id: number;
  geofence_id: number;
  fence_name: string;
  kind: GeofenceKind;
  center_lon: number | null;
  center_lat: number | null;
  radius_m: number | null;
  rings: Array<Array<[number, number]>> | null;
  staff_id: number | null;
  team_id: number | null;
  assignee: string | null;
}

export interface CheckpointRow {
  id: number;
  account_id: number;
  name: string;
  lat: number;
  lon: number;
  radius_m: number;
  beacon: string;
}

export interface PlanRow {
  id: number;
  account_id: number;
  name: string;
  checkpoint_ids: number[];
  weekdays: number[];
  windows: ShiftPeriod[];
  late_minutes: number;
  staff_ids: number[];
  team_id: number | null;
}

const SHIFT_COLS = `s.id, s.account_id, s.name, s.weekdays::int[] AS weekdays, s.holidays::text[] AS holidays, s.workdays::text[] AS workdays,
  s.periods, s.late_minutes, s.early_minutes, s.clock_points`;

const days = (v: string[] | null) => (v ?? []).map((d) => String(d).slice(0, 10));
const num = (v: unknown[] | null) => (v ?? []).map(Number);
const fixShift = (r: ShiftRow): ShiftRow => ({
  ...r,
  id: Number(r.id),
  account_id: Number(r.account_id),
  weekdays: num(r.weekdays),
  holidays: days(r.holidays),
  workdays: days(r.workdays),
});
const fixPlan = (r: PlanRow): PlanRow => ({
  ...r,
  id: Number(r.id),
  checkpoint_ids: num(r.checkpoint_ids),
  weekdays: num(r.weekdays),
  staff_ids: num(r.staff_ids),
  team_id: r.team_id === null ? null : Number(r.team_id),
});

export const DEFAULT_RULES: CardRules = {
  offPostMinutes: 10,
  standstillMinutes: 30,
  gatheringCount: 3,
  gatheringRadius: 20,
  gatheringMinutes: 10,
};

export const setupQueries = {
  /** The row's account if the scope may see it. */
  owner: async (q: Queryable, table: OwnedTable, scope: string, id: number) =>
    (
      await q.query<{ account_id: number }>(
        `SELECT x.account_id FROM ${table} x JOIN accounts a ON a.id = x.account_id WHERE ${accountInScope('a.path', 1)} AND x.id = $2`,
        [scope, id],
      )
    )[0]?.account_id,

  delete: (q: Queryable, table: OwnedTable, id: number) => q.query(`DELETE FROM ${table} WHERE id = $1`, [id]),

  saveTeam: async (q: Queryable, t: { id?: number; accountId: number; name: string; parentId: number | null; shiftId: number | null }) => {
    if (t.id)
      await q.query(`UPDATE card_teams SET name = $2, parent_id = $3, shift_id = $4 WHERE id = $1`, [t.id, t.name, t.parentId, t.shiftId]);
    else
      await q.query(`INSERT INTO card_teams (account_id, name, parent_id, shift_id) VALUES ($1, $2, $3, $4)`, [
        t.accountId,
        t.name,
        t.parentId,
        t.shiftId,
      ]);
  },

  /** The team and every team above it (to refuse a loop). */
  teamAncestors: async (q: Queryable, id: number) =>
    (
      await q.query<{ id: number }>(
        `WITH RECURSIVE up(id, parent_id) AS (SELECT id, parent_id FROM card_teams WHERE id = $1
         UNION ALL SELECT t.id, t.parent_id FROM card_teams t JOIN up ON t.id = up.parent_id) SELECT id FROM up`,
        [id],
      )
    ).map((r) => Number(r.id)),

  teamInUse: async (q: Queryable, id: number) =>
    (await q.query(`SELECT 1 FROM card_staff WHERE team_id = $1 UNION ALL SELECT 1 FROM card_teams WHERE parent_id = $1 LIMIT 1`, [id]))
      .length > 0,

  shifts: async (q: Queryable, scope: string) =>
    (
      await q.query<ShiftRow>(
        `SELECT ${SHIFT_COLS} FROM card_shifts s JOIN accounts a ON a.id = s.account_id WHERE ${accountInScope('a.path', 1)} ORDER BY s.id`,
        [scope],
      )
    ).map(fixShift),

  shiftsByIds: async (q: Queryable, ids: number[]) =>
    (await q.query<ShiftRow>(`SELECT ${SHIFT_COLS} FROM card_shifts s WHERE s.id = ANY($1::bigint[])`, [ids])).map(fixShift),

  saveShift: async (q: Queryable, s: Omit<ShiftRow, 'id'> & { id?: number }) => {
    const args = [
      s.name,
      s.weekdays,
      s.holidays,
      s.workdays,
      JSON.stringify(s.periods),
      s.late_minutes,
      s.early_minutes,
      JSON.stringify(s.clock_points),
    ];
    if (s.id) {
      await q.query(
        `UPDATE card_shifts SET name = $2, weekdays = $3::smallint[], holidays = $4::date[], workdays = $5::date[], periods = $6::jsonb,
                late_minutes = $7, early_minutes = $8, clock_points = $9::jsonb WHERE id = $1`,
        [s.id, ...args],
      );
      return s.id;
    }
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO card_shifts (account_id, name, weekdays, holidays, workdays, periods, late_minutes, early_minutes, clock_points)
       VALUES ($1, $2, $3::smallint[], $4::date[], $5::date[], $6::jsonb, $7, $8, $9::jsonb) RETURNING id`,
      [s.account_id, ...args],
    );
    return Number(row!.id);
  },

  shiftInUse: async (q: Queryable, id: number) =>
    (await q.query(`SELECT 1 FROM card_staff WHERE shift_id = $1 UNION ALL SELECT 1 FROM card_teams WHERE shift_id = $1 LIMIT 1`, [id]))
      .length > 0,

  areas: (q: Queryable, scope: string) =>
    q.query<AreaRow>(
      `SELECT ar.id, ar.account_id, ar.geofence_id, g.name AS fence_name, g.kind, g.center_lon, g.center_lat, g.radius_m, g.rings,
              ar.staff_id, ar.team_id, COALESCE(v.name, tm.name) AS assignee
         FROM card_areas ar JOIN accounts a ON a.id = ar.account_id JOIN geofences g ON g.id = ar.geofence_id
         LEFT JOIN vehicles v ON v.id = ar.staff_id LEFT JOIN card_teams tm ON tm.id = ar.team_id
        WHERE ${accountInScope('a.path', 1)} ORDER BY ar.id`,
      [scope],
    ),

  insertArea: (q: Queryable, accountId: number, geofenceId: number, staffId: number | null, teamId: number | null) =>
    q.query(`INSERT INTO card_areas (account_id, geofence_id, staff_id, team_id) VALUES ($1, $2, $3, $4)`, [
      accountId,
      geofenceId,
      staffId,
      teamId,
    ]),

  checkpoints: (q: Queryable, scope: string) =>
    q.query<CheckpointRow>(
      `SELECT c.id, c.account_id, c.name, c.lat, c.lon, c.radius_m, c.beacon FROM card_checkpoints c JOIN accounts a ON a.id = c.account_id
        WHERE ${accountInScope('a.path', 1)} ORDER BY c.id`,
      [scope],
    ),

  saveCheckpoint: async (
    q: Queryable,
    c: { id?: number; accountId: number; name: string; lat: number; lon: number; radius: number; beacon: string },
  ) => {
    if (c.id)
      await q.query(`UPDATE card_checkpoints SET name = $2, lat = $3, lon = $4, radius_m = $5, beacon = $6 WHERE id = $1`, [
        c.id,
        c.name,
        c.lat,
        c.lon,
        c.radius,
        c.beacon,
      ]);
    else
      await q.query(`INSERT INTO card_checkpoints (account_id, name, lat, lon, radius_m, beacon) VALUES ($1, $2, $3, $4, $5, $6)`, [
        c.accountId,
        c.name,
        c.lat,
        c.lon,
        c.radius,
        c.beacon,
      ]);
  },

  checkpointInUse: async (q: Queryable, id: number) =>
    (await q.query(`SELECT 1 FROM card_patrol_plans WHERE $1 = ANY(checkpoint_ids) LIMIT 1`, [id])).length > 0,

  plans: async (q: Queryable, scope: string) =>
    (
      await q.query<PlanRow>(
        `SELECT p.id, p.account_id, p.name, p.checkpoint_ids, p.weekdays::int[] AS weekdays, p.windows, p.late_minutes, p.staff_ids, p.team_id
         FROM card_patrol_plans p JOIN accounts a ON a.id = p.account_id WHERE ${accountInScope('a.path', 1)} ORDER BY p.id`,
        [scope],
      )
    ).map(fixPlan),

  savePlan: async (q: Queryable, p: Omit<PlanRow, 'id'> & { id?: number }) => {
    const args = [p.name, p.checkpoint_ids, p.weekdays, JSON.stringify(p.windows), p.late_minutes, p.staff_ids, p.team_id];
    if (p.id) {
      await q.query(
        `UPDATE card_patrol_plans SET name = $2, checkpoint_ids = $3::bigint[], weekdays = $4::smallint[], windows = $5::jsonb, late_minutes = $6,
                staff_ids = $7::bigint[], team_id = $8 WHERE id = $1`,
        [p.id, ...args],
      );
      return p.id;
    }
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO card_patrol_plans (account_id, name, checkpoint_ids, weekdays, windows, late_minutes, staff_ids, team_id)
       VALUES ($1, $2, $3::bigint[], $4::smallint[], $5::jsonb, $6, $7::bigint[], $8) RETURNING id`,
      [p.account_id, ...args],
    );
    return Number(row!.id);
  },

  rules: async (q: Queryable, accountId: number): Promise<CardRules> => {
    const [r] = await q.query<{
      off_post_minutes: number;
      standstill_minutes: number;
      gathering_count: number;
      gathering_radius_m: number;
      gathering_minutes: number;
    }>(
      `SELECT off_post_minutes, standstill_minutes, gathering_count, gathering_radius_m, gathering_minutes FROM card_rules WHERE account_id = $1`,
      [accountId],
    );
    return r
      ? {
          offPostMinutes: r.off_post_minutes,
          standstillMinutes: r.standstill_minutes,
          gatheringCount: r.gathering_count,
          gatheringRadius: r.gathering_radius_m,
          gatheringMinutes: r.gathering_minutes,
        }
      : DEFAULT_RULES;
  },

  saveRules: (q: Queryable, accountId: number, r: CardRules) =>
    q.query(
      `INSERT INTO card_rules (account_id, off_post_minutes, standstill_minutes, gathering_count, gathering_radius_m, gathering_minutes) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id) DO UPDATE SET off_post_minutes = $2, standstill_minutes = $3, gathering_count = $4, gathering_radius_m = $5, gathering_minutes = $6`,
      [accountId, r.offPostMinutes, r.standstillMinutes, r.gatheringCount, r.gatheringRadius, r.gatheringMinutes],
    ),

  /** The people a plan is given to: named ones and the members of its team. */
  planAssignees: (q: Queryable, plan: Pick<PlanRow, 'staff_ids' | 'team_id' | 'account_id'>) =>
    q.query<{ id: number; name: string }>(
      `SELECT v.id, v.name FROM card_staff s JOIN vehicles v ON v.id = s.vehicle_id
        WHERE s.account_id = $3 AND (s.vehicle_id = ANY($1::bigint[]) OR ($2::bigint IS NOT NULL AND s.team_id = $2)) ORDER BY v.id`,
      [plan.staff_ids, plan.team_id, plan.account_id],
    ),
};
