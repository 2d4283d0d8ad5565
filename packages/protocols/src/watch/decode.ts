/**
 * Watch protocol frame → normalized messages. What each message asks of the server (4P-Touch
 * server protocol; Traccar WatchProtocolDecoder):
 *  - LK heartbeat: echo `LK` (a watch that hears nothing back stops reporting and reboots);
 *  - UD, UD2 (blind-area backfill), UD_LTE, UD_WCDMA, WT: a position report, no reply;
 *  - AL, AL_LTE, ALCUSTOMER…: a report raised by an alarm, answered `AL` (else it is resent);
 *  - CONFIG → `CONFIG,1`; INIT → `INIT,1`; TKQ/TKQ2 echoed; JXTK parts → `JXTKR,1`;
 *  - a command's keyword coming back (CR, UPLOAD, MONITOR, …): the watch's answer to it;
 *  - health readings (heart, bphrt, blood, btemp2, oxygen): figures without a place.
 */
import type { DecodeContext, DecodeResult, DeviceMessage, EncodeContext, MessageKind } from '../model.ts';
import { fail, ok } from '../common/result.ts';
import { Cursor } from './cursor.ts';
import { encodeWatchFrame, readWatchHeader, type WatchHeader } from './frame.ts';
import { readReport } from './position.ts';
import { WATCH_COMMAND_KEYWORDS } from './keywords.ts';

const cursor = new Cursor();
const EMPTY = Buffer.alloc(0);

export function decodeWatch(frame: Buffer, ctx: DecodeContext = {}): DecodeResult {
  try {
    if (frame.length === 0) return fail('empty', 'no bytes');
    const { header, reason } = readWatchHeader(frame);
    if (!header) return fail('badFrame', reason);
    const contentLength = header.contentEnd - header.contentStart;
    // Traccar never checks LEN and real watches get it wrong (its test has `*0009*LK,0,100`).
    const lengthValid = header.declaredLength === contentLength || header.declaredLength === header.rawLength;
    if (!lengthValid && ctx.checksumPolicy === 'reject') {
      return fail('badLength', `LEN says ${header.declaredLength} bytes, the content has ${contentLength}`);
    }
    const m = decodeContent(header, ctx);
    return ok({
      protocol: 'watch',
      terminalId: header.terminalId,
      messageType: m.messageType,
      checksumValid: true,
      lengthValid,
      messages: [m],
    });
  } catch (err) {
    return fail('internal', err instanceof Error ? err.message : String(err));
  } finally {
    cursor.reset(EMPTY, 0, 0);
  }
}

function decodeContent(h: WatchHeader, ctx: DecodeContext): DeviceMessage {
  const c = cursor;
  c.reset(h.buf, h.contentStart, h.contentEnd);
  c.next();
  const type = typeOf(h.buf, c.s, c.e);
  const m = message('unknown', h, type);
  const first = type.charCodeAt(0);
  if (first === 0x55 /* U */ && type.startsWith('UD')) {
    m.kind = 'location';
    readReport(c, m, ctx);
    return m;
  }
  if (first === 0x41 /* A */ && type.startsWith('AL')) {
    m.kind = 'alarm';
    readReport(c, m, ctx);
    reply(m, h, 'AL');
    return m;
  }
  switch (type) {
    case 'LK': {
      m.kind = 'heartbeat';
      const steps = c.more ? c.num() : NaN;
      const tumbles = c.more ? c.num() : NaN;
      const battery = c.more ? c.num() : NaN;
      m.status = { alarms: [], batteryLevel: finite(battery) };
      if (Number.isFinite(steps)) m.detail = { steps, tumbles: finite(tumbles) };
      reply(m, h, 'LK');
      return m;
    }
    case 'WT':
      m.kind = 'location';
      readReport(c, m, ctx);
      return m;
    case 'CONFIG':
      m.kind = 'status';
      m.detail = { config: configOf(c.rest()) };
      reply(m, h, 'CONFIG,1');
      return m;
    case 'INIT':
      m.kind = 'status';
      m.detail = { fields: c.rest() };
      reply(m, h, 'INIT,1');
      return m;
    case 'TKQ':
    case 'TKQ2':
      m.kind = 'status';
      reply(m, h, type);
      return m;
    case 'JXTK':
      m.detail = { bytes: h.contentEnd - h.contentStart };
      reply(m, h, 'JXTKR,1');
      return m;
    case 'TK':
      // A voice message: acknowledged as received (TK,1), not kept.
      m.detail = { bytes: h.contentEnd - h.contentStart };
      if (h.contentEnd - h.contentStart > 3) reply(m, h, 'TK,1');
      return m;
    case 'img':
      m.detail = { bytes: h.contentEnd - h.contentStart };
      return m;
    default:
      break;
  }
  const health = healthOf(type, c);
  if (health) {
    m.kind = 'status';
    m.status = { alarms: [] };
    m.detail = health;
    // The document asks these to be answered: bphrt and btemp2 echoed, oxygen with status 1.
    const lower = type.toLowerCase();
    if (lower === 'bphrt' || lower === 'btemp2') reply(m, h, type);
    else if (lower === 'oxygen') reply(m, h, 'oxygen,1');
    return m;
  }
  const keyword = commandKeyword(type);
  if (keyword) {
    m.kind = 'commandReply';
    const params = c.rest();
    m.commandReply = {
      replyKey: keyword,
      answered: keyword,
      success: !params.some((p) => /^(ERROR|FAIL)/i.test(p)),
      text: params.join(','),
    };
    m.detail = { command: keyword, params };
    return m;
  }
  m.detail = { fields: c.rest() };
  return m;
}

/** The answer the frame asks for, in the terminal's maker code (and index, when it numbers frames). */
function reply(m: DeviceMessage, h: WatchHeader, content: string): void {
  m.reply = encodeWatchFrame(h.maker, h.terminalId, content, h.index);
}

/** Hints for commands to this terminal: the maker code it uses, and whether it numbers frames. */
const hintCache = new Map<string, Partial<EncodeContext>>();

function message(kind: MessageKind, h: WatchHeader, messageType: string): DeviceMessage {
  const key = h.index ? h.maker + '*' : h.maker;
  let hints = hintCache.get(key);
  if (!hints) {
    hints = Object.freeze({ maker: h.maker, indexed: h.index !== null });
    if (hintCache.size < 256) hintCache.set(key, hints);
  }
  return { kind, protocol: 'watch', terminalId: h.terminalId, messageType, encodeHints: hints };
}

/* The handful of types terminals send, as shared strings (no string made per frame). */
const KNOWN_TYPES = ['UD', 'UD2', 'UD3', 'UD_LTE', 'UD_WCDMA', 'AL', 'AL_LTE', 'LK', 'WT', 'CONFIG'];

function typeOf(b: Buffer, s: number, e: number): string {
  const len = e - s;
  for (const t of KNOWN_TYPES) {
    if (t.length !== len) continue;
    let same = true;
    for (let k = 0; k < len; k++) if (b[s + k] !== t.charCodeAt(k)) same = false;
    if (same) return t;
  }
  return b.toString('latin1', s, Math.min(e, s + 64));
}

function commandKeyword(type: string): string | null {
  const upper = type.toUpperCase();
  return WATCH_COMMAND_KEYWORDS.has(upper) ? upper : null;
}

/** CONFIG,TY:g36a,UL:180,SY:0,… → { TY: 'g36a', UL: '180', … }. */
function configOf(fields: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const colon = f.indexOf(':');
    if (colon > 0) out[f.slice(0, colon)] = f.slice(colon + 1);
  }
  return out;
}

/** heart,72 · bphrt,120,79,73,… · BLOOD,109,68 · btemp2,1,35.29 · oxygen,98 · PULSE,72. */
function healthOf(type: string, c: Cursor): Record<string, unknown> | null {
  switch (type.toLowerCase()) {
    case 'heart':
    case 'pulse':
      return { heartRate: finite(c.num()) };
    case 'bphrt': {
      const pressureHigh = finite(c.num());
      const pressureLow = finite(c.num());
      return { pressureHigh, pressureLow, heartRate: finite(c.num()) };
    }
    case 'blood':
      return { pressureHigh: finite(c.num()), pressureLow: finite(c.num()) };
    case 'btemp2': {
      const measured = c.num();
      const temperature = c.num();
      return measured > 0 ? { temperature: finite(temperature) } : {};
    }
    case 'oxygen': {
      c.next(); // how it was measured
      return { oxygen: finite(c.num()) };
    }
    default:
      return null;
  }
}

function finite(n: number): number | undefined {
  return Number.isFinite(n) ? n : undefined;
}
