/** 宠物卫士's words. */
export const P = {
  common: { save: '保存', cancel: '取消', refresh: '刷新', empty: '暂无数据', noPets: '还没有宠物，请先添加宠物档案', toAdd: '添加宠物', pet: '宠物' },
  profile: {
    title: '宠物档案', add: '添加宠物', edit: '编辑', remove: '删除', removeConfirm: '确定删除该宠物？项圈会被解绑，历史数据保留。',
    name: '名字', species: '种类', breed: '品种', sex: '性别', birthday: '生日', weight: '体重（kg）', microchip: '芯片号',
    photo: '照片', photoHint: 'PNG、JPEG 或 WebP，不超过 512KB', choosePhoto: '选择照片', removePhoto: '移除照片',
    collar: '项圈（设备号/IMEI）', collarHint: '留空表示不绑定项圈', stepGoal: '每日步数目标', saved: '已保存', removed: '已删除', noCollar: '未绑定',
    namePlaceholder: '例如：豆豆', photoBad: '只支持 PNG、JPEG 或 WebP 图片', photoBig: '照片不能超过512KB',
    shared: '家庭共享（只读）',
  },
  family: {
    title: '家庭成员', pet: '宠物', user: '用户名或手机号', invite: '邀请', invited: '已发出邀请，待对方接受', username: '用户名', name: '姓名',
    status: '状态', invitedAt: '邀请时间', remove: '移除', withdraw: '撤回', removeConfirm: '确定移除该家庭成员？对方将立即无法查看该宠物。', removed: '已移除',
    none: '还没有家庭成员', readOnly: '你是该宠物的家庭成员，只能查看', waiting: '待接受的家庭邀请', from: '来自', accept: '接受', decline: '拒绝',
    accepted: '已接受，可在宠物列表中查看', declined: '已拒绝',
    rule: '主人可邀请最多5位平台用户（按用户名或手机号），对方接受后成为家庭成员：可查看该宠物的档案、定位、足迹和活动，不能修改或操作项圈。',
  },
  monitor: {
    title: '宠物定位', lastFix: '最后定位', age: '距今', source: '定位方式', accuracy: '精度', signal: '信号', battery: '电量',
    online: '在线', offline: '离线', noCollar: '该宠物还没有绑定项圈', coords: '坐标', lost: '寻宠模式', lostOn: '开启寻宠模式', lostOff: '关闭寻宠模式',
    lostUntil: '寻宠模式进行中，至', minutes: '持续时长', find: '项圈响铃', lostNote: '寻宠模式下项圈每15秒上报一次位置，到时自动恢复为「活动统计」页省电设置中选择的上报间隔（当前每{n}分钟），以节省电量。',
    follow: '轨迹回放', map: '实时位置', mapNote: '橙点为宠物最后定位，蓝色区域为安全区域；每5秒刷新', alarms: '报警记录', noAlarms: '暂无报警', alarmTime: '报警时间', alarmType: '报警类型', handled: '处理', handledYes: '已处理', handledNo: '未处理', freshnessNote: '绿色：2分钟内；黄色：2–10分钟；灰色：超过10分钟。',
  },
  history: {
    title: '足迹热力', count: '共{n}个定位点', place: '位置（约50米格）', minutes: '停留（分钟）',
    note: '蓝线为当天轨迹，橙红为停留热力（越红停留越久）；热力按约50米的方格统计停留时间：每个定位点计到下一个定位点为止，最多30分钟。虚线为安全区域。',
  },
  activity: {
    title: '活动统计', steps: '步数', goal: '目标', active: '活跃（分钟）', rest: '休息（分钟）', week: '近7天步数', battery: '电量趋势（24小时）',
    drain: '耗电速度', hoursLeft: '预计续航', charge: '电量低于{n}%，请及时给项圈充电',
    rule: '步数按项圈上报的累计计数相邻之差计算并计入后一次上报的日期；计数回落视为清零（从0重新累计），每小时增加超过5万步视为异常跳变而忽略，乱序上报按设备时间排序。',
    power: '上报间隔越短，位置越新，也越耗电：续航按典型项圈估算（待机耗电加每次定位上报的耗电），信号差、室内多时会更短。寻宠模式期间每15秒上报，结束后恢复这里选择的间隔；项圈静止约2分钟后休眠，移动时立即上报。',
    powerTitle: '省电设置（上报间隔）', powerEvery: '每{n}分钟', powerLife: '续航{life}', powerReadOnly: '家庭成员只能查看省电设置',
    today: '今天', stepUnit: '步', goalOf: '目标 {goal} 步', goalDays: '近7天达标 {n} 天', goalReached: '已达标',
    resets: '清零{n}次', ignored: '异常{n}次',
  },
  zones: {
    title: '安全区域', circle: '画圆形', polygon: '画多边形', name: '区域名称', radius: '半径（米）', exitAlarm: '离开报警', enterAlarm: '进入报警',
    save: '保存区域', clear: '重画', saved: '已保存', removed: '已删除', remove: '删除', removeConfirm: '确定删除该安全区域？',
    kind: '形状', state: '状态', map: '区域地图', inside: '在区域内', outside: '在区域外', unknown: '未知', list: '已设置的区域', draw: '新建区域',
    circleHint: '在地图上点击家的位置作为圆心，半径不小于50米。', polygonHint: '在地图上依次点击多边形的顶点（至少3个）。',
    namePlaceholder: '例如：家', points: '已选{n}个顶点',
    rule: '为避免宠物在边界附近来回触发报警：定位超出区域边界超过 max(20米, 定位精度) 才算离开，连续2次定位在另一侧才报警；乱序上报的定位会被忽略。',
  },
} as const;
