/** 电单车租赁's vocabularies and the shapes of its answers (elecLease.ts gathers the domain). Money is integer fen. */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { Nullable, OneOf, OneOfKeys, PageQuery } from './schemas.ts';
import { BikeStatusSchema, POWER_ORDER_STATUS_NAMES } from './elecCar.ts';

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
/** reserved: in a contract waiting for its handover (the contract's 待交车), so not for another order. */
export const LEASE_VEHICLE_STATES = {
  available: '可租',
  reserved: '待交车',
  rented: '在租',
  repair: '维修中',
  lost: '已丢失',
  sold: '已售出',
} as const;
export type LeaseVehicleState = keyof typeof LEASE_VEHICLE_STATES;
/** The states 修改车辆 may set by hand (reserved and rented come and go with a contract, sold is not offered). */
export const LEASE_SETTABLE_VEHICLE_STATES = ['available', 'repair', 'lost'] as const satisfies readonly LeaseVehicleState[];
/** What a bike swapped out becomes: back in stock or in repair. */
export const LEASE_SWAPPED_OUT_STATES = ['available', 'repair'] as const satisfies readonly LeaseVehicleState[];
export const LEASE_PAY_METHODS = { wechat: '微信支付', alipay: '支付宝', cash: '现金' } as const;
export type LeasePayMethod = keyof typeof LEASE_PAY_METHODS;
export const LEASE_BILL_KINDS = { deposit: '押金', insurance: '保险费', rent: '租金', lateFee: '滞纳金' } as const;
export type LeaseBillKind = keyof typeof LEASE_BILL_KINDS;
export const LEASE_PAYMENT_KINDS = { payment: '收款', refund: '退款', depositDeduct: '押金抵扣', depositRefund: '退押金' } as const;
export type LeasePaymentKind = keyof typeof LEASE_PAYMENT_KINDS;
export const LEASE_AREA_KINDS = { boundary: '运营区域', noParking: '禁停区', returnPoint: '还车点' } as const;
export type LeaseAreaKind = keyof typeof LEASE_AREA_KINDS;
export const LEASE_VERIFY_STATUSES = { passed: '已实名', formatChecked: '已校验格式', failed: '未通过' } as const;
export type LeaseVerifyStatus = keyof typeof LEASE_VERIFY_STATUSES;
export const LEASE_BILL_STATUSES = { unpaid: '未缴', paid: '已缴', void: '已作废' } as const;
export type LeaseBillStatus = keyof typeof LEASE_BILL_STATUSES;
export const LEASE_INSPECTION_KINDS = {
  handover: '交车验车',
  return: '还车验车',
  swapOut: '换车（换下）',
  swapIn: '换车（换上）',
} as const;
export type LeaseInspectionKind = keyof typeof LEASE_INSPECTION_KINDS;
export const LEASE_STAFF_POSITIONS = { manager: '店长', clerk: '店员', maintenance: '运维' } as const;
export type LeaseStaffPosition = keyof typeof LEASE_STAFF_POSITIONS;
export const LEASE_LOCK_ACTIONS = { lock: '锁车', unlock: '解锁' } as const;
export type LeaseLockAction = keyof typeof LEASE_LOCK_ACTIONS;
export const LEASE_LOCK_TRIGGERS = {
  overdue: '逾期未缴',
  area: '驶出运营区域',
  tamper: '拆改报警',
  manual: '人工操作',
  payment: '缴清欠款',
  return: '还车/解约',
} as const;
export type LeaseLockTrigger = keyof typeof LEASE_LOCK_TRIGGERS;
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

export const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
export const Fen = (opts: { minimum?: number } = {}) => Type.Integer({ minimum: opts.minimum ?? 0, maximum: MAX_AMOUNT_FEN });
/** A list's query: the page and the list's own filters. */
export const LeasePage = <S extends Type.TProperties>(extra: S) => Type.Intersect([PageQuery, Type.Object(extra)]);
/** Where the back office's endpoints live (elecLease*Endpoints.ts) and their OpenAPI tag. */
export const LEASE_API = '/elec-lease/v1/api';
export const LEASE_TAG = '电单车租赁';
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
  /** '' while the user works in no store. */
  position: Type.Union([OneOfKeys(LEASE_STAFF_POSITIONS), Type.Literal('')]),
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
  verifyStatus: OneOfKeys(LEASE_VERIFY_STATUSES),
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
  state: OneOfKeys(LEASE_VEHICLE_STATES),
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
  kind: OneOfKeys(LEASE_PLAN_KINDS),
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
  status: OneOfKeys(LEASE_CONTRACT_STATES),
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
  kind: OneOfKeys(LEASE_BILL_KINDS),
  kindName: Type.String(),
  seq: Type.Integer(),
  coversDays: Type.Integer(),
  amountFen: Type.Integer(),
  paidFen: Type.Integer(),
  dueAt: ms,
  status: OneOfKeys(LEASE_BILL_STATUSES),
  statusName: Type.String(),
  created: ms,
});
export type LeaseBill = Static<typeof LeaseBillSchema>;

export const LeasePaymentSchema = Type.Object({
  paymentId: Type.Integer(),
  contractId: Type.Integer(),
  contractNo: Type.String(),
  riderName: Type.String(),
  kind: OneOfKeys(LEASE_PAYMENT_KINDS),
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
  kind: OneOfKeys(LEASE_INSPECTION_KINDS),
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
  action: OneOfKeys(LEASE_LOCK_ACTIONS),
  actionName: Type.String(),
  trigger: OneOfKeys(LEASE_LOCK_TRIGGERS),
  triggerName: Type.String(),
  reason: Type.String(),
  userName: Type.String(),
  orderId: Nullable(Type.Integer()),
  /** The lock is 电单车卫士's safe cut (an unlock its restore): that power order's status, and its name (POWER_ORDER_STATUS_NAMES); null and '' before it has one. */
  orderStatus: Nullable(OneOfKeys(POWER_ORDER_STATUS_NAMES)),
  orderStatusName: Type.String(),
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

export const ContractDetail = Type.Object({
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
  /** '' for a fence that is no area of the lease */
  kind: OneOf(['', ...(Object.keys(LEASE_AREA_KINDS) as LeaseAreaKind[])]),
  kindName: Type.String(),
});
export type LeaseArea = Static<typeof LeaseAreaSchema>;

export const LeaseLedgerRowSchema = Type.Object({
  ledgerAccount: Type.String(),
  name: Type.String(),
  debitFen: Type.Integer(),
  creditFen: Type.Integer(),
});
export const LedgerAnswer = Type.Object({
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
export const StatsAnswer = Type.Object({
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
