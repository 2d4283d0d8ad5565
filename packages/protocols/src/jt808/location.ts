/**
 * The 0x0200 location body (also inside 0x0201 and each 0x0704 item): 28 fixed bytes and the
 * additional items (table 27). Times are BCD GMT+8 on the wire and become UTC epoch ms here.
 */
import { i16, u16, u32 } from '../common/bytes.ts';
import { bcdByte, utcMillis } from '../common/time.ts';

export const LOCATION_BASE_LENGTH = 28;
const GMT8_MS = 8 * 3_600_000;

export interface Jt808LocationItems {
  mileageKm?: number; // 0x01, 1/10 km
  fuelL?: number; // 0x02, 1/10 L
  recorderSpeedKmh?: number; // 0x03, 1/10 km/h
  alarmEventId?: number; // 0x04
  overspeed?: { locationType: number; areaId?: number }; // 0x11
  area?: { locationType: number; areaId: number; direction: number }; // 0x12, direction 0 in 1 out
  routeTime?: { routeId: number; seconds: number; result: number }; // 0x13
  extSignal?: number; // 0x25
  io?: number; // 0x2a
  analog?: { ad0: number; ad1: number }; // 0x2b
  signal?: number; // 0x30
  satellites?: number; // 0x31
  /** Items this decoder does not interpret, or with an unexpected length: id → hex. */
  raw?: Record<string, string>;
  /** True when the last item ran past the end of the body. */
  truncated?: boolean;
}

export interface Jt808Location {
  alarm: number;
  status: number;
  latRaw: number;
  lonRaw: number;
  /** Signed by the status word's south/west bits. */
  lat: number;
  lon: number;
  altitude: number;
  speedRaw: number;
  speedKmh: number;
  direction: number;
  /** UTC epoch ms, or -1 when the BCD time is not a real time (all zeros, bad digits). */
  time: number;
  items: Jt808LocationItems;
}

function bcdTimeGmt8(b: Buffer, at: number): number {
  const yy = bcdByte(b[at]);
  const mo = bcdByte(b[at + 1]);
  const dd = bcdByte(b[at + 2]);
  const hh = bcdByte(b[at + 3]);
  const mi = bcdByte(b[at + 4]);
  const ss = bcdByte(b[at + 5]);
  if ((yy | mo | dd | hh | mi | ss) < 0) return -1;
  const t = utcMillis(2000 + yy, mo, dd, hh, mi, ss);
  return t < 0 ? -1 : t - GMT8_MS;
}

/** Decode a location body starting at `at`; null when fewer than 28 bytes are there. */
export function decodeLocation(b: Buffer, at = 0, end = b.length): Jt808Location | null {
  if (end - at < LOCATION_BASE_LENGTH) return null;
  return readLocation(emptyLocation(emptyItems()), b, at, end);
}

/**
 * The same into one object that every call overwrites: for a caller that copies out at once what
 * it keeps (decode.ts's lone 0x0200, through toPosition). The location and its items were two
 * objects and three boxed doubles a position, dropped as soon as made (issue 33).
 */
export function decodeLocationReused(b: Buffer, at: number, end: number): Jt808Location | null {
  if (end - at < LOCATION_BASE_LENGTH) return null;
  return readLocation(REUSED, b, at, end);
}

// Every key present from the start: one object shape for all frames keeps this path fast (the
// fractional fields start as fractions, so the reused object's doubles are written in place).
const emptyLocation = (items: Jt808LocationItems): Jt808Location => ({
  alarm: 0,
  status: 0,
  latRaw: 0,
  lonRaw: 0,
  lat: 0.5,
  lon: 0.5,
  altitude: 0,
  speedRaw: 0,
  speedKmh: 0.5,
  direction: 0,
  time: 0.5,
  items,
});

const emptyItems = (): Jt808LocationItems => ({
  mileageKm: undefined,
  fuelL: undefined,
  recorderSpeedKmh: undefined,
  alarmEventId: undefined,
  overspeed: undefined,
  area: undefined,
  routeTime: undefined,
  extSignal: undefined,
  io: undefined,
  analog: undefined,
  signal: undefined,
  satellites: undefined,
  raw: undefined,
  truncated: false,
});

const REUSED = emptyLocation(emptyItems());

function readLocation(out: Jt808Location, b: Buffer, at: number, end: number): Jt808Location {
  const status = u32(b, at + 4);
  const latRaw = u32(b, at + 8);
  const lonRaw = u32(b, at + 12);
  const speedRaw = u16(b, at + 18);
  out.alarm = u32(b, at);
  out.status = status;
  out.latRaw = latRaw;
  out.lonRaw = lonRaw;
  out.lat = (status & 0x04 ? -latRaw : latRaw) / 1e6;
  out.lon = (status & 0x08 ? -lonRaw : lonRaw) / 1e6;
  out.altitude = i16(b, at + 16);
  out.speedRaw = speedRaw;
  out.speedKmh = speedRaw / 10;
  out.direction = u16(b, at + 20);
  out.time = bcdTimeGmt8(b, at + 22);
  readItems(out.items, b, at + LOCATION_BASE_LENGTH, end);
  return out;
}

/** The additional items into `items`, every field set (a reused object keeps nothing of the last body). */
function readItems(items: Jt808LocationItems, b: Buffer, at: number, end: number) {
  items.mileageKm = undefined;
  items.fuelL = undefined;
  items.recorderSpeedKmh = undefined;
  items.alarmEventId = undefined;
  items.overspeed = undefined;
  items.area = undefined;
  items.routeTime = undefined;
  items.extSignal = undefined;
  items.io = undefined;
  items.analog = undefined;
  items.signal = undefined;
  items.satellites = undefined;
  items.raw = undefined;
  items.truncated = false;
  let p = at;
  while (p + 2 <= end) {
    const id = b[p];
    const len = b[p + 1];
    const v = p + 2;
    if (v + len > end) {
      items.truncated = true;
      break;
    }
    if (!decodeKnownItem(items, b, id, len, v)) {
      (items.raw ??= {})[itemKey(id)] = b.toString('hex', v, v + len);
    }
    p = v + len;
  }
}

function itemKey(id: number): string {
  return (id < 16 ? '0x0' : '0x') + id.toString(16);
}

/** Store a recognised item of the expected length; false leaves it for `raw`. */
function decodeKnownItem(items: Jt808LocationItems, b: Buffer, id: number, len: number, v: number): boolean {
  switch (id) {
    case 0x01:
      if (len !== 4) return false;
      items.mileageKm = u32(b, v) / 10;
      return true;
    case 0x02:
      if (len !== 2) return false;
      items.fuelL = u16(b, v) / 10;
      return true;
    case 0x03:
      if (len !== 2) return false;
      items.recorderSpeedKmh = u16(b, v) / 10;
      return true;
    case 0x04:
      if (len !== 2) return false;
      items.alarmEventId = u16(b, v);
      return true;
    case 0x11:
      if (len === 1) items.overspeed = { locationType: b[v] };
      else if (len === 5) items.overspeed = { locationType: b[v], areaId: u32(b, v + 1) };
      else return false;
      return true;
    case 0x12:
      if (len !== 6) return false;
      items.area = { locationType: b[v], areaId: u32(b, v + 1), direction: b[v + 5] };
      return true;
    case 0x13:
      if (len !== 7) return false;
      items.routeTime = {
        routeId: u32(b, v),
        seconds: u16(b, v + 4),
        result: b[v + 6],
      };
      return true;
    case 0x25:
      if (len !== 4) return false;
      items.extSignal = u32(b, v);
      return true;
    case 0x2a:
      if (len !== 2) return false;
      items.io = u16(b, v);
      return true;
    case 0x2b:
      if (len !== 4) return false;
      items.analog = { ad0: u16(b, v + 2), ad1: u16(b, v) };
      return true;
    case 0x30:
      if (len !== 1) return false;
      items.signal = b[v];
      return true;
    case 0x31:
      if (len !== 1) return false;
      items.satellites = b[v];
      return true;
    default:
      return false;
  }
}

export interface LocationBodyInput {
  alarm: number;
  status: number;
  lat: number;
  lon: number;
  altitude: number;
  speedKmh: number;
  direction: number;
  /** UTC epoch ms; written as GMT+8 BCD. */
  time: number;
  mileageKm?: number;
  fuelL?: number;
  recorderSpeedKmh?: number;
  extSignal?: number;
  io?: number;
  signal?: number;
  satellites?: number;
  area?: { locationType: number; areaId: number; direction: number };
  /** Extra raw items: id → bytes. */
  rawItems?: Record<number, Uint8Array>;
}

/** Encode a location body; the south/west bits of `status` follow the signs of lat/lon. */
export function encodeLocationBody(x: LocationBodyInput): Buffer {
  const parts: Buffer[] = [];
  const base = Buffer.alloc(LOCATION_BASE_LENGTH);
  let status = x.status & ~0x0c;
  if (x.lat < 0) status |= 0x04;
  if (x.lon < 0) status |= 0x08;
  base.writeUInt32BE(x.alarm >>> 0, 0);
  base.writeUInt32BE(status >>> 0, 4);
  base.writeUInt32BE(Math.round(Math.abs(x.lat) * 1e6), 8);
  base.writeUInt32BE(Math.round(Math.abs(x.lon) * 1e6), 12);
  base.writeInt16BE(clamp(Math.round(x.altitude), -32768, 32767), 16);
  base.writeUInt16BE(clamp(Math.round(x.speedKmh * 10), 0, 0xffff), 18);
  base.writeUInt16BE(clamp(Math.round(x.direction), 0, 0xffff), 20);
  const d = new Date(x.time + GMT8_MS);
  const fields = [d.getUTCFullYear() % 100, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
  fields.forEach((f, i) => (base[22 + i] = ((Math.floor(f / 10) << 4) | (f % 10)) & 0xff));
  parts.push(base);
  const item = (id: number, value: Buffer) => parts.push(Buffer.from([id, value.length]), value);
  const u = (n: number, bytes: 1 | 2 | 4) => {
    const v = Buffer.alloc(bytes);
    v.writeUIntBE(clamp(Math.round(n), 0, 2 ** (8 * bytes) - 1), 0, bytes);
    return v;
  };
  if (x.mileageKm !== undefined) item(0x01, u(x.mileageKm * 10, 4));
  if (x.fuelL !== undefined) item(0x02, u(x.fuelL * 10, 2));
  if (x.recorderSpeedKmh !== undefined) item(0x03, u(x.recorderSpeedKmh * 10, 2));
  if (x.area) {
    const v = Buffer.alloc(6);
    v[0] = x.area.locationType;
    v.writeUInt32BE(x.area.areaId >>> 0, 1);
    v[5] = x.area.direction;
    item(0x12, v);
  }
  if (x.extSignal !== undefined) item(0x25, u(x.extSignal, 4));
  if (x.io !== undefined) item(0x2a, u(x.io, 2));
  if (x.signal !== undefined) item(0x30, u(x.signal, 1));
  if (x.satellites !== undefined) item(0x31, u(x.satellites, 1));
  for (const [id, value] of Object.entries(x.rawItems ?? {})) item(Number(id), Buffer.from(value));
  return Buffer.concat(parts);
}

function clamp(n: number, lo: number, hi: number): number {
  return n < lo ? lo : n > hi ? hi : n;
}
