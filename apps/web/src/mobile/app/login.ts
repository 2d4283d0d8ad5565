import { AUTH_ERRORS, authEndpoints, tokenEndpoints, type CaptchaImage, type LoginConfig, type LoginForm } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { RequestError } from '../../shared/request/RequestError.ts';
import { encryptPassword } from '../../shared/crypto/encryptPassword.ts';
import { coreTexts } from '../../shared/i18n/coreTexts.ts';

/** The platform's login, as the desktop does it: RSA-encrypted password or phone + SMS code. */
export const PHONE_PATTERN = /^1\d{10}$/;

const NEEDS_CAPTCHA = [AUTH_ERRORS.captchaRequired, AUTH_ERRORS.wrongCredentialsNeedCaptcha, AUTH_ERRORS.locked];

/** After these failures the next try needs the image captcha. */
export function needsCaptcha(error: unknown): boolean {
  return error instanceof RequestError && NEEDS_CAPTCHA.some((entry) => error.is(entry));
}

export const loginConfig = (): Promise<LoginConfig> => call(tokenEndpoints.config, undefined, { silent: true });
export const newCaptcha = (): Promise<CaptchaImage> => call(authEndpoints.captcha, undefined, { silent: true });
export const sendSmsCode = (phone: string) => call(authEndpoints.sendLoginSms, { phone }, { silent: true });

const login = (form: LoginForm) => call(authEndpoints.login, form, { silent: true });

export async function loginWithPassword(
  config: LoginConfig,
  values: { username: string; password: string; code?: string },
  captcha: CaptchaImage | null,
): Promise<string> {
  let password: string;
  try {
    password = await encryptPassword(config.publicKey, values.password);
  } catch {
    throw new RequestError({ msg: coreTexts.login.encryptFailed });
  }
  const form: LoginForm = { username: values.username.trim(), password };
  if (captcha) Object.assign(form, { code: values.code?.trim(), codeKey: captcha.codeKey });
  return (await login(form)).sessionId;
}

export async function loginWithSms(values: { phone: string; smsCode: string }): Promise<string> {
  return (await login({ phone: values.phone.trim(), smsCode: values.smsCode.trim() })).sessionId;
}
