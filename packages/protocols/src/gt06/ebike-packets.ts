/**
 * GT06 e-bike packets: 0xF1 device status and 0x40 battery management (BMS, the WD-209 layout).
 * Layouts, units and sources: docs/protocols-ebike.md.
 */
import type { EbikeStatus } from '../ebike.ts';
import type { DeviceMessage, Result } from '../model.ts';
import { BMS_MIN_LENGTH, readBms } from '../common/bms-block.ts';
import { i16, u16 } from '../common/bytes.ts';
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
