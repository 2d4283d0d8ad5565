/**
 * JT/T 808 message bodies other than the location: each decoder takes the body bytes and
 * returns its fields, or null when the body is too short for its fixed part.
 */
import type { AuthInfo, RegisterInfo } from '../model.ts';
import { decodeGbk } from '../common/gbk.ts';
import { decodeLocation, type Jt808Location } from './location.ts';
import { decodeParams, type ParamList } from './params.ts';

export const JT808_MSG = {
  terminalReply: 0x0001,
  heartbeat: 0x0002,
  unregister: 0x0003,
  register: 0x0100,
  auth: 0x0102,
  paramReply: 0x0104,
  location: 0x0200,
  locationReply: 0x0201,
  batchLocation: 0x0704,
  passThroughUp: 0x0900,
  platformReply: 0x8001,
  registerReply: 0x8100,
  setParams: 0x8103,
  queryParams: 0x8104,
  terminalControl: 0x8105,
  queryLocation: 0x8201,
  text: 0x8300,
  passThroughDown: 0x8900,
} as const;

/** A string field without its padding: NULs and spaces on either side (devices use both). */
function trimmed(b: Buffer, start: number, end: number): string {
  let s = start;
  let e = Math.min(end, b.length);
  while (e > s && (b[e - 1] === 0 || b[e - 1] === 0x20)) e--;
  while (s < e && (b[s] === 0 || b[s] === 0x20)) s++;
  return e > s ? decodeGbk(b, s, e) : '';
}

export interface GeneralReply {
  replySerial: number;
  replyMsgId: number;
  result: number;
}

/** 0x0001 terminal / 0x8001 platform general reply. */
export function decodeGeneralReply(b: Buffer): GeneralReply | null {
  if (b.length < 5) return null;
  return { replySerial: b.readUInt16BE(0), replyMsgId: b.readUInt16BE(2), result: b[4] };
}

/** A 2013 register body is at most 37 bytes and a plate or VIN (17): longer is the 2019 layout. */
const REGISTER_2019_MIN = 4 + 11 + 30 + 30 + 1;

/**
 * 0x0100 register. Layouts differ by version: 2019 (maker 11, model 30, id 30), 2013 (5, 20,
 * 7) and 2011 (5, 8, 7); the 2011 body is told from the 2013 one by its shorter length, and a
 * 2019 body under a 2013 header (firmware that kept the old header) by its greater one.
 */
export function decodeRegister(b: Buffer, is2019: boolean): RegisterInfo | null {
  const layout2019 = is2019 || b.length >= REGISTER_2019_MIN;
  const [makerLen, modelLen, idLen] = layout2019 ? [11, 30, 30] : b.length >= 37 ? [5, 20, 7] : [5, 8, 7];
  const fixed = 4 + makerLen + modelLen + idLen + 1;
  if (b.length < fixed) return null;
  const makerAt = 4;
  const modelAt = makerAt + makerLen;
  const idAt = modelAt + modelLen;
  const colorAt = idAt + idLen;
  return {
    province: b.readUInt16BE(0),
    city: b.readUInt16BE(2),
    maker: trimmed(b, makerAt, modelAt),
    model: trimmed(b, modelAt, idAt),
    deviceId: trimmed(b, idAt, colorAt),
    plateColor: b[colorAt],
    plate: trimmed(b, colorAt + 1, b.length),
  };
}

export interface RegisterReply {
  replySerial: number;
  result: number;
  authCode?: string;
}

/** 0x8100: reply serial, result (0 ok, 1-4 refusals), auth code only on success. */
export function decodeRegisterReply(b: Buffer): RegisterReply | null {
  if (b.length < 3) return null;
  const result = b[2];
  return {
    replySerial: b.readUInt16BE(0),
    result,
    authCode: result === 0 ? trimmed(b, 3, b.length) : undefined,
  };
}

/**
 * 0x0102: 2011/2013 the whole body is the code; 2019 len + code + IMEI(15) + version(20) — also
 * under a 2013 header when the body is exactly that long (firmware that kept the old header).
 */
export function decodeAuth(b: Buffer, is2019: boolean): AuthInfo | null {
  if (!is2019 && !(b.length > 0 && b.length === 1 + b[0] + 35)) return { authCode: trimmed(b, 0, b.length) };
  if (b.length < 1) return null;
  const codeEnd = 1 + b[0];
  if (b.length < codeEnd) return null;
  return {
    authCode: trimmed(b, 1, codeEnd),
    imei: trimmed(b, codeEnd, codeEnd + 15),
    softwareVersion: trimmed(b, codeEnd + 15, codeEnd + 35),
  };
}

export interface BatchLocations {
  count: number;
  /** 0 normal, 1 blind-area re-upload. */
  type: number;
  items: Jt808Location[];
  /** True when fewer items were decodable than `count` says. */
  truncated: boolean;
}

/** 0x0704: count(2) type(1) then per item length(2) + location body. */
export function decodeBatch(b: Buffer): BatchLocations | null {
  if (b.length < 3) return null;
  const count = b.readUInt16BE(0);
  const items: Jt808Location[] = [];
  let p = 3;
  let truncated = false;
  for (let i = 0; i < count; i++) {
    if (p + 2 > b.length) {
      truncated = true;
      break;
    }
    const len = b.readUInt16BE(p);
    const end = p + 2 + len;
    const loc = end <= b.length ? decodeLocation(b, p + 2, end) : null;
    if (!loc) {
      truncated = true;
      break;
    }
    items.push(loc);
    p = end;
  }
  return { count, type: b[2], items, truncated };
}

/** 0x0201: reply serial + location body. */
export function decodeLocationReply(b: Buffer): { replySerial: number; location: Jt808Location } | null {
  if (b.length < 2) return null;
  const location = decodeLocation(b, 2, b.length);
  return location ? { replySerial: b.readUInt16BE(0), location } : null;
}

/** 0x0104: reply serial, count, params. */
export function decodeParamReply(b: Buffer): ({ replySerial: number } & ParamList) | null {
  if (b.length < 3) return null;
  return { replySerial: b.readUInt16BE(0), ...decodeParams(b, 3, b.length, b[2]) };
}

/** 0x8103: count, params. */
export function decodeSetParams(b: Buffer): ParamList | null {
  if (b.length < 1) return null;
  return decodeParams(b, 1, b.length, b[0]);
}

/** 0x8105: command word and its ';'-separated GBK parameters. */
export function decodeTerminalControl(b: Buffer): { command: number; params: string } | null {
  if (b.length < 1) return null;
  return { command: b[0], params: trimmed(b, 1, b.length) };
}

/** 0x8300: flag, (2019) text type, GBK text. */
export function decodeText(b: Buffer, is2019: boolean): { flag: number; textType?: number; text: string } | null {
  const textAt = is2019 ? 2 : 1;
  if (b.length < textAt) return null;
  return {
    flag: b[0],
    textType: is2019 ? b[1] : undefined,
    text: trimmed(b, textAt, b.length),
  };
}

/** 0x0900 / 0x8900: pass-through type + opaque data. */
export function decodePassThrough(b: Buffer): { type: number; data: Buffer } | null {
  if (b.length < 1) return null;
  return { type: b[0], data: Buffer.from(b.subarray(1)) };
}
