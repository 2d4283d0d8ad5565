/** The security centre (spec §2 /center/security; §7 user and userAuth calls): password, phone, WeChat, privacy, theme. */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { PrivacySettingsSchema } from './accounts.ts';
import { ThemeSchema } from './auth.ts';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Nullable, PartialOf } from './schemas.ts';

export const PASSWORD_RULE_TEXT = '密码长度8-32位，须同时包含字母和数字';

const AuthDataSchema = Type.Object({
  /** masked, e.g. 139****5678, or '' */
  phone: Type.String(),
  phoneBound: Type.Boolean(),
  wxBound: Type.Boolean(),
  wxNickname: Type.String(),
  lastLoginAt: Nullable(Type.Number()),
  lastLoginIp: Type.String(),
  activeSessions: Type.Integer(),
});
export type AuthData = Static<typeof AuthDataSchema>;

export const SMS_PURPOSES = ['bind', 'verify', 'password', 'auth'] as const;
export type SmsCodePurpose = (typeof SMS_PURPOSES)[number];

const Phone = Type.String({ maxLength: 20 });
const Code = Type.String({ maxLength: 10 });
/** base64 RSA ciphertext, as at login */
const Cipher = Type.String({ maxLength: 1024 });
const PhoneCode = Type.Object({ phone: Phone, code: Code });

const user = '/car/v1/api/user';
const auth = '/car/v1/api/userAuth';
const TAG = '安全中心';

export const securityEndpoints = {
  sendSmsCode: endpoint({
    method: 'POST',
    path: `${user}/sendSmsCode.json`,
    tag: TAG,
    summary: '发送短信验证码',
    input: Type.Object({
      phone: Phone,
      purpose: Type.Optional(
        Type.Union([Type.Literal('bind'), Type.Literal('verify'), Type.Literal('password'), Type.Literal('auth')], { default: 'bind' }),
      ),
    }),
    answer: Type.Object({ expiresInSeconds: Type.Integer() }),
  }),
  /** Binds the phone; answers it masked. */
  bindPhone: endpoint({
    method: 'POST',
    path: `${user}/phoneCodeVerify.json`,
    tag: TAG,
    summary: '绑定手机号',
    input: PhoneCode,
    answer: Type.Object({ phone: Type.String() }),
  }),
  /** Ends the caller's other sessions. */
  changePassword: endpoint({
    method: 'POST',
    path: `${user}/updateUserPassword.json`,
    tag: TAG,
    summary: '修改密码',
    input: Type.Object({ oldPassword: Cipher, newPassword: Cipher }),
    answer: Type.Object({ endedSessions: Type.Integer() }),
  }),
  unbindWx: endpoint({ method: 'POST', path: `${user}/unbindWxRelation.json`, tag: TAG, summary: '解绑微信', answer: AuthDataSchema }),
  /** Only the known switches are kept. */
  updatePrivacy: endpoint({
    method: 'POST',
    path: `${user}/updatePrivacy.json`,
    tag: TAG,
    summary: '修改隐私设置',
    input: PartialOf(PrivacySettingsSchema),
    answer: PrivacySettingsSchema,
  }),
  updateTheme: endpoint({
    method: 'POST',
    path: `${user}/updateTheme.json`,
    tag: TAG,
    summary: '修改主题',
    input: Type.Object({ theme: ThemeSchema }),
    answer: Type.Object({ theme: ThemeSchema }),
  }),
  /** Proves the caller holds the bound phone (before sensitive operations). */
  phoneAuth: endpoint({
    method: 'POST',
    path: `${auth}/phoneAuth.json`,
    tag: TAG,
    summary: '手机号验证',
    input: PhoneCode,
    answer: Type.Object({ authorized: Type.Boolean() }),
  }),
  authData: endpoint({ method: 'GET', path: `${auth}/doGetAuthData.json`, tag: TAG, summary: '查询账号绑定信息', answer: AuthDataSchema }),
  unbind: endpoint({
    method: 'POST',
    path: `${auth}/delBangDing.json`,
    tag: TAG,
    summary: '解除绑定',
    input: Type.Object({ type: Type.Union([Type.Literal('phone'), Type.Literal('wx')]) }),
    answer: AuthDataSchema,
  }),
};

/** A password that does not decrypt is AUTH_ERRORS.clearTextRefused, as at login. */
export const SECURITY_ERRORS = defineErrors('security', {
  wrongOldPassword: '原密码错误',
  weakPassword: PASSWORD_RULE_TEXT,
  samePassword: '新密码不能与原密码相同',
  phoneTaken: '该手机号已绑定其他账号',
  wrongSmsCode: '短信验证码错误或已过期',
  notBoundPhone: '请使用已绑定的手机号进行验证',
  wxNotBound: '当前账号未绑定微信',
  phoneNotBound: '当前账号未绑定手机号',
});
