import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { Db } from '../db/types.ts';
import type { PositionAttributes } from '@chelian/protocols/positionAttributes.ts';

/** A position as stored: the gateway's rows, and history written straight to the table (positions and latest_positions share the columns). */
export interface StoredPosition {
  terminalPk: number;
  gpsTime: number;
  receivedAt: number;
  lat: number;
  lon: number;
  speed: number;
  course: number;
  altitude: number;
  valid: boolean;
  satellites: number | null;
  acc: boolean | null;
  mileage: number | null;
  alarms: AlarmType[];
  extras: PositionAttributes | null;
}

/** positions' columns in the order the writer below writes them. */
export const POSITION_COLUMNS = [
  'terminal_id',
  'gps_time',
  'received_at',
  'lat',
  'lon',
  'speed',
  'course',
  'altitude',
  'valid',
  'satellites',
  'acc',
  'mileage',
  'alarms',
  'extras',
];

/**
 * Positions as PostgreSQL's binary COPY format, written straight into one growing buffer: no number
 * is turned into text (formatting doubles such as 31.123456 was most of the CSV's cost) and the
 * server parses no text back. The field order is POSITION_COLUMNS' and each field's encoding is
 * its column's type in migration 0004 (bigint, timestamptz, double, real, smallint, boolean,
 * text[], jsonb). Both engines read it (PostgreSQL from STDIN, PGlite from a blob).
 */
export class PositionCopyWriter {
  private buf: Buffer;
  private view: DataView;
  private at = 0;
  rows = 0;

  constructor(expectedRows = 64) {
    this.buf = takeBuffer(Math.max(256, expectedRows * ROW_BYTES_GUESS));
    this.view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
    this.buf.set(SIGNATURE, 0);
    this.view.setInt32(11, 0); // flags: no OIDs
    this.view.setInt32(15, 0); // header extension length
    this.at = 19;
  }

  /** Appends the rows, all or none: one that cannot be encoded throws and leaves the data as it was. */
  addAll(rows: readonly StoredPosition[]) {
    const at = this.at;
    const count = this.rows;
    try {
      for (const p of rows) this.add(p);
    } catch (err) {
      this.at = at;
      this.rows = count;
      throw err;
    }
  }

  add(p: StoredPosition) {
    this.room(FIXED_ROW_BYTES);
    const v = this.view;
    let o = this.at;
    v.setInt16(o, FIELD_COUNT);
    o += 2;
    o = int64Field(v, o, p.terminalPk);
    o = int64Field(v, o, (p.gpsTime - PG_EPOCH_MS) * 1000);
    o = int64Field(v, o, (p.receivedAt - PG_EPOCH_MS) * 1000);
    o = float64Field(v, o, p.lat);
    o = float64Field(v, o, p.lon);
    v.setInt32(o, 4);
    v.setFloat32(o + 4, p.speed);
    o += 8;
    v.setInt32(o, 2);
    v.setInt16(o + 4, Math.round(p.course));
    o += 6;
    v.setInt32(o, 4);
    v.setFloat32(o + 4, p.altitude);
    o += 8;
    o = boolField(v, o, p.valid);
    if (p.satellites === null) o = nullField(v, o);
    else {
      v.setInt32(o, 2);
      v.setInt16(o + 4, p.satellites);
      o += 6;
    }
    o = p.acc === null ? nullField(v, o) : boolField(v, o, p.acc);
    o = p.mileage === null ? nullField(v, o) : float64Field(v, o, p.mileage);
    this.at = o;
    this.textArray(p.alarms);
    if (p.extras) this.jsonb(JSON.stringify(p.extras));
    else {
      this.room(4); // FIXED_ROW_BYTES holds no extras: a NULL's length word may fall past the end
      this.at = nullField(this.view, this.at);
    }
    this.rows++;
  }

  /** The COPY data, trailer included; the writer is done after this. */
  finish(): Uint8Array {
    this.room(2);
    this.view.setInt16(this.at, -1);
    this.at += 2;
    return this.buf.subarray(0, this.at);
  }

  /**
   * Hands the buffer on to the next writer. Only once the COPY that read finish()'s data has
   * completed (its bytes are then all sent); never after a failed one, whose bytes may still sit
   * in a socket's queue. The writer is unusable afterwards.
   */
  recycle() {
    giveBuffer(this.buf);
    this.buf = EMPTY;
    this.view = new DataView(EMPTY.buffer, EMPTY.byteOffset, 0);
    this.at = 0;
  }

  /** text[] of one dimension without NULLs: ndim, flags, element type, then length and lower bound, then the elements. */
  private textArray(items: string[]) {
    let bytes = 12;
    if (items.length) {
      bytes += 8;
      for (const s of items) bytes += 4 + Buffer.byteLength(s);
    }
    this.room(4 + bytes);
    const v = this.view;
    let o = this.at;
    v.setInt32(o, bytes);
    v.setInt32(o + 4, items.length ? 1 : 0);
    v.setInt32(o + 8, 0);
    v.setInt32(o + 12, TEXT_OID);
    o += 16;
    if (items.length) {
      v.setInt32(o, items.length);
      v.setInt32(o + 4, 1);
      o += 8;
      for (const s of items) {
        const n = this.buf.write(s, o + 4, 'utf8');
        v.setInt32(o, n);
        o += 4 + n;
      }
    }
    this.at = o;
  }

  /** jsonb: version 1, then the JSON text. */
  private jsonb(text: string) {
    this.room(5 + text.length * 3);
    const n = this.buf.write(text, this.at + 5, 'utf8');
    this.view.setInt32(this.at, n + 1);
    this.buf[this.at + 4] = 1;
    this.at += 5 + n;
  }

  private room(bytes: number) {
    if (this.at + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.at + bytes));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
    this.view = new DataView(bigger.buffer, bigger.byteOffset, bigger.byteLength);
  }
}

/*
 * Spare buffers from writers whose COPY completed. A busy gateway fills a megabyte or more per
 * flush: a fresh buffer for each, grown by doubling, meant copying and page faults on new pages
 * (6 % of the gateway's samples in a burst, perf). A few are kept, none of an outsized batch.
 */
const EMPTY = Buffer.alloc(0);
const spares: Buffer[] = [];
const MAX_SPARES = 4;
const MAX_SPARE_BYTES = 16 << 20;

function takeBuffer(minBytes: number): Buffer {
  const spare = spares.pop();
  return spare && spare.length >= minBytes ? spare : Buffer.allocUnsafeSlow(minBytes);
}

function giveBuffer(buf: Buffer) {
  if (buf.length > 0 && buf.length <= MAX_SPARE_BYTES && spares.length < MAX_SPARES) spares.push(buf);
}

/** Rows of positions as one binary COPY payload. */
export function positionsCopyData(rows: readonly StoredPosition[]): Uint8Array {
  const writer = new PositionCopyWriter(rows.length);
  writer.addAll(rows);
  return writer.finish();
}

/** Encodes the rows and hands the data to `copy`; once that has succeeded, its buffer serves a later writer. */
export async function copyPositionRows(rows: readonly StoredPosition[], copy: (data: Uint8Array) => Promise<void>): Promise<void> {
  const writer = new PositionCopyWriter(rows.length);
  writer.addAll(rows);
  await copy(writer.finish());
  writer.recycle();
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const FIELD_COUNT = 14;
const TEXT_OID = 25;
/** PostgreSQL counts timestamps in microseconds from 2000-01-01 UTC. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
/** Everything but the alarms and extras: 2 + 3×12 + 2×12 + 8 + 6 + 8 + 5 + 6 + 5 + 12. */
const FIXED_ROW_BYTES = 112;
const ROW_BYTES_GUESS = 200;

const nullField = (v: DataView, o: number) => {
  v.setInt32(o, -1);
  return o + 4;
};

const boolField = (v: DataView, o: number, b: boolean) => {
  v.setInt32(o, 1);
  v.setUint8(o + 4, b ? 1 : 0);
  return o + 5;
};

const float64Field = (v: DataView, o: number, n: number) => {
  v.setInt32(o, 8);
  v.setFloat64(o + 4, n);
  return o + 12;
};

/** An integer as int64 (exact up to 2^53: row ids and microsecond timestamps are far below). */
const int64Field = (v: DataView, o: number, n: number) => {
  const high = Math.floor(n / 4294967296);
  v.setInt32(o, 8);
  v.setInt32(o + 4, high);
  v.setUint32(o + 8, n - high * 4294967296);
  return o + 12;
};

/** Binary COPY into positions: the fastest bulk write both engines offer. */
export const copyPositions = (db: Db, rows: readonly StoredPosition[]) =>
  copyPositionRows(rows, (data) => db.copyRows('positions', POSITION_COLUMNS, data));
