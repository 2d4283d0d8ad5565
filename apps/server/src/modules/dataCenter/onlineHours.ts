import type { PresenceRow } from './dataCenter.queries.ts';

const HOUR_MS = 3_600_000;

/**
 * Vehicles online at any time within each hour of a day so far, from each terminal's state now
 * and its transitions since the day's start. A terminal with no transition today has been in its
 * present state all day; one with transitions was, before the first, the opposite of what the
 * first made it. Hours after `now` count 0.
 */
export function onlineHours(
  fleet: Iterable<{ terminal_id: number; online: boolean }>,
  events: readonly PresenceRow[],
  dayStart: number,
  now: number,
): number[] {
  const counts = new Array<number>(24).fill(0);
  const lastHour = Math.min(23, Math.floor((now - 1 - dayStart) / HOUR_MS));
  if (lastHour < 0) return counts;
  const byTerminal = new Map<number, PresenceRow[]>();
  for (const e of events) {
    const list = byTerminal.get(e.terminal_id);
    if (list) list.push(e);
    else byTerminal.set(e.terminal_id, [e]);
  }
  let allDay = 0;
  for (const v of fleet) {
    const changes = byTerminal.get(v.terminal_id);
    if (!changes) {
      if (v.online) allDay++;
      continue;
    }
    const hours = new Set<number>();
    let online = !changes[0].online;
    let since = dayStart;
    const mark = (from: number, to: number) => {
      const first = Math.floor((from - dayStart) / HOUR_MS);
      // A span that ends on the hour does not touch the next one; an instant still counts in its hour.
      const last = Math.min(lastHour, Math.floor((Math.max(from, to - 1) - dayStart) / HOUR_MS));
      for (let h = first; h <= last; h++) hours.add(h);
    };
    for (const c of changes) {
      const at = c.at.getTime();
      if (online) mark(since, at);
      online = c.online;
      since = at;
    }
    if (online) mark(since, now);
    for (const h of hours) counts[h]++;
  }
  for (let h = 0; h <= lastHour; h++) counts[h] += allDay;
  return counts;
}
