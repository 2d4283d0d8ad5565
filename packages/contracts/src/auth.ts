/**
 * Login, captcha, SMS login and logout (spec §3, §4, §7). The token-flavoured /oauthToken paths
 * are in token.ts; the caller's user and resources in accounts.ts.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';

export const LoginConfigSchema = Type.Object({
  /** RSA public key (PEM, SPKI) used to encrypt the password with PKCS#1 v1.5 (JSEncrypt). */
  publicKey: Type.String(),
  smsLoginEnabled: Type.Boolean(),
  /** Failures for one username after which an image captcha is required. */
  captchaAfterFailures: Type.Integer(),
});
export type LoginConfig = Static<typeof LoginConfigSchema>;

/** An SVG captcha, single use, valid 5 minutes; image is data:image/svg+xml;base64,… */
const CaptchaSchema = Type.Object({ codeKey: Type.String(), image: Type.String(), expiresInSeconds: Type.Integer() });
export type CaptchaImage = Static<typeof CaptchaSchema>;

/** username + password (base64 RSA PKCS#1 v1.5 ciphertext), optional code + codeKey; or phone + smsCode. */
export const LoginInput = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 64 })),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  code: Type.Optional(Type.String({ maxLength: 16 })),
  codeKey: Type.Optional(Type.String({ maxLength: 64 })),
  phone: Type.Optional(Type.String({ maxLength: 20 })),
  smsCode: Type.Optional(Type.String({ maxLength: 10 })),
});
export type LoginForm = Static<typeof LoginInput>;

export const LoginResultSchema = Type.Object({ sessionId: Type.String(), userId: Type.Integer() });
export type LoginResult = Static<typeof LoginResultSchema>;

/** The obj of a failed login: whether the next try needs a captcha. */
export interface LoginFailure {
  captchaRequired: boolean;
  locked?: boolean;
}

const PhoneInput = Type.Object({ phone: Type.String({ maxLength: 20 }) });
const SmsSentSchema = Type.Object({ expiresInSeconds: Type.Integer() });

/** A code key the older login screen makes itself for its captcha image (128 random bits, hex). */
export const CODE_KEY_PATTERN = '^[0-9a-f]{32}$';

export const THEME_NAMES = ['default', 'origin', 'blue', 'green'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const ThemeSchema = Type.Union([Type.Literal('default'), Type.Literal('origin'), Type.Literal('blue'), Type.Literal('green')]);

const TAG = '登录';
/** The login configuration (public key, captcha rule) under one of its paths. */
export const loginConfigAt = (path: string) =>
  endpoint({ method: 'GET', path, tag: TAG, summary: '获取登录配置', access: 'public', answer: LoginConfigSchema });
/** Login under one of its paths. */
export const loginAt = (path: string) =>
  endpoint({ method: 'POST', path, tag: TAG, summary: '登录', access: 'public', input: LoginInput, answer: LoginResultSchema });
const sendLoginSms = (path: string) =>
  endpoint({ method: 'POST', path, tag: TAG, summary: '发送登录短信验证码', access: 'public', input: PhoneInput, answer: SmsSentSchema });

export const authEndpoints = {
  config: loginConfigAt('/oauth/getConfig'),
  loginPage: loginConfigAt('/oauth/loginPage'),
  login: loginAt('/oauth/v4/token'),
  captcha: endpoint({
    method: 'GET',
    path: '/oauth/getCode',
    tag: TAG,
    summary: '获取图形验证码',
    access: 'public',
    answer: CaptchaSchema,
  }),
  /**
   * The older login screen's captcha (spec §7 getCodeImg): the SVG image itself, for an <img>,
   * under a code key the screen made (CODE_KEY_PATTERN); login then sends that codeKey.
   */
  captchaImage: endpoint({
    method: 'GET',
    path: '/oauth/getCodeImg',
    tag: TAG,
    summary: '获取验证码图片',
    access: 'public',
    input: Type.Object({ codeKey: Type.String({ pattern: CODE_KEY_PATTERN }) }),
    produces: 'image',
  }),
  sendLoginSms: sendLoginSms('/oauth/sendLoginSms'),
  userAuthSendLoginSms: sendLoginSms('/car/v1/api/userAuth/sendLoginSms.json'),
  logout: endpoint({ method: 'GET', path: '/oauth/logout', tag: TAG, summary: '退出登录', access: 'public', answer: Type.Null() }),
};

export const AUTH_ERRORS = defineErrors('auth', {
  missingFields: '请输入用户名和密码',
  clearTextRefused: '密码未加密，请刷新页面后重试',
  wrongCredentials: '用户名或密码错误',
  /** obj { captchaRequired: true } */
  wrongCredentialsNeedCaptcha: '用户名或密码错误，请输入验证码后重试',
  /** obj { captchaRequired: true } */
  captchaRequired: '请输入正确的验证码',
  /** obj { captchaRequired: true, locked: true } */
  locked: '登录失败次数过多，账号已锁定{minutes}分钟，请稍后再试',
  wrongSmsCode: '手机号或短信验证码错误',
  badPhone: '手机号格式不正确',
  smsTooFrequent: { msg: '验证码发送过于频繁，请{wait}后再试', status: 429 },
  smsDailyLimit: { msg: '该手机号今日验证码发送次数已达上限', status: 429 },
});

/** GET /runtime-config.js sets window.__CHELIAN_CONFIG__ to this. */
export interface RuntimeConfig {
  baseUrl: string;
  systemName: string;
  aiBaseUrl: string;
  aiScriptUrl: string;
  /** tile source for maps; '' = the offline basemap shipped with the project */
  tileUrl: string;
  tileCoordSystem: 'wgs84' | 'gcj02';
}
