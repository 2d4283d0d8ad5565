import type { Queryable } from '../../db/types.ts';

/** What a staff import holds beyond the staff queries it shares with the single-person forms. */
export const staffImportQueries = {
  /**
   * One import of an account at a time, until the transaction ends: a second import waits, then
   * checks its sheet against what the first wrote (its new 工号 are then known people, updated)
   * instead of inserting the same 工号 again. Keyed by schema too: advisory locks are
   * database-wide, and platforms sharing a database in different schemas (the test suites) must
   * not wait on each other.
   */
  lockAccount: (q: Queryable, accountId: number) =>
    q.query(`SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || ':card-staff-import:' || $1::text, 0))`, [accountId]),
};

/** PostgreSQL's unique_violation on the account's 工号 index (card_staff_no_idx), on both engines. */
export const isStaffNoTaken = (err: unknown) =>
  (err as { code?: string }).code === '23505' &&
  String((err as { constraint?: string }).constraint ?? (err as Error).message ?? '').includes('card_staff_no_idx');
