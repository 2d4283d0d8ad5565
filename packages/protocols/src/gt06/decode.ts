/**
 * GT06 frame → normalized messages. Packets after login carry no IMEI: the caller passes the
 * session's `ctx.terminalId`. Times are UTC. Replies echo protocol number and serial.
 */
import type { DecodeContext, DecodeResult, DeviceMessage, Result } from '../model.ts';
import { fail, ok } from '../common/result.ts';
import { readGt06Frame, type Gt06Frame } from './frame.ts';
import { GPS_BLOCK_LENGTH, readCell, readTerminalInfo } from './blocks.ts';
import { decodeBms, decodeDeviceStatus } from './ebike-packets.ts';
import { decodeAttendance, decodeBluetoothClock } from './badge-packets.ts';
import { message, short, type PacketContext } from './packet.ts';
import {
  decodeCommandResponse,
  decodeInfoTransfer,
  decodeLbsMultiple,
  decodeLogin,
  decodeServerCommand,
  decodeStatus,
  decodeStringInfo,
  decodeTimeRequest,
  gpsPackets,
} from './packets.ts';
import { decodeAz735Gps, decodeGpsLbs4g } from './vendor-gps-packets.ts';

export const GT06_MSG = {
  login: 0x01,
  gps: 0x10,
  gpsLbs: 0x12,
  status: 0x13,
  stringInfo: 0x15,
  gpsLbsStatus: 0x16,
  lbsExtend: 0x18,
  lbsStatus: 0x19,
  gpsPhone: 0x1a,
  gpsLbsStatus4: 0x32,
  gpsLbs4g: 0xa0,
  commandResponse: 0x21,
  gpsLbs2: 0x22,
  heartbeat: 0x23,
  alarm: 0x26,
  alarm2: 0x27,
  lbsMultiple: 0x28,
  command: 0x80,
  timeRequest: 0x8a,
  info: 0x94,
  bms: 0x40,
  deviceStatus: 0xf1,
  attendance: 0xb0,
  bluetoothClock: 0xb2,
} as const;

export function decodeGt06(frame: Buffer, ctx: DecodeContext = {}): DecodeResult {
  try {
    const parsed = readGt06Frame(frame, ctx.checksumPolicy);
    if (!parsed.ok) return parsed;
    const f = parsed.value;
    const decoded = decodePacket(frame, f, ctx);
    if (!decoded.ok) return decoded;
    const message = decoded.value;
    return ok({
      protocol: 'gt06',
      terminalId: message.terminalId,
      messageType: message.messageType,
      serial: f.serial,
      checksumValid: f.crcValid,
      lengthValid: f.lengthValid,
      messages: [message],
    });
  } catch (err) {
    return fail('internal', err instanceof Error ? err.message : String(err));
  }
}

function decodePacket(b: Buffer, f: Gt06Frame, ctx: DecodeContext): Result<DeviceMessage> {
  const p: PacketContext = { b, f, ctx, terminalId: ctx.terminalId ?? '' };
  const size = f.contentEnd - f.contentStart;
  // A frame with no content is the server's acknowledgement of that packet type; but a 0x8A
  // without content is the terminal asking for the time (Traccar's `7878058a…`).
  if (size === 0 && f.protocol !== GT06_MSG.command && f.protocol !== GT06_MSG.timeRequest) {
    return ok(message(p, 'serverAck', false));
  }
  if (f.protocol === GT06_MSG.gpsLbs4g) {
    return size < GPS_BLOCK_LENGTH ? short(f, size) : ok(decodeGpsLbs4g(p));
  }
  if (f.protocol === GT06_MSG.gpsLbsStatus4 && f.extended) {
    const az735 = decodeAz735Gps(p);
    if (az735) return ok(az735);
  }
  const gps = gpsPackets(f.protocol);
  if (gps !== null) {
    if (size < GPS_BLOCK_LENGTH) return short(f, size);
    return ok(gps(p));
  }
  switch (f.protocol) {
    case GT06_MSG.login:
      return decodeLogin(p);
    case GT06_MSG.status:
    case GT06_MSG.heartbeat:
      return decodeStatus(p);
    case GT06_MSG.lbsStatus:
      return decodeLbsStatus(p);
    case GT06_MSG.lbsExtend:
    case GT06_MSG.lbsMultiple:
      return decodeLbsMultiple(p);
    case GT06_MSG.stringInfo:
      return decodeStringInfo(p);
    case GT06_MSG.commandResponse:
      return decodeCommandResponse(p);
    case GT06_MSG.info:
      return decodeInfoTransfer(p);
    case GT06_MSG.timeRequest:
      return decodeTimeRequest(p);
    case GT06_MSG.command:
      return decodeServerCommand(p);
    case GT06_MSG.bms:
      return decodeBms(p);
    case GT06_MSG.deviceStatus:
      return decodeDeviceStatus(p);
    case GT06_MSG.bluetoothClock:
      return decodeBluetoothClock(p);
    case GT06_MSG.attendance:
      return decodeAttendance(p);
    default: {
      // Unknown packets are acknowledged like Traccar does, so the terminal does not resend.
      const m = message(p, 'unknown', f.protocol < 0x80 && !f.extended);
      m.detail = { contentHex: b.toString('hex', f.contentStart, f.contentEnd) };
      return ok(m);
    }
  }
}

/** 0x19: LBS length byte, cell, then terminal info, voltage, GSM, alarm, language. */
function decodeLbsStatus(p: PacketContext): Result<DeviceMessage> {
  const { b, f } = p;
  const at = f.contentStart;
  const read = readCell(b, at + 1, f.contentEnd);
  if (!read) return short(f, f.contentEnd - at);
  const m = message(p, 'lbs', true);
  m.cells = [read.cell];
  if (read.next + 3 <= f.contentEnd) {
    m.status = { ...readTerminalInfo(b[read.next]), batteryLevel: b[read.next + 1], signal: b[read.next + 2] };
  }
  return ok(m);
}
