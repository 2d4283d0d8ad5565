import {
  OVERSPEED_DEFAULT_LIMIT_KMH,
  POWER_ORDER_ACTION_NAMES,
  POWER_ORDER_STATUS_NAMES,
  type Bike,
  type BikeSettings,
  type BikeStatus,
  type PowerOrder,
} from '@chelian/contracts';
import type { BikeRow } from './bikes.queries.ts';
import type { PowerOrderRow } from './powerOrders.queries.ts';
import { percentFromVoltage, rangeKm } from './batteryEstimate.ts';
import type { PositionAttributes } from '@chelian/protocols/positionAttributes.ts';

/** The e-bike part of a position's extras (the gateway stores GT06 0xF1 there; protocols' EbikeStatus). */
interface EbikeExtras {
  armed?: boolean;
  acc?: boolean;
  powerCut?: boolean;
  charging?: boolean;
  supplyVolts?: number;
}

const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const ms = (d: Date | null) => (d ? d.getTime() : null);
const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

export function ebikeExtras(extras: PositionAttributes | null): EbikeExtras {
  const e = extras?.ebike;
  return typeof e === 'object' && e !== null ? (e as EbikeExtras) : {};
}

/** A BMS state of charge older than this no longer stands for the pack (it may have been swapped). */
const BMS_FRESH_MS = 24 * 3600_000;

/**
 * The status card. The terminal's own reports win over what the platform last commanded: the
 * latest 0xF1 status (ebike_states, or the copy on the newest position), then the platform's.
 * Battery %: the BMS's state of charge when one came within a day, else from the pack voltage.
 */
export function presentStatus(r: BikeRow, now = Date.now()): BikeStatus {
  const e = ebikeExtras(r.extras);
  const stateFirst = r.es_reported_at !== null && (r.received_at === null || r.es_reported_at >= r.received_at);
  const pick = <T>(state: T | null, extra: T | null): T | null => (stateFirst ? (state ?? extra) : (extra ?? state));
  const voltage = pick(num(r.es_supply_volts), num(e.supplyVolts));
  const bmsFresh = r.bms_soc !== null && r.bms_at !== null && now - r.bms_at.getTime() < BMS_FRESH_MS;
  const percent = bmsFresh ? r.bms_soc : percentFromVoltage(voltage, r.battery_voltage);
  const lastUpdate = Math.max(ms(r.last_seen_at) ?? 0, ms(r.received_at) ?? 0, ms(r.es_reported_at) ?? 0);
  return {
    online: r.online === true,
    fix: r.valid === true,
    armed: pick(r.es_armed, bool(e.armed)) ?? r.armed,
    acc: r.acc ?? pick(r.es_acc, bool(e.acc)),
    powerCut: pick(r.es_power_cut, bool(e.powerCut)) ?? r.power_cut,
    charging: pick(r.es_charging, bool(e.charging)),
    batteryVoltage: round1(voltage),
    batteryPercent: percent,
    rangeKm: rangeKm(percent, r.battery_voltage, r.battery_capacity),
    speed: r.speed === null ? null : round1(r.speed),
    lat: r.lat,
    lon: r.lon,
    gpsTime: ms(r.gps_time),
    lastUpdate: lastUpdate || null,
    pendingCut:
      r.pending_id === null
        ? null
        : {
            orderId: Number(r.pending_id),
            created: r.pending_created!.getTime(),
            expiresAt: r.pending_expires!.getTime(),
            userName: r.pending_user ?? '',
          },
  };
}

export function presentSettings(r: BikeRow): BikeSettings {
  return {
    autoArm: r.auto_arm,
    autoArmDelay: r.auto_arm_delay,
    vibrationLevel: r.vibration_level,
    displacementRadius: r.displacement_radius,
    // the vehicle's limit, as 超速报表 and 平台超速报警 apply it (the platform's default when it has none)
    overspeedKmh: Math.round(r.speed_limit_kmh ?? OVERSPEED_DEFAULT_LIMIT_KMH),
    reportInterval: r.report_interval,
  };
}

export function presentBike(r: BikeRow): Bike {
  return {
    bikeId: Number(r.id),
    name: r.name,
    plate: r.plate,
    terminalId: r.identifier ?? '',
    protocol: r.protocol ?? '',
    brand: r.brand,
    model: r.model,
    frameNo: r.frame_no,
    motorNo: r.motor_no,
    batteryVoltage: round1(r.battery_voltage),
    batteryCapacity: round1(r.battery_capacity),
    accountName: r.account_name,
    created: r.created_at.getTime(),
    status: presentStatus(r),
    settings: presentSettings(r),
  };
}

export function presentPowerOrder(r: PowerOrderRow): PowerOrder {
  return {
    orderId: Number(r.id),
    action: r.action,
    actionName: POWER_ORDER_ACTION_NAMES[r.action],
    status: r.status,
    statusName: POWER_ORDER_STATUS_NAMES[r.status],
    reason: r.reason,
    userName: r.user_name,
    created: r.created_at.getTime(),
    expiresAt: r.expires_at.getTime(),
    executedAt: ms(r.executed_at),
    finishedAt: ms(r.finished_at),
    speedAtRequest: round1(r.speed_at_request),
    speedAtExecution: round1(r.speed_at_execution),
  };
}
