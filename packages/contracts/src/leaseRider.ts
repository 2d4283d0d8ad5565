/**
 * 掌上车联's rider (骑手) of 电单车租赁 (issue 36 item 5): the signed-in rider's own contracts, bills
 * and online payments, the overdue and lock state in words, the service area and the return.
 * Every endpoint answers only the rider linked to the caller (elec_lease_riders.user_id, set when
 * the operator invites the rider); money is integer fen. docs/payments.md.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable, OneOfCheckedKeys, OneOfKeys } from './schemas.ts';
import { LEASE_CONTRACT_STATES, LeaseBillSchema, LeaseAreaSchema, text } from './elecLeaseSchemas.ts';

/** The channels a rider pays through; with no merchant account configured the demo's 模拟支付 stands in (--demo only). */
export const RIDER_PAY_CHANNELS = { wechat: '微信支付', alipay: '支付宝' } as const;
export type RiderPayChannel = keyof typeof RIDER_PAY_CHANNELS;
export const RIDER_ORDER_STATES = {
  created: '待支付',
  paid: '已支付',
  unbooked: '已支付，待退款',
  refunding: '退款处理中',
  refunded: '已退款',
} as const;
export type RiderOrderState = keyof typeof RIDER_ORDER_STATES;
/** A bill as the rider sees it: its status, or overdue (unpaid past its due time, or of an overdue contract). */
export const RIDER_BILL_STATES = { paid: '已缴', unpaid: '待缴', overdue: '已逾期', void: '已作废' } as const;

const ms = Type.Number();

export const RiderBillSchema = Type.Intersect([
  LeaseBillSchema,
  Type.Object({ riderState: OneOfKeys(RIDER_BILL_STATES), riderStateName: Type.String(), owedFen: Type.Integer() }),
]);
export type RiderBill = Static<typeof RiderBillSchema>;

export const RiderContractSchema = Type.Object({
  contractId: Type.Integer(),
  contractNo: Type.String(),
  status: OneOfKeys(LEASE_CONTRACT_STATES),
  statusName: Type.String(),
  started: Nullable(ms),
  dueAt: Nullable(ms),
  ended: Nullable(ms),
  owedFen: Type.Integer(),
  depositHeldFen: Type.Integer(),
  plan: Type.Object({
    name: Type.String(),
    kindName: Type.String(),
    periodDays: Type.Integer(),
    rentFen: Type.Integer(),
    depositFen: Type.Integer(),
    lateFeeFen: Type.Integer(),
    periods: Nullable(Type.Integer()),
  }),
  bike: Type.Object({
    code: Type.String(),
    plate: Type.String(),
    lat: Nullable(Type.Number()),
    lon: Nullable(Type.Number()),
    online: Type.Boolean(),
    batteryPercent: Nullable(Type.Number()),
    located: Nullable(ms),
  }),
  store: Type.Object({ name: Type.String(), phone: Type.String(), address: Type.String() }),
  /** '' when not locked; else why (逾期未缴, 驶出运营区域, …) */
  lockReasonName: Type.String(),
  overdueDays: Type.Integer(),
  graceDays: Type.Integer(),
  /** The state in words, a sentence each: what happened, what it costs, what unlocks the bike. */
  explanation: Type.Array(Type.String()),
  canPay: Type.Boolean(),
  canReturn: Type.Boolean(),
});
export type RiderContract = Static<typeof RiderContractSchema>;

export const RiderMeSchema = Type.Object({
  riderName: Type.String(),
  phone: Type.String(),
  contracts: Type.Array(RiderContractSchema),
  /** 模拟支付 when no merchant account is configured (demo), else the channels' names */
  payChannels: Type.Array(Type.Object({ channel: OneOfKeys(RIDER_PAY_CHANNELS), name: Type.String(), demo: Type.Boolean() })),
  /**
   * WeChat 网页授权 (snsapi_base) for JSAPI pay inside WeChat: where the phone goes for a code; null
   * when not configured (WeChat then pays by H5).
   */
  wechatOauth: Nullable(Type.Object({ appId: Type.String(), authorizeUrl: Type.String() })),
});
export type RiderMe = Static<typeof RiderMeSchema>;

/** What the phone does to pay: the demo completes in place; WeChat inside WeChat invokes JSAPI; otherwise a redirect (WeChat H5, Alipay wap). */
export const RiderPayParamsSchema = Type.Union([
  Type.Object({ kind: Type.Literal('demo') }),
  Type.Object({ kind: Type.Literal('redirect'), url: Type.String() }),
  Type.Object({
    kind: Type.Literal('wechatJsapi'),
    appId: Type.String(),
    timeStamp: Type.String(),
    nonceStr: Type.String(),
    package: Type.String(),
    signType: Type.String(),
    paySign: Type.String(),
  }),
]);
export type RiderPayParams = Static<typeof RiderPayParamsSchema>;

export const RiderOrderSchema = Type.Object({
  orderNo: Type.String(),
  amountFen: Type.Integer(),
  description: Type.String(),
  providerName: Type.String(),
  status: OneOfKeys(RIDER_ORDER_STATES),
  statusName: Type.String(),
  contractId: Type.Integer(),
});
export type RiderOrder = Static<typeof RiderOrderSchema>;

export const RiderAreaSchema = Type.Intersect([
  LeaseAreaSchema,
  Type.Object({
    circle: Nullable(Type.Object({ lon: Type.Number(), lat: Type.Number(), radiusM: Type.Number() })),
    /** [[[lon, lat], …]] WGS-84, outer ring first */
    rings: Nullable(Type.Array(Type.Array(Type.Array(Type.Number())))),
  }),
]);
export type RiderArea = Static<typeof RiderAreaSchema>;

const base = '/elec-lease/v1/rider';
const tag = '掌上车联·骑手';
const ContractId = Type.Object({ contractId: Id() });

export const leaseRiderEndpoints = {
  me: endpoint({ method: 'GET', path: `${base}/me.json`, tag, summary: '我的租赁', answer: RiderMeSchema }),
  bills: endpoint({
    method: 'GET',
    path: `${base}/bills.json`,
    tag,
    summary: '我的账单',
    input: ContractId,
    answer: Type.Array(RiderBillSchema),
  }),
  pay: endpoint({
    method: 'POST',
    path: `${base}/pay.json`,
    tag,
    summary: '在线支付账单',
    /** billId: one bill; left out, everything the contract owes */
    input: Type.Object({
      contractId: Id(),
      billId: Type.Optional(Id()),
      channel: OneOfCheckedKeys(RIDER_PAY_CHANNELS, { maxLength: 16 }),
      openid: text(64),
    }),
    answer: Type.Object({ order: RiderOrderSchema, params: RiderPayParamsSchema }),
  }),
  /** 网页授权's code (one use) for the rider's openid, kept for JSAPI orders. */
  wechatOpenid: endpoint({
    method: 'POST',
    path: `${base}/wechat/openid.json`,
    tag,
    summary: '微信网页授权',
    input: Type.Object({ code: Type.String({ minLength: 1, maxLength: 128 }) }),
    answer: Type.Object({ openid: Type.String() }),
  }),
  demoComplete: endpoint({
    method: 'POST',
    path: `${base}/pay/demo-complete.json`,
    tag,
    summary: '完成模拟支付',
    input: Type.Object({ orderNo: Type.String({ maxLength: 32 }) }),
    answer: RiderOrderSchema,
  }),
  order: endpoint({
    method: 'GET',
    path: `${base}/pay/order.json`,
    tag,
    summary: '查询支付结果',
    input: Type.Object({ orderNo: Type.String({ maxLength: 32 }) }),
    answer: RiderOrderSchema,
  }),
  area: endpoint({
    method: 'GET',
    path: `${base}/area.json`,
    tag,
    summary: '服务区域',
    input: ContractId,
    answer: Type.Array(RiderAreaSchema),
  }),
  giveBack: endpoint({
    method: 'POST',
    path: `${base}/return.json`,
    tag,
    summary: '骑手还车',
    input: Type.Object({ contractId: Id(), batteryPercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })), note: text(200) }),
    answer: RiderContractSchema,
  }),
  /** The back office (骑手管理): invite the rider to 掌上车联 — an end user of the rider persona, linked to this rider. */
  invite: endpoint({
    method: 'POST',
    path: '/elec-lease/v1/api/rider/invite.json',
    tag: '电单车租赁',
    summary: '邀请骑手使用掌上车联',
    permission: 'lease:rider:edit',
    input: Type.Object({ riderId: Id() }),
    answer: Type.Object({ riderId: Type.Integer(), userId: Type.Integer(), phone: Type.String(), created: Type.Boolean() }),
  }),
  /** The providers call these (no session): trust is their signature over the body as received (docs/payments.md). */
  wechatNotify: endpoint({
    method: 'POST',
    path: '/elec-lease/v1/pay/notify/wechat',
    tag,
    summary: '微信支付回调通知',
    access: 'public',
    produces: 'callback',
  }),
  alipayNotify: endpoint({
    method: 'POST',
    path: '/elec-lease/v1/pay/notify/alipay',
    tag,
    summary: '支付宝异步通知',
    access: 'public',
    produces: 'callback',
  }),
};

export const LEASE_RIDER_ERRORS = defineErrors('leaseRider', {
  notRider: { msg: '当前账号不是骑手，请使用租车时登记的手机号登录', status: 403 },
  notFound: { msg: '数据不存在或无权访问', status: 404 },
  channelUnknown: { msg: '不支持的支付方式：{channel}', status: 400 },
  payNotConfigured: '未开通在线支付，请到门店缴费',
  billNotOwed: '该账单无需支付（{state}）',
  nothingOwed: '当前没有待缴金额',
  providerFailed: '支付渠道暂不可用：{reason}',
  wechatAuthOff: '未开通微信网页授权',
  wechatAuthFailed: '微信授权失败：{reason}',
  openidUnknown: '微信授权已失效，请重新进入页面后支付',
  demoOnly: '只有模拟支付可以这样完成',
  orderClosed: '该支付订单已处理（{state}）',
  inviteNeedsBike: '骑手 {name} 没有进行中的租赁订单，交车后再邀请',
  userLinkedElsewhere: '手机号 {phone} 的掌上车联账号已关联另一位骑手',
});
