/** 电单车租赁's money (server money.routes.ts): bills, payments and refunds at the counter or through the provider, the ledger. */
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { Id, OneOfCheckedKeys, OneOfKeys, pageOf } from './schemas.ts';
import { RIDER_ORDER_STATES } from './leaseRider.ts';
import {
  LeaseBillSchema,
  LeasePaymentSchema,
  LEASE_PAY_METHODS,
  LEASE_BILL_STATUSES,
  text,
  Fen,
  ContractDetail,
  LedgerAnswer,
  LEASE_API as base,
  LEASE_TAG as tag,
  LeasePage as Page,
} from './elecLeaseSchemas.ts';

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

export const elecLeaseMoneyEndpoints = {
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
};
