/**
 * The WD-209 battery-management block (105 bytes) that GT06 0x40 carries, and JT/T 808 0x0900
 * type 0xF0 in our reading: the order is Traccar's MSG_BMS, the units those of the Smart Battery
 * Data Specification its fields follow (docs/protocols-ebike.md).
 */
import { implausibleBmsFields, type BmsReport } from '../ebike.ts';
import { i16, u16, u32 } from './bytes.ts';

/** Bytes up to and including the cell voltages; what follows is read when present. */
export const BMS_MIN_LENGTH = 55;
export const BMS_CELLS = 14;

/** The WD-209 BMS block at `at` (at least BMS_MIN_LENGTH bytes before `end`). */
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

/** What a sender may leave out: texts, status words and the secondary figures. */
type OptionalOnSend =
  | 'serialHex'
  | 'barcode'
  | 'batteryVersion'
  | 'manufacturer'
  | 'absoluteSocPct'
  | 'chargeIntervalH'
  | 'maxChargeIntervalH'
  | 'batteryStatus'
  | 'controllerStatus'
  | 'controllerFault';

/** A BMS report to send. */
export type BmsInput = Omit<BmsReport, 'implausible' | OptionalOnSend> & Partial<Pick<BmsReport, OptionalOnSend>>;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(n)));

/** The 105-byte block to send; figures out of range are written as the nearest value the field holds. */
export function bmsBlock(r: BmsInput): Buffer {
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
