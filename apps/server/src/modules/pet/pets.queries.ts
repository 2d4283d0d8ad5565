import type { AlarmType } from '@chelian/protocols/alarms.ts';
import { freshestFix } from '../../core/freshestFix.ts';
import type { PET_SEX_NAMES, PET_SPECIES_NAMES } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import { sinceHandOver, sinceHandOverOf } from '../../core/handover.ts';
import { attr, type LocationSource, type PositionAttributes } from '@chelian/protocols/positionAttributes.ts';
import { accountInScope } from '../../core/accountScope.ts';

/** A pet with its collar, the collar's latest place and its newest status report. */
export interface PetRow {
  id: number;
  account_id: number;
  account_name: string;
  name: string;
  species: keyof typeof PET_SPECIES_NAMES;
  breed: string;
  sex: keyof typeof PET_SEX_NAMES;
  birthday: string | null;
  weight_kg: number | null;
  microchip: string;
  has_photo: boolean;
  step_goal: number;
  created_at: Date;
  lost_until: Date | null;
  report_seconds: number;
  terminal_pk: number | null;
  identifier: string | null;
  protocol: string | null;
  online: boolean | null;
  gps_time: Date | null;
  lat: number | null;
  lon: number | null;
  signal: number | null;
  extras: PositionAttributes | null;
  sr_at: Date | null;
  sr_battery: number | null;
  sr_signal: number | null;
  /** set when the pet is seen through family sharing only */
  shared?: boolean;
}

export interface PetProfile {
  name: string;
  species: string;
  breed: string;
  sex: string;
  birthday: string | null;
  weightKg: number | null;
  microchip: string;
  stepGoal: number;
}

const SELECT = `SELECT p.id, p.account_id, a.name AS account_name, p.name, p.species, p.breed, p.sex, to_char(p.birthday, 'YYYY-MM-DD') AS birthday,
       p.weight_kg, p.microchip, p.photo IS NOT NULL AS has_photo, p.step_goal, p.created_at, p.lost_until, p.report_seconds,
       t.id AS terminal_pk, t.identifier, t.protocol, t.online, lp.gps_time, lp.lat, lp.lon, round((lp.extras->>'${attr('signal')}')::numeric)::int AS signal, lp.extras,
       sr.at AS sr_at, sr.battery AS sr_battery, sr.signal AS sr_signal
  FROM pets p JOIN accounts a ON a.id = p.account_id
  LEFT JOIN terminals t ON t.id = p.terminal_id LEFT JOIN LATERAL ${freshestFix('t.id')} lp ON true
  LEFT JOIN LATERAL (
    SELECT r.at, r.battery, r.signal FROM terminal_status_reports r
     WHERE r.terminal_id = t.id AND r.battery IS NOT NULL AND ${sinceHandOver('t', 'r.received_at')} ORDER BY r.received_at DESC, r.id DESC LIMIT 1
  ) sr ON true`;

export const petsQueries = {
  list: (q: Queryable, scope: string) => q.query<PetRow>(`${SELECT} WHERE ${terminalInScope('a.path', 1)} ORDER BY p.id`, [scope]),

  /** Pets shared with the user by family sharing (accepted invitations), read-only. */
  sharedWith: (q: Queryable, userId: number) =>
    q.query<PetRow>(
      `${SELECT} WHERE p.id IN (SELECT m.pet_id FROM pet_members m WHERE m.user_id = $1 AND m.status = 'active') ORDER BY p.id`,
      [userId],
    ),

  /** The pet if the user is an accepted family member of it. */
  sharedOne: async (q: Queryable, userId: number, id: number) =>
    (
      await q.query<PetRow>(
        `${SELECT} WHERE p.id = $2 AND EXISTS (SELECT 1 FROM pet_members m WHERE m.pet_id = p.id AND m.user_id = $1 AND m.status = 'active')`,
        [userId, id],
      )
    )[0],

  /** The pet if the scope may see it; a foreign one is as missing as one that does not exist. */
  visible: async (q: Queryable, scope: string, id: number) =>
    (await q.query<PetRow>(`${SELECT} WHERE ${terminalInScope('a.path', 1)} AND p.id = $2`, [scope, id]))[0],

  insert: async (q: Queryable, accountId: number, userId: number, p: PetProfile) =>
    (
      await q.query<{ id: number }>(
        `INSERT INTO pets (account_id, created_by, name, species, breed, sex, birthday, weight_kg, microchip, step_goal)
       VALUES ($1, $2, $3, $4, $5, $6, $7::date, $8, $9, $10) RETURNING id`,
        [accountId, userId, p.name, p.species, p.breed, p.sex, p.birthday, p.weightKg, p.microchip, p.stepGoal],
      )
    )[0]!.id,

  update: (q: Queryable, id: number, p: PetProfile) =>
    q.query(
      `UPDATE pets SET name = $2, species = $3, breed = $4, sex = $5, birthday = $6::date, weight_kg = $7, microchip = $8, step_goal = $9 WHERE id = $1`,
      [id, p.name, p.species, p.breed, p.sex, p.birthday, p.weightKg, p.microchip, p.stepGoal],
    ),

  setPhoto: (q: Queryable, id: number, photo: string | null) => q.query('UPDATE pets SET photo = $2 WHERE id = $1', [id, photo]),
  photo: async (q: Queryable, id: number) =>
    (await q.query<{ photo: string | null }>('SELECT photo FROM pets WHERE id = $1', [id]))[0]?.photo ?? null,
  setCollar: (q: Queryable, id: number, terminalPk: number | null) =>
    q.query('UPDATE pets SET terminal_id = $2 WHERE id = $1', [id, terminalPk]),
  /** The pet a collar is bound to, if any. */
  petOfTerminal: async (q: Queryable, terminalPk: number) =>
    (await q.query<{ id: number; name: string }>('SELECT id, name FROM pets WHERE terminal_id = $1', [terminalPk]))[0],
  remove: (q: Queryable, id: number) => q.query('DELETE FROM pets WHERE id = $1', [id]),

  setLost: (q: Queryable, id: number, until: Date | null) =>
    q.query(
      'UPDATE pets SET lost_until = $2, lost_restored_at = CASE WHEN $2::timestamptz IS NULL THEN now() ELSE NULL END WHERE id = $1',
      [id, until],
    ),

  setReportSeconds: (q: Queryable, id: number, seconds: number) =>
    q.query('UPDATE pets SET report_seconds = $2 WHERE id = $1', [id, seconds]),

  /**
   * One lost mode that ran out, claimed (compare-and-set, and skipped while another jobs process
   * holds it): its collar goes back to the pet's normal interval in the same transaction.
   */
  claimOneExpiredLost: async (q: Queryable, now: Date) =>
    (
      await q.query<{ id: number; account_id: number; terminal_pk: number | null; report_seconds: number }>(
        `UPDATE pets SET lost_restored_at = $1
          WHERE id = (SELECT id FROM pets WHERE lost_restored_at IS NULL AND lost_until IS NOT NULL AND lost_until <= $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, account_id, terminal_id AS terminal_pk, report_seconds`,
        [now],
      )
    )[0],

  /** Who the revert is sent as: the pet's creator, or its account's first user. */
  revertActor: async (q: Queryable, petId: number) =>
    (
      await q.query<{ id: number; path: string }>(
        `SELECT u.id, a.path FROM pets p JOIN accounts a ON a.id = p.account_id JOIN users u ON u.id = p.created_by OR (p.created_by IS NULL AND u.account_id = p.account_id)
          WHERE p.id = $1 ORDER BY u.id LIMIT 1`,
        [petId],
      )
    )[0],

  stepReadings: (q: Queryable, terminalPk: number, from: Date, to: Date) =>
    q.query<{ at: Date; steps: string }>(
      `SELECT at, steps::text AS steps FROM terminal_status_reports
        WHERE terminal_id = $1 AND at >= $2 AND at < $3 AND steps IS NOT NULL AND ${sinceHandOverOf('terminal_id', 'at')} ORDER BY at, id`,
      [terminalPk, from, to],
    ),

  batteryTrend: (q: Queryable, terminalPk: number, from: Date) =>
    q.query<{ at: Date; battery: number }>(
      `SELECT received_at AS at, battery FROM terminal_status_reports
        WHERE terminal_id = $1 AND received_at >= $2 AND battery IS NOT NULL AND ${sinceHandOverOf('terminal_id', 'received_at')} ORDER BY received_at, id`,
      [terminalPk, from],
    ),

  /** The pet's account's path: a shared pet's alarms are read in its own account subtree. */
  accountPath: async (q: Queryable, accountId: number) =>
    (await q.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [accountId]))[0]!.path,

  /** The newest `limit` alarms of the collar received since `since`, in the scope. */
  alarms: (q: Queryable, scope: string, terminalPk: number, since: Date, limit: number) =>
    q.query<PetAlarmRow>(
      `SELECT al.id, al.type, al.alarm_time, al.lat, al.lon, al.handled FROM alarms al JOIN accounts a ON a.id = al.account_id
        WHERE al.terminal_id = $2 AND al.received_at >= $3 AND ${accountInScope('a.path', 1)}
        ORDER BY al.alarm_time DESC, al.id DESC LIMIT ${Number(limit)}`,
      [scope, terminalPk, since],
    ),

  /** The collar's fixes from `from` to `to` since its hand-over, in order, at most `limit`. */
  dayFixes: (q: Queryable, terminalPk: number, from: Date, to: Date, limit: number) =>
    q.query<{ gps_time: Date; lat: number; lon: number; source: LocationSource | null }>(
      `SELECT gps_time, lat, lon, extras->>'${attr('locationSource')}' AS source FROM positions
        WHERE terminal_id = $1 AND gps_time >= $2 AND gps_time < $3 AND NOT (lat = 0 AND lon = 0) AND ${sinceHandOverOf('terminal_id', 'gps_time')}
        ORDER BY gps_time LIMIT ${Number(limit)}`,
      [terminalPk, from, to],
    ),
};

export interface PetAlarmRow {
  id: string;
  type: AlarmType;
  alarm_time: Date;
  lat: number | null;
  lon: number | null;
  handled: boolean;
}
