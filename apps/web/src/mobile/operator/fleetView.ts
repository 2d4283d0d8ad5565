import type { LastPosition } from '@chelian/contracts';
import { vehicleState, type VehicleState } from '../../shared/vehicle/vehicleState.ts';

export type OnlineFilter = 'all' | 'online' | 'offline';

/** A phone lists this many at once; the search narrows the rest. */
export const LIST_LIMIT = 100;

export const stateOf = (p: LastPosition): VehicleState => vehicleState({ online: p.online, speed: p.speed, alarming: p.alarms.length > 0 });

/** Plate, name or terminal number containing the words typed (case and spaces ignored). */
export function matches(p: LastPosition, query: string): boolean {
  const q = query.replace(/\s+/g, '').toUpperCase();
  if (!q) return true;
  return [p.plate, p.name, p.terminalId].some((field) => field.replace(/\s+/g, '').toUpperCase().includes(q));
}

/** The rows to show: filtered, alarming first, then online, then by plate; at most LIST_LIMIT. */
export function fleetRows(
  positions: Iterable<LastPosition>,
  query: string,
  filter: OnlineFilter,
): { rows: LastPosition[]; total: number; counts: Record<OnlineFilter, number> } {
  const counts = { all: 0, online: 0, offline: 0 };
  const found: LastPosition[] = [];
  for (const p of positions) {
    if (!matches(p, query)) continue;
    counts.all++;
    counts[p.online ? 'online' : 'offline']++;
    if (filter === 'all' || (filter === 'online') === p.online) found.push(p);
  }
  const rank = (p: LastPosition) => (p.alarms.length ? 0 : p.online ? 1 : 2);
  found.sort((a, b) => rank(a) - rank(b) || (a.plate || a.terminalId).localeCompare(b.plate || b.terminalId, 'zh-CN'));
  return { rows: found.slice(0, LIST_LIMIT), total: found.length, counts };
}
