/**
 * Terminal-side watch encoders: the frames a watch, badge or collar sends. Used by the
 * simulator to act as one, and by the tests to round-trip the decoder.
 */
import type { AlarmType } from '../alarms.ts';
import type { CellTower } from '../model.ts';
import { pad2, wallTime } from '../common/time.ts';
import { encodeWatchFrame } from './frame.ts';
import type { WifiAccessPoint } from './position.ts';
import { watchStatusWord } from './status.ts';

export interface WatchReportInput {
  /** UTC epoch ms. */
  time: number;
  /** Omitted (or valid false with 0/0): a report without a place, only cells and Wi-Fi. */
  lat: number;
  lon: number;
  valid: boolean;
  speedKmh?: number;
  course?: number;
  altitude?: number;
  satellites?: number;
  /** GSM signal 0-100. */
  signal?: number;
  /** Battery %. */
  battery?: number;
  /** Cumulative steps and tumbles (the watch never resets them on its own). */
  steps?: number;
  tumbles?: number;
  alarms?: readonly AlarmType[];
  worn?: boolean;
  still?: boolean;
  cells?: readonly CellTower[];
  wifi?: readonly WifiAccessPoint[];
  accuracy?: number;
}

export type WatchReportType = 'UD' | 'UD2' | 'UD_LTE' | 'UD_WCDMA' | 'AL' | 'AL_LTE';

/** The position report's fields (Appendix I of the 4P-Touch protocol). */
export function watchReportContent(type: WatchReportType, x: WatchReportInput): string {
  const t = wallTime(x.time);
  const cells = x.cells ?? [];
  const wifi = x.wifi ?? [];
  const status = watchStatusWord(x.alarms ?? [], { worn: x.worn, still: x.still })
    .toString(16)
    .toUpperCase()
    .padStart(8, '0');
  const fields: (string | number)[] = [
    type,
    `${pad2(t.day)}${pad2(t.month)}${pad2(t.year % 100)}`,
    `${pad2(t.hour)}${pad2(t.minute)}${pad2(t.second)}`,
    x.valid ? 'A' : 'V',
    Math.abs(x.lat).toFixed(6),
    x.lat < 0 ? 'S' : 'N',
    Math.abs(x.lon).toFixed(6),
    x.lon < 0 ? 'W' : 'E',
    (x.speedKmh ?? 0).toFixed(2),
    (x.course ?? 0).toFixed(1),
    (x.altitude ?? 0).toFixed(1),
    x.satellites ?? 0,
    x.signal ?? 100,
    x.battery ?? 100,
    x.steps ?? 0,
    x.tumbles ?? 0,
    status,
    cells.length,
    cells.length ? 1 : 255,
  ];
  if (cells.length) {
    fields.push(cells[0].mcc, cells[0].mnc);
    for (const c of cells) fields.push(c.lac, c.cellId, c.rssi ?? '');
  }
  fields.push(wifi.length);
  for (const w of wifi) fields.push(w.name.replace(/[,[\]*}]/g, '_'), w.mac, w.rssi);
  fields.push((x.accuracy ?? 0).toFixed(1));
  return fields.join(',');
}

/** A position report (UD …) or an alarm report (AL …). */
export function encodeWatchReport(id: string, type: WatchReportType, x: WatchReportInput, maker = '3G'): Buffer {
  return encodeWatchFrame(maker, id, watchReportContent(type, x));
}

/** LK heartbeat; with the cumulative steps, tumbles and battery % when given. */
export function encodeWatchLink(id: string, s?: { steps: number; tumbles: number; battery: number }, maker = '3G'): Buffer {
  return encodeWatchFrame(maker, id, s ? `LK,${s.steps},${s.tumbles},${s.battery}` : 'LK');
}

/** The watch's answer to a command: its keyword, and any values it reports. */
export function encodeWatchCommandReply(id: string, keyword: string, values: readonly string[] = [], maker = '3G'): Buffer {
  return encodeWatchFrame(maker, id, [keyword, ...values].join(','));
}

/** CONFIG: what the watch is (TY), its upload interval (UL), … */
export function encodeWatchConfig(id: string, config: Record<string, string | number>, maker = '3G'): Buffer {
  return encodeWatchFrame(maker, id, ['CONFIG', ...Object.entries(config).map(([k, v]) => `${k}:${v}`)].join(','));
}

/** A health reading: heart rate alone, or blood pressure with it (bphrt). */
export function encodeWatchHeart(id: string, heartRate: number, pressure?: { high: number; low: number }, maker = '3G'): Buffer {
  const content = pressure ? `bphrt,${pressure.high},${pressure.low},${heartRate},,,,` : `heart,${heartRate}`;
  return encodeWatchFrame(maker, id, content);
}
