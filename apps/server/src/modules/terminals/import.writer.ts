import { TERMINAL_ERRORS } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import { parseTime } from '../../http/timeInput.ts';
import { identifierKey, normalizeIdentifier, type TerminalProtocol } from '../../core/identifiers.ts';
import { vehicleTypeOf } from './assets.ts';
import { groupsQueries } from './groups.queries.ts';
import { importQueries, type ClaimedTerminal, type ImportedTerminal, type ImportedVehicle } from './import.queries.ts';
import { makesVehicle, plateColorOf, type SheetRecord } from './sheetRows.ts';
import { protocolOf } from './terminals.service.ts';
import type { TerminalRow } from './terminals.queries.ts';

export interface WriteContext {
  /** The known terminals of the sheet by identifier key, as the checks read them in the same transaction. */
  existing: Map<string, TerminalRow>;
  defaultProtocol: TerminalProtocol | undefined;
}

/**
 * Writes checked rows into an account: new terminals, known ones claimed (stock, or moved along
 * from the caller's subtree), missing groups, then the vehicles — one statement each. Rows are
 * trusted to have passed checkRecords; a conflict with a write that slipped in since refuses the
 * whole import (the caller's transaction rolls back).
 */
export async function writeRecords(q: Queryable, accountId: number, records: SheetRecord[], ctx: WriteContext) {
  const created: ImportedTerminal[] = [];
  const claimed: ClaimedTerminal[] = [];
  const identifiers: string[] = [];
  for (const r of records) {
    if (!r.terminalId) continue;
    const key = identifierKey(r.terminalId);
    const found = ctx.existing.get(key);
    const protocol = protocolOf(r.protocol) ?? ctx.defaultProtocol ?? (found?.protocol as TerminalProtocol);
    const serviceExpiresAt = r.serviceExpiresAt ? (parseTime(r.serviceExpiresAt, '服务到期')?.toISOString() ?? null) : null;
    const remark = makesVehicle(r) ? null : (r.remark ?? null);
    if (found) {
      claimed.push({ id: found.id, protocol, model: r.model || null, sim: r.sim || null, serviceExpiresAt, remark });
      identifiers.push(found.identifier);
    } else {
      const normalized = normalizeIdentifier(protocol, r.terminalId);
      if (!normalized.ok) throw new AppError(TERMINAL_ERRORS.identifierInvalid, { params: { reason: normalized.msg } });
      created.push({
        identifier: normalized.identifier,
        identifierKey: key,
        protocol,
        model: r.model ?? '',
        sim: r.sim ?? '',
        serviceExpiresAt,
        remark: remark ?? '',
      });
      identifiers.push(normalized.identifier);
    }
  }

  const terminalIds = new Map<string, number>();
  for (const t of ctx.existing.values()) terminalIds.set(t.identifier_key, t.id);
  if (claimed.length && (await importQueries.claimTerminals(q, accountId, claimed)).length !== claimed.length) {
    throw new AppError(TERMINAL_ERRORS.importConflict);
  }
  if (created.length) {
    const inserted = await importQueries.insertTerminals(q, accountId, created);
    if (inserted.length !== created.length) throw new AppError(TERMINAL_ERRORS.importConflict);
    for (const t of inserted) terminalIds.set(t.identifier_key, t.id);
  }

  const groups = await groupIds(q, accountId, records);
  const vehicles: ImportedVehicle[] = records.filter(makesVehicle).map((r) => {
    const plate = (r.plate ?? '').toUpperCase();
    return {
      groupId: r.group ? groups.get(r.group)! : null,
      terminalId: r.terminalId ? terminalIds.get(identifierKey(r.terminalId))! : null,
      name: r.name || plate,
      plate,
      plateColor: plateColorOf(r.plateColor) ?? 0,
      type: vehicleTypeOf(r.type ?? '') ?? 'vehicle',
      driver: r.driver ?? '',
      driverPhone: r.driverPhone ?? '',
      remark: r.remark ?? '',
    };
  });
  if (vehicles.length && (await importQueries.insertVehicles(q, accountId, vehicles)).length !== vehicles.length) {
    throw new AppError(TERMINAL_ERRORS.importConflict);
  }
  return { identifiers, vehicles: vehicles.length };
}

/** Group names of the file → ids in the target account; missing groups are created at the top level. */
async function groupIds(q: Queryable, accountId: number, records: SheetRecord[]): Promise<Map<string, number>> {
  const names = [...new Set(records.map((r) => r.group).filter((g): g is string => !!g))];
  const ids = new Map<string, number>();
  if (names.length === 0) return ids;
  for (const g of await groupsQueries.byNames(q, accountId, names)) if (!ids.has(g.name)) ids.set(g.name, g.id);
  const missing = names.filter((n) => !ids.has(n));
  if (missing.length) for (const g of await importQueries.insertGroups(q, accountId, missing)) ids.set(g.name, g.id);
  return ids;
}
