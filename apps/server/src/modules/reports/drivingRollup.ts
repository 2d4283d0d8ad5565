import type { BeijingDay } from '@chelian/contracts/beijingTime.ts';
import type { Queryable } from '../../db/types.ts';
import { liveEpisodes } from './drivingReports.service.ts';
import { drivingRollupQueries } from './drivingRollup.queries.ts';
import type { Episode } from './overspeed.ts';
import { withoutJit } from './overspeed.queries.ts';
import type { ReportFilter } from './reports.queries.ts';

/**
 * The final pass's part for 超速报表 and ACC报表 (rollup.service.ts, in the day's transaction):
 * every overspeed episode of the day (no minimum: the report filters) with the limits that
 * applied, by the report's own rule over the day's positions, and the day's ACC switches.
 * `terminals`: only those (their positions came late). Every position counts, as for a platform
 * administrator; a tenant's report reads the days around its hand-over from the positions.
 */
export async function rollupDrivingDay(
  q: Queryable,
  day: BeijingDay,
  start: Date,
  end: Date,
  terminals?: readonly number[],
): Promise<number> {
  await drivingRollupQueries.writeAccPoints(q, day, start, end, terminals);
  await withoutJit(q);
  const all: ReportFilter = { scope: '/', isPlatformAdmin: true, vehicleId: null, groupId: null, keyword: null, from: day, to: day };
  const wholeDay = { liveStart: start, liveVehicles: [] };
  const vehicles = terminals ? await drivingRollupQueries.vehiclesOf(q, terminals) : null;
  const found: Array<[number, Episode[]]> = [];
  if (vehicles) for (const v of vehicles) found.push(...(await liveEpisodes(q, { ...all, vehicleId: Number(v.id) }, wholeDay, 0)));
  else found.push(...(await liveEpisodes(q, all, wholeDay, 0)));
  const terminalOf = new Map(
    (
      vehicles ?? (await q.query<{ id: number; terminal_id: number }>('SELECT id, terminal_id FROM vehicles WHERE terminal_id IS NOT NULL'))
    ).map((v) => [Number(v.id), Number(v.terminal_id)]),
  );
  const episodes = found.flatMap(([vehicleId, list]) => list.map((episode) => ({ terminalId: terminalOf.get(vehicleId)!, episode })));
  await drivingRollupQueries.writeOverspeed(q, day, episodes, terminals);
  return episodes.length;
}
