/**
 * Terminal-side GT06 encoders: what a Concox-style tracker sends. Used by the simulator to
 * act as one, and by the tests to round-trip the decoder.
 */
import type { AlarmType } from '../alarms.ts';
import type { CellTower } from '../model.ts';
import { gt06AlarmCode } from './blocks.ts';
import { buildGt06Frame } from './frame.ts';

export interface Gt06LocationInput {
  /** UTC epoch ms. */
  time: number;
  lat: number;
  lon: number;
  valid: boolean;
  speedKmh: number;
  course: number;
  satellites?: number;
  acc?: boolean;
  cell?: CellTower;
  mileageKm?: number;
  /** 0x22 only: a position stored while out of coverage, uploaded later (GPS re-upload). */
  reupload?: boolean;
}

export interface Gt06StatusInput {
  acc?: boolean;
  charging?: boolean;
  gpsTracking?: boolean;
  oilCut?: boolean;
  armed?: boolean;
  /** 0-6. */
  voltageLevel?: number;
  /** 0-4. */
  gsmSignal?: number;
}

export function encodeGt06Login(imei: string, serial: number, typeId?: number): Buffer {
  const id = Buffer.from(imei.padStart(16, '0').slice(-16), 'hex');
  const content = typeId === undefined ? id : Buffer.concat([id, Buffer.from([typeId >> 8, typeId & 0xff, 0x32, 0x01])]);
  return buildGt06Frame(0x01, content, serial);
}

function terminalInfo(s: Gt06StatusInput): number {
  return (s.armed ? 0x01 : 0) | (s.acc ? 0x02 : 0) | (s.charging ? 0x04 : 0) | (s.gpsTracking ? 0x40 : 0) | (s.oilCut ? 0x80 : 0);
}

/** 0x13 status / heartbeat. */
export function encodeGt06Heartbeat(status: Gt06StatusInput, serial: number): Buffer {
  const content = Buffer.from([terminalInfo(status), status.voltageLevel ?? 6, status.gsmSignal ?? 4, 0x00, 0x02]);
  return buildGt06Frame(0x13, content, serial);
}

function gpsBlock(x: Gt06LocationInput): Buffer {
  const b = Buffer.alloc(18);
  const d = new Date(x.time);
  b[0] = d.getUTCFullYear() - 2000;
  b[1] = d.getUTCMonth() + 1;
  b[2] = d.getUTCDate();
  b[3] = d.getUTCHours();
  b[4] = d.getUTCMinutes();
  b[5] = d.getUTCSeconds();
  b[6] = 0xc0 | Math.min(15, x.satellites ?? 0);
  b.writeUInt32BE(Math.round(Math.abs(x.lat) * 1_800_000), 7);
  b.writeUInt32BE(Math.round(Math.abs(x.lon) * 1_800_000), 11);
  b[15] = Math.max(0, Math.min(255, Math.round(x.speedKmh)));
  let flags = Math.round(x.course) & 0x03ff;
  if (x.valid) flags |= 0x1000;
  if (x.lat >= 0) flags |= 0x0400;
  if (x.lon < 0) flags |= 0x0800;
  if (x.acc !== undefined) flags |= 0x4000 | (x.acc ? 0x8000 : 0);
  b.writeUInt16BE(flags, 16);
  return b;
}

function cellBlock(cell: CellTower | undefined): Buffer {
  const c = cell ?? { mcc: 460, mnc: 0, lac: 0, cellId: 0 };
  const b = Buffer.alloc(8);
  b.writeUInt16BE(c.mcc & 0x7fff, 0);
  b[2] = c.mnc & 0xff;
  b.writeUInt16BE(c.lac & 0xffff, 3);
  b.writeUIntBE(c.cellId & 0xffffff, 5, 3);
  return b;
}

/** 0x12 (GPS + LBS) or 0x22 (GPS + LBS + ACC, upload mode, re-upload, mileage). */
export function encodeGt06Location(x: Gt06LocationInput, serial: number, protocol: 0x12 | 0x22 = 0x22): Buffer {
  const parts = [gpsBlock(x), cellBlock(x.cell)];
  if (protocol === 0x22) {
    parts.push(Buffer.from([x.acc ? 1 : 0, 0x00, x.reupload ? 1 : 0]));
    if (x.mileageKm !== undefined) {
      const m = Buffer.alloc(4);
      m.writeUInt32BE(Math.round(x.mileageKm * 1000) >>> 0, 0);
      parts.push(m);
    }
  }
  return buildGt06Frame(protocol, Buffer.concat(parts), serial);
}

/** 0x26 (or 0x16) alarm packet: GPS, LBS, terminal information, voltage, GSM, alarm byte. */
export function encodeGt06Alarm(
  x: Gt06LocationInput,
  alarm: AlarmType,
  status: Gt06StatusInput,
  serial: number,
  protocol: 0x16 | 0x26 = 0x26,
): Buffer {
  const tail = Buffer.from([
    terminalInfo({ ...status, acc: status.acc ?? x.acc }),
    status.voltageLevel ?? 6,
    status.gsmSignal ?? 4,
    gt06AlarmCode(alarm),
    0x02,
  ]);
  const content = Buffer.concat([gpsBlock({ ...x, acc: undefined }), Buffer.from([9]), cellBlock(x.cell), tail]);
  return buildGt06Frame(protocol, content, serial);
}

/** 0x15: the text answer to a 0x80 command, echoing its server flag. */
export function encodeGt06StringInfo(serverFlag: number, text: string, serial: number): Buffer {
  const t = Buffer.from(text, 'latin1');
  const head = Buffer.alloc(5);
  head[0] = (4 + t.length) & 0xff;
  head.writeUInt32BE(serverFlag >>> 0, 1);
  return buildGt06Frame(0x15, Buffer.concat([head, t, Buffer.from([0x00, 0x02])]), serial);
}

/** 0x21 in a 0x7979 frame: server flag, encoding 1 (ASCII), text. */
export function encodeGt06CommandResponse(serverFlag: number, text: string, serial: number): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(serverFlag >>> 0, 0);
  head[4] = 1;
  return buildGt06Frame(0x21, Buffer.concat([head, Buffer.from(text, 'latin1')]), serial, true);
}
