/**
 * GPS packets of later GT06 firmware whose layout differs from the classic block + 8-byte cell:
 *  - 0xA0 (4G: Jimi JM-VL03, GK310): GPS block, MCC, MNC (2 bytes when MCC bit 15 is set),
 *    LAC in 4 bytes, cell id in 8 bytes, then ACC, upload mode, re-upload flag, mileage (m);
 *  - 0x32 in the 0x7979 form (AZ735): date, a GPS length byte (0: no fix follows), the GPS
 *    fields, an LBS block with its length and RSSI, further cells and Wi-Fi (skipped by their
 *    lengths), a status byte and a reserved extension. Told apart from the classic 0x32 layout
 *    (GPS + LBS + status, as 0x16) by its lengths chaining exactly to the end of the content.
 * Traccar Gt06ProtocolDecoder (MSG_GPS_LBS_7, MSG_AZ735_GPS); fcode09/jimi-vl103m.
 */
import type { CellTower, DeviceMessage } from '../model.ts';
import type { PositionAttributes } from '../positionAttributes.ts';
import { u16, u32 } from '../common/bytes.ts';
import { utcMillis } from '../common/time.ts';
import { GPS_BLOCK_LENGTH, readGps, type Gt06Gps } from './blocks.ts';
import { decodeGpsCellTail, locationMessage, toPosition } from './gps-packets.ts';
import { message, type PacketContext } from './packet.ts';

/** MCC, MNC, LAC(4), cell id(8) at `at`; null when it does not fit before `end`. */
export function readCell4g(b: Buffer, at: number, end: number): { cell: CellTower; next: number } | null {
  if (at + 2 > end) return null;
  const mccWord = u16(b, at);
  const wideMnc = (mccWord & 0x8000) !== 0;
  const p = at + (wideMnc ? 4 : 3);
  if (p + 12 > end) return null;
  const mnc = wideMnc ? u16(b, at + 2) : b[at + 2];
  // 8-byte cell ids: LTE and NR ids fit well below 2^53.
  const cellId = u32(b, p + 4) * 0x1_0000_0000 + u32(b, p + 8);
  return { cell: { mcc: mccWord & 0x7fff, mnc, lac: u32(b, p), cellId }, next: p + 12 };
}

/** 0xA0: GPS block, 4G cell, ACC, upload mode, re-upload, mileage in metres. */
export const decodeGpsLbs4g = (p: PacketContext): DeviceMessage => decodeGpsCellTail(p, readCell4g);

interface Az735Layout {
  /** Offset of the GPS fields after the length byte, or -1 when the packet has no fix. */
  gpsAt: number;
  lbsAt: number;
  lbsLength: number;
  statusAt: number;
}

/** Where the AZ735 fields are, or null when the content does not chain to its end that way. */
function az735Layout(b: Buffer, at: number, end: number): Az735Layout | null {
  if (at + 7 > end) return null;
  const gpsLength = b[at + 6];
  if (gpsLength !== 0 && gpsLength !== 12) return null;
  const gpsAt = gpsLength ? at + 7 : -1;
  const lbsAt = at + 7 + gpsLength;
  if (lbsAt >= end) return null;
  const lbsLength = b[lbsAt];
  let q = lbsAt + 1 + lbsLength;
  for (let i = 0; i < 2; i++) {
    if (q >= end) return null;
    q += 1 + b[q]; // further cells, then Wi-Fi
  }
  const statusAt = q;
  if (statusAt + 2 > end) return null;
  return statusAt + 2 + b[statusAt + 1] === end ? { gpsAt, lbsAt, lbsLength, statusAt } : null;
}

/** Decodes an AZ735 0x32 packet (0x7979 form), or returns null when the layout does not fit. */
export function decodeAz735Gps(p: PacketContext): DeviceMessage | null {
  const { b, f } = p;
  const at = f.contentStart;
  const layout = az735Layout(b, at, f.contentEnd);
  if (!layout) return null;
  const extras: PositionAttributes = { status: b[layout.statusAt] };
  if (layout.lbsLength >= 9) {
    const mccWord = u16(b, layout.lbsAt + 1);
    const wide = (mccWord & 0x8000) !== 0;
    const q = layout.lbsAt + 1 + (wide ? 4 : 3);
    if (q + 5 <= layout.lbsAt + 1 + layout.lbsLength) {
      const mnc = wide ? u16(b, layout.lbsAt + 3) : b[layout.lbsAt + 3];
      extras.cell = { mcc: mccWord & 0x7fff, mnc, lac: u16(b, q), cellId: (b[q + 2] << 16) | (b[q + 3] << 8) | b[q + 4] };
    }
  }
  if (layout.gpsAt < 0) {
    // No fix: the terminal's state without a place (an alarm would be placed at its last fix).
    const m = message(p, 'lbs', true);
    m.detail = { ...extras, time: dateOf(b, at) };
    return m;
  }
  // The GPS fields are the classic block without its date: rebuild the block's view in place.
  const g: Gt06Gps = readGps(gpsView(b, at, layout.gpsAt), 0);
  extras.courseStatus = g.courseStatus;
  return locationMessage(p, toPosition(p, g, extras));
}

const GPS_SCRATCH = Buffer.alloc(GPS_BLOCK_LENGTH);

/** Date (6 bytes at `dateAt`) + the 12 GPS bytes at `gpsAt`, as one classic GPS block. */
function gpsView(b: Buffer, dateAt: number, gpsAt: number): Buffer {
  b.copy(GPS_SCRATCH, 0, dateAt, dateAt + 6);
  b.copy(GPS_SCRATCH, 6, gpsAt, gpsAt + 12);
  return GPS_SCRATCH;
}

function dateOf(b: Buffer, at: number): number | undefined {
  const t = utcMillis(2000 + b[at], b[at + 1], b[at + 2], b[at + 3], b[at + 4], b[at + 5]);
  return t >= 0 ? t : undefined;
}
