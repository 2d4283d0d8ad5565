/**
 * Every alarm any protocol can raise, with its Chinese name. One table, so the gateway, the API
 * and the web show the same words.
 */
export const ALARM_NAMES_ZH = {
  sos: '紧急报警',
  // The terminal's own alarm bit (its own limit); 平台超速报警 below is the platform's judgement.
  overspeed: '终端超速报警',
  fatigue: '疲劳驾驶',
  dangerWarning: '危险预警',
  gnssFault: 'GNSS故障',
  gnssAntennaCut: 'GNSS天线未接或被剪断',
  gnssAntennaShort: 'GNSS天线短路',
  lowBattery: '低电报警',
  powerCut: '断电报警',
  lcdFault: '显示屏故障',
  ttsFault: 'TTS模块故障',
  cameraFault: '摄像头故障',
  icCardFault: 'IC卡模块故障',
  overspeedWarning: '超速预警',
  fatigueWarning: '疲劳驾驶预警',
  drivingTimeout: '当天累计驾驶超时',
  parkingTimeout: '超时停车',
  geofence: '进出区域报警',
  geofenceEnter: '进入围栏',
  geofenceExit: '离开围栏',
  route: '进出路线报警',
  routeTime: '路段行驶时间不足/过长',
  routeDeviation: '路线偏离报警',
  vssFault: '车辆VSS故障',
  fuelAbnormal: '油量异常',
  theft: '车辆被盗',
  illegalIgnition: '非法点火',
  displacement: '位移报警',
  collision: '碰撞报警',
  rollover: '侧翻报警',
  illegalDoorOpen: '非法开门',
  vibration: '震动报警',
  tamper: '拆除报警',
  powerOff: '关机报警',
  door: '开门报警',
  acceleration: '急加速',
  braking: '急减速',
  cornering: '急转弯',
  fallDown: '跌倒报警',
  // Raised by the platform, not a terminal: a guarded e-bike or a work badge fell silent.
  offline: '离线报警',
  // 超速报表's rule (limit precedence, minimum duration): one per episode (docs/car.md, "终端超速报警 and 平台超速报警").
  platformOverspeed: '平台超速报警',
  // Watches and work badges (the watch protocol's status word).
  wearRemoved: '摘除报警',
  heartRateAbnormal: '心率异常',
  // E-bikes (电单车): the pack and the anti-theft guard.
  lowVoltage: '低电压报警',
  accOnWhileArmed: '设防状态ACC开启',
  batteryOverTemp: '电池温度过高',
  batteryOverVoltage: '电池电压过高',
  batteryUnderVoltage: '电池电压过低',
  batteryOverCurrent: '电池电流过大',
  cellImbalance: '电芯压差过大',
  batteryFault: '电池故障',
  // E-bike rental (电单车租赁): business events of the operator's fleet.
  leaseOutOfArea: '驶出运营区域',
  leaseNoParking: '禁停区停车',
  leaseOverdue: '租金逾期',
  // 新国标 (GB 17761-2024): derived by the platform for registered e-bikes (docs/elec-gb.md).
  gbOverspeed: '车速超过25km/h',
  positioningFailure: '定位失败',
  batteryMismatch: '电池与控制器不匹配',
  communicationLost: '通信中断',
  // Work badges (智能工牌): derived by the platform from position, shift and patrol plans.
  offPost: '离岗报警',
  standstill: '静止超时',
  missedCheckpoint: '漏巡报警',
  gathering: '聚集报警',
  // Pets (宠物卫士): derived by the platform from the pet's safe zones (docs/pet.md).
  petZoneExit: '离开安全区域',
  petZoneEnter: '进入安全区域',
  general: '一般报警',
} as const;

export type AlarmType = keyof typeof ALARM_NAMES_ZH;

export const ALARM_TYPES = Object.keys(ALARM_NAMES_ZH) as AlarmType[];

/** The alarms of a report that raises none (nearly every one): one shared, frozen list. */
export const NO_ALARMS: AlarmType[] = Object.freeze([]) as unknown as AlarmType[];

export function alarmNameZh(type: AlarmType): string {
  return ALARM_NAMES_ZH[type];
}

export function isAlarmType(value: string): value is AlarmType {
  return Object.prototype.hasOwnProperty.call(ALARM_NAMES_ZH, value);
}
