/** JT/T 808 alarm word (table 24) and status word (table 25) as named flags. */
import type { AlarmType } from '../alarms.ts';

/** Alarm word bit → alarm. Bits 15-17 are reserved in the standard and left unnamed. */
export const JT808_ALARM_BITS: readonly (AlarmType | null)[] = [
  'sos', // 0 紧急报警
  'overspeed', // 1 超速报警
  'fatigue', // 2 疲劳驾驶
  'dangerWarning', // 3 危险预警
  'gnssFault', // 4 GNSS 模块故障
  'gnssAntennaCut', // 5 GNSS 天线未接或被剪断
  'gnssAntennaShort', // 6 GNSS 天线短路
  'lowVoltage', // 7 终端主电源欠压 (the e-bike's pack, a car's battery)
  'powerCut', // 8 终端主电源掉电
  'lcdFault', // 9 LCD 或显示器故障
  'ttsFault', // 10 TTS 模块故障
  'cameraFault', // 11 摄像头故障
  'icCardFault', // 12 道路运输证 IC 卡模块故障
  'overspeedWarning', // 13 超速预警
  'fatigueWarning', // 14 疲劳驾驶预警
  null, // 15
  null, // 16
  null, // 17
  'drivingTimeout', // 18 当天累计驾驶超时
  'parkingTimeout', // 19 超时停车
  'geofence', // 20 进出区域 (direction from additional item 0x12)
  'route', // 21 进出路线
  'routeTime', // 22 路段行驶时间不足/过长
  'routeDeviation', // 23 路线偏离报警
  'vssFault', // 24 车辆 VSS 故障
  'fuelAbnormal', // 25 车辆油量异常
  'theft', // 26 车辆被盗
  'illegalIgnition', // 27 车辆非法点火
  'displacement', // 28 车辆非法位移
  'collision', // 29 碰撞预警
  'rollover', // 30 侧翻预警
  'illegalDoorOpen', // 31 非法开门报警
];

export type Jt808StatusFlag =
  | 'acc'
  | 'positioned'
  | 'south'
  | 'west'
  | 'outOfService'
  | 'encrypted'
  | 'halfLoad'
  | 'fullLoad'
  | 'oilCut'
  | 'circuitCut'
  | 'doorLocked'
  | 'door1Open'
  | 'door2Open'
  | 'door3Open'
  | 'door4Open'
  | 'door5Open'
  | 'gps'
  | 'beidou'
  | 'glonass'
  | 'galileo'
  | 'moving';

/** Status word bit → flag; bits 8-9 (load) are handled as a pair. */
const STATUS_BITS: readonly (Jt808StatusFlag | null)[] = [
  'acc', // 0 ACC 开
  'positioned', // 1 定位
  'south', // 2 南纬
  'west', // 3 西经
  'outOfService', // 4 停运
  'encrypted', // 5 经纬度已经保密插件加密
  null,
  null,
  null, // 8-9 load, below
  null,
  'oilCut', // 10 车辆油路断开
  'circuitCut', // 11 车辆电路断开
  'doorLocked', // 12 车门加锁
  'door1Open', // 13 前门开
  'door2Open', // 14 中门开
  'door3Open', // 15 后门开
  'door4Open', // 16 驾驶席门开
  'door5Open', // 17 自定义门开
  'gps', // 18 使用 GPS 定位
  'beidou', // 19 使用北斗定位
  'glonass', // 20 使用 GLONASS 定位
  'galileo', // 21 使用 Galileo 定位
  'moving', // 22 行驶状态 (2019)
];

/*
 * A fleet reports a handful of distinct status words, so their flag lists are cached (frozen,
 * shared): naming the bits of every location would otherwise allocate on the hot path.
 */
const statusCache = new Map<number, readonly Jt808StatusFlag[]>();

export function statusFlags(status: number): readonly Jt808StatusFlag[] {
  let flags = statusCache.get(status);
  if (flags === undefined) {
    flags = Object.freeze(computeStatusFlags(status));
    if (statusCache.size >= 4096) statusCache.clear();
    statusCache.set(status, flags);
  }
  return flags;
}

function computeStatusFlags(status: number): Jt808StatusFlag[] {
  const out: Jt808StatusFlag[] = [];
  let bits = status & 0x7ffcff; // bits 0-22 without the load pair
  while (bits !== 0) {
    const bit = 31 - Math.clz32(bits & -bits);
    const name = STATUS_BITS[bit];
    if (name) out.push(name);
    bits &= bits - 1;
  }
  const load = (status >> 8) & 0x03;
  if (load === 1) out.push('halfLoad');
  else if (load === 3) out.push('fullLoad');
  return out;
}

/** Named alarms of an alarm word; `geofenceDirection` (item 0x12: 0 in, 1 out) refines bit 20. */
export function alarmsOf(alarm: number, geofenceDirection?: number): AlarmType[] {
  const out: AlarmType[] = [];
  let bits = alarm >>> 0;
  while (bits !== 0) {
    const low = bits & -bits;
    const bit = 31 - Math.clz32(low);
    let name = JT808_ALARM_BITS[bit];
    if (name === 'geofence' && geofenceDirection !== undefined) {
      name = geofenceDirection === 0 ? 'geofenceEnter' : 'geofenceExit';
    }
    if (name) out.push(name);
    bits = (bits ^ low) >>> 0;
  }
  return out;
}

/** Alarm word with the bits for `alarms` set (inverse of alarmsOf, for terminal encoders). */
export function alarmWordOf(alarms: readonly AlarmType[]): number {
  let word = 0;
  for (const a of alarms) {
    const name = a === 'geofenceEnter' || a === 'geofenceExit' ? 'geofence' : a;
    const bit = JT808_ALARM_BITS.indexOf(name);
    if (bit >= 0) word |= 1 << bit;
  }
  return word >>> 0;
}

export function statusWordOf(flags: readonly Jt808StatusFlag[]): number {
  let word = 0;
  for (const f of flags) {
    if (f === 'halfLoad') word |= 1 << 8;
    else if (f === 'fullLoad') word |= 3 << 8;
    else {
      const bit = STATUS_BITS.indexOf(f);
      if (bit >= 0) word |= 1 << bit;
    }
  }
  return word >>> 0;
}
