import { LOW_BATTERY_PERCENT, PET_ERRORS, type PetActivity, type PetBattery } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import { dailyActivity } from './dailyActivity.ts';
import { petsQueries, type PetRow } from './pets.queries.ts';
import { beijingDayOf, beijingDayStart, beijingWallText, DAY_MS } from '@chelian/contracts/beijingTime.ts';

/** Below this % the page reminds to charge (the watch's own low-battery alarm is at 20 %). */
export const PET_CHARGE_REMIND_BELOW = LOW_BATTERY_PERCENT;

/** The Beijing days ending at `endDate` (default today), with their steps, active and rest minutes. */
export async function petActivity(q: Queryable, pet: PetRow, endDate: string | undefined, dayCount = 7): Promise<PetActivity> {
  const end = beijingDayStart(endDate || beijingDayOf(Date.now()));
  if (!Number.isFinite(end)) throw new AppError(PET_ERRORS.badValue, { params: { field: '结束日期' } });
  const from = end - (dayCount - 1) * DAY_MS;
  const to = end + DAY_MS;
  const names = Array.from({ length: dayCount }, (_, i) => beijingWallText(from + i * DAY_MS).slice(0, 10));
  let days = new Map<string, ReturnType<typeof dailyActivity> extends Map<string, infer D> ? D : never>();
  if (pet.terminal_pk !== null) {
    // One reading before the span is the first day's baseline.
    const rows = await petsQueries.stepReadings(q, Number(pet.terminal_pk), new Date(from - DAY_MS), new Date(to));
    days = dailyActivity(rows.map((r) => ({ at: r.at.getTime(), steps: Number(r.steps) })));
  }
  return {
    goal: pet.step_goal,
    days: names.map((day) => days.get(day) ?? { day, steps: 0, activeMinutes: 0, restMinutes: 0, resets: 0, ignored: 0 }),
  };
}

/** The battery over the last hours; the drain rate from the newest fall (since the last charge). */
export async function petBattery(q: Queryable, pet: PetRow, hours = 24): Promise<PetBattery> {
  const rows =
    pet.terminal_pk === null ? [] : await petsQueries.batteryTrend(q, Number(pet.terminal_pk), new Date(Date.now() - hours * 3_600_000));
  const trend = rows.map((r) => ({ time: r.at.getTime(), battery: r.battery }));
  let drainPerHour: number | null = null;
  let hoursLeft: number | null = null;
  // From the newest low point back to where the level last rose.
  let start = trend.length - 1;
  while (start > 0 && trend[start - 1]!.battery >= trend[start]!.battery) start--;
  const first = trend[start];
  const last = trend[trend.length - 1];
  if (first && last && last.time - first.time >= 30 * 60_000 && first.battery > last.battery) {
    drainPerHour = Math.round(((first.battery - last.battery) / ((last.time - first.time) / 3_600_000)) * 10) / 10;
    hoursLeft = Math.round((last.battery / drainPerHour) * 10) / 10;
  }
  return { trend, drainPerHour, hoursLeft, remindBelow: PET_CHARGE_REMIND_BELOW };
}
