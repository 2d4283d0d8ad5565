import { addDays, beijingDayOf, beijingDayStart } from '@chelian/contracts/beijingTime.ts';

/**
 * ACC (ignition) periods of one vehicle from its reports of the ACC state (pure: the queries read
 * them). Rules (docs/reports.md): a state holds from the report that first gave it until the
 * report that gives the other one, whatever the silence between them (as Traccar's engine
 * hours); the last one holds until the last report read and is then *open*. The periods are cut
 * to the requested span and split at every Beijing midnight, so each row lies within one day.
 */

/** A report of the ACC state, in time order. */
export interface AccFix {
  at: number;
  acc: boolean;
}

export interface AccPeriod {
  day: string;
  acc: boolean;
  startAt: number;
  endAt: number;
  open: boolean;
  /** began at a report of the state within the span (not carried over from before it or from the day before) */
  switched: boolean;
}

/**
 * `before` is the vehicle's last report before the span (the state it entered the span with),
 * `fixes` its reports within [start, end), `after` its first report from `end` on.
 */
export function accPeriods(before: AccFix | null, fixes: readonly AccFix[], after: AccFix | null, start: number, end: number): AccPeriod[] {
  const all = [...(before ? [before] : []), ...fixes, ...(after ? [after] : [])];
  if (fixes.length === 0 && !(before && after)) return [];
  // Runs of one state: [from, to), the last one to the last report read.
  const runs: Array<{ acc: boolean; from: number; to: number; open: boolean }> = [];
  for (const fix of all) {
    const run = runs.at(-1);
    if (run && run.acc === fix.acc) continue;
    if (run) run.to = fix.at;
    runs.push({ acc: fix.acc, from: fix.at, to: fix.at, open: false });
  }
  const last = runs.at(-1)!;
  last.to = all.at(-1)!.at;
  last.open = after === null;

  const periods: AccPeriod[] = [];
  for (const run of runs) {
    const from = Math.max(run.from, start);
    const to = Math.min(run.to, end);
    if (to < from || (to === from && !(run.open && run.from >= start))) continue;
    // Split at each Beijing midnight inside [from, to).
    for (let s = from; ;) {
      const day = beijingDayOf(s);
      const midnight = beijingDayStart(addDays(day, 1));
      const e = Math.min(to, midnight);
      periods.push({ day, acc: run.acc, startAt: s, endAt: e, open: run.open && e === to, switched: s === run.from });
      if (e >= to) break;
      s = e;
    }
  }
  return periods;
}
