import { GB_BATTERY_TYPES, GB_STATES, GB_USE_TYPES, type GbBike } from '@chelian/contracts';
import type { GbBikeRow } from './gbBikes.queries.ts';
import { complianceIssues } from './gbFields.ts';

const nameOf = <T extends Record<string, string>>(names: T, key: string) => (names as Record<string, string>)[key] ?? key;

export function presentGbBike(r: GbBikeRow): GbBike {
  return {
    bikeId: Number(r.id),
    bikeCode: r.bike_code,
    plate: r.plate,
    frameNo: r.frame_no,
    motorNo: r.motor_no,
    brand: r.brand,
    model: r.model,
    cccCert: r.ccc_cert,
    batteryType: r.battery_type,
    batteryTypeName: nameOf(GB_BATTERY_TYPES, r.battery_type),
    batteryCapacity: r.battery_capacity,
    batteryVoltage: r.battery_voltage,
    batteryCode: r.battery_code,
    chargerCode: r.charger_code,
    terminalId: r.identifier ?? '',
    iccid: r.iccid,
    ownerName: r.owner_name,
    ownerPhone: r.owner_phone,
    ownerIdNo: r.owner_id_no,
    useType: r.use_type,
    useTypeName: nameOf(GB_USE_TYPES, r.use_type),
    positioningConsent: r.positioning_consent,
    state: r.state,
    stateName: nameOf(GB_STATES, r.state),
    issues: complianceIssues(r),
    online: r.online === true,
    accountName: r.account_name,
    created: r.created_at.getTime(),
    updated: r.updated_at.getTime(),
  };
}

export const useTypeName = (key: string) => nameOf(GB_USE_TYPES, key);
export const stateName = (key: string) => nameOf(GB_STATES, key);
