/**
 * GT06 e-bike packets: 0xF1 device status and 0x40 battery management (BMS, the WD-209 layout).
 * Layouts, units and sources: docs/protocols-ebike.md.
 */
import { implausibleBmsFields, type BmsReport, type EbikeStatus } from '../ebike.ts';
import type { DeviceMessage, Result } from '../model.ts';
import { i16, u16, u32 } from '../common/bytes.ts';
import { ok } from '../common/result.ts';
import { message, short, type PacketContext } from './packet.ts';

/** 0xF1 content: armed, ACC, supply voltage, charging, charge voltage, battery temperature[, relay]. */
export const DEVICE_STATUS_LENGTH = 9;

export function decodeDeviceStatus(p: PacketContext): Result<DeviceMessage> {
  const { b, f } = p;
  const at = f.contentStart;
  const size = f.contentEnd - at;
  if (size < DEVICE_STATUS_LENGTH) return short(f, size);
  const ebike: EbikeStatus = {
    armed: b[at] !== 0,
    acc: b[at + 1] !== 0,
    supplyVolts: u16(b, at + 2) / 100,
    charging: b[at + 4] !== 0,
    chargeVolts: u16(b, at + 5) / 100,
    batteryTempC: i16(b, at + 7) / 10,
  };
  if (size > DEVICE_STATUS_LENGTH) ebike.powerCut = b[at + DEVICE_STATUS_LENGTH] !== 0;
  const m = message(p, 'status', true);
  m.ebike = ebike;
  m.status = { armed: ebike.armed, acc: ebike.acc, charging: ebike.charging, oilCut: ebike.powerCut, alarms: [] };
  return ok(m);
}

/** 0x40 content up to and including the cell voltages; what follows is read when present. */
export const BMS_MIN_LENGTH = 55;
export const BMS_CELLS = 14;

export function decodeBms(p: PacketContext): Result<DeviceMessage> {
  const { b, f } = p;
  const at = f.contentStart;
  const size = f.contentEnd - at;
  if (size < BMS_MIN_LENGTH) return short(f, size);
  const bms = readBms(b, at, f.contentEnd);
  const m = message(p, 'bms', true);
  m.bms = bms;
  return ok(m);
}

/** The WD-209 BMS block at `at` (at least BMS_MIN_LENGTH bytes before `end`). Shared with JT/T 808 0x0900. */
export function readBms(b: Buffer, at: number, end: number): BmsReport {
  const seconds = u32(b, at + 8);
  const cellsSent: number[] = [];
  for (let i = 0; i < BMS_CELLS; i++) cellsSent.push(u16(b, at + 27 + i * 2) / 1000);
  let last = cellsSent.length - 1;
  while (last >= 0 && cellsSent[last] === 0) last--;
  const has = (offset: number, length: number) => at + offset + length <= end;
  const text = (offset: number) => (has(offset, 16) ? ascii(b, at + offset, at + offset + 16) : '');
  const report: Omit<BmsReport, 'implausible'> = {
    serialHex: b.toString('hex', at, at + 8),
    time: seconds === 0 ? undefined : seconds * 1000,
    socPct: b[at + 12],
    remainingMah: u16(b, at + 13),
    absoluteSocPct: b[at + 15],
    fullMah: u16(b, at + 16),
    healthPct: b[at + 18],
    // 0.1 K with 0 °C = 273.1 K, as Traccar reads it: every step is a whole tenth of a degree.
    temperatureC: (u16(b, at + 19) - 2731) / 10,
    currentA: i16(b, at + 21) / 1000,
    voltageV: u16(b, at + 23) / 1000,
    cycles: u16(b, at + 25),
    cellVolts: cellsSent.slice(0, last + 1),
    chargeIntervalH: has(55, 2) ? u16(b, at + 55) : 0,
    maxChargeIntervalH: has(57, 2) ? u16(b, at + 57) : 0,
    barcode: text(59),
    batteryVersion: has(75, 2) ? u16(b, at + 75) : 0,
    manufacturer: text(77),
    batteryStatus: has(93, 4) ? u32(b, at + 93) : 0,
    controllerStatus: has(97, 4) ? u32(b, at + 97) : 0,
    controllerFault: has(101, 4) ? u32(b, at + 101) : 0,
  };
  return { ...report, implausible: implausibleBmsFields(report, cellsSent) };
}

/** Printable ASCII of a fixed-width text field, without its padding (NUL, space, 0xFF). */
function ascii(b: Buffer, from: number, to: number): string {
  let out = '';
  for (let i = from; i < to; i++) if (b[i] >= 0x20 && b[i] < 0x7f) out += String.fromCharCode(b[i]);
  return out.trim();
}
