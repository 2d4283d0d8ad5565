import type { Queryable } from '../../db/types.ts';
import { sinceHandOverOf } from '../../core/handover.ts';
import { attr } from '@chelian/protocols/positionAttributes.ts';

export const TREND_BUCKET_SECONDS = 300;

export const batteryTrendQueries = {
  /**
   * The pack voltage and charging flag the terminal reported (positions' extras.ebike, GT06 0xF1),
   * averaged per 5 minutes: a week is 2 016 points at most, read on the (terminal_id, gps_time) index.
   */
  buckets: (q: Queryable, terminalPk: number, start: Date, end: Date) =>
    q.query<{ bucket: Date; volts: number | null; charging: boolean | null }>(
      `SELECT to_timestamp(floor(extract(epoch FROM gps_time) / ${TREND_BUCKET_SECONDS}) * ${TREND_BUCKET_SECONDS}) AS bucket,
              avg((extras->'${attr('ebike')}'->>'supplyVolts')::float8) FILTER (WHERE jsonb_typeof(extras->'${attr('ebike')}'->'supplyVolts') = 'number') AS volts,
              bool_or((extras->'${attr('ebike')}'->>'charging')::boolean) FILTER (WHERE jsonb_typeof(extras->'${attr('ebike')}'->'charging') = 'boolean') AS charging
         FROM positions
        WHERE terminal_id = $1 AND gps_time >= $2 AND gps_time < $3 AND extras ? '${attr('ebike')}' AND ${sinceHandOverOf('terminal_id', 'gps_time')}
        GROUP BY 1 ORDER BY 1`,
      [terminalPk, start, end],
    ),
};
