import {
  ELEC_CAR_DEFAULT_SPEED_LIMIT_KMH,
  ELEC_CAR_ERRORS,
  ELEC_CAR_LIMITS,
  TERMINAL_ERRORS,
  type BikeBindForm,
  type BikeSettings,
  type BikeSettingsForm,
  type BikeUpdateForm,
} from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { terminalsQueries } from '../terminals/terminals.queries.ts';
import { createVehicle, deleteVehicles, updateVehicle } from '../terminals/vehicles.service.ts';
import { bikesQueries, type BikeProfile, type BikeRow } from './bikes.queries.ts';
import { powerOrdersQueries } from './powerOrders.queries.ts';
import { imeiFromText } from './imeiText.ts';
import { presentSettings } from './bikes.presenter.ts';

/** Published when a bike, its settings or its guard state change: engines drop what they cached. */
export const ELEC_CAR_CHANGED = 'elecCar.changed';
/** Published when a power order is made (a cut or a restore sent): the engines' order sweep looks at once. */
export const POWER_ORDER_MADE = 'elecCar.order';

/** The bike if the caller may see it; a foreign id is refused exactly like a missing one. */
export async function visibleBike(q: Queryable, user: SessionUser, bikeId: number): Promise<BikeRow> {
  const row = await bikesQueries.visible(q, terminalScope(user), bikeId);
  if (!row) throw new AppError(ELEC_CAR_ERRORS.bikeNotVisible);
  return row;
}

const clean = (s: string | undefined) => (s ?? '').trim();

function profileOf(input: Partial<BikeBindForm>, base?: BikeRow): BikeProfile {
  return {
    brand: input.brand === undefined ? (base?.brand ?? '') : clean(input.brand),
    model: input.model === undefined ? (base?.model ?? '') : clean(input.model),
    frameNo: input.frameNo === undefined ? (base?.frame_no ?? '') : clean(input.frameNo).toUpperCase(),
    motorNo: input.motorNo === undefined ? (base?.motor_no ?? '') : clean(input.motorNo).toUpperCase(),
    batteryVoltage: input.batteryVoltage ?? base?.battery_voltage ?? null,
    batteryCapacity: input.batteryCapacity ?? base?.battery_capacity ?? null,
  };
}

/**
 * Binds the terminal named by IMEI (typed or scanned) as a new e-bike. The terminal must be in
 * the caller's subtree — a foreign or unknown IMEI answers 设备不存在或无权访问 — and in no vehicle yet.
 */
export async function bindBike(db: Db, bus: Bus, user: SessionUser, input: BikeBindForm): Promise<number> {
  if (!input.imei.trim()) throw new AppError(ELEC_CAR_ERRORS.imeiMissing);
  const imei = imeiFromText(input.imei);
  if (!imei) throw new AppError(ELEC_CAR_ERRORS.imeiUnreadable);
  const [terminal] = await terminalsQueries.visibleByKeys(db, terminalScope(user), [identifierKey(imei)]);
  if (!terminal) throw new AppError(TERMINAL_ERRORS.terminalNotVisible);
  if (terminal.vehicle_id !== null) {
    throw new AppError(ELEC_CAR_ERRORS.terminalBound, {
      params: { terminalId: terminal.identifier, vehicle: terminal.plate || terminal.vehicle_name || '' },
    });
  }
  const plate = clean(input.plate).toUpperCase();
  const name = clean(input.name) || plate || `电单车${terminal.identifier.slice(-4)}`;
  const vehicleId = await createVehicle(db, bus, user, {
    type: 'ebike',
    name,
    plate,
    accountId: terminal.account_id ?? user.accountId,
    // The bike's 超速阈值 is its vehicle's limit: set with the vehicle, so 平台超速报警 judges it from the first fix.
    speedLimitKmh: ELEC_CAR_DEFAULT_SPEED_LIMIT_KMH,
    terminal: { identifier: terminal.identifier, protocol: terminal.protocol },
  });
  try {
    await bikesQueries.insertProfile(db, vehicleId, profileOf(input));
  } catch (err) {
    await deleteVehicles(db, bus, user, [vehicleId]);
    throw err;
  }
  bus.publish(ELEC_CAR_CHANGED, {});
  return vehicleId;
}

export async function updateBike(db: Db, bus: Bus, user: SessionUser, input: BikeUpdateForm): Promise<void> {
  const bike = await visibleBike(db, user, input.bikeId);
  if (input.name !== undefined || input.plate !== undefined) {
    const plate = input.plate === undefined ? undefined : clean(input.plate).toUpperCase();
    await updateVehicle(db, bus, user, bike.id, {
      name: input.name === undefined ? undefined : clean(input.name) || plate || bike.name,
      plate,
    });
  }
  await bikesQueries.updateProfile(db, bike.id, profileOf(input, bike));
}

/** Unbinds: the bike (its profile and settings) goes, its terminal stays in the account with its history. */
export async function unbindBike(db: Db, bus: Bus, user: SessionUser, bikeId: number): Promise<void> {
  const bike = await visibleBike(db, user, bikeId);
  // A cut still waiting must not reach a terminal that is no longer this owner's bike.
  if (bike.terminal_pk !== null) await powerOrdersQueries.cancelPending(db, bike.terminal_pk, '车辆已解绑，待执行的断电已取消');
  await deleteVehicles(db, bus, user, [bike.id]);
  bus.publish(ELEC_CAR_CHANGED, {});
}

const SETTING_NAMES: Record<keyof typeof ELEC_CAR_LIMITS, string> = {
  autoArmDelay: '自动设防延时（秒）',
  vibrationLevel: '震动灵敏度',
  displacementRadius: '位移半径（米）',
  overspeedKmh: '超速阈值(km/h)',
  reportInterval: '上报间隔（秒）',
};

/**
 * The settings after a change, each changed one within the vendor's range; one sent back unchanged is
 * kept as it is (a speed limit set in 车辆管理 outside 10–60, or the platform's default, does not
 * stop the other settings being saved).
 */
export function mergeSettings(current: BikeSettings, input: Omit<BikeSettingsForm, 'bikeId'>): BikeSettings {
  const next = { ...current };
  if (input.autoArm !== undefined) next.autoArm = input.autoArm;
  for (const field of Object.keys(ELEC_CAR_LIMITS) as Array<keyof typeof ELEC_CAR_LIMITS>) {
    const value = input[field];
    if (value === undefined || value === current[field]) continue;
    const [min, max] = ELEC_CAR_LIMITS[field];
    if (value < min || value > max) throw new AppError(ELEC_CAR_ERRORS.settingRange, { params: { field: SETTING_NAMES[field], min, max } });
    next[field] = value;
  }
  return next;
}

export async function saveSettings(db: Db, bus: Bus, user: SessionUser, input: BikeSettingsForm) {
  const bike = await visibleBike(db, user, input.bikeId);
  const before = presentSettings(bike);
  const after = mergeSettings(before, input);
  await bikesQueries.updateSettings(db, bike.id, after);
  // 超速阈值 is the vehicle's speed limit (超速报表's and 平台超速报警's): changed as 车辆管理 changes it, which tells the engines.
  if (after.overspeedKmh !== before.overspeedKmh) await updateVehicle(db, bus, user, bike.id, { speedLimitKmh: after.overspeedKmh });
  bus.publish(ELEC_CAR_CHANGED, {});
  return { bike, before, after };
}
