/**
 * GET /car/v4/api/monitor/track.bin?vehicleId=…|terminalId=…&start=…&end=…[&includeInvalid=true]
 * — one vehicle's track as columns of integers (the playback page's format; track.json keeps the
 * row-per-point JSON for other callers). A month of 10-second reports is 260 000 points: as JSON
 * rows that was 40 MB and a per-point object on both sides; here it is ~20 bytes a point, written
 * window by window as the server reads them, and decoded into typed arrays.
 *
 * Success is `TRACK_CONTENT_TYPE` (gzip when the client accepts it); a failure is the usual JSON
 * envelope. All numbers are little-endian:
 *   header  u32 TRACK_MAGIC, u16 TRACK_VERSION, u16 n, n bytes of UTF-8 JSON (TrackHead), zero padding to 4
 *   frame   u32 count (> 0), then the window's columns, each `count` long:
 *             i32 seconds since head.base, i32 lon (1e-6°), i32 lat (1e-6°), i32 mileage (0.1 km, -1 unknown)
 *               — these four as differences from the previous point of the frame (the first from 0),
 *                 so they stay small and compress well;
 *             i16 speed (0.1 km/h), i16 course (°), u8 flags (TRACK_FLAG), zero padding to 4
 *   end     u32 0, u32 total count of points (a body without it was cut short)
 */
export const TRACK_CONTENT_TYPE = 'application/vnd.chelian.track';
/** 'CLTK' in ASCII, read as a little-endian u32. */
export const TRACK_MAGIC = 0x4b544c43;
export const TRACK_VERSION = 1;
export const MAX_TRACK_DAYS = 31;

/**
 * Below this speed (km/h) a vehicle stands still: playback's stops, the stay report (停留报表) and
 * the daily driving time all use it. A stay runs from its first fix below it until the vehicle is
 * next seen moving (or the track ends).
 */
export const STOP_SPEED_KMH = 3;

/**
 * A step between two fixes both below STOP_SPEED_KMH is GPS drift (no distance) only when it is
 * shorter than this (m): parked drift wanders a few tens of metres, while a terminal that reports
 * no speed (always 0: many watches, collars, cheap trackers) still moves further between reports.
 */
export const DRIFT_MAX_METERS = 50;

/**
 * A movement between two stays shorter than both of these ends neither (the stay report, 行程报表;
 * Traccar's minimalTripDistance / minimalTripDuration, whose defaults these are): a parked
 * terminal's speed noise or GPS jitter — one fix at 5–10 km/h a few metres away — is no trip.
 * Metres: the movement's steps as the mileage counts them; seconds: from its first fix seen moving
 * to its last. 500 m is ten times the parked drift (DRIFT_MAX_METERS) and about one city block;
 * 300 s is the report's default shortest stop (5 minutes): a real drive shorter than both is a
 * vehicle moved across a car park.
 */
export const MIN_TRIP_METERS = 500;
export const MIN_TRIP_SECONDS = 300;

/**
 * Only a stay this long (s) — the vehicle parked, not queueing — absorbs the next after a short
 * movement (Traccar's minimalParkingDuration): the 1–2 minute stands of a traffic jam a few tens
 * of metres apart stay apart, inside the trip, instead of becoming one long stay that splits it.
 */
export const PARKED_MIN_SECONDS = 300;

/**
 * A trip counts the step that left its stop (from the stop's last fix to the first seen moving) when
 * that step is no longer than this (s), or no further than the trip's top speed covers in as long:
 * the vehicle pulled away and was reported within one driving interval. A longer step further than
 * that is a gap in the reports — the terminal off or silent while the vehicle was moved or towed —
 * and is in the day's mileage but in no trip (a 15-second trip read 5.7 km and 2 049.7 km/h).
 */
export const TRIP_LEAVING_STEP_SECONDS = 60;

/** A stop shorter than this (s) is a traffic light, never a stay (the report's shortest filter is one minute); the last, still going, always counts. */
export const STAY_MIN_SECONDS = 60;

export const TRACK_FLAG = { valid: 1, accKnown: 2, accOn: 4, alarm: 8 } as const;

export interface TrackHead {
  terminalId: string;
  vehicleId: number | null;
  plate: string;
  /** the range answered, epoch ms (start may be later than asked: a new owner's history starts at the hand-over) */
  start: number;
  end: number;
  /** epoch seconds the time column counts from */
  base: number;
}

/** One window as the server reads it: absolute values in the wire units above. */
export interface TrackWindow {
  length: number;
  seconds: Int32Array;
  lon: Int32Array;
  lat: Int32Array;
  mileage: Int32Array;
  speed: Int16Array;
  course: Int16Array;
  flags: Uint8Array;
}

/** The decoded track: one typed array per column, index i is the i-th point in time order. */
export interface Track extends TrackHead {
  length: number;
  /** epoch ms */
  time: Float64Array;
  /** WGS-84 degrees */
  lon: Float64Array;
  lat: Float64Array;
  /** km/h */
  speed: Float64Array;
  /** degrees, 0 = north */
  course: Int16Array;
  /** odometer km, NaN when the terminal reports none */
  mileage: Float64Array;
  flags: Uint8Array;
}

export type TrackDecodeResult = { ok: true; track: Track } | { ok: false; reason: 'format' | 'truncated' };

const pad4 = (n: number) => (4 - (n % 4)) % 4;
/** Bytes of a frame of `n` points, its count included. */
const frameBytes = (n: number) => 4 + n * 20 + n + pad4(n);

export function encodeTrackHeader(head: TrackHead): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(head));
  const out = new Uint8Array(8 + json.length + pad4(json.length));
  const view = new DataView(out.buffer);
  view.setUint32(0, TRACK_MAGIC, true);
  view.setUint16(4, TRACK_VERSION, true);
  view.setUint16(6, json.length, true);
  out.set(json, 8);
  return out;
}

export function encodeTrackFrame(w: TrackWindow): Uint8Array {
  const n = w.length;
  const out = new Uint8Array(frameBytes(n));
  const view = new DataView(out.buffer);
  view.setUint32(0, n, true);
  let at = 4;
  for (const column of [w.seconds, w.lon, w.lat, w.mileage]) {
    let previous = 0;
    for (let i = 0; i < n; i++) {
      view.setInt32(at, column[i] - previous, true);
      previous = column[i];
      at += 4;
    }
  }
  for (const column of [w.speed, w.course]) {
    for (let i = 0; i < n; i++, at += 2) view.setInt16(at, column[i], true);
  }
  out.set(w.flags.subarray(0, n), at);
  return out;
}

export function encodeTrackEnd(total: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setUint32(4, total, true);
  return out;
}

/** Bytes in, a Track out; a body that is not this format, or was cut short, is a typed failure. */
export function decodeTrack(body: ArrayBuffer | Uint8Array): TrackDecodeResult {
  const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 8 || view.getUint32(0, true) !== TRACK_MAGIC || view.getUint16(4, true) !== TRACK_VERSION)
    return { ok: false, reason: 'format' };
  const headLength = view.getUint16(6, true);
  const firstFrame = 8 + headLength + pad4(headLength);
  if (firstFrame > bytes.length) return { ok: false, reason: 'truncated' };
  let head: TrackHead;
  try {
    head = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headLength))) as TrackHead;
  } catch {
    return { ok: false, reason: 'format' };
  }
  // first pass: count the points, so each column is allocated once
  let total = 0;
  let at = firstFrame;
  for (;;) {
    if (at + 4 > bytes.length) return { ok: false, reason: 'truncated' };
    const n = view.getUint32(at, true);
    if (n === 0) break;
    at += frameBytes(n);
    total += n;
  }
  if (at + 8 > bytes.length) return { ok: false, reason: 'truncated' };
  if (view.getUint32(at + 4, true) !== total) return { ok: false, reason: 'format' };

  const track: Track = {
    ...head,
    length: total,
    time: new Float64Array(total),
    lon: new Float64Array(total),
    lat: new Float64Array(total),
    speed: new Float64Array(total),
    course: new Int16Array(total),
    mileage: new Float64Array(total),
    flags: new Uint8Array(total),
  };
  const baseMs = head.base * 1000;
  let index = 0;
  at = firstFrame;
  for (let n = view.getUint32(at, true); n > 0; n = view.getUint32(at, true)) {
    const seconds = at + 4;
    const lon = seconds + n * 4;
    const lat = lon + n * 4;
    const mileage = lat + n * 4;
    const speed = mileage + n * 4;
    const course = speed + n * 2;
    const flags = course + n * 2;
    let s = 0;
    let x = 0;
    let y = 0;
    let m = 0;
    for (let i = 0; i < n; i++) {
      s += view.getInt32(seconds + i * 4, true);
      x += view.getInt32(lon + i * 4, true);
      y += view.getInt32(lat + i * 4, true);
      m += view.getInt32(mileage + i * 4, true);
      const k = index + i;
      track.time[k] = baseMs + s * 1000;
      track.lon[k] = x / 1e6;
      track.lat[k] = y / 1e6;
      track.mileage[k] = m < 0 ? NaN : m / 10;
      track.speed[k] = view.getInt16(speed + i * 2, true) / 10;
      track.course[k] = view.getInt16(course + i * 2, true);
    }
    track.flags.set(bytes.subarray(flags, flags + n), index);
    index += n;
    at += frameBytes(n);
  }
  return { ok: true, track };
}
