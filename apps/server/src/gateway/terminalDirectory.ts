import type { Queryable } from '../db/types.ts';
import { identifierKey } from '../core/identifiers.ts';
import { RequestCoalescer } from './requestCoalescer.ts';
import { identityQueries } from './identity.queries.ts';
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
  /** When it last changed hands after speaking (migration 0044): a fix from before is a previous owner's. */
  handedOverAt: number | null;
  /** JT/T 808: the auth code issued at its last registration (null: it must register first). */
  authCode: string | null;
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
  handedOverAt: r.handed_over_at?.getTime() ?? null,
  authCode: r.auth_code,
});

interface Lookup {
  protocol: string;
  identifier: string;
  /** Record an unknown identifier as an unassigned terminal (auto-registration, docs/security.md). */
  create: boolean;
}

/** What an identifier is: a terminal, one nobody registered (`pending`: it waits in 待接入终端 already), or one blocked there. */
export type Resolved = { kind: 'terminal'; info: TerminalInfo } | { kind: 'unknown'; pending: boolean } | { kind: 'blocked' };

/**
 * The terminal behind each identifier, looked up together with the others arriving at the same
 * time (one query for a whole reconnect storm, not one per terminal). One nobody registered is
 * recorded now, unassigned, only when asked to (`create`): only the platform administrator sees it
 * until someone assigns it. A blocked identifier stays blocked whatever is asked.
 */
export class TerminalDirectory {
  private readonly lookups = new RequestCoalescer<Lookup, Resolved>((items) => resolveTerminals(this.q, items));

  constructor(private readonly q: Queryable) {}

  resolve(protocol: string, identifier: string, create = false): Promise<Resolved> {
    return this.lookups.request({ protocol, identifier, create });
  }
}

/** Each identifier's terminal, in order. */
export async function resolveTerminals(q: Queryable, items: Lookup[]): Promise<Resolved[]> {
  const keys = items.map((i) => identifierKey(i.identifier));
  const found = new Map<string, TerminalInfoRow>();
  for (const r of await ingestQueries.terminalInfos(q, [...new Set(keys)])) found.set(r.identifier_key, r);
  const missing = [...new Set(keys.filter((k) => !found.has(k)))];
  const pending = new Map<string, boolean>();
  if (missing.length) for (const r of await identityQueries.pendingOf(q, missing)) pending.set(r.identifier_key, r.blocked);
  const create = new Map<string, { identifier: string; key: string; protocol: string }>();
  items.forEach((item, i) => {
    const key = keys[i];
    if (item.create && !found.has(key) && pending.get(key) !== true)
      create.set(key, { identifier: item.identifier, key, protocol: item.protocol });
  });
  if (create.size) {
    await ingestQueries.registerUnassigned(q, [...create.values()]);
    for (const r of await ingestQueries.terminalInfos(q, [...create.keys()])) found.set(r.identifier_key, r);
  }
  return keys.map((key): Resolved => {
    const row = found.get(key);
    if (row) return { kind: 'terminal', info: infoOf(row) };
    return pending.get(key) === true ? { kind: 'blocked' } : { kind: 'unknown', pending: pending.has(key) };
  });
}

/** A fix from before the terminal last changed hands: the previous owner's (docs/security.md, "Re-assigned terminals"). */
export function beforeHandOver(t: TerminalInfo, p: { gpsTime: number }): boolean {
  return t.handedOverAt !== null && p.gpsTime < t.handedOverAt;
}
