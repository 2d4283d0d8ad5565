import type { Queryable } from '../db/types.ts';
import { identifierKey } from '../core/identifiers.ts';
import { RequestCoalescer } from './requestCoalescer.ts';
import { ingestQueries, type TerminalInfoRow } from './ingest.queries.ts';

/** What a session knows about its terminal: refreshed when an operator changes it. */
export interface TerminalInfo {
  pk: number;
  identifier: string;
  key: string;
  accountId: number | null;
  accountPath: string | null;
  enabled: boolean;
  /** Past it, positions are stored but not pushed live (docs/decisions.md: expired service). */
  serviceExpiresAt: Date | null;
  vehicleId: number | null;
  plate: string | null;
  vehicleName: string | null;
  /** Alarm types active at the last stored position: a reconnect does not raise them again. */
  lastAlarms: string[];
  /** The time of its newest stored fix: older reports arriving later are late for the report rollup. */
  latestAt: number | null;
}

const infoOf = (r: TerminalInfoRow): TerminalInfo => ({
  pk: r.id,
  identifier: r.identifier,
  key: r.identifier_key,
  accountId: r.account_id,
  accountPath: r.account_path,
  enabled: r.enabled,
  serviceExpiresAt: r.service_expires_at,
  vehicleId: r.vehicle_id,
  plate: r.plate,
  vehicleName: r.vehicle_name,
  lastAlarms: r.active_alarms ?? [],
  latestAt: r.latest_gps_time?.getTime() ?? null,
});

interface Lookup {
  protocol: string;
  identifier: string;
}

/**
 * The terminal behind each identifier, looked up together with the others arriving at the same
 * time (one query for a whole reconnect storm, not one per terminal). One nobody registered is
 * recorded now, unassigned: only the platform administrator sees it until someone assigns it.
 */
export class TerminalDirectory {
  private readonly lookups = new RequestCoalescer<Lookup, TerminalInfo | null>((items) => resolveTerminals(this.q, items));

  constructor(private readonly q: Queryable) {}

  async resolve(protocol: string, identifier: string): Promise<TerminalInfo> {
    const info = await this.lookups.request({ protocol, identifier });
    if (!info) throw new Error(`terminal ${identifier} vanished while registering`);
    return info;
  }
}

/** Each identifier's terminal, in order; null for one deleted between its registration and the read. */
export async function resolveTerminals(q: Queryable, items: Lookup[]): Promise<Array<TerminalInfo | null>> {
  const keys = items.map((i) => identifierKey(i.identifier));
  const found = new Map<string, TerminalInfoRow>();
  for (const r of await ingestQueries.terminalInfos(q, [...new Set(keys)])) found.set(r.identifier_key, r);
  const unknown = new Map<string, { identifier: string; key: string; protocol: string }>();
  items.forEach((item, i) => {
    if (!found.has(keys[i])) unknown.set(keys[i], { identifier: item.identifier, key: keys[i], protocol: item.protocol });
  });
  if (unknown.size) {
    await ingestQueries.registerUnassigned(q, [...unknown.values()]);
    for (const r of await ingestQueries.terminalInfos(q, [...unknown.keys()])) found.set(r.identifier_key, r);
  }
  return keys.map((key) => {
    const row = found.get(key);
    return row ? infoOf(row) : null;
  });
}

/** The alarm set of a terminal with none active: shared, since edges never mutate a set. */
export const NO_ALARMS: ReadonlySet<string> = new Set();

interface AlarmEdges {
  readonly raised: readonly string[];
  readonly active: ReadonlySet<string>;
}

const NO_EDGES: AlarmEdges = Object.freeze({ raised: Object.freeze([]), active: NO_ALARMS });

/**
 * Alarm bits are levels: a terminal repeats SOS in every report while it lasts. An alarm is
 * stored when a type appears (rising edge); an alarm packet is an event and always stored.
 * Returns the alarms to store and the new active set.
 */
export function alarmEdges(active: ReadonlySet<string>, reported: readonly string[], isEvent: boolean): AlarmEdges {
  if (!reported.length) return NO_EDGES; // nearly every report: nothing to allocate

  const raised = isEvent ? [...new Set(reported)] : [...new Set(reported)].filter((a) => !active.has(a));
  return { raised, active: new Set(reported) };
}
