/**
 * Every user-facing text of 智能工牌 (card), zh-CN. One place, so an English locale can follow
 * with the same shape.
 */
export const C = {
  common: {
    add: '新增', edit: '编辑', del: '删除', save: '保存', saved: '已保存', deleted: '已删除', cancel: '取消', query: '查询', refresh: '刷新',
    exportExcel: '导出 Excel', none: '—', actions: '操作', confirmDelete: '确定删除？', allTeams: '全部班组', keyword: '姓名/工号/电话/工牌',
    date: '日期', name: '名称', staff: '人员', team: '班组',
  },
  staff: {
    title: '人员管理', no: '工号', name: '姓名', job: '岗位', phone: '电话', team: '班组', shift: '班次', remark: '备注', photo: '照片',
    badge: '工牌', state: '状态', addStaff: '新增人员', editStaff: '编辑人员', importStaff: '导入人员', imported: (c: number, u: number) => `已导入：新增 ${c} 人，更新 ${u} 人`,
    importHelp: '表头：工号、姓名、岗位、电话、班组、备注、工牌（工号、姓名必填）；任一行有错误则整表不导入。', row: '行号', reasons: '错误原因', ok: '通过',
    uploadPhoto: '上传照片', photoHelp: 'PNG 或 JPEG，不超过 200 KB', teams: '班组', addTeam: '新增班组', teamName: '班组名称', parentTeam: '上级班组',
    teamShift: '班组班次', ownShift: '个人班次（留空则用班组的）',
  },
  device: {
    title: '工牌管理', bind: '绑定工牌', unbind: '解绑', unbindConfirm: '确定解绑该工牌？历史数据保留。', history: '绑定记录', terminalId: '工牌号（IMEI/设备号）',
    boundAt: '绑定时间', boundBy: '绑定人', unboundAt: '解绑时间', unboundBy: '解绑人', online: '在线', offline: '离线', battery: '电量', lastFix: '最后定位',
  },
  area: {
    title: '责任区域', fence: '区域（围栏）', assignee: '责任人/班组', newArea: '新建责任区域', centerHelp: '在地图上点击选择中心点', radius: '半径（米）',
    assignTo: '分配给', toStaff: '人员', toTeam: '班组', kind: '形状', kindCircle: '圆形', kindPolygon: '多边形',
    drawPolygon: '在地图上依次点击各顶点，双击结束', vertices: (n: number) => `多边形 · ${n} 个顶点`, redraw: '重新绘制',
    editing: (name: string) => `编辑区域：${name}`, saveShape: '保存区域',
  },
  shift: {
    title: '排班管理', addShift: '新增班次', weekdays: '工作日', periods: '上班时段（最多4段）', late: '迟到阈值（分钟）', early: '早退阈值（分钟）',
    holidays: '节假日（休息）', workdays: '调休上班日', clockPoints: '打卡点（半径或蓝牙信标）', addPeriod: '添加时段', addPoint: '添加打卡点',
    lat: '纬度', lon: '经度', radius: '半径（米）', beacon: '信标MAC', dates: '日期，逗号分隔，如 2026-10-01,2026-10-02',
    nextDay: '次日', periodsHelp: '结束早于开始的时段跨过午夜，次日结束，算作开始那天的班（如夜班 22:00—次日 06:00）',
    /** '08:00-12:00'; a period across midnight '22:00-次日06:00' */
    span: (p: { start: string; end: string }) => (p.end <= p.start ? `${p.start}-次日${p.end}` : `${p.start}-${p.end}`),
  },
  attendance: {
    title: '考勤记录', period: '时段', arrived: '到岗时间', left: '离岗时间', status: '考勤结果', correct: '修正', corrected: '修正人', note: '修正说明',
    correctTitle: '修正考勤', computed: '系统判定', allStatus: '全部结果',
  },
  patrol: {
    title: '巡更管理', checkpoints: '巡更点', plans: '巡更计划', runs: '巡更结果', addPoint: '新增巡更点', addPlan: '新增巡更计划', route: '巡更路线（按顺序）',
    windows: '时间窗口', lateMinutes: '超时容许（分钟）', assignees: '执行人', visits: '巡更点情况', visitedAt: '到达时间', planName: '计划', window: '窗口',
  },
  playback: {
    title: '轨迹回放', pick: '选择人员', stops: '停留点', offPost: '离岗段', start: '开始', end: '结束', minutes: '时长（分钟）', open: '打开轨迹回放',
    /** what the 打开轨迹回放 button plays: the whole day, or the person's shift that day (a night period to the next morning) */
    wholeDay: '全天', shift: '当班', span: (a: string, b: string) => `${a} 至 ${b}`, noShift: '未设置班次', offDay: '当日不上班',
  },
  alarm: {
    title: '报警中心', type: '报警类型', time: '报警时间', allTypes: '全部类型', rules: '报警规则', offPost: '离岗判定（分钟）', standstill: '静止超时（分钟）',
    gatheringCount: '聚集人数（≥）', gatheringRadius: '聚集半径（米）', gatheringMinutes: '聚集持续（分钟）', position: '位置',
  },
  report: {
    title: '统计报表', day: '日报', week: '周报', month: '月报', span: (a: string, b: string) => `${a} 至 ${b}`,
    work: '应出勤时段', arrived: '到岗', ongoing: '进行中', normal: '正常', late: '迟到', early: '早退', absent: '缺勤', offPostCount: '离岗次数', offPostMinutes: '离岗时长(分)',
    patrolDone: '巡更完成', patrolLate: '巡更超时', patrolMissed: '漏巡', wear: '佩戴时长(分)', alarms: '报警次数',
  },
  monitor: {
    title: '工牌定位', list: '人员列表', allStates: '全部状态', call: '回拨通话', listen: '监听', phone: '回拨号码', callSent: '指令已下发', playback: '轨迹回放', located: '定位时间',
    noPosition: '暂无定位',
  },
  weekdays: ['一', '二', '三', '四', '五', '六', '日'],
} as const;

/** Map colours of a person's live state: green on duty, red alarm or off post, grey otherwise. */
export const STATE_COLORS: Record<string, string> = {
  onDuty: '#52c41a', offPost: '#f5222d', alarm: '#cf1322', offShift: '#1677ff', offline: '#8c8c8c', unbound: '#bfbfbf',
};
