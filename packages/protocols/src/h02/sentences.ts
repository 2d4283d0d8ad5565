/** The other H02 sentences: V4 command confirmations, LINK, NBR and VP1. */
import type { DecodeContext, DeviceMessage } from '../model.ts';
import { utcMillis } from '../common/time.ts';
import { readFix } from './fix.ts';
import { ack, fields, numberOrUndefined, restOf, timeOf } from './sentence.ts';
import { KNOT_KMH, h02Acc, h02Alarms } from './status.ts';

/** V4: command name, its parameters (the last one the command's own HHMMSS), then a fix. */
export function commandReply(m: DeviceMessage, id: string, ctx: DecodeContext): DeviceMessage {
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
export function link(m: DeviceMessage): DeviceMessage {
  const word = fields.hex8(10);
  const status = word >= 0 ? word : 0xffffffff;
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
export function neighbours(m: DeviceMessage, maker: string, id: string, ctx: DecodeContext): DeviceMessage {
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
  const word = fields.hex8(statusAt);
  const status = word >= 0 ? word : 0xffffffff;
  m.status = { acc: h02Acc(status), alarms: h02Alarms(status), raw: status };
  const time = timeOf(3, statusAt - 1);
  m.detail = { time: time >= 0 ? time : undefined };
  if (ctx.now !== undefined) m.reply = ack(maker, id, 'NBR', ctx.now);
  return m;
}

/** VP1: validity, lat, N/S, lon, E/W, speed, course, DDMMYY (no time of day); or V + cells. */
export function vp1(m: DeviceMessage, id: string, ctx: DecodeContext): DeviceMessage {
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
