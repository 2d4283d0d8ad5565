/**
 * Terminal-side GT06 e-bike encoders (0xF1 device status, 0x40 BMS): what an e-bike tracker sends.
 * The simulator's e-bikes use them; the tests round-trip the decoders with them.
 */
import type { BmsReport, EbikeStatus } from '../ebike.ts';
import { buildGt06Frame } from './frame.ts';

/** A BMS report to send. Figures out of range are written as the nearest value the field holds. */
export type Gt06BmsInput = Omit<BmsReport, 'implausible' | 'serialHex' | 'barcode' | 'batteryVersion' | 'manufacturer' | 'absoluteSocPct' | 'chargeIntervalH' | 'maxChargeIntervalH' | 'batteryStatus' | 'controllerStatus' | 'controllerFault'> &
  Partial<Pick<BmsReport, 'serialHex' | 'barcode' | 'batteryVersion' | 'manufacturer' | 'absoluteSocPct' | 'chargeIntervalH' | 'maxChargeIntervalH' | 'batteryStatus' | 'controllerStatus' | 'controllerFault'>>;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(n)));

/** 0xF1: armed, ACC, supply 1/100 V, charging, charge 1/100 V, temperature 1/10 °C, relay (power cut). */
export function encodeGt06DeviceStatus(s: EbikeStatus, serial: number): Buffer {
  const b = Buffer.alloc(10);
  b[0] = s.armed ? 1 : 0;
  b[1] = s.acc ? 1 : 0;
  b.writeUInt16BE(clamp((s.supplyVolts ?? 0) * 100, 0, 0xffff), 2);
  b[4] = s.charging ? 1 : 0;
  b.writeUInt16BE(clamp((s.chargeVolts ?? 0) * 100, 0, 0xffff), 5);
  b.writeInt16BE(clamp((s.batteryTempC ?? 0) * 10, -0x8000, 0x7fff), 7);
  b[9] = s.powerCut ? 1 : 0;
  return buildGt06Frame(0xf1, b, serial);
}

/** 0x40: the WD-209 BMS block (105 bytes), 14 cell slots (missing cells sent as 0). */
export function encodeGt06Bms(r: Gt06BmsInput, serial: number): Buffer {
  return buildGt06Frame(0x40, bmsBlock(r), serial);
}

/** The 105-byte BMS block, also carried by JT/T 808 0x0900 type 0xF0. */
export function bmsBlock(r: Gt06BmsInput): Buffer {
  const b = Buffer.alloc(105);
  b.write((r.serialHex ?? '').padStart(16, '0').slice(-16), 0, 'hex');
  b.writeUInt32BE(r.time === undefined ? 0 : Math.floor(r.time / 1000) >>> 0, 8);
  b[12] = clamp(r.socPct, 0, 255);
  b.writeUInt16BE(clamp(r.remainingMah, 0, 0xffff), 13);
  b[15] = clamp(r.absoluteSocPct ?? r.socPct, 0, 255);
  b.writeUInt16BE(clamp(r.fullMah, 0, 0xffff), 16);
  b[18] = clamp(r.healthPct, 0, 255);
  b.writeUInt16BE(clamp((r.temperatureC + 273.1) * 10, 0, 0xffff), 19);
  b.writeInt16BE(clamp(r.currentA * 1000, -0x8000, 0x7fff), 21);
  b.writeUInt16BE(clamp(r.voltageV * 1000, 0, 0xffff), 23);
  b.writeUInt16BE(clamp(r.cycles, 0, 0xffff), 25);
  for (let i = 0; i < 14; i++) b.writeUInt16BE(clamp((r.cellVolts[i] ?? 0) * 1000, 0, 0xffff), 27 + i * 2);
  b.writeUInt16BE(clamp(r.chargeIntervalH ?? 0, 0, 0xffff), 55);
  b.writeUInt16BE(clamp(r.maxChargeIntervalH ?? 0, 0, 0xffff), 57);
  b.write((r.barcode ?? '').padEnd(16, ' ').slice(0, 16), 59, 'latin1');
  b.writeUInt16BE(clamp(r.batteryVersion ?? 0, 0, 0xffff), 75);
  b.write((r.manufacturer ?? '').padEnd(16, ' ').slice(0, 16), 77, 'latin1');
  b.writeUInt32BE((r.batteryStatus ?? 0) >>> 0, 93);
  b.writeUInt32BE((r.controllerStatus ?? 0) >>> 0, 97);
  b.writeUInt32BE((r.controllerFault ?? 0) >>> 0, 101);
  return b;
}
