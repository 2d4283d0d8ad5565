/**
 * Watch-protocol status figures as stored: battery %, cumulative steps and tumbles ("roll"), one row
 * of terminal_status_reports each (migration 0031). The gateway makes them from frames
 * (gateway/statusReportRows.ts); the pets' demo past is written with the same insert.
 */
import type { PositionAttributes } from '@chelian/protocols/positionAttributes.ts';
import type { Queryable } from '../db/types.ts';

export interface StatusReportRow {
  terminalPk: number;
  /** The device's time of the report when it carried one, else `receivedAt`. */
  at: number;
  receivedAt: number;
  /**
   * The frame's message type as the watch sent it (UD, UD2, LK, …, at most 16 characters): device text,
   * not a platform vocabulary, so no union — any word a watch firmware uses is stored.
   */
  kind: string;
  battery: number | null;
  steps: number | null;
  roll: number | null;
  signal: number | null;
  /** What else the report said, in the position catalogue's keys (statusWord, fix, locationSource). */
  extras: PositionAttributes;
}

export const statusReportQueries = {
  insert: async (q: Queryable, rows: readonly StatusReportRow[]) => {
    if (!rows.length) return;
    const records = rows.map((r) => ({
      terminal_id: r.terminalPk,
      at: new Date(r.at).toISOString(),
      received_at: new Date(r.receivedAt).toISOString(),
      kind: r.kind.replace(/\0/g, ''),
      battery: r.battery,
      steps: r.steps,
      roll: r.roll,
      signal: r.signal,
      extras: r.extras,
    }));
    await q.query(
      `INSERT INTO terminal_status_reports (terminal_id, at, received_at, kind, battery, steps, roll, signal, extras)
       SELECT terminal_id, at, received_at, kind, battery, steps, roll, signal, COALESCE(extras, '{}'::jsonb)
         FROM json_to_recordset($1::json) AS r(terminal_id bigint, at timestamptz, received_at timestamptz, kind text,
              battery smallint, steps bigint, roll bigint, signal smallint, extras jsonb)`,
      [JSON.stringify(records)],
    );
  },
};
