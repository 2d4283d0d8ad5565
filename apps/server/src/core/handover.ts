/**
 * The hand-over rule (docs/security.md, "Re-assigned terminals"): what a terminal said before it
 * last changed hands (`terminals.handed_over_at`, set by migration 0044's trigger when a terminal
 * that had spoken moves to another account or to stock) is not its current owner's. The hand-over
 * clears the terminal's current state; queries that read its history or reports for its owner put
 * one of these in their WHERE clause. NULL: it never changed hands after speaking.
 *
 * The car reports and playback cut at `assigned_at` (stricter: also what a terminal put in its first
 * account reported with a clock from before it); see docs/reports.md.
 */

/** With the terminals row joined as `terminal`: `at` (a timestamptz column) is from after the hand-over. */
export function sinceHandOver(terminal: string, at: string): string {
  return `(${terminal}.handed_over_at IS NULL OR ${at} >= ${terminal}.handed_over_at)`;
}

/** The same without the terminals row joined: `terminalId` is the column naming the terminal. */
export function sinceHandOverOf(terminalId: string, at: string): string {
  return `NOT EXISTS (SELECT 1 FROM terminals ho WHERE ho.id = ${terminalId} AND ho.handed_over_at > ${at})`;
}
