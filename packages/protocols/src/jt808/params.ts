/**
 * Terminal parameters (table 12) as carried by 0x8103 (set) and 0x0104 (query answer):
 * id DWORD, length BYTE, value. Numbers are big-endian by length; the ids the standard
 * types as STRING are decoded as GBK text.
 */
import type { TerminalParam } from '../model.ts';
import { decodeGbk, encodeGbk } from '../common/gbk.ts';

/** Parameter ids worth naming in code. */
export const JT808_PARAM = {
  heartbeatInterval: 0x0001,
  tcpReplyTimeout: 0x0002,
  tcpRetransmissions: 0x0003,
  apn: 0x0010,
  serverAddress: 0x0013,
  tcpPort: 0x0018,
  reportStrategy: 0x0020,
  sleepReportInterval: 0x0027,
  emergencyReportInterval: 0x0028,
  defaultReportInterval: 0x0029,
  defaultReportDistance: 0x002c,
  maxSpeed: 0x0055,
  overspeedDuration: 0x0056,
  odometer: 0x0080,
  province: 0x0081,
  city: 0x0082,
  plate: 0x0083,
  plateColor: 0x0084,
} as const;

const STRING_PARAMS = new Set([
  0x0010, 0x0011, 0x0012, 0x0013, 0x0014, 0x0015, 0x0016, 0x0017, 0x001a, 0x001d, 0x0040, 0x0041, 0x0042, 0x0043, 0x0044, 0x0048, 0x0049,
  0x0083,
]);

export interface ParamList {
  count: number;
  params: TerminalParam[];
  truncated: boolean;
}

/** Decode `count` parameters from b[at, end). */
export function decodeParams(b: Buffer, at: number, end: number, count: number): ParamList {
  const params: TerminalParam[] = [];
  let p = at;
  let truncated = false;
  for (let i = 0; i < count; i++) {
    if (p + 5 > end) {
      truncated = true;
      break;
    }
    const id = b.readUInt32BE(p);
    const len = b[p + 4];
    const v = p + 5;
    if (v + len > end) {
      truncated = true;
      break;
    }
    params.push({ id, value: paramValue(b, id, v, len) });
    p = v + len;
  }
  return { count, params, truncated };
}

function paramValue(b: Buffer, id: number, v: number, len: number): number | string {
  if (STRING_PARAMS.has(id)) return decodeGbk(b, v, stripNul(b, v, v + len));
  if (len === 1) return b[v];
  if (len === 2) return b.readUInt16BE(v);
  if (len === 4) return b.readUInt32BE(v);
  return b.toString('hex', v, v + len);
}

function stripNul(b: Buffer, start: number, end: number): number {
  let e = end;
  while (e > start && b[e - 1] === 0) e--;
  return e;
}

/** Wire bytes of one value: strings as GBK, numbers as DWORD unless a width is given. */
export function encodeParamValue(id: number, value: number | string, width: 1 | 2 | 4 = 4): Buffer {
  if (typeof value === 'string' || STRING_PARAMS.has(id)) return encodeGbk(String(value));
  const v = Buffer.alloc(width);
  v.writeUIntBE(Math.max(0, Math.min(Math.round(value), 2 ** (8 * width) - 1)), 0, width);
  return v;
}

export function encodeParams(params: readonly TerminalParam[]): Buffer {
  const parts: Buffer[] = [Buffer.from([params.length & 0xff])];
  for (const p of params) {
    const value = encodeParamValue(p.id, p.value);
    const head = Buffer.alloc(5);
    head.writeUInt32BE(p.id >>> 0, 0);
    head[4] = value.length;
    parts.push(head, value);
  }
  return Buffer.concat(parts);
}
