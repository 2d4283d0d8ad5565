import type { AttendanceStatus } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';

/** An operator's correction of one person's period on one day (the newest counts). */
export interface CorrectionRow {
  staff_id: number;
  day: string;
  period: number;
  status: AttendanceStatus;
  note: string;
  user_name: string;
}

export const attendanceQueries = {
  /** The newest correction of each person's period on each day from `from` to `to`. */
  corrections: (q: Queryable, staffIds: number[], from: string, to: string) =>
    q.query<CorrectionRow>(
      `SELECT DISTINCT ON (staff_id, day, period) staff_id, to_char(day, 'YYYY-MM-DD') AS day, period, status, note, user_name
         FROM card_attendance_corrections WHERE staff_id = ANY($1::bigint[]) AND day BETWEEN $2::date AND $3::date
        ORDER BY staff_id, day, period, id DESC`,
      [staffIds, from, to],
    ),
  addCorrection: (
    q: Queryable,
    /** status: an AttendanceStatus but 'pending', checked by the service */
    c: { staffId: number; day: string; period: number; status: string; note: string; userId: number; userName: string },
  ) =>
    q.query(
      `INSERT INTO card_attendance_corrections (staff_id, day, period, status, note, user_id, user_name) VALUES ($1, $2::date, $3, $4, $5, $6, $7)`,
      [c.staffId, c.day, c.period, c.status, c.note, c.userId, c.userName],
    ),
};
