import { AUTH_ERRORS, authEndpoints, type CaptchaImage, type LoginConfig, type LoginForm } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { RequestError } from '../../shared/request/RequestError.ts';
import { coreTexts } from '../../shared/i18n/coreTexts.ts';

/** The platform's login, as the desktop does it: RSA-encrypted password or phone + SMS code. */
export const PHONE_PATTERN = /^1\d{10}$/;

const NEEDS_CAPTCHA = [AUTH_ERRORS.captchaRequired, AUTH_ERRORS.wrongCredentialsNeedCaptcha, AUTH_ERRORS.locked];

/** After these failures the next try needs the image captcha. */
export function needsCaptcha(error: unknown): boolean {
  return error instanceof RequestError && NEEDS_CAPTCHA.some((entry) => error.is(entry));
}

/**
 * The RSA code comes after the login screen's first load (one file fewer on the phone's 6
 * connections, for the login screen and a signed-in start alike): asked for with the login's
 * configuration, it is there before the password is typed.
 */
const encrypter = () => import('../../shared/crypto/encryptPassword.ts');

/** The public key (/oauth/getConfig: the same answer as the desktop's /oauthToken/getConfig, without the token table in the entry). */
export const loginConfig = (): Promise<LoginConfig> => {
  void encrypter().catch(() => undefined);
  return call(authEndpoints.config, undefined, { silent: true });
};
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
    const { encryptPassword } = await encrypter();
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
