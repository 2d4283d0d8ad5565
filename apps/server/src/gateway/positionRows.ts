import { NO_ALARMS } from '@chelian/protocols/alarms.ts';
import type { DeviceMessage, Position } from '@chelian/protocols/model.ts';
import { BLIND_AREA_AFTER_MS } from '@chelian/protocols/positionAttributes.ts';
import type { NewAlarm, StoredPosition } from './ingest.queries.ts';

// Derivable from statusWord, or bulky: not worth a copy in every row.
const DROPPED_EXTRAS = new Set(['statusFlags']);
/** JT/T 808 status bits the row's own columns hold: ACC (acc), positioned (valid), south and west (the signs of lat and lon). */
const STATUS_BITS_IN_COLUMNS = 0x0f;

/**
 * A protocol word whose every bit the row already holds in its columns: an alarm word of 0 (the
 * alarms column is empty) or a status word with no bit beyond STATUS_BITS_IN_COLUMNS. Storing it
 * again made a jsonb value on nearly every JT/T 808 row (~30 bytes, and a JSON text to write and
 * parse per position) for nothing a reader could not get from the columns.
 */
const heldByColumns = (key: string, v: unknown) =>
  (key === 'alarmWord' && v === 0) || (key === 'statusWord' && typeof v === 'number' && (v & ~STATUS_BITS_IN_COLUMNS) === 0);
const MAX_EXTRAS_CHARS = 1024;

/** The rows of a message that has none (shared: nobody adds to a message's rows). */
export const NO_ROWS: readonly StoredPosition[] = Object.freeze([]);

/** The new alarms of a message that raises none (shared: a raising message gets its own list). */
export const NO_NEW_ALARMS: NewAlarm[] = Object.freeze([]) as unknown as NewAlarm[];

/** A report with a usable fix: positioned, or at least somewhere other than 0, 0. */
export const hasFix = (p: StoredPosition) => p.valid || p.lat !== 0 || p.lon !== 0;

/**
 * 补传, said once (positionAttributes.ts `blindArea`): beside what the decoders mark (watch UD2,
 * GT06's re-upload byte), a JT/T 808 batch of type 1 (0x0704) is the blind-area upload, and any
 * fix received more than BLIND_AREA_AFTER_MS after its GPS time was kept by the terminal. The
 * stored row, the engines and the alarms it raises read the one attribute.
 */
export function markBlindArea(msg: DeviceMessage, receivedAt: number) {
  const positions = msg.positions;
  if (!positions) return;
  const batch = msg.detail?.batchType === 1;
  // Indexed, as on the rest of a message's path: see AlarmEdgeTracker.fromPositions.
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i];
    if (batch || receivedAt - p.time > BLIND_AREA_AFTER_MS) p.extras.blindArea = true;
  }
}

/** A message's positions as rows, oldest first (a 0x0200 carries one: no loop, no sort). */
export function toStoredPositions(
  decoded: readonly Position[] | undefined,
  terminalPk: number,
  receivedAt: number,
): readonly StoredPosition[] {
  if (!decoded || decoded.length === 0) return NO_ROWS;
  if (decoded.length === 1) {
    const row = toStoredPosition(decoded[0], terminalPk, receivedAt);
    return row ? [row] : NO_ROWS;
  }
  const rows: StoredPosition[] = [];
  for (const p of decoded) {
    const row = toStoredPosition(p, terminalPk, receivedAt);
    if (row) rows.push(row);
  }
  return rows.sort((a, b) => a.gpsTime - b.gpsTime);
}

/** A decoded position as a row; null when a field could not be stored (NaN, out-of-range coordinates). */
export function toStoredPosition(p: Position, terminalPk: number, receivedAt: number): StoredPosition | null {
  const f = Number.isFinite;
  if (!(f(p.time) && f(p.lat) && f(p.lon) && f(p.speedKmh) && f(p.course) && f(p.altitude))) return null;
  if (Math.abs(p.lat) > 90 || Math.abs(p.lon) > 180) return null;
  return {
    terminalPk,
    gpsTime: p.time,
    receivedAt,
    lat: p.lat,
    lon: p.lon,
    speed: Math.max(0, p.speedKmh),
    course: ((Math.round(p.course) % 360) + 360) % 360,
    altitude: clamp(p.altitude, -1e6, 1e6),
    valid: p.valid,
    satellites: finiteInt(p.satellites, 0, 255),
    acc: p.acc ?? null,
    mileage: Number.isFinite(p.mileageKm) ? p.mileageKm! : null,
    alarms: p.alarms.length ? p.alarms : NO_ALARMS,
    extras: compactExtras(p),
  };
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const finiteInt = (n: number | undefined, lo: number, hi: number) =>
  n !== undefined && Number.isFinite(n) ? clamp(Math.round(n), lo, hi) : null;

/** The protocol's extra fields as plain JSON: bytes as hex, big integers as text, bounded size. */
export function compactExtras(p: Position): Record<string, unknown> | null {
  // Made at the first field kept: the usual answer is "nothing", and then nothing is allocated.
  let out: Record<string, unknown> | null = null;
  if (p.fuel !== undefined && Number.isFinite(p.fuel)) (out ??= {}).fuel = p.fuel;
  if (p.signal !== undefined && Number.isFinite(p.signal)) (out ??= {}).signal = p.signal;
  const extras = p.extras as Record<string, unknown>;
  // for…in, not Object.entries: this runs once per position.
  for (const k in extras) {
    const v = extras[k];
    if (!Object.hasOwn(extras, k) || DROPPED_EXTRAS.has(k) || v === undefined || heldByColumns(k, v)) continue;
    (out ??= {})[k] = plain(v, 0);
  }
  if (out === null) return null;
  const keys = Object.keys(out);
  // Usual case, a few numbers (alarm and status words): small for sure, no trial serialisation.
  if (keys.length <= 16 && keys.every((k) => k.length <= 32 && (typeof out[k] === 'number' || typeof out[k] === 'boolean'))) return out;
  let text: string;
  try {
    text = JSON.stringify(out);
  } catch {
    return null;
  }
  if (text.length <= MAX_EXTRAS_CHARS) return out;
  // Keep the small scalar fields, drop whatever made it big.
  const small = Object.fromEntries(Object.entries(out).filter(([, v]) => typeof v !== 'object' || v === null));
  return Object.keys(small).length ? small : null;
}

function plain(v: unknown, depth: number): unknown {
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return Buffer.from(v).toString('hex');
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'object' || v === null) return typeof v === 'function' ? null : v;
  if (depth > 4) return null;
  if (Array.isArray(v)) return v.map((x) => plain(x, depth + 1));
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x, depth + 1)]));
}
