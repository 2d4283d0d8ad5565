/**
 * The normalized model the gateway consumes. Every protocol decoder turns one frame into a
 * `DecodeResult`; on success it holds `DeviceMessage`s in this shape, whatever the wire format.
 *
 * Gateway contract, independent of `kind`:
 *  - store `positions` (if any) durably, THEN send `reply` (if any);
 *  - match `commandReply.replyKey` against `EncodedCommand.replyKey` of commands it sent;
 *  - alarms live on positions (`Position.alarms`); a status-only message without a fix carries
 *    them in `status.alarms`.
 */
import type { AlarmType } from './alarms.ts';
import type { PositionAttributes } from './positionAttributes.ts';
import type { BmsReport, EbikeStatus } from './ebike.ts';

export type { BmsField, BmsReport, EbikeStatus } from './ebike.ts';

export type ProtocolName = 'jt808' | 'gt06' | 'h02' | 'watch';

export type ErrorCode =
  | 'empty' // no bytes
  | 'badFrame' // wrong start/end markers, not a frame of this protocol
  | 'tooShort' // fewer bytes than the header or a fixed-size body needs
  | 'badLength' // a declared length disagrees with the bytes present (rejected by policy)
  | 'badChecksum' // integrity bytes do not verify (rejected by policy)
  | 'badField' // a field holds an impossible value (BCD nibble > 9, unparsable number…)
  | 'badTime' // a date/time field is out of range
  | 'subpackageLimit' // the sub-package reassembler refused a part (limits)
  | 'unsupportedCommand' // the protocol has no encoding for this command
  | 'badCommand' // the command or terminal id cannot be encoded
  | 'overflow' // framer: a frame grew past maxFrameLength
  | 'junk' // framer: too many bytes that are no frame at all
  | 'internal'; // a decoder bug caught at the boundary; never a crash

export interface ProtocolError {
  code: ErrorCode;
  detail: string;
}

/** A Result's failure branch. */
export type Failure = { ok: false; error: ProtocolError };
export type Result<T> = { ok: true; value: T } | Failure;

/**
 * What to do with a frame whose checksum/CRC does not verify. Default 'accept': real devices
 * ship firmware with broken checksums (Traccar never checks them), so we keep the data and flag
 * `checksumValid: false` for the gateway to count and log. 'reject' turns it into an error.
 */
export type ChecksumPolicy = 'accept' | 'reject';

export interface DecodeContext {
  /** Terminal already identified on this connection (GT06 frames after login carry no id). */
  terminalId?: string;
  checksumPolicy?: ChecksumPolicy;
  /** Epoch ms supplied by the caller, used only where a frame carries no time of its own. */
  now?: number;
  /** Next server-side serial for reply frames (JT/T 808 platform flow number). Default 0. */
  nextSerial?: () => number;
  /** Auth code the JT/T 808 register reply (0x8100) hands out. Default: the terminal id. */
  authCode?: string;
  /** JT/T 808 sub-package reassembler for this connection (see jt808/subpackage.ts). */
  subpackages?: SubpackageSink;
  /** This connection's last JT/T 808 phone (jt808/frame.ts PhoneMemo): its frames skip the shared cache. */
  phones?: PhoneLookup;
}

/** The JT/T 808 header's phone as a string, from its BCD bytes at data[at] (6 bytes, 10 in 2019). */
export interface PhoneLookup {
  phoneOf(data: Buffer, at: number, is2019: boolean): string;
}

/** Minimal view of the JT/T 808 reassembler, so model.ts does not import protocol code. */
export interface SubpackageSink {
  add(key: string, index: number, total: number, body: Buffer, now: number): Result<Buffer | null>;
  /** Whether a message is being reassembled under `key`. */
  has?(key: string): boolean;
}

export interface DecodedFrame {
  protocol: ProtocolName;
  terminalId: string;
  /** Protocol message type as written in its standard: '0x0200', '0x12', 'V1', … */
  messageType: string;
  /** The terminal's serial of this frame, when the protocol has one. */
  serial?: number;
  /** False when checksum/CRC did not verify but the policy accepted the frame. */
  checksumValid: boolean;
  /** False when a declared length disagreed with the bytes present (accepted by policy). */
  lengthValid: boolean;
  messages: DeviceMessage[];
}

export type DecodeResult = Result<DecodedFrame>;

export type MessageKind =
  | 'login' // GT06 login (IMEI)
  | 'register' // JT/T 808 0x0100
  | 'registerReply' // JT/T 808 0x8100 (server → terminal; decoded for the simulator)
  | 'auth' // JT/T 808 0x0102
  | 'heartbeat'
  | 'location'
  | 'alarm' // a packet that exists to report an alarm (GT06 0x16/0x26)
  | 'lbs' // cell-tower only, no GNSS fix
  | 'status' // terminal information without position (GT06 0x94, 0xF1 e-bike status, …)
  | 'bms' // a battery-management report (GT06 0x40, JT/T 808 0x0900 type 0xF0)
  | 'commandReply'
  | 'unregister'
  | 'generalReply' // JT/T 808 0x0001 / 0x8001
  | 'paramReply' // JT/T 808 0x0104
  | 'passThrough' // JT/T 808 0x0900 / 0x8900
  | 'subpackage' // one part of a JT/T 808 multi-packet message, not yet complete
  | 'serverCommand' // a server → terminal command (decoded for the simulator)
  | 'serverAck' // a server acknowledgement (decoded for the simulator)
  | 'unknown';

export interface Position {
  terminalId: string;
  /** Epoch ms, UTC. */
  time: number;
  /** WGS-84 as received. */
  lat: number;
  lon: number;
  valid: boolean;
  speedKmh: number;
  course: number;
  altitude: number;
  satellites?: number;
  alarms: AlarmType[];
  acc?: boolean;
  mileageKm?: number;
  /** Fuel level as reported (JT/T 808: litres). */
  fuel?: number;
  /** Signal strength as reported (JT/T 808 CSQ, GT06 level 0-4, H02 RSSI). */
  signal?: number;
  /** The report's other attributes, by the catalogue's keys (positionAttributes.ts). */
  extras: PositionAttributes;
}

export interface CommandReply {
  /** Equal to `EncodedCommand.replyKey` of the command this answers. */
  replyKey: string;
  serial?: number;
  /** Message id/command name answered, e.g. '0x8105', 'S20'. */
  answered?: string;
  /** Protocol result code (JT/T 808: 0 ok, 1 failure, 2 bad message, 3 unsupported). */
  result?: number;
  success?: boolean;
  text?: string;
}

export interface RegisterInfo {
  province: number;
  city: number;
  maker: string;
  model: string;
  deviceId: string;
  plateColor: number;
  plate: string;
}

export interface AuthInfo {
  authCode: string;
  imei?: string;
  softwareVersion?: string;
}

export interface TerminalStatus {
  acc?: boolean;
  charging?: boolean;
  oilCut?: boolean;
  gpsTracking?: boolean;
  armed?: boolean;
  /** 0-6 GT06 voltage level, or percent where the protocol says so. */
  batteryLevel?: number;
  signal?: number;
  satellites?: number;
  alarms: AlarmType[];
  raw?: number;
}

export interface CellTower {
  mcc: number;
  mnc: number;
  lac: number;
  cellId: number;
  rssi?: number;
}

export interface DeviceMessage {
  kind: MessageKind;
  protocol: ProtocolName;
  terminalId: string;
  messageType: string;
  serial?: number;
  positions?: Position[];
  /** Frame to send back, only AFTER the positions above are durably stored. */
  reply?: Buffer;
  /**
   * JT/T 808 register and authenticate: the answer refusing them instead, with the standard's
   * result code (0x8100: 3 terminal already registered, 4 terminal not in the database; 0x8001: 1 failure).
   */
  refuse?: (result: number) => Buffer;
  commandReply?: CommandReply;
  register?: RegisterInfo;
  auth?: AuthInfo;
  status?: TerminalStatus;
  cells?: CellTower[];
  params?: TerminalParam[];
  passThrough?: { type: number; data: Buffer };
  /** E-bike state the frame reported (GT06 0xF1; see ebike.ts). Positions carry it in `extras.ebike`. */
  ebike?: EbikeStatus;
  /** A battery-management report (GT06 0x40, JT/T 808 0x0900 user type 0xF0; see ebike.ts). */
  bms?: BmsReport;
  /** Bluetooth beacons a work badge heard or clocked in at (GT06 0xB2). */
  beacons?: BeaconSighting[];
  /** Anything else the frame said (server command fields, unknown bodies as hex, …). */
  detail?: Record<string, unknown>;
  /** How later commands to this terminal should be written (watch: its maker code, indexed frames). */
  encodeHints?: Partial<EncodeContext>;
}

/** A Bluetooth beacon a badge heard: a clock-in point or a patrol checkpoint. */
export interface BeaconSighting {
  /** Epoch ms, UTC. */
  time: number;
  /** The badge's clock flag: clocked in, clocked out, or only heard. */
  clock: 'in' | 'out' | 'seen';
  /** Lower-case `aa:bb:cc:dd:ee:ff`. */
  mac: string;
  /** iBeacon proximity UUID, lower-case with dashes. */
  uuid: string;
  major: number;
  minor: number;
  /** dBm. */
  rssi: number;
  /** The beacon's own battery, %. */
  battery?: number;
}

export interface TerminalParam {
  id: number;
  value: number | string;
}

export type TerminalCommand =
  | { type: 'cutOil' }
  | { type: 'restoreOil' }
  /** E-bike anti-theft: arm (设防) and disarm (撤防); find makes the bike sound its horn/flash. */
  | { type: 'arm' }
  | { type: 'disarm' }
  | { type: 'find' }
  | { type: 'locateNow' }
  | { type: 'setInterval'; seconds: number }
  | { type: 'reboot' }
  | { type: 'text'; text: string }
  /** Watches and badges (the watch protocol): switch off; listen-in (the terminal calls `phone` back silently). */
  | { type: 'powerOff' }
  | { type: 'listenIn'; phone: string }
  /** SOS number `index` (1-3), or all three at once (missing ones cleared). */
  | { type: 'sosNumber'; index: number; phone: string }
  | { type: 'sosNumbers'; phones: string[] }
  /** The centre number: the phone that may configure the terminal by SMS and receives its alarms. */
  | { type: 'centerNumber'; phone: string }
  /** Taken-off (摘除) alarm and fall (跌倒) alarm switches. */
  | { type: 'removeAlarm'; enable: boolean }
  | { type: 'fallAlarm'; enable: boolean }
  /** Quiet periods (class mode): up to four `HH:MM-HH:MM` ranges. */
  | { type: 'silenceTime'; periods: string[] }
  /** `text`: a protocol text command; `hex`: raw bytes; JT/T 808 may name the message id. */
  | { type: 'custom'; text?: string; hex?: string; messageId?: number };

export type CommandType = TerminalCommand['type'];

export interface EncodeContext {
  /** Epoch ms, for protocols that stamp commands with a time (H02). */
  now?: number;
  /** GT06 command password (DYD,<pwd>#). Default '000000'. */
  password?: string;
  /** JT/T 808-2019 protocol version byte. Default 1. */
  protocolVersion?: number;
  /** JT/T 808 0x8105 vendor command words for oil cut/restore. Default 0xF0/0xF1. */
  oilControlWords?: { cut: number; restore: number };
  /** JT/T 808 0x8300 text flag. Default 0x0C (terminal display + TTS). */
  textFlag?: number;
  /** Watch: the maker code the terminal uses (replies and commands echo it). Default 'SG'. */
  maker?: string;
  /** Watch: the terminal numbers its frames (`[MF*ID*INDEX*LEN*…]`); commands carry index 0001. */
  indexed?: boolean;
}

export interface EncodedCommand {
  frame: Buffer;
  serial: number;
  /** The terminal's answer carries the same key in `DeviceMessage.commandReply.replyKey`. */
  replyKey: string;
}

export interface FramerOptions {
  /** Largest frame accepted; a longer one is reported as 'overflow'. Default 2048. */
  maxFrameLength?: number;
  /** Bytes of non-frame junk tolerated between two good frames. Default maxFrameLength. */
  maxJunkBytes?: number;
}

export interface FramerOutput {
  frames: Buffer[];
  /** Set when the stream is beyond repair: the gateway should close this connection. */
  error?: ProtocolError;
}

export interface Framer {
  push(chunk: Buffer): FramerOutput;
  /**
   * `push` without allocating its output (the gateway's read path): the first `length` bytes of
   * `chunk` are taken, the frames found appended to `frames`, the error returned. `reused`: the
   * caller reads into `chunk` again, so no frame returned is a view into it.
   */
  pushInto(chunk: Buffer, length: number, frames: Buffer[], reused: boolean): ProtocolError | undefined;
  /** Bytes held waiting for the rest of a frame. */
  readonly bufferedBytes: number;
  reset(): void;
}

export interface ProtocolCodec {
  name: ProtocolName;
  createFramer(opts?: FramerOptions): Framer;
  decode(frame: Buffer, ctx?: DecodeContext): DecodeResult;
  encodeCommand(terminalId: string, command: TerminalCommand, serial: number, ctx?: EncodeContext): Result<EncodedCommand>;
  supportedCommands: readonly CommandType[];
}
