import {
  ELEC_LEASE_ERRORS,
  LEASE_SETTABLE_VEHICLE_STATES,
  LEASE_VEHICLE_STATES,
  type InputOf,
  type LeaseVehicle,
  type elecLeaseEndpoints,
} from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { bindBike, unbindBike, updateBike } from '../elecCar/bikes.service.ts';
import { bikesQueries, type BikeRow } from '../elecCar/bikes.queries.ts';
import { imeiFromText } from '../elecCar/imeiText.ts';
import { terminalsQueries } from '../terminals/terminals.queries.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { presentStatus } from '../elecCar/bikes.presenter.ts';
import { operatorQueries } from './operator.queries.ts';
import { leaseVehiclesQueries, type LeaseVehicleRow } from './vehicles.queries.ts';
import { clean, found, ms } from './rowHelpers.ts';

export const visibleLeaseVehicle = async (db: Db, user: SessionUser, id: number) =>
  found(await leaseVehiclesQueries.visible(db, user.accountPath, id));

/** Rows with their 电单车卫士 part (terminal, live position, battery) read in one query. */
export async function presentLeaseVehicles(db: Db, rows: LeaseVehicleRow[]): Promise<LeaseVehicle[]> {
  const bikes = new Map(
    (
      await bikesQueries.byIds(
        db,
        rows.map((r) => r.vehicle_id),
      )
    ).map((b) => [Number(b.id), b]),
  );
  return rows.flatMap((r) => {
    const b = bikes.get(Number(r.vehicle_id));
    if (!b) return [];
    return [
      {
        vehicleId: Number(r.vehicle_id),
        code: r.code,
        plate: b.plate,
        terminalId: b.identifier ?? '',
        frameNo: b.frame_no,
        model: b.model,
        batteryModel: r.battery_model,
        batteryVoltage: b.battery_voltage,
        batteryCapacity: b.battery_capacity,
        storeId: r.store_id === null ? null : Number(r.store_id),
        storeName: r.store_name ?? '',
        state: r.state,
        stateName: LEASE_VEHICLE_STATES[r.state as keyof typeof LEASE_VEHICLE_STATES] ?? r.state,
        outOfArea: r.out_of_area,
        contractId: r.contract_id === null ? null : Number(r.contract_id),
        contractNo: r.contract_no ?? '',
        riderName: r.rider_name ?? '',
        status: presentStatus(b),
        created: ms(r.created_at)!,
      },
    ];
  });
}

async function storeOf(db: Db, user: SessionUser, storeId: number | undefined): Promise<number | null> {
  if (!storeId) return null;
  return Number(found(await operatorQueries.store(db, user.accountPath, storeId)).id);
}

type AddForm = InputOf<typeof elecLeaseEndpoints.addVehicle>;
type UpdateForm = InputOf<typeof elecLeaseEndpoints.updateVehicle>;

/** The 电单车卫士 bike already on the IMEI's terminal, if the caller may see one (a car's terminal is none). */
async function bikeOnTerminal(db: Db, user: SessionUser, imeiText: string): Promise<BikeRow | null> {
  const imei = imeiFromText(imeiText);
  if (!imei) return null; // bindBike says what is wrong with it
  const [terminal] = await terminalsQueries.visibleByKeys(db, terminalScope(user), [identifierKey(imei)]);
  if (!terminal || terminal.vehicle_id === null) return null;
  return (await bikesQueries.visible(db, terminalScope(user), Number(terminal.vehicle_id))) ?? null;
}

const given = (s: string | undefined) => (s?.trim() ? s : undefined);

/**
 * A rental bike is an 电单车卫士 bike plus its code and store. A terminal not in a vehicle yet is
 * bound as a new bike (by IMEI, in the caller's subtree); a terminal that already is an
 * 电单车卫士 bike is rented out as that bike — its history, alarms and guard settings stay, and
 * what the form fills in (plate, model, frame number, battery) is written to it.
 */
export async function addLeaseVehicle(db: Db, bus: Bus, user: SessionUser, input: AddForm): Promise<number> {
  const code = clean(input.code).toUpperCase();
  if (!code) throw new AppError(ELEC_LEASE_ERRORS.codeMissing);
  const storeId = await storeOf(db, user, input.storeId);
  if (await leaseVehiclesQueries.codeTaken(db, user.accountId, code, null))
    throw new AppError(ELEC_LEASE_ERRORS.codeTaken, { params: { code } });
  const bike = await bikeOnTerminal(db, user, input.imei);
  if (bike) {
    const leasedAs = await leaseVehiclesQueries.codeOf(db, bike.id);
    if (leasedAs !== null)
      throw new AppError(ELEC_LEASE_ERRORS.alreadyLeased, { params: { terminalId: bike.identifier ?? '', code: leasedAs } });
  }
  const vehicleId = bike
    ? Number(bike.id)
    : await bindBike(db, bus, user, {
        imei: input.imei,
        plate: input.plate,
        name: code,
        model: input.model,
        frameNo: input.frameNo,
        batteryVoltage: input.batteryVoltage,
        batteryCapacity: input.batteryCapacity,
      });
  const accountId = Number(bike ? bike.account_id : (await bikesQueries.byIds(db, [vehicleId]))[0]!.account_id);
  try {
    if (await leaseVehiclesQueries.codeTaken(db, accountId, code, null))
      throw new AppError(ELEC_LEASE_ERRORS.codeTaken, { params: { code } });
    if (bike)
      await updateBike(db, bus, user, {
        bikeId: vehicleId,
        plate: given(input.plate),
        model: given(input.model),
        frameNo: given(input.frameNo),
        batteryVoltage: input.batteryVoltage,
        batteryCapacity: input.batteryCapacity,
      });
    await leaseVehiclesQueries.insert(db, { vehicleId, accountId, code, storeId, batteryModel: clean(input.batteryModel) });
  } catch (err) {
    if (!bike) await unbindBike(db, bus, user, vehicleId); // a bike taken as it was stays as it was
    throw err;
  }
  return vehicleId;
}

/** Edits; the state may be set by hand to available, repair or lost — rented follows the contracts. */
export async function updateLeaseVehicle(db: Db, bus: Bus, user: SessionUser, input: UpdateForm): Promise<void> {
  const v = await visibleLeaseVehicle(db, user, input.vehicleId);
  const code = input.code === undefined ? v.code : clean(input.code).toUpperCase();
  if (!code) throw new AppError(ELEC_LEASE_ERRORS.codeMissing);
  if (code !== v.code && (await leaseVehiclesQueries.codeTaken(db, v.account_id, code, v.vehicle_id)))
    throw new AppError(ELEC_LEASE_ERRORS.codeTaken, { params: { code } });
  let state = v.state;
  if (input.state !== undefined && input.state !== v.state) {
    const settable = oneOfOrRefuse(LEASE_SETTABLE_VEHICLE_STATES, input.state, ELEC_LEASE_ERRORS.stateUnknown, 'state');
    if (v.contract_id !== null) throw new AppError(ELEC_LEASE_ERRORS.vehicleRented, { params: { code: v.code, action: '修改状态' } });
    state = settable;
  }
  const storeId = input.storeId === undefined ? v.store_id : await storeOf(db, user, input.storeId || undefined);
  await updateBike(db, bus, user, { bikeId: v.vehicle_id, plate: input.plate, name: code, model: input.model, frameNo: input.frameNo });
  await leaseVehiclesQueries.update(db, v.vehicle_id, {
    code,
    storeId,
    batteryModel: input.batteryModel === undefined ? v.battery_model : clean(input.batteryModel),
    state,
  });
}

/**
 * Takes a bike out of 电单车租赁. The bike itself stays an 电单车卫士 bike with its terminal, history
 * and guard: it may have been one before it was rented out, and nothing of another product's is
 * deleted from here (电单车卫士 unbinds it when the operator wants it gone).
 */
export async function deleteLeaseVehicle(db: Db, _bus: Bus, user: SessionUser, id: number): Promise<void> {
  const v = await visibleLeaseVehicle(db, user, id);
  if (v.contract_id !== null) throw new AppError(ELEC_LEASE_ERRORS.vehicleRented, { params: { code: v.code, action: '删除' } });
  if (await leaseVehiclesQueries.hasContracts(db, v.vehicle_id))
    throw new AppError(ELEC_LEASE_ERRORS.vehicleHasContracts, { params: { code: v.code } });
  await leaseVehiclesQueries.remove(db, v.vehicle_id);
}
