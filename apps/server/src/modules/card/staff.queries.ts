import { freshestFix } from '../../core/freshestFix.ts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { queryPage } from '../../db/queryPage.ts';
import type { PositionAttributes } from '@chelian/protocols/positionAttributes.ts';

/** A staff member with their team, shift, badge and the badge's latest position. */
export interface StaffRow {
  id: number;
  name: string;
  account_id: number;
  account_name: string;
  account_path: string;
  staff_no: string;
  job: string;
  phone: string;
  team_id: number | null;
  team_name: string | null;
  shift_id: number | null;
  /** the shift that applies: the person's own, else the team's */
  effective_shift_id: number | null;
  shift_name: string | null;
  remark: string;
  has_photo: boolean;
  created_at: Date;
  terminal_pk: number | null;
  identifier: string | null;
  protocol: string | null;
  online: boolean | null;
  gps_time: Date | null;
  lat: number | null;
  lon: number | null;
  extras: PositionAttributes | null;
  off_post_since: Date | null;
  recent_alarm: Date | null;
}

const SELECT = `SELECT v.id, v.name, v.account_id, a.name AS account_name, a.path AS account_path,
       s.staff_no, s.job, s.phone, s.team_id, tm.name AS team_name, s.shift_id, sh.id AS effective_shift_id, sh.name AS shift_name,
       s.remark, s.photo IS NOT NULL AS has_photo, s.created_at,
       t.id AS terminal_pk, t.identifier, t.protocol, t.online, lp.gps_time, lp.lat, lp.lon, lp.extras, cs.off_post_since,
       (SELECT max(al.alarm_time) FROM alarms al WHERE al.terminal_id = t.id AND al.vehicle_id = v.id AND NOT al.handled
           AND al.alarm_time > now() - interval '30 minutes') AS recent_alarm
  FROM card_staff s JOIN vehicles v ON v.id = s.vehicle_id JOIN accounts a ON a.id = v.account_id
  LEFT JOIN card_teams tm ON tm.id = s.team_id
  LEFT JOIN card_shifts sh ON sh.id = COALESCE(s.shift_id, tm.shift_id)
  LEFT JOIN terminals t ON t.id = v.terminal_id LEFT JOIN LATERAL ${freshestFix('t.id')} lp ON true
  LEFT JOIN card_alarm_state cs ON cs.staff_id = v.id`;

export interface StaffProfile {
  staffNo: string;
  job: string;
  phone: string;
  teamId: number | null;
  shiftId: number | null;
  remark: string;
}

export interface TeamRow {
  id: number;
  account_id: number;
  parent_id: number | null;
  name: string;
  shift_id: number | null;
  staff_count: number;
}

const filter = `${accountInScope('a.path', 1)} AND ($2::text IS NULL OR v.name ILIKE $2 OR s.staff_no ILIKE $2 OR s.phone LIKE $2 OR t.identifier LIKE $2)
   AND ($3::bigint IS NULL OR s.team_id = $3)`;

const profileColumns = (rows: { id: number; p: StaffProfile }[]) => [
  rows.map((r) => r.id),
  rows.map((r) => r.p.staffNo),
  rows.map((r) => r.p.job),
  rows.map((r) => r.p.phone),
  rows.map((r) => r.p.teamId),
  rows.map((r) => r.p.shiftId),
  rows.map((r) => r.p.remark),
];

export const staffQueries = {
  page: async (q: Queryable, scope: string, keyword: string | null, teamId: number | null, limit: number, offset: number) => {
    return queryPage<StaffRow>(
      q,
      { select: `${SELECT} WHERE ${filter}`, orderBy: 's.staff_no, v.id', params: [scope, keyword, teamId] },
      { limit, offset },
    );
  },

  all: (q: Queryable, scope: string, keyword: string | null = null, teamId: number | null = null) =>
    q.query<StaffRow>(`${SELECT} WHERE ${filter} ORDER BY s.staff_no, v.id`, [scope, keyword, teamId]),

  visible: async (q: Queryable, scope: string, id: number) =>
    (await q.query<StaffRow>(`${SELECT} WHERE ${accountInScope('a.path', 1)} AND v.id = $2`, [scope, id]))[0],

  byNumbers: (q: Queryable, accountId: number, numbers: string[]) =>
    q.query<{ id: number; staff_no: string }>(
      `SELECT vehicle_id AS id, staff_no FROM card_staff WHERE account_id = $1 AND staff_no = ANY($2::text[])`,
      [accountId, numbers],
    ),

  insertProfile: (q: Queryable, vehicleId: number, accountId: number, p: StaffProfile) =>
    q.query(
      `INSERT INTO card_staff (vehicle_id, account_id, staff_no, job, phone, team_id, shift_id, remark) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [vehicleId, accountId, p.staffNo, p.job, p.phone, p.teamId, p.shiftId, p.remark],
    ),

  updateProfile: (q: Queryable, vehicleId: number, p: StaffProfile) =>
    q.query(`UPDATE card_staff SET staff_no = $2, job = $3, phone = $4, team_id = $5, shift_id = $6, remark = $7 WHERE vehicle_id = $1`, [
      vehicleId,
      p.staffNo,
      p.job,
      p.phone,
      p.teamId,
      p.shiftId,
      p.remark,
    ]),

  setPhoto: (q: Queryable, vehicleId: number, bytes: Buffer, type: string) =>
    q.query(`UPDATE card_staff SET photo = $2, photo_type = $3 WHERE vehicle_id = $1`, [vehicleId, bytes, type]),

  photo: async (q: Queryable, vehicleId: number) =>
    (
      await q.query<{ photo: Buffer | Uint8Array | null; photo_type: string | null }>(
        `SELECT photo, photo_type FROM card_staff WHERE vehicle_id = $1`,
        [vehicleId],
      )
    )[0],

  openBinding: (q: Queryable, staffId: number, terminalPk: number, identifier: string, by: string) =>
    q.query(`INSERT INTO card_badge_bindings (staff_id, terminal_id, identifier, bound_by) VALUES ($1, $2, $3, $4)`, [
      staffId,
      terminalPk,
      identifier,
      by,
    ]),

  closeBinding: (q: Queryable, staffId: number, by: string) =>
    q.query(`UPDATE card_badge_bindings SET unbound_at = now(), unbound_by = $2 WHERE staff_id = $1 AND unbound_at IS NULL`, [staffId, by]),

  bindings: (q: Queryable, staffId: number) =>
    q.query<{ identifier: string; bound_at: Date; bound_by: string; unbound_at: Date | null; unbound_by: string }>(
      `SELECT identifier, bound_at, bound_by, unbound_at, unbound_by FROM card_badge_bindings WHERE staff_id = $1 ORDER BY bound_at DESC, id DESC`,
      [staffId],
    ),

  /** The import's writes, one statement each whatever the sheet's size. */
  batch: {
    /** Ids for `n` new people, taken before their rows are written so each row keeps its own. */
    newIds: async (q: Queryable, n: number) =>
      (
        await q.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('vehicles', 'id')) AS id FROM generate_series(1, $1::int)`, [
          n,
        ])
      ).map((r) => Number(r.id)),

    /** The name and badge of people already in the account. */
    current: (q: Queryable, ids: number[]) =>
      q.query<{ id: number; name: string; terminal_id: number | null; identifier: string | null }>(
        `SELECT v.id, v.name, v.terminal_id, t.identifier FROM vehicles v LEFT JOIN terminals t ON t.id = v.terminal_id WHERE v.id = ANY($1::bigint[])`,
        [ids],
      ),

    insertVehicles: (q: Queryable, accountId: number, rows: { id: number; name: string; terminalId: number | null }[]) =>
      q.query(
        `INSERT INTO vehicles (id, account_id, terminal_id, name, type)
         SELECT u.id, $1, u.terminal_id, u.name, 'badge' FROM unnest($2::bigint[], $3::bigint[], $4::text[]) AS u(id, terminal_id, name)`,
        [accountId, rows.map((r) => r.id), rows.map((r) => r.terminalId), rows.map((r) => r.name)],
      ),

    /** A row without a badge keeps the person's current one. */
    updateVehicles: (q: Queryable, rows: { id: number; name: string; terminalId: number | null }[]) =>
      q.query(
        `UPDATE vehicles v SET name = u.name, terminal_id = COALESCE(u.terminal_id, v.terminal_id)
           FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS u(id, terminal_id, name) WHERE v.id = u.id`,
        [rows.map((r) => r.id), rows.map((r) => r.terminalId), rows.map((r) => r.name)],
      ),

    insertProfiles: (q: Queryable, accountId: number, rows: { id: number; p: StaffProfile }[]) =>
      q.query(
        `INSERT INTO card_staff (vehicle_id, account_id, staff_no, job, phone, team_id, shift_id, remark)
         SELECT u.id, $1, u.staff_no, u.job, u.phone, u.team_id, u.shift_id, u.remark
           FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::text[]) AS u(id, staff_no, job, phone, team_id, shift_id, remark)`,
        [accountId, ...profileColumns(rows)],
      ),

    /** Known people from a sheet: everything it carries; their own shift (no column in the sheet) stays. */
    updateProfiles: (q: Queryable, rows: { id: number; p: StaffProfile }[]) =>
      q.query(
        `UPDATE card_staff s SET staff_no = u.staff_no, job = u.job, phone = u.phone, team_id = u.team_id, remark = u.remark
           FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::text[]) AS u(id, staff_no, job, phone, team_id, shift_id, remark)
          WHERE s.vehicle_id = u.id`,
        profileColumns(rows),
      ),

    closeBindings: (q: Queryable, staffIds: number[], by: string) =>
      q.query(
        `UPDATE card_badge_bindings SET unbound_at = now(), unbound_by = $2 WHERE staff_id = ANY($1::bigint[]) AND unbound_at IS NULL`,
        [staffIds, by],
      ),

    openBindings: (q: Queryable, rows: { staffId: number; terminalPk: number; identifier: string }[], by: string) =>
      q.query(
        `INSERT INTO card_badge_bindings (staff_id, terminal_id, identifier, bound_by)
         SELECT u.staff_id, u.terminal_id, u.identifier, $4 FROM unnest($1::bigint[], $2::bigint[], $3::text[]) AS u(staff_id, terminal_id, identifier)`,
        [rows.map((r) => r.staffId), rows.map((r) => r.terminalPk), rows.map((r) => r.identifier), by],
      ),
  },

  teams: (q: Queryable, scope: string) =>
    q.query<TeamRow>(
      `SELECT tm.id, tm.account_id, tm.parent_id, tm.name, tm.shift_id, (SELECT count(*)::int FROM card_staff s WHERE s.team_id = tm.id) AS staff_count
         FROM card_teams tm JOIN accounts a ON a.id = tm.account_id WHERE ${accountInScope('a.path', 1)} ORDER BY tm.parent_id NULLS FIRST, tm.id`,
      [scope],
    ),
};
