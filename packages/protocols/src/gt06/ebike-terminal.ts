/**
 * Terminal-side GT06 e-bike encoders (0xF1 device status, 0x40 BMS): what an e-bike tracker sends.
 * The simulator's e-bikes use them; the tests round-trip the decoders with them.
 */
import { bmsBlock, type BmsInput } from '../common/bms-block.ts';
import type { EbikeStatus } from '../ebike.ts';
import { buildGt06Frame } from './frame.ts';

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
export function encodeGt06Bms(r: BmsInput, serial: number): Buffer {
  return buildGt06Frame(0x40, bmsBlock(r), serial);
}

export type { BmsInput as Gt06BmsInput };
