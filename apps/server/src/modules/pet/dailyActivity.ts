/**
 * Daily steps, active and rest minutes from a collar's cumulative counter (docs/pet.md):
 *  - readings are taken in device-time order (late or out-of-order uploads are sorted in);
 *  - each step between two readings is the difference, credited to the Beijing day of the later one;
 *  - a counter that goes backwards was reset (by the collar at midnight, a reboot, a new battery):
 *    the new reading counts from 0, so its whole value is credited; a reset within one Beijing day
 *    is counted in `resets` (the page marks the day 清零), the collar's own one across midnight not;
 *  - a rise above MAX_STEPS_PER_HOUR × the hours between (at least one hour's worth) is
 *    implausible: it is ignored, and the counter is measured on from the old value — unless the
 *    next reading continues plausibly from the jump, which then becomes the new baseline (0 credited);
 *  - between readings at most MAX_GAP_MINUTES apart, a stretch is active when it averaged at least
 *    ACTIVE_STEPS_PER_MINUTE, else rest; longer gaps (collar off, asleep) count as neither. A stretch
 *    across Beijing midnight gives each day its own minutes (a day's active + rest is at most 1 440).
 */
import { BEIJING_OFFSET_MS, beijingDayOf, DAY_MS } from '@chelian/contracts/beijingTime.ts';

export const MAX_STEPS_PER_HOUR = 50_000;
export const ACTIVE_STEPS_PER_MINUTE = 10;
export const MAX_GAP_MINUTES = 60;

export interface StepReading {
  at: number;
  steps: number;
}

export interface DayActivity {
  day: string;
  steps: number;
  activeMinutes: number;
  restMinutes: number;
  resets: number;
  ignored: number;
}

const credit = (d: DayActivity, minutes: number, active: boolean) => {
  if (active) d.activeMinutes += minutes;
  else d.restMinutes += minutes;
};

const plausible = (delta: number, ms: number) => delta <= MAX_STEPS_PER_HOUR * Math.max(1, ms / 3_600_000);

export function dailyActivity(readings: readonly StepReading[]): Map<string, DayActivity> {
  const days = new Map<string, DayActivity>();
  // Readings come in day runs: the day's text is made once per run, not per reading.
  let lastIndex = NaN;
  let last: DayActivity | undefined;
  const dayAt = (at: number) => {
    const key = beijingDayOf(at);
    let d = days.get(key);
    if (!d) days.set(key, (d = { day: key, steps: 0, activeMinutes: 0, restMinutes: 0, resets: 0, ignored: 0 }));
    return d;
  };
  const dayOf = (at: number) => {
    const index = Math.floor((at + BEIJING_OFFSET_MS) / DAY_MS);
    if (index === lastIndex) return last!;
    lastIndex = index;
    return (last = dayAt(at));
  };
  const sorted = readings.filter((r) => Number.isFinite(r.steps) && r.steps >= 0 && Number.isFinite(r.at)).sort((a, b) => a.at - b.at);
  let prev: StepReading | null = null;
  let jump: StepReading | null = null;
  for (const cur of sorted) {
    const d = dayOf(cur.at);
    if (!prev) {
      prev = cur;
      continue;
    }
    if (jump && cur.steps >= jump.steps && plausible(cur.steps - jump.steps, cur.at - jump.at)) {
      prev = jump; // the jump was real (a new collar, a counter set on purpose): measure on from it
    }
    jump = null;
    const ms = cur.at - prev.at;
    let delta: number;
    if (cur.steps < prev.steps) {
      delta = cur.steps;
      if (Math.floor((prev.at + BEIJING_OFFSET_MS) / DAY_MS) === lastIndex) d.resets++;
    } else delta = cur.steps - prev.steps;
    if (!plausible(delta, ms)) {
      d.ignored++;
      jump = cur;
      continue;
    }
    d.steps += delta;
    const minutes = ms / 60_000;
    if (minutes > 0 && minutes <= MAX_GAP_MINUTES) {
      // Summed unrounded: a collar reporting every 15 s (lost mode) adds quarter minutes.
      const active = delta / minutes >= ACTIVE_STEPS_PER_MINUTE;
      const midnight = lastIndex * DAY_MS - BEIJING_OFFSET_MS;
      const before = prev.at < midnight ? (midnight - prev.at) / 60_000 : 0;
      credit(d, minutes - before, active);
      if (before > 0) credit(dayAt(prev.at), before, active);
    }
    prev = cur;
  }
  for (const d of days.values()) {
    d.activeMinutes = Math.round(d.activeMinutes);
    d.restMinutes = Math.round(d.restMinutes);
  }
  return days;
}
