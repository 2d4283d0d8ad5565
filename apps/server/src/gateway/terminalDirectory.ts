import type { Queryable } from '../db/types.ts';
import { identifierKey } from '../modules/terminals/identifiers.ts';
import { ingestQueries, type TerminalInfoRow } from './ingest.queries.ts';

/** What a session knows about its terminal: refreshed when an operator changes it. */
export interface TerminalInfo {
  pk: number;
  identifier: string;
  key: string;
  accountId: number | null;
  accountPath: string | null;
  enabled: boolean;
  vehicleId: number | null;
  plate: string | null;
  vehicleName: string | null;
  /** Alarm types active at the last stored position: a reconnect does not raise them again. */
  lastAlarms: string[];
}

const infoOf = (r: TerminalInfoRow): TerminalInfo => ({
  pk: r.id, identifier: r.identifier, key: identifierKey(r.identifier), accountId: r.account_id, accountPath: r.account_path,
  enabled: r.enabled, vehicleId: r.vehicle_id, plate: r.plate, vehicleName: r.vehicle_name, lastAlarms: r.active_alarms ?? [],
});

/**
 * The terminal behind an identifier. One nobody registered is recorded now, unassigned: only the
 * platform administrator sees it until someone assigns it to an account.
 */
export async function resolveTerminal(q: Queryable, protocol: string, identifier: string): Promise<TerminalInfo> {
  const key = identifierKey(identifier);
  let row = await ingestQueries.terminalInfo(q, key);
  if (!row) {
    await ingestQueries.registerUnassigned(q, identifier, key, protocol);
    row = await ingestQueries.terminalInfo(q, key);
  }
  if (!row) throw new Error(`terminal ${identifier} vanished while registering`);
  return infoOf(row);
}

/**
 * Alarm bits are levels: a terminal repeats SOS in every report while it lasts. An alarm is
 * stored when a type appears (rising edge); an alarm packet is an event and always stored.
 * Returns the alarms to store and the new active set.
 */
export function alarmEdges(active: ReadonlySet<string>, reported: readonly string[], isEvent: boolean): { raised: string[]; active: Set<string> } {
  const raised = isEvent ? [...new Set(reported)] : [...new Set(reported)].filter((a) => !active.has(a));
  return { raised, active: new Set(reported) };
}
