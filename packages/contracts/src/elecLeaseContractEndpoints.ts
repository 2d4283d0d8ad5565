/** 电单车租赁's contracts (server contracts.routes.ts): the list and detail, create, handover with its photos, renew, extend, swap, return, terminate. */
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { Id, OneOfChecked, OneOfCheckedKeys, pageOf } from './schemas.ts';
import {
  LeaseContractSchema,
  LEASE_CONTRACT_STATES,
  LEASE_SWAPPED_OUT_STATES,
  LEASE_PAY_METHODS,
  text,
  ContractDetail,
  LEASE_API as base,
  LEASE_TAG as tag,
  LeasePage as Page,
} from './elecLeaseSchemas.ts';

const ContractId = Type.Object({ contractId: Id() });

export const elecLeaseContractEndpoints = {
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
};
