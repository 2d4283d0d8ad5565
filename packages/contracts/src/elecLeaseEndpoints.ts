/** Every endpoint of 电单车租赁 (platform 23), over the shapes of elecLeaseSchemas.ts. */
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { Id, OneOfChecked, OneOfCheckedKeys, OneOfKeys, PageQuery, pageOf } from './schemas.ts';
import { RIDER_ORDER_STATES } from './leaseRider.ts';
import {
  LeaseStoreSchema,
  LeaseStaffSchema,
  LeaseRiderSchema,
  LeaseVehicleSchema,
  LeasePlanSchema,
  LeaseContractSchema,
  LeaseBillSchema,
  LeasePaymentSchema,
  LeaseLockSchema,
  LeaseOverdueSchema,
  LeaseSettingsSchema,
  LeaseAreaSchema,
  LEASE_AREA_KINDS,
  type LeaseAreaKind,
  LEASE_PAY_METHODS,
  LEASE_PLAN_KINDS,
  LEASE_VEHICLE_STATES,
  LEASE_SETTABLE_VEHICLE_STATES,
  LEASE_SWAPPED_OUT_STATES,
  LEASE_CONTRACT_STATES,
  LEASE_BILL_STATUSES,
  LEASE_STAFF_POSITIONS,
  text,
  Fen,
  ContractDetail,
  LedgerAnswer,
  StatsAnswer,
} from './elecLeaseSchemas.ts';

const Page = <S extends Type.TProperties>(extra: S) => Type.Intersect([PageQuery, Type.Object(extra)]);

/**
 * An online payment the provider confirmed that could not be booked (the debt was settled
 * meanwhile, e.g. at the counter): 已支付，待退款, for the operator to refund through the channel.
 */
const LeaseRefundDueSchema = Type.Object({
  orderNo: Type.String(),
  contractId: Type.Integer(),
  contractNo: Type.String(),
  riderName: Type.String(),
  riderPhone: Type.String(),
  method: OneOfKeys(LEASE_PAY_METHODS),
  methodName: Type.String(),
  amountFen: Type.Integer(),
  /** the provider's transaction id, to refund against */
  transactionId: Type.String(),
  paidAt: Type.Number(),
  note: Type.String(),
  /** unbooked (to refund: never sent, refused, closed or abnormal), refunding (the provider accepted it, not yet done) */
  status: OneOfKeys(RIDER_ORDER_STATES),
  statusName: Type.String(),
  /** 已支付待退款 (an order not booked), 退款 (a booked payment), 退押金 (the deposit at 还车) */
  kindName: Type.String(),
  /** the refund's latest attempt ('' none yet): 原路退款 again names it */
  refundNo: Type.String(),
});
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
    input: Type.Object({
      userId: Id(),
      storeId: Type.Optional(Id()),
      position: Type.Optional(OneOfCheckedKeys(LEASE_STAFF_POSITIONS, { maxLength: 20 })),
    }),
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
    input: Page({
      keyword: text(40),
      /** a LEASE_VEHICLE_STATES key; another is refused as 不支持的车辆状态：… (stateUnknown) */
      state: Type.Optional(OneOfCheckedKeys(LEASE_VEHICLE_STATES, { maxLength: 16 })),
    }),
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
      /** one of LEASE_SETTABLE_VEHICLE_STATES; another is refused as 不支持的车辆状态：… (stateUnknown) */
      state: Type.Optional(OneOfChecked(LEASE_SETTABLE_VEHICLE_STATES, { maxLength: 16 })),
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
      kind: OneOfCheckedKeys(LEASE_PLAN_KINDS, { maxLength: 16 }),
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
    input: Page({
      keyword: text(40),
      /** a LEASE_CONTRACT_STATES key; another is refused as 不支持的订单状态：… (contractStatusUnknown) */
      status: Type.Optional(OneOfCheckedKeys(LEASE_CONTRACT_STATES, { maxLength: 16 })),
    }),
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
    input: Type.Object({
      contractId: Id(),
      vehicleId: Id(),
      note: text(200),
      /** what the bike swapped out becomes (LEASE_SWAPPED_OUT_STATES, available by default); another is refused (stateUnknown) */
      oldState: Type.Optional(OneOfChecked(LEASE_SWAPPED_OUT_STATES, { maxLength: 16 })),
    }),
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
      /** how the deposit goes back: a LEASE_PAY_METHODS key; another is refused as 不支持的支付方式：… (methodUnknown) */
      refundMethod: OneOfCheckedKeys(LEASE_PAY_METHODS, { maxLength: 16 }),
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
    input: Page({
      keyword: text(40),
      /** a LEASE_BILL_STATUSES key; another is refused as 不支持的账单状态：… (billStatusUnknown) */
      status: Type.Optional(OneOfCheckedKeys(LEASE_BILL_STATUSES, { maxLength: 16 })),
    }),
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
  refundDue: endpoint({
    method: 'GET',
    path: `${base}/payment/refundDue.json`,
    tag,
    summary: '查询已支付待退款',
    input: Page({ keyword: text(40) }),
    answer: pageOf(LeaseRefundDueSchema),
  }),
  /** 原路退款: an order paid but not booked goes back through its provider's refund API (docs/payments.md). */
  refundOrder: endpoint({
    method: 'POST',
    path: `${base}/payment/refundOrder.json`,
    tag,
    summary: '原路退款',
    permission: 'lease:bill:pay',
    /** refundNo: a refund of a booked payment or of the deposit to send again (listed with its number) */
    input: Type.Object({
      orderNo: Type.String({ maxLength: 32 }),
      refundNo: Type.Optional(Type.String({ maxLength: 64 })),
      reason: text(80),
    }),
    answer: Type.Object({
      orderNo: Type.String(),
      status: OneOfKeys(RIDER_ORDER_STATES),
      statusName: Type.String(),
      refundId: Type.String(),
      /** the number the refund went under (a new one after closed or abnormal) */
      refundNo: Type.String(),
    }),
  }),
  pay: endpoint({
    method: 'POST',
    path: `${base}/payment/pay.json`,
    tag,
    summary: '登记收款',
    permission: 'lease:bill:pay',
    input: Type.Object({
      contractId: Id(),
      method: OneOfCheckedKeys(LEASE_PAY_METHODS, { maxLength: 16 }),
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
    /** providerRef '': a payment the rider made online goes back through its provider's refund API (docs/payments.md) */
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
    /** kind: a LEASE_AREA_KINDS key, or '' to make the fence no area again */
    input: Type.Object({
      geofenceId: Id(),
      kind: OneOfChecked(['', ...(Object.keys(LEASE_AREA_KINDS) as LeaseAreaKind[])], { maxLength: 16 }),
    }),
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
    permission: 'lease:stats',
  }),
};
