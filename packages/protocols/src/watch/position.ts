/**
 * The position report shared by UD, UD2, UD_LTE, UD_WCDMA, AL, AL_LTE, WT…:
 * DDMMYY, hhmmss (UTC), A/V, latitude, N/S, longitude, E/W, speed km/h, course, altitude,
 * satellites, GSM signal 0-100, battery %, steps, tumbles, status word (hex), then the cells
 * (count, timing advance, MCC, MNC, LAC/CID/RSSI per cell) and the Wi-Fi (count, then
 * name/MAC/RSSI per access point), sometimes an accuracy in metres (4P-Touch; Traccar
 * WatchProtocolDecoder). Coordinates are decimal degrees; some firmware writes a sign as well
 * as the hemisphere, or leaves the hemisphere empty.
 */
import type { CellTower, DecodeContext, DeviceMessage, Position } from '../model.ts';
import type { LocationSource, PositionAttributes } from '../positionAttributes.ts';
import { utcMillis } from '../common/time.ts';
import type { Cursor } from './cursor.ts';
import { WATCH_STATE_BITS, watchAlarms } from './status.ts';

export interface WifiAccessPoint {
  name: string;
  mac: string;
  rssi: number;
}

/** Where a report's place came from: a GNSS fix, or only the cells / Wi-Fi it lists. */
export type { LocationSource };

const MAX_CELLS = 16;
const MAX_WIFI = 32;
const HEM_S = 0x53;
const HEM_W = 0x57;

/**
 * Reads the report from the cursor (placed after the message type) into `m`: a position when it
 * has coordinates (a GNSS fix, or the last one the watch knew: valid false), otherwise the
 * cells, Wi-Fi and status alone — a report with neither fix nor coordinates gets no made-up place.
 */
export function readReport(c: Cursor, m: DeviceMessage, ctx: DecodeContext): void {
  const date = c.six();
  const tod = c.six();
  c.next();
  const valid = c.firstByte() === 0x41; // 'A'
  let lat = c.num();
  c.next();
  if (c.firstByte() === HEM_S) lat = -Math.abs(lat);
  let lon = c.num();
  c.next();
  if (c.firstByte() === HEM_W) lon = -Math.abs(lon);
  const speed = c.num();
  const course = c.num();
  const altitude = c.num();
  const satellites = c.num();
  const signal = c.num();
  const battery = c.num();
  const steps = c.num();
  const tumbles = c.num();
  const word = c.hex();
  const status = word < 0 ? 0 : word;

  const cells = readCells(c);
  const wifi = readWifi(c);
  const accuracy = c.more ? c.num() : NaN;

  let time = date >= 0 && tod >= 0 ? timeOf(date, tod) : -1;
  const timeInvalid = time < 0;
  if (timeInvalid) time = ctx.now ?? 0;
  const source: LocationSource = valid ? 'gps' : wifi.length ? 'wifi' : cells.length ? 'lbs' : 'none';
  const alarms = watchAlarms(status);
  if (cells.length) m.cells = cells;

  const hasPlace = Number.isFinite(lat) && Number.isFinite(lon) && (valid || lat !== 0 || lon !== 0);
  if (!hasPlace) {
    if (m.kind === 'location') m.kind = 'lbs';
    m.status = {
      batteryLevel: finite(battery),
      signal: finite(signal),
      satellites: finite(satellites),
      alarms,
      raw: status,
    };
    m.detail = {
      time,
      timeInvalid,
      steps: finite(steps),
      tumbles: finite(tumbles),
      locationSource: source,
      wifi,
      accuracy: finite(accuracy),
    };
    return;
  }
  const extras: PositionAttributes = {
    battery: finite(battery),
    steps: finite(steps),
    tumbles: finite(tumbles),
    statusWord: status,
    worn: (status & (1 << WATCH_STATE_BITS.worn)) !== 0,
    locationSource: source,
  };
  if (wifi.length) extras.wifiCount = wifi.length;
  if (Number.isFinite(accuracy) && accuracy > 0) extras.accuracy = accuracy;
  if (timeInvalid) extras.timeInvalid = true;
  if (m.messageType === 'UD2') extras.blindArea = true;
  if (wifi.length) m.detail = { wifi };
  const p: Position = {
    terminalId: m.terminalId,
    time,
    lat,
    lon,
    valid,
    speedKmh: Number.isFinite(speed) ? speed : 0,
    course: Number.isFinite(course) ? course : 0,
    altitude: Number.isFinite(altitude) ? altitude : 0,
    satellites: finite(satellites),
    alarms,
    acc: undefined,
    mileageKm: undefined,
    fuel: undefined,
    signal: finite(signal),
    extras,
  };
  m.positions = [p];
}

function finite(n: number): number | undefined {
  return Number.isFinite(n) ? n : undefined;
}

/** UTC ms of DDMMYY and hhmmss, or -1. */
function timeOf(date: number, tod: number): number {
  return utcMillis(
    2000 + (date % 100),
    Math.floor(date / 100) % 100,
    Math.floor(date / 10_000),
    Math.floor(tod / 10_000),
    Math.floor(tod / 100) % 100,
    tod % 100,
  );
}

const NO_CELLS: CellTower[] = Object.freeze([]) as unknown as CellTower[];
const NO_WIFI: WifiAccessPoint[] = Object.freeze([]) as unknown as WifiAccessPoint[];

function readCells(c: Cursor): CellTower[] {
  const count = c.num();
  const atTa = c.mark();
  c.next(); // timing advance
  if (!(count > 0)) {
    // Without a cell, firmware writes the timing advance, MCC and MNC all the same (Traccar's
    // older reader), or the timing advance alone, or none of them: then what looked like the
    // timing advance is the Wi-Fi count, followed by a name (`…,00000000,0,5,eduroam,…`).
    const afterTa = c.mark();
    const mcc = c.num();
    if (mcc >= 100 && mcc <= 999 && Number.isInteger(mcc) && Number.isFinite(c.num())) return NO_CELLS;
    c.restore(afterTa);
    const next = c.num();
    c.restore(Number.isNaN(next) && !c.empty ? atTa : afterTa);
    return NO_CELLS;
  }
  const mcc = c.int(0);
  const mnc = c.int(0);
  const cells: CellTower[] = [];
  for (let i = 0; i < count && c.more; i++) {
    const lac = c.num();
    const cellId = c.num();
    const rssi = c.num();
    if (i >= MAX_CELLS || !Number.isFinite(lac) || !Number.isFinite(cellId)) continue;
    cells.push(Number.isFinite(rssi) ? { mcc, mnc, lac, cellId, rssi } : { mcc, mnc, lac, cellId });
  }
  return cells;
}

function readWifi(c: Cursor): WifiAccessPoint[] {
  if (!c.more) return NO_WIFI;
  const count = c.num();
  if (!(count > 0)) return NO_WIFI;
  const list: WifiAccessPoint[] = [];
  for (let i = 0; i < count && c.more; i++) {
    const name = c.text();
    const mac = c.text();
    const rssi = c.num();
    if (i < MAX_WIFI) list.push({ name, mac, rssi: Number.isFinite(rssi) ? rssi : 0 });
  }
  return list;
}
