/**
 * 电单车租赁 (elec-lease, platform 23): an e-bike rental operator's back office — stores and
 * staff, riders (real-name checked), rental bikes (电单车卫士 bikes with a code and a state), plans,
 * contracts with handover inspections, bills, payments and a double-entry ledger, overdue risk
 * with the safe remote lock, service areas and statistics. Money is integer fen everywhere.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable, PageQuery, pageOf } from './schemas.ts';
import { BikeStatusSchema } from './elecCar.ts';

export const LEASE_PLAN_KINDS = { daily: '日租', weekly: '周租', monthly: '月租', rentToOwn: '以租代购' } as const;
export type LeasePlanKind = keyof typeof LEASE_PLAN_KINDS;
export const LEASE_CONTRACT_STATES = {
  pending: '待交车',
  active: '租赁中',
  overdue: '已逾期',
  returned: '已还车',
  cancelled: '已取消',
} as const;
export type LeaseContractState = keyof typeof LEASE_CONTRACT_STATES;
export const LEASE_VEHICLE_STATES = { available: '可租', rented: '已租', repair: '维修中', lost: '已丢失', sold: '已售出' } as const;
export type LeaseVehicleState = keyof typeof LEASE_VEHICLE_STATES;
export const LEASE_PAY_METHODS = { wechat: '微信支付', alipay: '支付宝', cash: '现金' } as const;
export type LeasePayMethod = keyof typeof LEASE_PAY_METHODS;
export const LEASE_BILL_KINDS = { deposit: '押金', insurance: '保险费', rent: '租金', lateFee: '滞纳金' } as const;
export const LEASE_PAYMENT_KINDS = { payment: '收款', refund: '退款', depositDeduct: '押金抵扣', depositRefund: '退押金' } as const;
export const LEASE_AREA_KINDS = { boundary: '运营区域', noParking: '禁停区', returnPoint: '还车点' } as const;
export type LeaseAreaKind = keyof typeof LEASE_AREA_KINDS;
export const LEASE_STAFF_POSITIONS = { manager: '店长', clerk: '店员', maintenance: '运维' } as const;
export const LEASE_LOCK_TRIGGERS = {
  overdue: '逾期未缴',
  area: '驶出运营区域',
  tamper: '拆改报警',
  manual: '人工操作',
  payment: '缴清欠款',
  return: '还车/解约',
} as const;
export const LEASE_LEDGER_ACCOUNTS = {
  'cash:wechat': '微信收款',
  'cash:alipay': '支付宝收款',
  'cash:cash': '现金',
  receivable: '应收租金',
  deposit: '押金（负债）',
  'income:rent': '租金收入',
  'income:insurance': '保险收入',
  'income:lateFee': '滞纳金收入',
  refunds: '退款',
} as const;

/** Photos of an inspection: PNG, JPEG or WebP by their content, each at most this size. */
export const LEASE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const LEASE_PHOTOS_PER_INSPECTION = 6;
/** A handover may date the lease's start back this many days at most. */
export const LEASE_BACKDATE_DAYS = 90;
/** A yuan amount typed in the browser becomes fen here (never a float in storage). */
export const MAX_AMOUNT_FEN = 100_000_000;

const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const Fen = (opts: { minimum?: number } = {}) => Type.Integer({ minimum: opts.minimum ?? 0, maximum: MAX_AMOUNT_FEN });
const ms = Type.Number();

export const LeaseStoreSchema = Type.Object({
  storeId: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  staffCount: Type.Integer(),
  vehicleCount: Type.Integer(),
  created: ms,
});
export type LeaseStore = Static<typeof LeaseStoreSchema>;
export const LeaseStaffSchema = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  roleName: Type.String(),
  accountName: Type.String(),
  storeId: Nullable(Type.Integer()),
  storeName: Type.String(),
  position: Type.String(),
  positionName: Type.String(),
});
export type LeaseStaff = Static<typeof LeaseStaffSchema>;

export const LeaseRiderSchema = Type.Object({
  riderId: Type.Integer(),
  name: Type.String(),
  idNumber: Type.String(),
  phone: Type.String(),
  emergencyName: Type.String(),
  emergencyPhone: Type.String(),
  verifyStatus: Type.String(),
  verifyStatusName: Type.String(),
  verifyNote: Type.String(),
  blacklisted: Type.Boolean(),
  blacklistReason: Type.String(),
  openContracts: Type.Integer(),
  created: ms,
});
export type LeaseRider = Static<typeof LeaseRiderSchema>;

export const LeaseVehicleSchema = Type.Object({
  vehicleId: Type.Integer(),
  code: Type.String(),
  plate: Type.String(),
  terminalId: Type.String(),
  frameNo: Type.String(),
  model: Type.String(),
  batteryModel: Type.String(),
  batteryVoltage: Nullable(Type.Number()),
  batteryCapacity: Nullable(Type.Number()),
  storeId: Nullable(Type.Integer()),
  storeName: Type.String(),
  state: Type.String(),
  stateName: Type.String(),
  outOfArea: Type.Boolean(),
  contractId: Nullable(Type.Integer()),
  contractNo: Type.String(),
  riderName: Type.String(),
  status: BikeStatusSchema,
  created: ms,
});
export type LeaseVehicle = Static<typeof LeaseVehicleSchema>;

export const LeasePlanSchema = Type.Object({
  planId: Type.Integer(),
  name: Type.String(),
  kind: Type.String(),
  kindName: Type.String(),
  periodDays: Type.Integer(),
  rentFen: Type.Integer(),
  depositFen: Type.Integer(),
  insuranceFen: Type.Integer(),
  lateFeeFen: Type.Integer(),
  periods: Nullable(Type.Integer()),
  enabled: Type.Boolean(),
  created: ms,
});
export type LeasePlan = Static<typeof LeasePlanSchema>;

export const LeaseContractSchema = Type.Object({
  contractId: Type.Integer(),
  contractNo: Type.String(),
  status: Type.String(),
  statusName: Type.String(),
  riderId: Type.Integer(),
  riderName: Type.String(),
  riderPhone: Type.String(),
  vehicleId: Type.Integer(),
  vehicleCode: Type.String(),
  plate: Type.String(),
  planId: Type.Integer(),
  planName: Type.String(),
  planKindName: Type.String(),
  started: Nullable(ms),
  dueAt: Nullable(ms),
  overdueSince: Nullable(ms),
  lockReason: Type.String(),
  ended: Nullable(ms),
  endNote: Type.String(),
  /** what the rider still owes, fen */
  owedFen: Type.Integer(),
  depositHeldFen: Type.Integer(),
  createdBy: Type.String(),
  created: ms,
});
export type LeaseContract = Static<typeof LeaseContractSchema>;

export const LeaseBillSchema = Type.Object({
  billId: Type.Integer(),
  contractId: Type.Integer(),
  contractNo: Type.String(),
  riderName: Type.String(),
  kind: Type.String(),
  kindName: Type.String(),
  seq: Type.Integer(),
  coversDays: Type.Integer(),
  amountFen: Type.Integer(),
  paidFen: Type.Integer(),
  dueAt: ms,
  status: Type.String(),
  statusName: Type.String(),
  created: ms,
});
export type LeaseBill = Static<typeof LeaseBillSchema>;

export const LeasePaymentSchema = Type.Object({
  paymentId: Type.Integer(),
  contractId: Type.Integer(),
  contractNo: Type.String(),
  riderName: Type.String(),
  kind: Type.String(),
  kindName: Type.String(),
  method: Type.String(),
  methodName: Type.String(),
  providerRef: Type.String(),
  amountFen: Type.Integer(),
  refundedFen: Type.Integer(),
  refundOf: Nullable(Type.Integer()),
  note: Type.String(),
  userName: Type.String(),
  created: ms,
});
export type LeasePayment = Static<typeof LeasePaymentSchema>;

export const LeaseInspectionSchema = Type.Object({
  inspectionId: Type.Integer(),
  kind: Type.String(),
  kindName: Type.String(),
  vehicleCode: Type.String(),
  batteryPercent: Nullable(Type.Integer()),
  note: Type.String(),
  userName: Type.String(),
  photoIds: Type.Array(Type.Integer()),
  created: ms,
});
export const LeaseLockSchema = Type.Object({
  lockId: Type.Integer(),
  contractId: Nullable(Type.Integer()),
  contractNo: Type.String(),
  vehicleCode: Type.String(),
  action: Type.String(),
  actionName: Type.String(),
  trigger: Type.String(),
  triggerName: Type.String(),
  reason: Type.String(),
  userName: Type.String(),
  orderId: Nullable(Type.Integer()),
  orderStatus: Type.String(),
  answer: Type.String(),
  created: ms,
});
export type LeaseLock = Static<typeof LeaseLockSchema>;
export const LeaseReminderSchema = Type.Object({
  reminderId: Type.Integer(),
  auto: Type.Boolean(),
  text: Type.String(),
  userName: Type.String(),
  created: ms,
});

const ContractDetail = Type.Object({
  contract: LeaseContractSchema,
  bills: Type.Array(LeaseBillSchema),
  payments: Type.Array(LeasePaymentSchema),
  inspections: Type.Array(LeaseInspectionSchema),
  locks: Type.Array(LeaseLockSchema),
  reminders: Type.Array(LeaseReminderSchema),
});
export type LeaseContractDetail = Static<typeof ContractDetail>;

export const LeaseOverdueSchema = Type.Object({
  contractId: Type.Integer(),
  contractNo: Type.String(),
  riderName: Type.String(),
  riderPhone: Type.String(),
  emergencyPhone: Type.String(),
  vehicleCode: Type.String(),
  plate: Type.String(),
  dueAt: ms,
  overdueDays: Type.Integer(),
  owedFen: Type.Integer(),
  graceEnds: ms,
  lockReason: Type.String(),
  reminders: Type.Integer(),
});
export type LeaseOverdue = Static<typeof LeaseOverdueSchema>;

export const LeaseSettingsSchema = Type.Object({
  graceDays: Type.Integer(),
  lockOnOverdue: Type.Boolean(),
  lockOutOfArea: Type.Boolean(),
  lockOnTamper: Type.Boolean(),
});
export type LeaseSettings = Static<typeof LeaseSettingsSchema>;

export const LeaseAreaSchema = Type.Object({
  geofenceId: Type.Integer(),
  name: Type.String(),
  fenceKindName: Type.String(),
  radius: Nullable(Type.Number()),
  kind: Type.String(),
  kindName: Type.String(),
});
export type LeaseArea = Static<typeof LeaseAreaSchema>;

export const LeaseLedgerRowSchema = Type.Object({
  ledgerAccount: Type.String(),
  name: Type.String(),
  debitFen: Type.Integer(),
  creditFen: Type.Integer(),
});
const LedgerAnswer = Type.Object({
  rows: Type.Array(LeaseLedgerRowSchema),
  debitFen: Type.Integer(),
  creditFen: Type.Integer(),
  balanced: Type.Boolean(),
  journals: Type.Integer(),
});
export type LeaseLedger = Static<typeof LedgerAnswer>;

export const LeaseBikeStatSchema = Type.Object({
  vehicleId: Type.Integer(),
  code: Type.String(),
  plate: Type.String(),
  stateName: Type.String(),
  mileageKm: Type.Number(),
  rentedDays: Type.Number(),
  batteryPercent: Nullable(Type.Integer()),
  batteryHealth: Nullable(Type.Integer()),
  batteryCycles: Nullable(Type.Integer()),
});
export type LeaseBikeStat = Static<typeof LeaseBikeStatSchema>;
const StatsAnswer = Type.Object({
  vehicles: Type.Integer(),
  rented: Type.Integer(),
  utilisation: Type.Number(),
  revenueFen: Type.Integer(),
  revenueByMethod: Type.Array(Type.Object({ method: Type.String(), name: Type.String(), amountFen: Type.Integer() })),
  openContracts: Type.Integer(),
  overdueContracts: Type.Integer(),
  overdueRate: Type.Number(),
  overdueFen: Type.Integer(),
  newRiders: Type.Integer(),
  bikes: Type.Array(LeaseBikeStatSchema),
});
export type LeaseStats = Static<typeof StatsAnswer>;

const Page = <S extends Type.TProperties>(extra: S) => Type.Intersect([PageQuery, Type.Object(extra)]);
const ContractId = Type.Object({ contractId: Id() });
const StatsQuery = Type.Object({ startDate: text(10), endDate: text(10) });

const base = '/elec-lease/v1/api';
const tag = '电单车租赁';

export const elecLeaseEndpoints = {
  stores: endpoint({ method: 'GET', path: `${base}/store/list.json`, tag, summary: '查询门店', answer: Type.Array(LeaseStoreSchema) }),
  saveStore: endpoint({
    method: 'POST',
    path: `${base}/store/save.json`,
    tag,
    summary: '保存门店',
    permission: 'lease:store:edit',
    input: Type.Object({ storeId: Type.Optional(Id()), name: Type.String({ maxLength: 40 }), address: text(100), phone: text(20) }),
    answer: LeaseStoreSchema,
  }),
  deleteStore: endpoint({
    method: 'POST',
    path: `${base}/store/delete.json`,
    tag,
    summary: '删除门店',
    permission: 'lease:store:edit',
    input: Type.Object({ storeId: Id() }),
    answer: Type.Object({ storeId: Type.Integer() }),
  }),
  staff: endpoint({ method: 'GET', path: `${base}/staff/list.json`, tag, summary: '查询门店人员', answer: Type.Array(LeaseStaffSchema) }),
  assignStaff: endpoint({
    method: 'POST',
    path: `${base}/staff/assign.json`,
    tag,
    summary: '分配门店人员',
    permission: 'lease:store:edit',
    input: Type.Object({ userId: Id(), storeId: Type.Optional(Id()), position: text(20) }),
    answer: LeaseStaffSchema,
  }),

  riders: endpoint({
    method: 'GET',
    path: `${base}/rider/list.json`,
    tag,
    summary: '查询骑手',
    input: Page({ keyword: text(40), blacklisted: Type.Optional(Type.Boolean()) }),
    answer: pageOf(LeaseRiderSchema),
  }),
  saveRider: endpoint({
    method: 'POST',
    path: `${base}/rider/save.json`,
    tag,
    summary: '保存骑手',
    permission: 'lease:rider:edit',
    input: Type.Object({
      /** idNumber: required for a new rider; left out when editing, the number on file stays (the list shows it masked) */
      riderId: Type.Optional(Id()),
      name: Type.String({ maxLength: 30 }),
      idNumber: text(30),
      phone: Type.String({ maxLength: 20 }),
      emergencyName: text(30),
      emergencyPhone: text(20),
    }),
    answer: LeaseRiderSchema,
  }),
  blacklist: endpoint({
    method: 'POST',
    path: `${base}/rider/blacklist.json`,
    tag,
    summary: '骑手黑名单',
    permission: 'lease:rider:edit',
    input: Type.Object({ riderId: Id(), blacklisted: Type.Boolean(), reason: text(100) }),
    answer: LeaseRiderSchema,
  }),
  deleteRider: endpoint({
    method: 'POST',
    path: `${base}/rider/delete.json`,
    tag,
    summary: '删除骑手',
    permission: 'lease:rider:edit',
    input: Type.Object({ riderId: Id() }),
    answer: Type.Object({ riderId: Type.Integer() }),
  }),

  vehicles: endpoint({
    method: 'GET',
    path: `${base}/vehicle/list.json`,
    tag,
    summary: '查询租赁车辆',
    input: Page({ keyword: text(40), state: text(16) }),
    answer: pageOf(LeaseVehicleSchema),
  }),
  addVehicle: endpoint({
    method: 'POST',
    path: `${base}/vehicle/add.json`,
    tag,
    summary: '新增租赁车辆',
    permission: 'lease:vehicle:edit',
    input: Type.Object({
      imei: Type.String({ minLength: 1, maxLength: 300 }),
      code: Type.String({ maxLength: 30 }),
      plate: text(16),
      frameNo: text(30),
      model: text(30),
      batteryModel: text(30),
      batteryVoltage: Type.Optional(Type.Number({ minimum: 12, maximum: 120 })),
      batteryCapacity: Type.Optional(Type.Number({ minimum: 1, maximum: 500 })),
      storeId: Type.Optional(Id()),
    }),
    answer: LeaseVehicleSchema,
  }),
  updateVehicle: endpoint({
    method: 'POST',
    path: `${base}/vehicle/update.json`,
    tag,
    summary: '修改租赁车辆',
    permission: 'lease:vehicle:edit',
    input: Type.Object({
      vehicleId: Id(),
      code: text(30),
      plate: text(16),
      frameNo: text(30),
      model: text(30),
      batteryModel: text(30),
      storeId: Type.Optional(Type.Integer({ minimum: 0 })),
      state: text(16),
    }),
    answer: LeaseVehicleSchema,
  }),
  deleteVehicle: endpoint({
    method: 'POST',
    path: `${base}/vehicle/delete.json`,
    tag,
    summary: '删除租赁车辆',
    permission: 'lease:vehicle:edit',
    input: Type.Object({ vehicleId: Id() }),
    answer: Type.Object({ vehicleId: Type.Integer() }),
  }),

  plans: endpoint({ method: 'GET', path: `${base}/plan/list.json`, tag, summary: '查询租赁方案', answer: Type.Array(LeasePlanSchema) }),
  savePlan: endpoint({
    method: 'POST',
    path: `${base}/plan/save.json`,
    tag,
    summary: '保存租赁方案',
    permission: 'lease:plan:edit',
    input: Type.Object({
      planId: Type.Optional(Id()),
      name: Type.String({ maxLength: 30 }),
      kind: Type.String({ maxLength: 16 }),
      periodDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })),
      rentFen: Fen(),
      depositFen: Fen(),
      insuranceFen: Fen(),
      lateFeeFen: Type.Optional(Fen()),
      periods: Type.Optional(Type.Integer({ minimum: 1, maximum: 120 })),
      enabled: Type.Optional(Type.Boolean()),
    }),
    answer: LeasePlanSchema,
  }),

  contracts: endpoint({
    method: 'GET',
    path: `${base}/contract/list.json`,
    tag,
    summary: '查询租赁订单',
    input: Page({ keyword: text(40), status: text(16) }),
    answer: pageOf(LeaseContractSchema),
  }),
  contract: endpoint({
    method: 'GET',
    path: `${base}/contract/detail.json`,
    tag,
    summary: '查询租赁订单详情',
    input: ContractId,
    answer: ContractDetail,
  }),
  createContract: endpoint({
    method: 'POST',
    path: `${base}/contract/create.json`,
    tag,
    summary: '新建租赁订单',
    permission: 'lease:order:edit',
    input: Type.Object({ riderId: Id(), vehicleId: Id(), planId: Id() }),
    answer: ContractDetail,
  }),
  handover: endpoint({
    method: 'POST',
    path: `${base}/contract/handover.json`,
    tag,
    summary: '交车验车',
    permission: 'lease:order:edit',
    /** startDate: a lease that began earlier (entered from paper, or moved from another system), Beijing day, at most LEASE_BACKDATE_DAYS ago */
    input: Type.Object({
      contractId: Id(),
      batteryPercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
      note: text(200),
      startDate: text(10),
    }),
    answer: Type.Object({ inspectionId: Type.Integer(), detail: ContractDetail }),
  }),
  uploadPhoto: endpoint({
    method: 'POST',
    path: `${base}/contract/photo.json`,
    tag,
    summary: '上传验车照片',
    permission: 'lease:order:edit',
    encoding: 'multipart',
    query: Type.Object({ inspectionId: Id() }),
    answer: Type.Object({ photoId: Type.Integer() }),
  }),
  photo: endpoint({
    method: 'GET',
    path: `${base}/contract/photo/view.json`,
    tag,
    summary: '查看验车照片',
    input: Type.Object({ photoId: Id() }),
    produces: 'image',
  }),
  renew: endpoint({
    method: 'POST',
    path: `${base}/contract/renew.json`,
    tag,
    summary: '续租',
    permission: 'lease:order:edit',
    input: ContractId,
    answer: ContractDetail,
  }),
  extend: endpoint({
    method: 'POST',
    path: `${base}/contract/extend.json`,
    tag,
    summary: '延期',
    permission: 'lease:order:edit',
    input: Type.Object({ contractId: Id(), days: Type.Integer({ minimum: 1, maximum: 90 }) }),
    answer: ContractDetail,
  }),
  swap: endpoint({
    method: 'POST',
    path: `${base}/contract/swap.json`,
    tag,
    summary: '换车',
    permission: 'lease:order:edit',
    input: Type.Object({ contractId: Id(), vehicleId: Id(), note: text(200), oldState: text(16) }),
    answer: ContractDetail,
  }),
  giveBack: endpoint({
    method: 'POST',
    path: `${base}/contract/return.json`,
    tag,
    summary: '还车',
    permission: 'lease:order:edit',
    input: Type.Object({
      contractId: Id(),
      refundMethod: Type.String({ maxLength: 16 }),
      refundRef: text(64),
      batteryPercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
      note: text(200),
    }),
    answer: ContractDetail,
  }),
  terminate: endpoint({
    method: 'POST',
    path: `${base}/contract/terminate.json`,
    tag,
    summary: '终止订单',
    permission: 'lease:order:edit',
    input: Type.Object({ contractId: Id(), note: Type.String({ minLength: 1, maxLength: 200 }) }),
    answer: ContractDetail,
  }),

  bills: endpoint({
    method: 'GET',
    path: `${base}/bill/list.json`,
    tag,
    summary: '查询租金账单',
    input: Page({ keyword: text(40), status: text(16) }),
    answer: pageOf(LeaseBillSchema),
  }),
  payments: endpoint({
    method: 'GET',
    path: `${base}/payment/list.json`,
    tag,
    summary: '查询收退款',
    input: Page({ keyword: text(40) }),
    answer: pageOf(LeasePaymentSchema),
  }),
  pay: endpoint({
    method: 'POST',
    path: `${base}/payment/pay.json`,
    tag,
    summary: '登记收款',
    permission: 'lease:bill:pay',
    input: Type.Object({
      contractId: Id(),
      method: Type.String({ maxLength: 16 }),
      providerRef: Type.String({ maxLength: 64 }),
      amountFen: Fen({ minimum: 1 }),
      note: text(200),
    }),
    answer: Type.Object({ payment: LeasePaymentSchema, duplicate: Type.Boolean(), detail: ContractDetail }),
  }),
  refund: endpoint({
    method: 'POST',
    path: `${base}/payment/refund.json`,
    tag,
    summary: '退款',
    permission: 'lease:bill:pay',
    input: Type.Object({ paymentId: Id(), amountFen: Fen({ minimum: 1 }), providerRef: Type.String({ maxLength: 64 }), note: text(200) }),
    answer: Type.Object({ payment: LeasePaymentSchema, duplicate: Type.Boolean(), detail: ContractDetail }),
  }),
  ledger: endpoint({ method: 'GET', path: `${base}/ledger/summary.json`, tag, summary: '查询账本', answer: LedgerAnswer }),

  overdue: endpoint({
    method: 'GET',
    path: `${base}/risk/overdue.json`,
    tag,
    summary: '查询逾期订单',
    input: Page({ keyword: text(40) }),
    answer: pageOf(LeaseOverdueSchema),
  }),
  remind: endpoint({
    method: 'POST',
    path: `${base}/risk/remind.json`,
    tag,
    summary: '催缴提醒',
    permission: 'lease:risk:lock',
    input: Type.Object({ contractId: Id(), text: text(200) }),
    answer: ContractDetail,
  }),
  lock: endpoint({
    method: 'POST',
    path: `${base}/risk/lock.json`,
    tag,
    summary: '远程锁车',
    permission: 'lease:risk:lock',
    input: Type.Object({ contractId: Id(), reason: Type.String({ minLength: 1, maxLength: 200 }) }),
    answer: LeaseLockSchema,
  }),
  unlock: endpoint({
    method: 'POST',
    path: `${base}/risk/unlock.json`,
    tag,
    summary: '远程解锁',
    permission: 'lease:risk:lock',
    input: Type.Object({ contractId: Id(), reason: Type.String({ minLength: 1, maxLength: 200 }) }),
    answer: LeaseLockSchema,
  }),
  locks: endpoint({
    method: 'GET',
    path: `${base}/risk/locks.json`,
    tag,
    summary: '查询锁车记录',
    input: Page({ contractId: Type.Optional(Id()) }),
    answer: pageOf(LeaseLockSchema),
  }),
  settings: endpoint({ method: 'GET', path: `${base}/risk/settings.json`, tag, summary: '查询风控设置', answer: LeaseSettingsSchema }),
  saveSettings: endpoint({
    method: 'POST',
    path: `${base}/risk/saveSettings.json`,
    tag,
    summary: '保存风控设置',
    permission: 'lease:risk:edit',
    input: Type.Object({
      graceDays: Type.Integer({ minimum: 0, maximum: 60 }),
      lockOnOverdue: Type.Boolean(),
      lockOutOfArea: Type.Boolean(),
      lockOnTamper: Type.Boolean(),
    }),
    answer: LeaseSettingsSchema,
  }),

  areas: endpoint({ method: 'GET', path: `${base}/area/list.json`, tag, summary: '查询服务区域', answer: Type.Array(LeaseAreaSchema) }),
  setArea: endpoint({
    method: 'POST',
    path: `${base}/area/set.json`,
    tag,
    summary: '设置服务区域',
    permission: 'lease:area:edit',
    input: Type.Object({ geofenceId: Id(), kind: Type.String({ maxLength: 16 }) }),
    answer: Type.Array(LeaseAreaSchema),
  }),

  stats: endpoint({ method: 'GET', path: `${base}/stats/summary.json`, tag, summary: '运营统计', input: StatsQuery, answer: StatsAnswer }),
  exportStats: endpoint({
    method: 'GET',
    path: `${base}/stats/export.json`,
    tag,
    summary: '导出运营统计',
    input: StatsQuery,
    produces: 'excel',
  }),
};

export const ELEC_LEASE_ERRORS = defineErrors('elecLease', {
  notFound: { msg: '数据不存在或无权访问', status: 404 },
  storeNameMissing: { msg: '请填写门店名称', status: 400 },
  storeNameTaken: '门店名称“{name}”已存在',
  storeInUse: '门店下还有车辆或人员，不能删除',
  positionUnknown: { msg: '不支持的岗位：{position}', status: 400 },
  nameInvalid: { msg: '请填写骑手真实姓名（2–20个汉字）', status: 400 },
  idNumberInvalid: { msg: '身份证号有误：{reason}', status: 400 },
  phoneInvalid: { msg: '{field}应为11位手机号', status: 400 },
  identityRejected: '实名核验未通过：{reason}',
  riderExists: '身份证号 {idNumber} 的骑手已登记（{name}）',
  riderBlacklisted: '骑手 {name} 在黑名单中，不能租车',
  riderHasOpenContract: '骑手 {name} 还有未结束的租赁订单（{contractNo}），不能删除',
  riderHasContracts: '骑手 {name} 有历史租赁订单，不能删除，可加入黑名单',
  codeTaken: '车辆编号“{code}”已存在',
  codeMissing: { msg: '请填写车辆编号', status: 400 },
  stateUnknown: { msg: '不支持的车辆状态：{state}', status: 400 },
  vehicleRented: '车辆 {code} 正在租赁中，不能{action}',
  vehicleHasContracts: '车辆 {code} 有历史租赁订单，不能删除，可将状态改为已丢失或维修中',
  vehicleNotAvailable: '车辆 {code} 当前{state}，不能出租',
  planKindUnknown: { msg: '不支持的方案类型：{kind}', status: 400 },
  planPeriodsMissing: { msg: '以租代购方案请填写期数', status: 400 },
  planDisabled: '租赁方案“{name}”已停用',
  contractState: '订单当前{state}，不能{action}',
  unpaidBeforeHandover: '请先结清押金、保险和首期租金（尚欠 {owed} 元）再交车',
  startDateInvalid: { msg: '起租日期应为今天或之前 {days} 天内的日期', status: 400 },
  lastPeriod: '以租代购方案的各期账单已全部开出',
  refundFirst: '订单已收款 {paid} 元，请先退款再取消',
  unpaidRent: '还有未缴的租金账单，请先缴清再续租',
  depositShort: '押金不足以抵扣欠款（尚欠 {owed} 元），请先缴清',
  methodUnknown: { msg: '不支持的支付方式：{method}', status: 400 },
  providerRefInvalid: { msg: '支付流水号应为1–64位字母、数字、下划线或短横线', status: 400 },
  providerRejected: '支付渠道核验未通过：{reason}',
  overpay: '收款金额 {amount} 元超过应收 {owed} 元',
  nothingOwed: '该订单没有待缴金额',
  refundTooMuch: '退款金额超过可退金额 {left} 元',
  refundOfRefund: '只能对收款办理退款',
  refRefundMismatch: '流水号 {ref} 已用于另一笔款项',
  photoMissing: { msg: '请选择照片', status: 400 },
  photoType: { msg: '照片只支持 JPG、PNG 或 WebP 图片', status: 400 },
  photoTooLarge: { msg: '照片不能超过 {mb} MB', status: 400 },
  photoTooMany: '每次验车最多 {count} 张照片',
  notLocked: '车辆未锁定',
  alreadyLocked: '车辆已锁定（{reason}）',
  noTerminal: '车辆 {code} 未绑定定位终端',
  areaKindUnknown: { msg: '不支持的区域类型：{kind}', status: 400 },
});
