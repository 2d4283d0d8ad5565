/**
 * Every user-facing text of the data centre (数据中心), zh-CN. One place, so an English locale
 * can follow with the same shape.
 */
export const D = {
  overviewTitle: '数据总览',
  screenTitle: '车联运营监控大屏',
  openScreen: '运营大屏',
  fullScreen: '全屏',
  exitFullScreen: '退出全屏',
  updatedAt: (time: string) => `数据更新于 ${time}`,
  live: { open: '实时', connecting: '连接中', closed: '已断开，重连中' },
  loadFailed: '数据加载失败',
  retry: '重试',
  empty: '暂无数据',
  fleet: {
    total: '车辆总数',
    online: '在线',
    moving: '行驶',
    /** the state 实时监控 calls 静止: online, not moving */
    parked: '静止',
    offline: '离线',
    alarm: '报警中',
    /** online now ÷ 车辆总数 (数据报表's 在线率 is of time: 在线时长 ÷ the day so far) */
    onlineRate: '当前在线率',
    states: '车辆状态',
    /** what 车辆总数 counts: 智能车联's kinds, as 实时监控 lists them */
    totalTip: '车辆与电单车，与实时监控的车辆一致；人员、宠物另计',
  },
  /** every asset of the account by kind (车辆 · 电单车 · 人员 · 宠物) */
  kinds: {
    title: '按类型',
    figure: (name: string, total: string, online: string, alarms: string) => `${name} ${total}（在线 ${online} · 今日报警 ${alarms}）`,
    notInFleet: '不计入车辆总数',
    /** today's alarms of terminals fitted in no vehicle, bike, badge or collar: 报警中心 lists them */
    unbound: (alarms: string) => `未绑定终端（今日报警 ${alarms}）`,
    unboundTip: '尚未装到车辆、人员或宠物上的终端，其报警列在智能车联的报警中心',
  },
  alarmsToday: '今日报警',
  alarmTypesToday: '今日报警类型',
  alarmTrend: '近30天报警趋势',
  onlineTrend: '近30天上线率',
  mileageTrend: '近30天里程 (km)',
  mileageRanking: '近30天里程排行',
  /** the fleet's (智能车联's kinds), as 车辆总数: its online vehicles and their alarms by hour */
  activity: '今日活跃时段（车辆 · 电单车）',
  activityOnline: '在线车辆',
  activityAlarms: '报警数',
  activeVehicles: '上线车辆',
  onlineRate: '上线率',
  alarms: '报警',
  km: '里程 (km)',
  expiring: '服务即将到期',
  expired: '已过期',
  expiringSoon: '30天内到期',
  daysLeft: (n: number) => (n <= 0 ? '今天到期' : `剩 ${n} 天`),
  map: {
    title: '车辆分布',
    china: '全国',
    back: '返回全国',
    vehicles: '车辆',
    online: '在线',
    unlocated: (n: number) => `未定位 ${n} 辆`,
    drill: '点击省份查看城市分布',
    loading: '地图加载中…',
  },
  regionTop: '地区排行',
  latestAlarms: '实时报警',
  noAlarms: '暂无报警',
  columns: { plate: '车牌号', terminal: '设备号', expiresAt: '到期时间', left: '剩余', region: '地区', vehicles: '车辆', online: '在线' },
  unit: { vehicles: '辆', km: 'km', times: '次' },
};
