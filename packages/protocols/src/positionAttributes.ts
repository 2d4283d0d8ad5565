/**
 * The catalogue of position attributes (like Traccar's Position.KEY_*): every key a position's
 * `extras` may carry, typed, with its unit, and the protocols that send it. Decoders write these
 * keys, the gateway adds its own (blindArea, ebike, fuel, signal), and the stored JSON
 * (positions.extras, latest_positions.extras) holds them under these same names, so a reader of a
 * stored row and a reader of a decoded position say one thing one way.
 *
 * A new attribute is a line in PositionAttributes and one in POSITION_ATTRIBUTES (the compiler
 * holds the two together).
 */
import type { EbikeStatus } from './ebike.ts';
import type { Jt808StatusFlag } from './jt808/flags.ts';
import type { CellTower } from './model.ts';

/** How a fix was found (the watch protocol's, and a pet collar's demo history). */
export type LocationSource = 'gps' | 'wifi' | 'lbs' | 'none';

export interface PositionAttributes {
  // --- The report as a whole
  /** 补传: kept by the terminal out of coverage and sent later (isBlindArea). */
  blindArea?: boolean;
  /** The device sent no usable time; the gateway's clock stands in for it. */
  timeInvalid?: boolean;
  /** H02: the sentence carried a date but no time of day. */
  dateOnly?: boolean;
  /** GT06 0x22 upload mode byte (0 timed, 1 distance, 2 turn, …). */
  uploadMode?: number;
  /** How the fix was found (watch). */
  locationSource?: LocationSource;
  /** Horizontal accuracy of the fix. */
  accuracy?: number;
  /** A stored pet fix's own "positioned" flag (demo history). */
  fix?: boolean;
  // --- Power and radio
  /** Battery level. */
  battery?: number;
  /** GT06 voltage level 0–6 (status packets). */
  voltageLevel?: number;
  /** Signal strength as reported (JT/T 808 CSQ, GT06 0–4, H02 RSSI; Position.signal). */
  signal?: number;
  /** Fuel level (JT/T 808 0x02; Position.fuel). */
  fuel?: number;
  /** The serving cell (GT06). */
  cell?: CellTower;
  /** H02 cell fields, flat. */
  mcc?: number;
  mnc?: number;
  lac?: number;
  cellId?: number;
  /** Wi-Fi access points heard (watch; the list itself is the message's detail). */
  wifiCount?: number;
  /** The beacon a badge heard: its MAC as text, or `{ mac }`. */
  beacon?: string | { mac: string };
  // --- Protocol words
  /** JT/T 808 alarm word (kept when any bit is set). */
  alarmWord?: number;
  /** JT/T 808 status word / watch status word (kept when it says more than the columns). */
  statusWord?: number;
  /** JT/T 808 status bits by name (decoded only: derivable from statusWord, never stored). */
  statusFlags?: readonly Jt808StatusFlag[];
  /** GT06 terminal information byte / H02 status word. */
  status?: number;
  terminalInfo?: number;
  /** GT06 course and status word (the fix and hemisphere bits beside the course). */
  courseStatus?: number;
  /** GT06 alarm/language bytes of an alarm packet. */
  alarmCode?: number;
  language?: number;
  /** H02 fields after the known ones, as sent. */
  trailing?: readonly string[];
  /** GT06 0x1A: the phone number the terminal asks about. */
  phone?: string;
  // --- JT/T 808 additional items (0x0200 extras)
  /** 0x03 speed from the driving recorder. */
  recorderSpeedKmh?: number;
  /** 0x04 the manual-confirm alarm's event id. */
  alarmEventId?: number;
  /** 0x11 the overspeed alarm's area. */
  overspeedArea?: { locationType: number; areaId?: number };
  /** 0x12 the in/out area alarm (direction 0 in, 1 out). */
  area?: { locationType: number; areaId: number; direction: number };
  /** 0x13 route driving time too short/long. */
  routeTime?: { routeId: number; seconds: number; result: number };
  /** 0x25 extended vehicle signal word. */
  extSignal?: number;
  /** 0x2A IO status word. */
  io?: number;
  /** 0x2B analog inputs. */
  analog?: { ad0: number; ad1: number };
  /** Items not recognised, as hex by item id. */
  rawItems?: Record<string, string>;
  /** The additional items ran past the body's end. */
  itemsTruncated?: boolean;
  // --- Wearables
  /** Steps counted today. */
  steps?: number;
  /** Roll-overs / tumbles counted today. */
  tumbles?: number;
  /** The watch is being worn. */
  worn?: boolean;
  // --- E-bikes
  /** The bike's state stamped by the gateway (GT06 0xF1, or a JT/T 808 location's ACC and relay). */
  ebike?: EbikeStatus;
}

export type PositionAttributeKey = keyof PositionAttributes;

/** Where an attribute comes from, and what a number of it counts in. */
export interface PositionAttributeInfo {
  /** The unit of a number ('' for codes, flags and words). */
  unit: '' | '%' | 'm' | 'km/h' | 'L' | 'count';
  /** Which decoders write it ('gateway' when the platform adds it). */
  from: readonly ('jt808' | 'gt06' | 'h02' | 'watch' | 'gateway' | 'demo')[];
}

/** Every attribute, with its unit and source: the compiler holds it to PositionAttributes. */
export const POSITION_ATTRIBUTES = {
  blindArea: { unit: '', from: ['watch', 'gt06', 'gateway'] },
  timeInvalid: { unit: '', from: ['jt808', 'gt06', 'h02', 'watch'] },
  dateOnly: { unit: '', from: ['h02'] },
  uploadMode: { unit: '', from: ['gt06'] },
  locationSource: { unit: '', from: ['watch', 'demo'] },
  accuracy: { unit: 'm', from: ['watch', 'demo'] },
  fix: { unit: '', from: ['demo'] },
  battery: { unit: '%', from: ['h02', 'watch'] },
  voltageLevel: { unit: '', from: ['gt06'] },
  signal: { unit: '', from: ['gateway'] },
  fuel: { unit: 'L', from: ['gateway'] },
  cell: { unit: '', from: ['gt06'] },
  mcc: { unit: '', from: ['h02'] },
  mnc: { unit: '', from: ['h02'] },
  lac: { unit: '', from: ['h02'] },
  cellId: { unit: '', from: ['h02'] },
  wifiCount: { unit: 'count', from: ['watch'] },
  beacon: { unit: '', from: ['demo'] },
  alarmWord: { unit: '', from: ['jt808'] },
  statusWord: { unit: '', from: ['jt808', 'watch'] },
  statusFlags: { unit: '', from: ['jt808'] },
  status: { unit: '', from: ['gt06', 'h02'] },
  terminalInfo: { unit: '', from: ['gt06'] },
  courseStatus: { unit: '', from: ['gt06'] },
  alarmCode: { unit: '', from: ['gt06'] },
  language: { unit: '', from: ['gt06'] },
  trailing: { unit: '', from: ['h02'] },
  phone: { unit: '', from: ['gt06'] },
  recorderSpeedKmh: { unit: 'km/h', from: ['jt808'] },
  alarmEventId: { unit: '', from: ['jt808'] },
  overspeedArea: { unit: '', from: ['jt808'] },
  area: { unit: '', from: ['jt808'] },
  routeTime: { unit: '', from: ['jt808'] },
  extSignal: { unit: '', from: ['jt808'] },
  io: { unit: '', from: ['jt808'] },
  analog: { unit: '', from: ['jt808'] },
  rawItems: { unit: '', from: ['jt808'] },
  itemsTruncated: { unit: '', from: ['jt808'] },
  steps: { unit: 'count', from: ['watch', 'demo'] },
  tumbles: { unit: 'count', from: ['watch'] },
  worn: { unit: '', from: ['watch'] },
  ebike: { unit: '', from: ['gateway'] },
} as const satisfies Record<PositionAttributeKey, PositionAttributeInfo>;

/** An attribute's key as SQL text reads it (`extras->>'${attr('accuracy')}'`): checked against the catalogue. */
export const attr = <K extends PositionAttributeKey>(key: K): K => key;

/**
 * A blind-area fix (补传): positions a terminal kept while out of coverage and uploaded later.
 * Said one way, `blindArea`: the decoders set it where the protocol says so (watch UD2, GT06's
 * re-upload byte), and the gateway where the message does (JT/T 808 0x0704 type 1) or where the
 * fix came more than BLIND_AREA_AFTER_MS after its GPS time (apps/server gateway/positionRows.ts).
 */
export function isBlindArea(extras: PositionAttributes | null | undefined): boolean {
  return extras?.blindArea === true;
}

/** A report received this long after its GPS time was kept by the terminal and sent later. */
export const BLIND_AREA_AFTER_MS = 5 * 60_000;
