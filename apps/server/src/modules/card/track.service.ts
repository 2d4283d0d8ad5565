import { beijingMidnight, type CardTrackExtras, DAY_MS } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { inShift } from './card.presenter.ts';
import { ruleOf } from './shiftRules.ts';
import { setupQueries } from './setup.queries.ts';
import type { StaffRow } from './staff.queries.ts';
import { areasByStaff, inAreas, loadTracks } from './staffDay.ts';
import { offPostOf, stopsOf } from './stretches.ts';

/** A stay shorter than this is not a stop on the playback page. */
export const STOP_MINUTES = 5;

/** One person's stops and off-post stretches on a Beijing day, for the playback page. */
export async function trackExtras(q: Queryable, staff: StaffRow, date: string): Promise<CardTrackExtras> {
  const from = beijingMidnight(date);
  const track = (await loadTracks(q, [Number(staff.id)], from, from + DAY_MS)).get(Number(staff.id));
  if (!track) return { stops: [], offPost: [] };
  const points = track.times.map((time, i) => ({ time, lat: track.lat[i]!, lon: track.lon[i]! }));
  const rule = await ruleOf(q, staff.effective_shift_id);
  const fences = areasByStaff([staff], await setupQueries.areas(q, staff.account_path)).get(Number(staff.id)) ?? [];
  const rules = await setupQueries.rules(q, staff.account_id);
  return {
    stops: stopsOf(points, STOP_MINUTES),
    offPost: rule
      ? offPostOf(
          points,
          (p) => inAreas(fences, p.lat, p.lon),
          (t) => inShift(rule, t),
          rules.offPostMinutes,
        )
      : [],
  };
}
