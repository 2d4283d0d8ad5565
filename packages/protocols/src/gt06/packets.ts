/** GT06 packets without a GPS block: login, status, LBS, string/command responses, info. */
import type { CellTower, DeviceMessage, Result } from '../model.ts';
import { u16, u24, u32 } from '../common/bytes.ts';
import { ok } from '../common/result.ts';
import { decodeGbk } from '../common/gbk.ts';
import { utcMillis } from '../common/time.ts';
import { gt06AlarmOf, readTerminalInfo } from './blocks.ts';
import { buildGt06Frame } from './frame.ts';
import { message, short, type PacketContext } from './packet.ts';

export { gpsPackets } from './gps-packets.ts';

/** 0x01: IMEI as 8 BCD bytes (a leading 0 then 15 digits), then optionally type id + time zone. */
export function decodeLogin(p: PacketContext): Result<DeviceMessage> {
  const { b, f } = p;
  const at = f.contentStart;
  if (f.contentEnd - at < 8) return short(f, f.contentEnd - at);
  const digits = b.toString('hex', at, at + 8);
  const imei = digits[0] === '0' ? digits.slice(1) : digits;
  const m = message({ ...p, terminalId: imei }, 'login', true);
  const detail: Record<string, unknown> = {};
  if (f.contentEnd - at >= 10) detail.typeId = u16(b, at + 8);
  if (f.contentEnd - at >= 12) {
    const zone = u16(b, at + 10);
    const minutes = Math.floor((zone >> 4) / 100) * 60 + ((zone >> 4) % 100);
    detail.timezoneMinutes = zone & 0x08 ? -minutes : minutes;
    detail.language = zone & 0x03;
  }
  m.detail = detail;
  return ok(m);
}

/** Content length of the long 0x13 status (with battery %, voltage and temperature). */
const STATUS_LONG_LENGTH = 16;

/**
 * 0x13 status/heartbeat: terminal information, voltage level, GSM level, alarm, language.
 * 0x23 (GK310 heartbeat): terminal information, battery voltage (1/100 V), GSM level.
 */
export function decodeStatus(p: PacketContext): Result<DeviceMessage> {
  const { b, f } = p;
  const at = f.contentStart;
  const size = f.contentEnd - at;
  if (size < 1) return short(f, size);
  const status = readTerminalInfo(b[at]);
  const m = message(p, 'heartbeat', true);
  const detail: Record<string, unknown> = {};
  if (f.protocol === 0x23) {
    if (size >= 3) detail.batteryVolts = u16(b, at + 1) / 100;
    if (size >= 4) status.signal = b[at + 3];
  } else if (size === STATUS_LONG_LENGTH) {
    // The 16-byte form (Traccar's 0x13 with temperature): info, satellites (2), alarm,
    // language, battery %, working mode, voltage (1/100 V), reserved, work counters, temperature.
    const alarm = gt06AlarmOf(b[at + 3], b[at]);
    if (alarm && !status.alarms.includes(alarm)) status.alarms.push(alarm);
    status.batteryLevel = b[at + 5];
    detail.alarmCode = b[at + 3];
    detail.language = b[at + 4];
    detail.workingMode = b[at + 6];
    detail.batteryVolts = u16(b, at + 7) / 100;
    const t = u16(b, at + 14);
    detail.temperature = ((t & 0x8000 ? 1 : -1) * (t & 0x7fff)) / 10;
  } else {
    if (size >= 2) status.batteryLevel = b[at + 1];
    if (size >= 3) status.signal = b[at + 2];
    if (size >= 4) {
      const alarm = gt06AlarmOf(b[at + 3], b[at]);
      if (alarm && !status.alarms.includes(alarm)) status.alarms.push(alarm);
      detail.alarmCode = b[at + 3];
    }
    if (size >= 5) detail.language = b[at + 4];
  }
  m.status = status;
  m.detail = detail;
  return ok(m);
}

/** 0x18 / 0x28: UTC time, MCC, MNC, seven cells (LAC, cell id, signal), timing advance. */
export function decodeLbsMultiple(p: PacketContext): Result<DeviceMessage> {
  const { b, f } = p;
  const at = f.contentStart;
  if (f.contentEnd - at < 9) return short(f, f.contentEnd - at);
  const time = utcMillis(2000 + b[at], b[at + 1], b[at + 2], b[at + 3], b[at + 4], b[at + 5]);
  const mcc = u16(b, at + 6) & 0x7fff;
  const mnc = b[at + 8];
  const cells: CellTower[] = [];
  for (let q = at + 9; q + 6 <= f.contentEnd && cells.length < 7; q += 6) {
    const lac = u16(b, q);
    if (lac > 0) cells.push({ mcc, mnc, lac, cellId: u24(b, q + 2), rssi: -b[q + 5] });
  }
  const m = message(p, 'lbs', true);
  m.cells = cells;
  m.detail = { time: time >= 0 ? time : undefined };
  return ok(m);
}

/**
 * 0x15: the terminal's text answer to a 0x80 command, keyed by the server flag we sent: length
 * (server flag + text), flag, text, language word. Some firmware writes length 0 and pads the
 * text with NULs (Traccar's `DYD=Success!` frame): the text then runs to the language word.
 */
export function decodeStringInfo(p: PacketContext): Result<DeviceMessage> {
  const { b, f } = p;
  const at = f.contentStart;
  if (f.contentEnd - at < 5) return short(f, f.contentEnd - at);
  const declared = b[at];
  const textEnd = declared >= 4 && at + 1 + declared <= f.contentEnd ? at + 1 + declared : Math.max(at + 5, f.contentEnd - 2);
  const serverFlag = u32(b, at + 1);
  const text = replyText(b.subarray(at + 5, textEnd));
  const m = message(p, 'commandReply', true);
  m.commandReply = { replyKey: String(serverFlag), answered: '0x80', success: true, text };
  return ok(m);
}

/**
 * A 0x15 text: ASCII when it is printable ASCII (after NUL padding), otherwise UTF-16BE when
 * its length is even (Concox firmware answering in Chinese), otherwise GBK.
 */
function replyText(raw: Buffer): string {
  let end = raw.length;
  while (end > 0 && raw[end - 1] === 0) end--;
  let ascii = true;
  for (let i = 0; i < end && ascii; i++) {
    const c = raw[i];
    ascii = (c >= 0x20 && c < 0x7f) || c === 0x0a || c === 0x0d || c === 0x09;
  }
  if (ascii) return raw.toString('latin1', 0, end);
  if (raw.length % 2 === 0) {
    let pairs = raw.length;
    while (pairs >= 2 && raw[pairs - 1] === 0 && raw[pairs - 2] === 0) pairs -= 2;
    return utf16be(raw.subarray(0, pairs));
  }
  return decodeGbk(raw, 0, end);
}

/** 0x21 (usually 0x7979): server flag, encoding (1 ASCII, 2 UTF-16BE), text. */
export function decodeCommandResponse(p: PacketContext): Result<DeviceMessage> {
  const { b, f } = p;
  const at = f.contentStart;
  if (f.contentEnd - at < 5) return short(f, f.contentEnd - at);
  const serverFlag = u32(b, at);
  const raw = b.subarray(at + 5, f.contentEnd);
  const text = b[at + 4] === 2 ? utf16be(raw) : raw.toString('latin1');
  const m = message(p, 'commandReply', false);
  m.commandReply = { replyKey: String(serverFlag), answered: '0x80', success: true, text };
  return ok(m);
}

function utf16be(raw: Buffer): string {
  const even = Buffer.from(raw.subarray(0, raw.length & ~1));
  return even.swap16().toString('utf16le');
}

/** 0x94 information transfer: a sub-type and its data (0x00 external voltage, 0x0A ICCID, …). */
export function decodeInfoTransfer(p: PacketContext): Result<DeviceMessage> {
  const { b, f } = p;
  const at = f.contentStart;
  if (f.contentEnd - at < 1) return short(f, 0);
  const subType = b[at];
  const detail: Record<string, unknown> = { subType, dataHex: b.toString('hex', at + 1, f.contentEnd) };
  if (subType === 0x00 && f.contentEnd - at >= 3) detail.externalVolts = u16(b, at + 1) / 100;
  if (subType === 0x0a && f.contentEnd - at >= 27) {
    detail.iccid = b.toString('hex', at + 17, at + 27).replace(/f+$/i, '');
  }
  const m = message(p, 'status', false);
  m.detail = detail;
  return ok(m);
}

/** 0x8A: the terminal asks for the time; answered with UTC from ctx.now (no answer without). */
export function decodeTimeRequest(p: PacketContext): Result<DeviceMessage> {
  const m = message(p, 'status', false);
  m.detail = { request: 'time' };
  const now = p.ctx.now;
  if (now !== undefined) {
    const d = new Date(now);
    const content = Buffer.from([
      d.getUTCFullYear() - 2000,
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ]);
    m.reply = buildGt06Frame(0x8a, content, p.f.serial, p.f.extended);
  }
  return ok(m);
}

/** 0x80 (server → terminal): command length, server flag, ASCII command. */
export function decodeServerCommand(p: PacketContext): Result<DeviceMessage> {
  const { b, f } = p;
  const at = f.contentStart;
  if (f.contentEnd - at < 5) return short(f, f.contentEnd - at);
  const textEnd = Math.min(f.contentEnd, at + 1 + b[at]);
  const m = message(p, 'serverCommand', false);
  m.detail = {
    serverFlag: u32(b, at + 1),
    text: b.toString('latin1', at + 5, Math.max(at + 5, textEnd)),
  };
  return ok(m);
}
