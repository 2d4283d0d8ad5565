/**
 * The H02 text protocol: `*XX,ID,TYPE,…#` (XX the maker, usually HQ). Locations (V1 and its
 * relatives V2/V8/V19/VI1) are HHMMSS, validity, DDMM.MMMM, N/S, DDDMM.MMMM, E/W, speed in
 * knots, course, DDMMYY, status word — all UTC. V4 confirms a command, then reports a position.
 */
import type { DecodeContext, DeviceMessage, MessageKind, Position, Result } from '../model.ts';
import { fail, ok } from '../common/result.ts';
import { pad2, utcMillis, wallTime } from '../common/time.ts';
import { Fields } from './fields.ts';
import { KNOT_KMH, h02Acc, h02Alarms } from './status.ts';

const fields = new Fields(); // reused: decoding is synchronous and copies out what it keeps

export function decodeH02Text(frame: Buffer, ctx: DecodeContext): Result<DeviceMessage> {
  let end = frame.lastIndexOf(0x23); // '#'
  if (end === -1) end = frame.length;
  fields.split(frame, 1, end);
  if (fields.count < 3) return fail('tooShort', 'an H02 sentence has maker, id and type');
  const maker = fields.text(0);
  const id = fields.text(1);
  const type = fields.text(2);
  const base = (kind: MessageKind): DeviceMessage => ({
    kind,
    protocol: 'h02',
    terminalId: id,
    messageType: type,
  });
  switch (type) {
    case 'V4':
      return ok(commandReply(base('commandReply'), id, ctx));
    case 'HTBT':
    case 'V0':
    case 'XT': {
      const m = base('heartbeat');
      m.status = { alarms: [], batteryLevel: numberOrUndefined(fields.decimal(3)) };
      if (type !== 'XT') m.reply = Buffer.from(`*${maker},${id},${type}#`, 'latin1');
      return ok(m);
    }
    case 'LINK':
      return ok(link(base('heartbeat')));
    case 'NBR':
      return ok(neighbours(base('lbs'), maker, id, ctx));
    case 'VP1':
      return ok(vp1(base('location'), id, ctx));
    case 'V3':
      return ok({ ...base('lbs'), detail: { fields: restOf(3) } });
    default:
      break;
  }
  if (type.length > 1 && type[0] === 'V') {
    const m = base('location');
    const position = readFix(3, id, ctx, m);
    if (position) m.positions = [position];
    if (type === 'V1' && ctx.now !== undefined) m.reply = ack(maker, id, 'V1', ctx.now);
    return ok(m);
  }
  if (/^(S\d+|R\d+|D\d+|SCF\d?|CF\d?|SF\d?)$/.test(type)) {
    return ok({ ...base('serverCommand'), detail: { command: type, params: restOf(3) } });
  }
  return ok({ ...base('unknown'), detail: { fields: restOf(3) } });
}

function restOf(from: number): string[] {
  const out: string[] = [];
  for (let i = from; i < fields.count; i++) out.push(fields.text(i));
  return out;
}

function numberOrUndefined(n: number): number | undefined {
  return Number.isNaN(n) ? undefined : n;
}

function ack(maker: string, id: string, type: string, now: number): Buffer {
  const t = wallTime(now);
  const stamp = `${t.year}${pad2(t.month)}${pad2(t.day)}${pad2(t.hour)}${pad2(t.minute)}${pad2(t.second)}`;
  return Buffer.from(`*${maker},${id},V4,${type},${stamp}#`, 'latin1');
}

/** UTC ms of an HHMMSS field and a DDMMYY field, or -1. */
function timeOf(timeField: number, dateField: number): number {
  if (!fields.isDigits(timeField, 6) || !fields.isDigits(dateField, 6)) return -1;
  return utcMillis(
    2000 + fields.pair(dateField, 2),
    fields.pair(dateField, 1),
    fields.pair(dateField, 0),
    fields.pair(timeField, 0),
    fields.pair(timeField, 1),
    fields.pair(timeField, 2),
  );
}

/**
 * The position that starts at field k (HHMMSS), or null when it has no coordinates. Puts the
 * status word's alarms on `m.status` either way, so an SOS without a fix is not lost.
 */
function readFix(k: number, id: string, ctx: DecodeContext, m: DeviceMessage): Position | null {
  const extras: Record<string, unknown> = {};
  let dateField = k + 8;
  if (!fields.isDigits(dateField, 6) && fields.isDigits(k + 9, 6)) {
    extras.battery = numberOrUndefined(fields.decimal(k + 8));
    dateField = k + 9;
  }
  let statusField = -1;
  for (let i = dateField + 1; i < fields.count; i++) {
    if (fields.isHex8(i)) {
      statusField = i;
      break;
    }
  }
  const status = statusField >= 0 ? fields.hex(statusField) : 0xffffffff;
  const alarms = h02Alarms(status);
  const acc = h02Acc(status);
  m.status = { acc, alarms: alarms.slice(), raw: status };
  if (statusField >= 0) {
    extras.status = status;
    if (statusField + 1 < fields.count) addTrailing(extras, statusField + 1);
  }
  let lat = fields.coordinate(k + 2);
  let lon = fields.coordinate(k + 4);
  if (Number.isNaN(lat) || Number.isNaN(lon)) return null;
  if (fields.is(k + 3, 'S')) lat = -lat;
  if (fields.is(k + 5, 'W')) lon = -lon;
  let time = timeOf(k, dateField);
  if (time < 0) {
    time = ctx.now ?? 0;
    extras.timeInvalid = true;
  }
  const knots = fields.decimal(k + 6);
  const course = fields.decimal(k + 7);
  const validity = fields.length(k + 1) === 1 ? fields.buf[fields.starts[k + 1]] : 0;
  return {
    terminalId: id,
    time,
    lat,
    lon,
    // 'A' valid; a digit is a coding-scheme field some firmware puts there (also a fix).
    valid: validity === 0x41 || (validity >= 0x30 && validity <= 0x39),
    speedKmh: Number.isNaN(knots) ? 0 : knots * KNOT_KMH,
    course: Number.isNaN(course) ? 0 : course,
    altitude: 0,
    satellites: undefined,
    alarms,
    acc,
    mileageKm: undefined,
    fuel: undefined,
    signal: undefined,
    extras,
  };
}

/** Fields after the status word: MCC, MNC, LAC, CID on most firmware; kept raw as well. */
function addTrailing(extras: Record<string, unknown>, from: number): void {
  const trailing = restOf(from);
  extras.trailing = trailing;
  const mcc = trailing[0] ?? '';
  const mnc = trailing[1] ?? '';
  if (/^\d{1,3}$/.test(mcc) && /^\d{1,3}$/.test(mnc)) extras.mcc = Number(mcc);
  if (/^\d{1,3}$/.test(mcc) && /^\d{1,3}$/.test(mnc)) extras.mnc = Number(mnc);
}

/** V4: command name, its parameters (the last one the command's own HHMMSS), then a fix. */
function commandReply(m: DeviceMessage, id: string, ctx: DecodeContext): DeviceMessage {
  let k = -1;
  for (let i = 4; i + 5 < fields.count; i++) {
    const v = fields.length(i + 1) === 1 ? fields.buf[fields.starts[i + 1]] : 0;
    if (fields.isDigits(i, 6) && (v === 0x41 || v === 0x56) && !Number.isNaN(fields.coordinate(i + 2))) {
      k = i;
      break;
    }
  }
  const command = fields.text(3);
  const params: string[] = [];
  for (let i = 4; i < (k === -1 ? fields.count : k); i++) params.push(fields.text(i));
  const stamp = params.length > 0 && /^\d{6}$/.test(params[params.length - 1]) ? params[params.length - 1] : '';
  const failed = params.some((p) => /^(ERROR|FAIL)/i.test(p));
  m.commandReply = {
    replyKey: stamp ? `${command},${stamp}` : command,
    answered: command,
    success: !failed,
    text: params.join(','),
  };
  if (k !== -1) {
    const position = readFix(k, id, ctx, m);
    if (position) m.positions = [position];
  }
  return m;
}

/** LINK: HHMMSS, RSSI, satellites, battery %, steps, turnovers, DDMMYY, status. */
function link(m: DeviceMessage): DeviceMessage {
  const status = fields.isHex8(10) ? fields.hex(10) : 0xffffffff;
  m.status = {
    acc: h02Acc(status),
    alarms: h02Alarms(status),
    signal: numberOrUndefined(fields.decimal(4)),
    satellites: numberOrUndefined(fields.decimal(5)),
    batteryLevel: numberOrUndefined(fields.decimal(6)),
    raw: status,
  };
  const time = timeOf(3, 9);
  m.detail = {
    steps: numberOrUndefined(fields.decimal(7)),
    turnovers: numberOrUndefined(fields.decimal(8)),
    time: time >= 0 ? time : undefined,
  };
  return m;
}

/** NBR: HHMMSS, MCC, MNC, TA, count, then LAC,CID,RSSI per cell, DDMMYY, status. */
function neighbours(m: DeviceMessage, maker: string, id: string, ctx: DecodeContext): DeviceMessage {
  const mcc = fields.decimal(4);
  const mnc = fields.decimal(5);
  const count = Math.max(0, Math.min(fields.decimal(7) || 0, 16));
  m.cells = [];
  for (let c = 0; c < count; c++) {
    const at = 8 + c * 3;
    const lac = fields.decimal(at);
    const cellId = fields.decimal(at + 1);
    if (Number.isNaN(lac) || Number.isNaN(cellId)) break;
    m.cells.push({ mcc, mnc, lac, cellId, rssi: numberOrUndefined(fields.decimal(at + 2)) });
  }
  const statusAt = 8 + count * 3 + 1;
  const status = fields.isHex8(statusAt) ? fields.hex(statusAt) : 0xffffffff;
  m.status = { acc: h02Acc(status), alarms: h02Alarms(status), raw: status };
  const time = timeOf(3, statusAt - 1);
  m.detail = { time: time >= 0 ? time : undefined };
  if (ctx.now !== undefined) m.reply = ack(maker, id, 'NBR', ctx.now);
  return m;
}

/** VP1: validity, lat, N/S, lon, E/W, speed, course, DDMMYY (no time of day); or V + cells. */
function vp1(m: DeviceMessage, id: string, ctx: DecodeContext): DeviceMessage {
  const v = fields.text(3);
  if (v !== 'A' && v !== 'B') {
    m.kind = 'lbs';
    m.detail = { fields: restOf(3) };
    return m;
  }
  let lat = fields.coordinate(4);
  let lon = fields.coordinate(6);
  if (Number.isNaN(lat) || Number.isNaN(lon)) return m;
  if (fields.is(5, 'S')) lat = -lat;
  if (fields.is(7, 'W')) lon = -lon;
  const dateOk = fields.isDigits(10, 6);
  const date = dateOk ? utcMillis(2000 + fields.pair(10, 2), fields.pair(10, 1), fields.pair(10, 0), 0, 0, 0) : -1;
  const knots = fields.decimal(8);
  m.positions = [
    {
      terminalId: id,
      time: date >= 0 ? date : (ctx.now ?? 0),
      lat,
      lon,
      valid: true,
      speedKmh: Number.isNaN(knots) ? 0 : knots * KNOT_KMH,
      course: numberOrUndefined(fields.decimal(9)) ?? 0,
      altitude: 0,
      alarms: [],
      extras: date >= 0 ? { dateOnly: true } : { timeInvalid: true },
    },
  ];
  return m;
}
