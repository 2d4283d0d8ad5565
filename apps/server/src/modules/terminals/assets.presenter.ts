import {
  ASSET_KIND_NAMES,
  SERVICE_STATES,
  isAssetKind,
  type GroupNode,
  type ServiceState,
  type Terminal,
  type TerminalRenewal,
  type Vehicle,
} from '@chelian/contracts';
import type { AuditChange } from '../../core/auditTrail.ts';
import { epochOrNull } from '../../http/timeInput.ts';
import { PROTOCOL_NAMES_ZH, isProtocol, type TerminalProtocol } from '../../core/identifiers.ts';
import { VEHICLE_TYPES, vehicleTypeOf } from './assets.ts';
import type { RenewalRow, TerminalRow } from './terminals.queries.ts';
import type { VehicleRow } from './vehicles.queries.ts';
import type { GroupRow } from './groups.queries.ts';
import { beijingWallText } from '@chelian/contracts/beijingTime.ts';

type TerminalStatus = Exclude<ServiceState, 'unbound'>;

export function terminalStatus(
  t: { enabled: boolean | null; activated_at: Date | null; service_expires_at: Date | null },
  now = Date.now(),
): TerminalStatus {
  if (t.enabled === false) return 'disabled';
  if (t.service_expires_at && t.service_expires_at.getTime() < now) return 'expired';
  return t.activated_at ? 'active' : 'unactivated';
}

const protocolName = (p: string | null) => (p && isProtocol(p) ? PROTOCOL_NAMES_ZH[p] : '');

/** A stored protocol as the contract's union. Every write checks it (isProtocol): another value is a corrupt row, said so, not passed on. */
function storedProtocol(p: string): TerminalProtocol {
  if (isProtocol(p)) return p;
  throw new Error(`terminals.protocol holds an unknown protocol: ${p}`);
}

export function presentTerminal(t: TerminalRow): Terminal {
  const status = terminalStatus(t);
  return {
    terminalId: t.identifier,
    protocol: storedProtocol(t.protocol),
    protocolName: protocolName(t.protocol),
    model: t.model,
    sim: t.sim,
    accountId: t.account_id,
    accountName: t.account_name ?? '',
    assigned: t.account_id !== null,
    enabled: t.enabled,
    status,
    statusName: SERVICE_STATES[status],
    activatedAt: epochOrNull(t.activated_at),
    serviceExpiresAt: epochOrNull(t.service_expires_at),
    online: t.online,
    lastSeenAt: epochOrNull(t.last_seen_at),
    vehicleId: t.vehicle_id,
    plate: t.plate ?? '',
    vehicleName: t.vehicle_name ?? '',
    assetKind: isAssetKind(t.asset_kind) ? t.asset_kind : '',
    assetKindName: isAssetKind(t.asset_kind) ? ASSET_KIND_NAMES[t.asset_kind] : '',
    remark: t.remark,
    created: t.created_at.getTime(),
    identityConflicts: t.identity_conflicts,
    identityConflictAt: epochOrNull(t.identity_conflict_at),
  };
}

export function presentRenewal(r: RenewalRow): TerminalRenewal {
  return {
    id: r.id,
    terminalId: r.identifier,
    months: r.months,
    previousExpiresAt: epochOrNull(r.previous_expires_at),
    expiresAt: r.expires_at.getTime(),
    userName: r.user_name,
    remark: r.remark,
    created: r.created_at.getTime(),
  };
}

export const presentRenewed = (r: { identifier: string; previous_expires_at: Date | null; expires_at: Date }) => ({
  terminalId: r.identifier,
  previousExpiresAt: epochOrNull(r.previous_expires_at),
  expiresAt: r.expires_at.getTime(),
});

/** Beijing wall-clock minutes, as an operator reads an expiry. */
const beijingMinute = (at: Date | null) => (at ? beijingWallText(at.getTime()).slice(0, 16).replace('T', ' ') : null);
/** Terminals whose expiries a renewal or activation lists in the operation log (the rest are counted). */
const AUDITED_TERMINALS = 50;

/** What a renewal or activation changed, for the operation log: each terminal's expiry before and after. */
export function serviceChange(rows: Array<{ identifier: string; previous_expires_at: Date | null; expires_at: Date }>): AuditChange {
  const field = (r: { identifier: string }) => `${r.identifier} 服务到期`;
  const shown = rows.slice(0, AUDITED_TERMINALS);
  const more = rows.length > shown.length ? { 其余设备: `${rows.length - shown.length} 台` } : {};
  return {
    objectType: '设备',
    objectId: rows.length === 1 ? rows[0].identifier : `${rows.length} 台`,
    before: Object.fromEntries(shown.map((r) => [field(r), beijingMinute(r.previous_expires_at)])),
    after: { ...Object.fromEntries(shown.map((r) => [field(r), beijingMinute(r.expires_at)])), ...more },
  };
}

export function presentVehicle(v: VehicleRow): Vehicle {
  const type = vehicleTypeOf(v.type) ?? 'vehicle';
  const status = v.terminal_pk === null ? null : terminalStatus(v);
  return {
    vehicleId: v.id,
    name: v.name,
    plate: v.plate,
    plateColor: v.plate_color,
    type,
    typeName: VEHICLE_TYPES[type],
    accountId: v.account_id,
    accountName: v.account_name,
    groupId: v.group_id,
    groupName: v.group_name ?? '',
    driver: v.driver,
    driverPhone: v.driver_phone,
    icon: v.icon,
    remark: v.remark,
    created: v.created_at.getTime(),
    terminalId: v.identifier ?? '',
    protocol: v.protocol === null ? '' : storedProtocol(v.protocol),
    protocolName: protocolName(v.protocol),
    model: v.model ?? '',
    sim: v.sim ?? '',
    online: v.online ?? false,
    terminalStatus: status ?? '',
    terminalStatusName: status ? SERVICE_STATES[status] : SERVICE_STATES.unbound,
    activatedAt: epochOrNull(v.activated_at),
    serviceExpiresAt: epochOrNull(v.service_expires_at),
    lastSeenAt: epochOrNull(v.last_seen_at),
    speedLimitKmh: v.speed_limit_kmh,
  };
}

/** Flat rows → forest; a group whose parent is not visible becomes a root. */
export function groupTree(rows: GroupRow[]): GroupNode[] {
  const nodes = new Map<number, GroupNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      name: r.name,
      parentId: r.parent_id,
      accountId: r.account_id,
      accountName: r.account_name,
      sort: r.sort,
      vehicleCount: r.vehicle_count,
      children: [],
    });
  }
  const roots: GroupNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
