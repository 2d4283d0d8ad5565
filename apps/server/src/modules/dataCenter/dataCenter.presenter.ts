import type { AlarmType } from '@chelian/protocols/alarms.ts';
import {
  ASSET_KINDS,
  ASSET_KIND_NAMES,
  DATA_CENTER_MOVING_KMH,
  type AssetKindCount,
  type DataCenterDay,
  type DataCenterOverview,
  type FleetNow,
} from '@chelian/contracts';
import { DAY_MS } from '@chelian/contracts/beijingTime.ts';
import { alarmTypeName } from '../../core/alarm.presenter.ts';
import type { DayRow, FleetRow } from './dataCenter.queries.ts';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The fleet's states now, from one row per vehicle. */
export function presentFleet(rows: readonly FleetRow[]): FleetNow {
  const fleet: FleetNow = { total: rows.length, online: 0, moving: 0, parked: 0, offline: 0, alarm: 0 };
  for (const r of rows) {
    if (r.alarming) fleet.alarm++;
    if (!r.online) fleet.offline++;
    else if ((r.speed ?? 0) >= DATA_CENTER_MOVING_KMH) fleet.moving++;
    else fleet.parked++;
  }
  fleet.online = fleet.moving + fleet.parked;
  return fleet;
}

/** Every kind's total, online and today's alarms (each kind once, in ASSET_KINDS order, 0 when the scope has none). */
export function presentAssetKinds(
  rows: ReadonlyArray<Pick<FleetRow, 'kind' | 'online'>>,
  alarms: ReadonlyArray<{ kind: string | null; n: number }>,
  fleetKinds: readonly string[],
): AssetKindCount[] {
  return ASSET_KINDS.map((kind) => {
    const assets = rows.filter((r) => r.kind === kind);
    return {
      kind,
      kindName: ASSET_KIND_NAMES[kind],
      total: assets.length,
      online: assets.filter((r) => r.online).length,
      alarmsToday: alarms.filter((a) => a.kind === kind).reduce((n, a) => n + a.n, 0),
      inFleet: fleetKinds.includes(kind),
    };
  });
}

/** Today's alarms by type (most first) and by hour, from counts per type and hour. */
export function presentAlarmsToday(rows: ReadonlyArray<{ type: AlarmType; hour: number; n: number }>) {
  const byType = new Map<AlarmType, number>();
  const byHour = new Array<number>(24).fill(0);
  for (const r of rows) {
    byType.set(r.type, (byType.get(r.type) ?? 0) + r.n);
    byHour[Math.min(23, Math.max(0, r.hour))] += r.n;
  }
  const types = [...byType]
    .map(([type, count]) => ({ type, typeName: alarmTypeName(type), count }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
  return { total: types.reduce((s, t) => s + t.count, 0), types, byHour };
}

/**
 * Every day of the range from its rollup row (none: zeros); today's alarms and active vehicles
 * are the live tables' (`today`), since the rollup of today runs behind. The rate is over the
 * fleet as it is now.
 */
export function presentDays(
  days: readonly string[],
  rows: readonly DayRow[],
  fleetTotal: number,
  today: { day: string; alarms: number; active: number },
): DataCenterDay[] {
  const rolled = new Map(rows.map((r) => [r.day, r]));
  return days.map((day) => {
    const r = rolled.get(day);
    const active = day === today.day ? Math.max(today.active, r?.active ?? 0) : (r?.active ?? 0);
    return {
      day,
      alarms: day === today.day ? today.alarms : (r?.alarms ?? 0),
      activeVehicles: active,
      onlineRate: fleetTotal ? round(Math.min(1, active / fleetTotal), 4) : 0,
      mileageKm: round(r?.mileage_km ?? 0, 2),
    };
  });
}

export const presentRanking = (
  rows: ReadonlyArray<{ vehicle_id: number; plate: string; name: string; km: number }>,
): DataCenterOverview['mileageRanking'] =>
  rows.map((r) => ({ vehicleId: r.vehicle_id, plate: r.plate, name: r.name, mileageKm: round(r.km, 2) }));

/** Days left are whole days, as 终端管理 counts them (0 within the last 24 hours). */
export function presentExpiring(
  e: {
    expired: number;
    soon: number;
    list: ReadonlyArray<{ vehicle_id: number | null; plate: string | null; name: string | null; identifier: string; expires_at: Date }>;
  },
  now: number,
): DataCenterOverview['expiring'] {
  return {
    expired: e.expired,
    soon: e.soon,
    list: e.list.map((r) => ({
      vehicleId: r.vehicle_id,
      plate: r.plate ?? '',
      name: r.name ?? r.plate ?? '',
      terminalId: r.identifier,
      expiresAt: r.expires_at.getTime(),
      daysLeft: Math.floor((r.expires_at.getTime() - now) / DAY_MS),
    })),
  };
}
