/**
 * Terminal-side JT/T 808 encoders: what a real terminal sends. The simulator uses them to act
 * as one, and the tests use them to round-trip the decoder. A 20-digit phone selects the 2019
 * header and body layouts; 12 digits the 2013 ones.
 */
import type { AlarmType } from '../alarms.ts';
import type { AuthInfo, RegisterInfo, TerminalParam } from '../model.ts';
import { encodeGbk } from '../common/gbk.ts';
import { JT808_MSG } from './bodies.ts';
import { alarmWordOf, statusWordOf, type Jt808StatusFlag } from './flags.ts';
import { buildJt808Frame, type FrameTarget } from './frame.ts';
import { encodeLocationBody } from './location.ts';
import { encodeParamValue } from './params.ts';

export type { FrameTarget as Jt808Terminal } from './frame.ts';

export interface Jt808LocationInput {
  /** UTC epoch ms (written as GMT+8 BCD). */
  time: number;
  lat: number;
  lon: number;
  valid: boolean;
  speedKmh: number;
  course: number;
  altitude: number;
  acc?: boolean;
  alarms?: readonly AlarmType[];
  /** Extra status flags (oilCut, gps, beidou, …); acc/positioned come from the fields above. */
  statusFlags?: readonly Jt808StatusFlag[];
  mileageKm?: number;
  fuel?: number;
  signal?: number;
  satellites?: number;
}

function is2019(t: FrameTarget): boolean {
  return t.phone.length === 20;
}

function fixed(text: string, width: number): Buffer {
  const out = Buffer.alloc(width);
  encodeGbk(text).copy(out, 0, 0, width);
  return out;
}

export function encodeJt808Register(t: FrameTarget, serial: number, r: RegisterInfo): Buffer {
  const [makerLen, modelLen, idLen] = is2019(t) ? [11, 30, 30] : [5, 20, 7];
  const head = Buffer.alloc(4);
  head.writeUInt16BE(r.province & 0xffff, 0);
  head.writeUInt16BE(r.city & 0xffff, 2);
  const body = Buffer.concat([
    head,
    fixed(r.maker, makerLen),
    fixed(r.model, modelLen),
    fixed(r.deviceId, idLen),
    Buffer.from([r.plateColor & 0xff]),
    encodeGbk(r.plate),
  ]);
  return buildJt808Frame(JT808_MSG.register, t, serial, body);
}

export function encodeJt808Auth(t: FrameTarget, serial: number, a: AuthInfo): Buffer {
  const code = encodeGbk(a.authCode);
  const body = is2019(t)
    ? Buffer.concat([Buffer.from([code.length & 0xff]), code, fixed(a.imei ?? '', 15), fixed(a.softwareVersion ?? '', 20)])
    : code;
  return buildJt808Frame(JT808_MSG.auth, t, serial, body);
}

export function encodeJt808Heartbeat(t: FrameTarget, serial: number): Buffer {
  return buildJt808Frame(JT808_MSG.heartbeat, t, serial, Buffer.alloc(0));
}

export function encodeJt808Unregister(t: FrameTarget, serial: number): Buffer {
  return buildJt808Frame(JT808_MSG.unregister, t, serial, Buffer.alloc(0));
}

export function encodeJt808LocationBody(x: Jt808LocationInput): Buffer {
  let status = statusWordOf(x.statusFlags ?? []);
  if (x.acc) status |= 0x01;
  if (x.valid) status |= 0x02;
  return encodeLocationBody({
    alarm: alarmWordOf(x.alarms ?? []),
    status,
    lat: x.lat,
    lon: x.lon,
    altitude: x.altitude,
    speedKmh: x.speedKmh,
    direction: x.course,
    time: x.time,
    mileageKm: x.mileageKm,
    fuelL: x.fuel,
    signal: x.signal,
    satellites: x.satellites,
  });
}

export function encodeJt808Location(t: FrameTarget, serial: number, x: Jt808LocationInput): Buffer {
  return buildJt808Frame(JT808_MSG.location, t, serial, encodeJt808LocationBody(x));
}

/** Body of a 0x0704 batch (type 0 normal, 1 blind-area re-upload). */
export function encodeJt808BatchBody(items: readonly Jt808LocationInput[], type = 0): Buffer {
  const head = Buffer.alloc(3);
  head.writeUInt16BE(items.length, 0);
  head[2] = type;
  const parts: Buffer[] = [head];
  for (const item of items) {
    const body = encodeJt808LocationBody(item);
    const len = Buffer.alloc(2);
    len.writeUInt16BE(body.length, 0);
    parts.push(len, body);
  }
  return Buffer.concat(parts);
}

/** A 0x0704 batch; when it does not fit one frame it is split into sub-packages. */
export function encodeJt808Batch(t: FrameTarget, firstSerial: number, items: readonly Jt808LocationInput[], type = 0): Buffer[] {
  return splitJt808Message(JT808_MSG.batchLocation, t, firstSerial, encodeJt808BatchBody(items, type));
}

/**
 * One message as frames: a single frame when the body fits `maxPartBody` (the header's 10-bit
 * length allows 1023), else numbered sub-packages with consecutive serials from `firstSerial`.
 */
export function splitJt808Message(msgId: number, t: FrameTarget, firstSerial: number, body: Buffer, maxPartBody = 1023): Buffer[] {
  const size = Math.max(1, Math.min(1023, maxPartBody));
  if (body.length <= size) return [buildJt808Frame(msgId, t, firstSerial, body)];
  const total = Math.ceil(body.length / size);
  const frames: Buffer[] = [];
  for (let i = 0; i < total; i++) {
    const part = body.subarray(i * size, (i + 1) * size);
    const target = { ...t, packetTotal: total, packetIndex: i + 1 };
    frames.push(buildJt808Frame(msgId, target, (firstSerial + i) & 0xffff, part));
  }
  return frames;
}

/** 0x0201: the answer to a 0x8201 position query. */
export function encodeJt808LocationReply(t: FrameTarget, serial: number, replySerial: number, x: Jt808LocationInput): Buffer {
  const head = Buffer.alloc(2);
  head.writeUInt16BE(replySerial & 0xffff, 0);
  return buildJt808Frame(JT808_MSG.locationReply, t, serial, Buffer.concat([head, encodeJt808LocationBody(x)]));
}

/** 0x0001: the terminal's answer to a platform message (result 0 ok, 1 fail, 2 bad, 3 unsupported). */
export function encodeJt808TerminalReply(t: FrameTarget, serial: number, replySerial: number, replyMsgId: number, result = 0): Buffer {
  const body = Buffer.alloc(5);
  body.writeUInt16BE(replySerial & 0xffff, 0);
  body.writeUInt16BE(replyMsgId & 0xffff, 2);
  body[4] = result;
  return buildJt808Frame(JT808_MSG.terminalReply, t, serial, body);
}

/** 0x0104: the answer to 0x8104 with the terminal's parameters. */
export function encodeJt808ParamReply(t: FrameTarget, serial: number, replySerial: number, params: readonly TerminalParam[]): Buffer {
  const parts: Buffer[] = [Buffer.from([(replySerial >> 8) & 0xff, replySerial & 0xff, params.length & 0xff])];
  for (const p of params) {
    const value = encodeParamValue(p.id, p.value);
    const head = Buffer.alloc(5);
    head.writeUInt32BE(p.id >>> 0, 0);
    head[4] = value.length;
    parts.push(head, value);
  }
  return buildJt808Frame(JT808_MSG.paramReply, t, serial, Buffer.concat(parts));
}

/** 0x0900: data pass-through (type: 0x00 GNSS detail, 0x0B IC card, 0x41-0x42 serial ports…). */
export function encodeJt808PassThrough(t: FrameTarget, serial: number, type: number, data: Buffer): Buffer {
  return buildJt808Frame(JT808_MSG.passThroughUp, t, serial, Buffer.concat([Buffer.from([type & 0xff]), data]));
}
