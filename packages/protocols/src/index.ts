/**
 * @chelian/protocols — pure decoders and encoders for the terminal protocols (JT/T 808, GT06,
 * H02, watch). Bytes in, typed results out; no sockets, no database, no clock.
 *
 * The gateway needs only `codecs`: per protocol a stream framer, a decoder and a command
 * encoder. Everything protocol-specific is also reachable through the `jt808`, `gt06` and
 * `h02` namespaces, and the most used pieces directly.
 */
import type { CommandType, ProtocolCodec, ProtocolName } from './model.ts';
import { gt06Codec } from './gt06/index.ts';
import { h02Codec } from './h02/index.ts';
import { jt808Codec } from './jt808/index.ts';
import { watchCodec } from './watch/index.ts';

export type * from './model.ts';
export { ALARM_NAMES_ZH, ALARM_TYPES, alarmNameZh, isAlarmType, type AlarmType } from './alarms.ts';
export { decodeGbk, encodeGbk, gbkAvailable } from './common/gbk.ts';
export { BMS_PLAUSIBLE, implausibleBmsFields } from './ebike.ts';
export { BMS_THRESHOLDS, bmsAlarms } from './bmsAlarms.ts';
export {
  attr,
  BLIND_AREA_AFTER_MS,
  isBlindArea,
  POSITION_ATTRIBUTES,
  type LocationSource,
  type PositionAttributeInfo,
  type PositionAttributeKey,
  type PositionAttributes,
} from './positionAttributes.ts';

export * as jt808 from './jt808/index.ts';
export * as gt06 from './gt06/index.ts';
export * as h02 from './h02/index.ts';
export * as watch from './watch/index.ts';

export const codecs: Record<ProtocolName, ProtocolCodec> = {
  jt808: jt808Codec,
  gt06: gt06Codec,
  h02: h02Codec,
  watch: watchCodec,
};

export const PROTOCOL_NAMES = Object.keys(codecs) as ProtocolName[];

/** Whether a protocol's terminals take a command (its codec's list); false for a protocol not known here. */
export function supportsCommand(protocol: string, type: CommandType): boolean {
  return Object.hasOwn(codecs, protocol) && codecs[protocol as ProtocolName].supportedCommands.includes(type);
}

export { jt808Codec, gt06Codec, h02Codec, watchCodec };

// JT/T 808
export { decodeJt808 } from './jt808/decode.ts';
export { Jt808Framer, createJt808Framer } from './jt808/framer.ts';
export {
  encodeJt808Command,
  encodeJt808PassThroughDown,
  encodeJt808QueryParams,
  encodeJt808ServerMessage,
  encodeJt808SetParams,
} from './jt808/commands.ts';
export { Jt808SubpackageAssembler, type SubpackageLimits } from './jt808/subpackage.ts';
export { encodePlatformReply as encodeJt808PlatformReply, encodeRegisterReply as encodeJt808RegisterReply } from './jt808/replies.ts';
export {
  encodeJt808Auth,
  encodeJt808Batch,
  encodeJt808Heartbeat,
  encodeJt808Location,
  encodeJt808LocationReply,
  encodeJt808ParamReply,
  encodeJt808PassThrough,
  encodeJt808Register,
  encodeJt808TerminalReply,
  encodeJt808Unregister,
  splitJt808Message,
  type Jt808LocationInput,
  type Jt808Terminal,
} from './jt808/terminal.ts';

// GT06
export { decodeGt06 } from './gt06/decode.ts';
export { Gt06Framer, createGt06Framer } from './gt06/framer.ts';
export { encodeGt06Command } from './gt06/commands.ts';
export { encodeGt06Ack } from './gt06/frame.ts';
export {
  encodeGt06Alarm,
  encodeGt06CommandResponse,
  encodeGt06Heartbeat,
  encodeGt06Location,
  encodeGt06Login,
  encodeGt06StringInfo,
  type Gt06LocationInput,
  type Gt06StatusInput,
} from './gt06/terminal.ts';
export { encodeGt06Bms, encodeGt06DeviceStatus, type Gt06BmsInput } from './gt06/ebike-terminal.ts';
export { encodeGt06BluetoothClock } from './gt06/badge-packets.ts';

// H02
export { decodeH02 } from './h02/decode.ts';
export { H02Framer, createH02Framer, type H02FramerOptions } from './h02/framer.ts';
export { encodeH02Command } from './h02/commands.ts';
export {
  encodeH02Binary,
  encodeH02CommandReply,
  encodeH02Heartbeat,
  encodeH02Link,
  encodeH02Location,
  type H02LocationInput,
} from './h02/terminal.ts';

// Watch (4P-Touch/SeTracker: watches, work badges, pet collars)
export { decodeWatch } from './watch/decode.ts';
export { WatchFramer, createWatchFramer } from './watch/framer.ts';
export { encodeWatchCommand, WATCH_COMMANDS } from './watch/commands.ts';
export { encodeWatchFrame } from './watch/frame.ts';
export {
  encodeWatchCommandReply,
  encodeWatchConfig,
  encodeWatchHeart,
  encodeWatchLink,
  encodeWatchReport,
  type WatchReportInput,
  type WatchReportType,
} from './watch/terminal.ts';
