/** Texts of the pieces several sub-products share: durations and the alarm list's columns. */
export const fleetTexts = {
  duration: {
    days: (d: number, h: number) => `${d}天${h}小时`,
    hours: (h: number, m: number) => `${h}小时${m}分`,
    minutes: (m: number) => `${m}分钟`,
    seconds: (s: number) => `${s}秒`,
  },
  alarmList: {
    none: '—',
    plate: '车牌号',
    terminal: '设备号',
    type: '报警类型',
    time: '报警时间',
    late: '补传',
    lateHint: (received: string) => `盲区补传：设备离线期间发生，${received} 上传到平台；报警时间为设备记录的时间`,
    repeats: (n: number) => `重复 ${n} 次`,
    repeatsHint: (last: string) => `报警持续期间终端重复上报，已合并为本条（最近一次 ${last}）；处理本条即处理全部`,
    speed: '速度(km/h)',
    address: '地址',
    status: '状态',
    processed: '已处理',
    unprocessed: '未处理',
    handledBy: '处理人',
    note: '处理意见',
    operate: '操作',
  },
};
