/**
 * An e-bike's state from frames other than GT06's device status (0xF1), for the terminals that
 * never send one (JT/T 808 e-bikes): their positions carry it in extras.ebike as GT06's do.
 * Pure; the session keeps the state between frames.
 */
import { BMS_PLAUSIBLE } from '@chelian/protocols';
import type { BmsReport, EbikeStatus, Position } from '@chelian/protocols/model.ts';

const within = (value: number, range: { min: number; max: number }) => value >= range.min && value <= range.max;

/** What a BMS report says of the bike: pack voltage, temperature, charging (current in); figures no real pack reports are left out. */
export function ebikeFromBms(bms: BmsReport): EbikeStatus {
  const out: EbikeStatus = {};
  if (!bms.implausible.includes('voltage') && within(bms.voltageV, BMS_PLAUSIBLE.packVolts)) out.supplyVolts = bms.voltageV;
  if (!bms.implausible.includes('temperature') && within(bms.temperatureC, BMS_PLAUSIBLE.temperatureC)) out.batteryTempC = bms.temperatureC;
  if (!bms.implausible.includes('current') && within(bms.currentA, BMS_PLAUSIBLE.currentA)) out.charging = bms.currentA > 0;
  return out;
}

/** What a JT/T 808 location says of the bike: ACC (status bit 0) and the relay that cuts the motor (bits 10/11, 油路/电路断开). */
export function ebikeFromPosition(p: Pick<Position, 'acc' | 'extras'>): EbikeStatus {
  const out: EbikeStatus = {};
  if (p.acc !== undefined) out.acc = p.acc;
  const flags = p.extras.statusFlags;
  if (Array.isArray(flags)) out.powerCut = flags.includes('oilCut') || flags.includes('circuitCut');
  return out;
}
