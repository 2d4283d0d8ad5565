/**
 * 掌上车联's end users (docs/end-users.md): an operator invites a person by phone number to the
 * assets it manages — a pet (宠物卫士), an e-bike (电单车卫士), a rented bike (电单车租赁's rider).
 * The person is an account of kind 'person' (个人用户) under the asset's account with one user, whose
 * role is the persona's preset; the asset's terminal moves into that account, so the platform's
 * subtree scope shows the person their own assets only and the operator still sees them.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable, OneOf } from './schemas.ts';
import type { PermissionCode } from './resources.ts';

/** The kind of a person's account (accounts.kind), beside 'dealer' and 'customer'. */
export const PERSON_ACCOUNT_KIND = 'person';
export const PERSON_ACCOUNT_KIND_NAME = '个人用户';

export const END_USER_PERSONAS = ['petOwner', 'bikeOwner', 'rider'] as const;
export type EndUserPersona = (typeof END_USER_PERSONAS)[number];

/**
 * Each persona's role preset: the resource codes an invited person of it holds (at most what the
 * inviting operator holds). No `…:edit` code that invites, binds or deletes: a person controls
 * their asset, never hands it on. The rider's codes are 电单车租赁's rider endpoints' (m-rider).
 */
export const END_USER_PRESETS: Record<EndUserPersona, { name: string; codes: readonly PermissionCode[] }> = {
  petOwner: {
    name: '宠物主人',
    codes: ['pet', 'pet:monitor', 'pet:monitor:control', 'pet:profile', 'pet:history', 'pet:activity', 'pet:fence', 'pet:fence:edit'],
  },
  bikeOwner: {
    name: '车主',
    codes: [
      'elecCar',
      'elecCar:bikes',
      'elecCar:monitor',
      'elecCar:monitor:control',
      'elecCar:guard',
      'elecCar:guard:edit',
      'elecCar:trips',
      'elecCar:alarm',
      'elecCar:alarm:edit',
      'elecCar:battery',
    ],
  },
  // The rider's pages (leaseRider.ts) need no code: each answers only the rider linked to the user.
  // 'lease' opens 电单车租赁 to the role, so the phone app shows the 租车 tab; no back-office menu comes with it.
  rider: { name: '骑手', codes: ['lease'] },
};

/** One person invited to one asset, as the operator's asset page lists them. */
export const EndUserSchema = Type.Object({
  userId: Type.Integer(),
  /** the person's 个人用户 account */
  accountId: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  persona: OneOf(END_USER_PERSONAS),
  personaName: Type.String(),
  /** the terminal number of the asset this row is about */
  terminalId: Type.String(),
  invitedAt: Type.Number(),
  lastLoginAt: Nullable(Type.Number()),
});
export type EndUser = Static<typeof EndUserSchema>;

const InviteFields = {
  phone: Type.String({ maxLength: 20 }),
  name: Type.Optional(Type.String({ maxLength: 20 })),
};

const base = '/endUser/v1/api';
const tag = '掌上车联用户';

export const endUserEndpoints = {
  petInvite: endpoint({
    method: 'POST',
    path: `${base}/pet/invite.json`,
    tag,
    summary: '邀请宠物主人使用掌上车联',
    permission: 'pet:profile:edit',
    input: Type.Object({ petId: Id(), ...InviteFields }),
    answer: EndUserSchema,
  }),
  petUsers: endpoint({
    method: 'GET',
    path: `${base}/pet/users.json`,
    tag,
    summary: '查询宠物的掌上车联用户',
    permission: 'pet:profile:edit',
    input: Type.Object({ petId: Id() }),
    answer: Type.Array(EndUserSchema),
  }),
  petRevoke: endpoint({
    method: 'POST',
    path: `${base}/pet/revoke.json`,
    tag,
    summary: '撤销宠物主人的掌上车联邀请',
    permission: 'pet:profile:edit',
    input: Type.Object({ petId: Id(), userId: Id() }),
    answer: Type.Null(),
  }),
  bikeInvite: endpoint({
    method: 'POST',
    path: `${base}/bike/invite.json`,
    tag,
    summary: '邀请车主使用掌上车联',
    permission: 'elecCar:bikes:edit',
    input: Type.Object({ bikeId: Id(), ...InviteFields }),
    answer: EndUserSchema,
  }),
  bikeUsers: endpoint({
    method: 'GET',
    path: `${base}/bike/users.json`,
    tag,
    summary: '查询电单车的掌上车联用户',
    permission: 'elecCar:bikes:edit',
    input: Type.Object({ bikeId: Id() }),
    answer: Type.Array(EndUserSchema),
  }),
  bikeRevoke: endpoint({
    method: 'POST',
    path: `${base}/bike/revoke.json`,
    tag,
    summary: '撤销车主的掌上车联邀请',
    permission: 'elecCar:bikes:edit',
    input: Type.Object({ bikeId: Id(), userId: Id() }),
    answer: Type.Null(),
  }),
} as const;

export const END_USER_ERRORS = defineErrors('endUser', {
  phoneInvalid: '请填写正确的11位手机号',
  /** Phones log in by SMS, so one phone is one user on the whole platform. */
  phoneTaken: '该手机号已被其他用户使用，不能邀请',
  assetNotVisible: { msg: '设备不存在或无权访问', status: 404 },
  noAssets: '请选择要邀请查看的设备',
  noTerminal: '尚未绑定设备，绑定后才能邀请用户',
  mixedAccounts: '一次只能邀请同一账户下的设备',
  heldByOther: '该设备已邀请其他用户，请先撤销',
  notInvited: { msg: '该用户未被邀请查看此设备', status: 404 },
  personaUnknown: '未知的用户类型',
});
