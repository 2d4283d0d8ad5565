/**
 * Every user-facing text of 电单车租赁 (elec-lease), zh-CN, in one place so an English locale can
 * follow with the same shape. Names the server sends (states, kinds) are shown as sent.
 */
export const L = {
  common: {
    actions: '操作', save: '保存', saved: '已保存', cancel: '取消', add: '新增', addOne: (what: string) => `新增${what}`, edit: '编辑', delete: '删除', search: '查询', none: '—',
    deleteConfirm: '确定删除？', keyword: '关键字', all: '全部', yuan: '元', refresh: '刷新', export: '导出 Excel', created: '创建时间', note: '备注',
    required: (what: string) => `请填写${what}`, badAmount: '请输入金额（元，最多两位小数）',
  },
  store: {
    title: '门店', staffTitle: '门店人员', name: '门店名称', address: '地址', phone: '电话', staffCount: '人员', vehicleCount: '车辆',
    user: '用户', role: '角色', account: '所属账户', store: '门店', position: '岗位', assign: '分配门店', unassign: '移出门店', noStore: '未分配',
  },
  rider: {
    title: '骑手管理', name: '姓名', idNumber: '身份证号', phone: '手机号', emergencyName: '紧急联系人', emergencyPhone: '紧急联系人电话', verify: '实名核验',
    blacklist: '加入黑名单', unblacklist: '移出黑名单', blacklisted: '黑名单', reason: '原因', open: '进行中订单', keyword: '姓名 / 手机号 / 身份证号',
    onlyBlacklist: '只看黑名单', verifyHint: '身份证号按 GB 11643 校验位核对；未接入全国公民身份核查时显示“已校验格式”。',
    one: '骑手', badName: '请填写真实姓名（2–20个汉字）', badPhone: '请输入11位手机号', keepIdNumber: (masked: string) => `${masked}（不修改请留空）`,
  },
  vehicle: {
    title: '租赁车辆', code: '车辆编号', plate: '车牌号', imei: '定位终端IMEI', frameNo: '车架号', model: '车型', batteryModel: '电池型号', batteryVoltage: '电池电压（V）',
    batteryCapacity: '电池容量（Ah）', store: '门店', state: '状态', battery: '电量', position: '位置', online: '在线', offline: '离线', lastUpdate: '最后通讯',
    rider: '租用骑手', contract: '订单', keyword: '编号 / 车牌 / IMEI / 骑手', powerCut: '已断电', outOfArea: '区域外', imeiHint: '终端须已添加到本账户（终端管理）',
  },
  plan: {
    title: '租赁方案', name: '方案名称', kind: '类型', periodDays: '每期天数', rent: '每期租金（元）', deposit: '押金（元）', insurance: '保险费（元）', lateFee: '滞纳金（元/天）',
    periods: '期数（以租代购）', enabled: '启用', disabled: '停用',
  },
  order: {
    title: '租赁订单', create: '新建订单', no: '订单号', rider: '骑手', vehicle: '车辆', plan: '方案', status: '状态', started: '起租时间', due: '租期至', owed: '待缴',
    deposit: '押金余额', keyword: '订单号 / 骑手 / 手机号 / 车辆', detail: '订单详情', handover: '交车验车', pay: '登记收款', renew: '续租', extend: '延期', swap: '换车',
    giveBack: '还车', terminate: '终止订单', lock: '远程锁车', unlock: '远程解锁', remind: '催缴', battery: '电量（%）', photos: '验车照片', photoHint: 'JPG / PNG / WebP，每张不超过 2 MB，最多 6 张',
    days: '延期天数', newVehicle: '新车辆', oldState: '换下车辆', oldAvailable: '回到可租', oldRepair: '送修', refundMethod: '押金退还方式', refundRef: '退款流水号（选填）',
    terminateNote: '终止原因', lockReason: '原因', bills: '账单', payments: '收退款', inspections: '验车记录', locks: '锁车记录', reminders: '催缴记录', createdBy: '经办人',
    handoverDone: '已交车', startDate: '起租日期', startHint: '补录已开始的租约时可选之前的日期（最多 90 天），租期与逾期从该日起算', paid: '已收款', duplicate: '该流水号已登记过，未重复入账', locked: '已锁定', lockPending: '锁车指令已提交',
  },
  pay: { method: '支付方式', ref: '支付流水号', amount: '金额（元）', refund: '退款', refundAmount: '退款金额（元）', refundRef: '退款流水号', refunded: '已退' },
  bill: {
    title: '租金账单', bills: '账单', payments: '收退款记录', ledger: '账本', kind: '类型', seq: '期', amount: '金额', paid: '已缴', due: '应缴时间', status: '状态',
    account: '科目', debit: '借方', credit: '贷方', balance: '余额', balanced: '借贷平衡', unbalanced: '借贷不平', journals: (n: number) => `共 ${n} 笔分录`,
  },
  risk: {
    title: '逾期订单', overdueDays: '逾期天数', graceEnds: '宽限期至', lockState: '锁车', locks: '锁车记录', settings: '风控设置', graceDays: '宽限期（天）',
    lockOnOverdue: '超过宽限期自动锁车', lockOutOfArea: '驶出运营区域时锁车', lockOnTamper: '拆改报警时锁车', trigger: '触发', who: '操作人', order: '断电指令',
    answer: '执行情况', safeHint: '锁车通过电单车卫士的安全断电执行：车速低于 20 km/h 或熄火时才断电，行驶中等待。', emergency: '紧急联系人',
  },
  area: {
    title: '服务区域', fence: '围栏', shape: '形状', kind: '用途', none: '未使用', hint: '围栏在 智能车联 › 电子围栏 中绘制；这里把围栏设为运营区域、禁停区或还车点。',
  },
  stats: {
    title: '运营统计', vehicles: '车辆总数', rented: '在租车辆', utilisation: '车辆利用率', revenue: '租赁收入（元）', open: '进行中订单', overdue: '逾期订单', overdueRate: '逾期率',
    overdueAmount: '逾期金额（元）', newRiders: '新增骑手', mileage: '里程（km）', rentedDays: '在租天数', batteryHealth: '电池健康（%）', cycles: '循环次数', byMethod: '净收款',
  },
} as const;
