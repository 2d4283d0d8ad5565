/**
 * GT06 packets that carry a GPS block: 0x10 GPS, 0x12 GPS+LBS, 0x22 GPS+LBS (ACC, upload
 * mode), 0x16/0x26/0x27 and 0x32 (AZ735, SL4X in the 0x7878 form) GPS+LBS+status (the alarm
 * packets), 0x1A GPS + phone number; 0xA0 (4G) in vendor-gps-packets.ts.
 * The caller has checked the content holds the 18-byte GPS block.
 */
import { NO_ALARMS, type AlarmType } from '../alarms.ts';
import type { CellTower, DeviceMessage, Position } from '../model.ts';
import type { PositionAttributes } from '../positionAttributes.ts';
import { u32 } from '../common/bytes.ts';
import { GPS_BLOCK_LENGTH, gt06AlarmOf, readCell, readGps, readTerminalInfo, type Gt06Gps } from './blocks.ts';
import { message, type PacketContext } from './packet.ts';

type GpsPacketDecoder = (p: PacketContext) => DeviceMessage;

/** The decoder for a GPS-carrying packet type, or null for other types. */
export function gpsPackets(protocol: number): GpsPacketDecoder | null {
  switch (protocol) {
    case 0x10:
      return decodeGpsOnly;
    case 0x12:
      return decodeGpsLbs;
    case 0x22:
      return decodeGpsLbs2;
    case 0x16:
    case 0x26:
    case 0x27:
    case 0x32:
      return decodeGpsLbsStatus;
    case 0x1a:
      return decodeGpsPhone;
    default:
      return null;
  }
}

export function toPosition(p: PacketContext, g: Gt06Gps, extras: PositionAttributes): Position {
  let time = g.time;
  if (time < 0) {
    time = p.ctx.now ?? 0;
    extras.timeInvalid = true;
  }
  return {
    terminalId: p.terminalId,
    time,
    lat: g.lat,
    lon: g.lon,
    valid: g.valid,
    speedKmh: g.speedKmh,
    course: g.course,
    altitude: 0,
    satellites: g.satellites,
    alarms: NO_ALARMS,
    acc: g.acc,
    mileageKm: undefined,
    fuel: undefined,
    signal: undefined,
    extras,
  };
}

export function locationMessage(p: PacketContext, position: Position): DeviceMessage {
  const m = message(p, 'location', true);
  m.positions = [position];
  return m;
}

function decodeGpsOnly(p: PacketContext): DeviceMessage {
  const g = readGps(p.b, p.f.contentStart);
  return locationMessage(p, toPosition(p, g, { courseStatus: g.courseStatus }));
}

function decodeGpsLbs(p: PacketContext): DeviceMessage {
  const at = p.f.contentStart;
  const g = readGps(p.b, at);
  const extras: PositionAttributes = { courseStatus: g.courseStatus };
  const cell = readCell(p.b, at + GPS_BLOCK_LENGTH, p.f.contentEnd);
  if (cell) extras.cell = cell.cell;
  return locationMessage(p, toPosition(p, g, extras));
}

/** 0x22: GPS, cell, then ACC, data upload mode, re-upload flag and (some firmware) mileage. */
const decodeGpsLbs2 = (p: PacketContext): DeviceMessage => decodeGpsCellTail(p, readCell);

/**
 * A GPS block, a cell read by `cellAt`, then ACC, data upload mode, re-upload flag and (some
 * firmware) mileage in metres: 0x22 with the classic cell, 0xA0 with the 4G one.
 */
export function decodeGpsCellTail(
  p: PacketContext,
  cellAt: (b: Buffer, at: number, end: number) => { cell: CellTower; next: number } | null,
): DeviceMessage {
  const { b, f } = p;
  const g = readGps(b, f.contentStart);
  const extras: PositionAttributes = { courseStatus: g.courseStatus };
  const position = toPosition(p, g, extras);
  const cell = cellAt(b, f.contentStart + GPS_BLOCK_LENGTH, f.contentEnd);
  if (cell) {
    extras.cell = cell.cell;
    const q = cell.next;
    if (q + 3 <= f.contentEnd) {
      position.acc = b[q] !== 0;
      extras.uploadMode = b[q + 1];
      // 补传: the terminal kept this fix while out of coverage (the catalogue's one way to say it).
      if (b[q + 2] === 1) extras.blindArea = true;
    }
    if (q + 7 <= f.contentEnd) position.mileageKm = u32(b, q + 3) / 1000;
  }
  return locationMessage(p, position);
}

function lbsStride(b: Buffer, lbsAt: number, end: number): number {
  if (lbsAt >= end) return 1;
  const declared = b[lbsAt];
  if (declared === 0) return 1;
  if (lbsAt + 3 > end) return declared;
  const cellLength = b[lbsAt + 1] & 0x80 ? 9 : 8;
  return declared === cellLength ? declared + 1 : declared;
}

/**
 * 0x16/0x26/0x27: GPS, LBS length + cell, terminal information, voltage level (0-6), GSM level
 * (0-4), alarm byte, language. A packet with an alarm is an 'alarm'.
 */
function decodeGpsLbsStatus(p: PacketContext): DeviceMessage {
  const { b, f } = p;
  const at = f.contentStart;
  const g = readGps(b, at);
  const extras: PositionAttributes = { courseStatus: g.courseStatus };
  const position = toPosition(p, g, extras);
  const lbsAt = at + GPS_BLOCK_LENGTH;
  const s = lbsAt + lbsStride(b, lbsAt, f.contentEnd);
  const cell = readCell(b, lbsAt + 1, Math.min(f.contentEnd, s));
  if (cell) extras.cell = cell.cell;
  const m = message(p, 'location', true);
  if (s + 4 <= f.contentEnd) {
    const status = readTerminalInfo(b[s]);
    const alarmCode = b[s + 3];
    const alarms: AlarmType[] = [];
    const fromCode = gt06AlarmOf(alarmCode, b[s]);
    if (fromCode) alarms.push(fromCode);
    for (const a of status.alarms) if (!alarms.includes(a)) alarms.push(a);
    position.alarms = alarms;
    position.acc = status.acc;
    position.signal = b[s + 2];
    extras.terminalInfo = b[s];
    extras.voltageLevel = b[s + 1];
    extras.alarmCode = alarmCode;
    if (s + 5 <= f.contentEnd) extras.language = b[s + 4];
    m.status = { ...status, alarms, batteryLevel: b[s + 1], signal: b[s + 2] };
    if (alarms.length > 0) m.kind = 'alarm';
  }
  m.positions = [position];
  return m;
}

/** 0x1A: GPS + the phone number (21 ASCII bytes) the terminal asks about. */
function decodeGpsPhone(p: PacketContext): DeviceMessage {
  const { b, f } = p;
  const at = f.contentStart + GPS_BLOCK_LENGTH;
  const g = readGps(b, f.contentStart);
  const end = Math.min(f.contentEnd, at + 21);
  const phone = b.toString('latin1', at, end).replace(/\0+$/, '');
  return locationMessage(p, toPosition(p, g, { courseStatus: g.courseStatus, phone }));
}
