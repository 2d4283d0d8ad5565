import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  AUTH_ERRORS,
  authEndpoints,
  CODE_KEY_PATTERN,
  tokenEndpoints,
  type CaptchaImage,
  type LoginConfig,
  type LoginForm,
} from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { runtimeConfig } from '../../shared/config/runtimeConfig.ts';
import { RequestError, errorText } from '../../shared/request/RequestError.ts';
import { toast } from '../../shared/ui/toast.ts';
import { T } from '../../shared/i18n/messages.ts';
import { completeLogin } from '../session/sessionActions.ts';
import { encryptPassword } from '../../shared/crypto/encryptPassword.ts';

export interface AccountValues {
  username: string;
  password: string;
  code?: string;
}
export interface SmsValues {
  phone: string;
  smsCode: string;
}

/** Where to go after login: a safe in-app path from ?redirect, else /home. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return '/home';
  return value;
}

/** The failures after which the next try needs a captcha. */
const NEEDS_CAPTCHA = [AUTH_ERRORS.captchaRequired, AUTH_ERRORS.wrongCredentialsNeedCaptcha, AUTH_ERRORS.locked];

export function needsCaptcha(error: unknown): boolean {
  return error instanceof RequestError && NEEDS_CAPTCHA.some((entry) => error.is(entry));
}

/** 128 random bits as 32 hex digits (CODE_KEY_PATTERN): the older screen's own captcha key. */
export function newCodeKey(): string {
  const key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  if (!new RegExp(CODE_KEY_PATTERN).test(key)) throw new Error('code key');
  return key;
}

/** The older screen's captcha: an <img> of getCodeImg under a key it made, no JSON call first. */
function captchaImageOf(codeKey: string): CaptchaImage {
  return { codeKey, image: `${runtimeConfig().baseUrl}${authEndpoints.captchaImage.path}?codeKey=${codeKey}`, expiresInSeconds: 300 };
}

const login = (form: LoginForm) => call(authEndpoints.login, form, { silent: true });

/**
 * Shared by both login screens: config, captcha on demand, password and SMS login. The older
 * screen (`captchaAsImage`) shows its captcha as the image getCodeImg draws; the newer one gets
 * the image and its key from getCode.
 */
export function useLoginFlow({ captchaAsImage = false }: { captchaAsImage?: boolean } = {}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [config, setConfig] = useState<LoginConfig | null>(null);
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    call(tokenEndpoints.config, undefined, { silent: true })
      .then(setConfig)
      .catch(() => toast.error(T.login.configFailed));
  }, []);

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptcha(captchaAsImage ? captchaImageOf(newCodeKey()) : await call(authEndpoints.captcha, undefined, { silent: true }));
    } catch (error) {
      toast.error(errorText(error, T.request.networkError));
    }
  }, [captchaAsImage]);

  const finish = useCallback(
    async (login: () => Promise<{ sessionId: string }>) => {
      setSubmitting(true);
      try {
        const result = await login();
        if (await completeLogin(result.sessionId)) {
          toast.success(T.login.success);
          void navigate(safeRedirect(params.get('redirect')), { replace: true });
        }
      } catch (error) {
        toast.error(errorText(error, T.request.networkError));
        // a captcha is single use: a new one after every failure once it is required
        if (needsCaptcha(error) || captcha) await refreshCaptcha();
      } finally {
        setSubmitting(false);
      }
    },
    [captcha, navigate, params, refreshCaptcha],
  );

  const loginWithPassword = useCallback(
    (values: AccountValues) =>
      finish(async () => {
        if (!config) throw new RequestError({ msg: T.login.configFailed });
        let password: string;
        try {
          password = await encryptPassword(config.publicKey, values.password);
        } catch {
          throw new RequestError({ msg: T.login.encryptFailed });
        }
        const form = {
          username: values.username.trim(),
          password,
          ...(captcha ? { code: values.code?.trim(), codeKey: captcha.codeKey } : {}),
        };
        return login(form);
      }),
    [captcha, config, finish],
  );

  const loginWithSms = useCallback(
    (values: SmsValues) => finish(() => login({ phone: values.phone.trim(), smsCode: values.smsCode.trim() })),
    [finish],
  );

  return { config, captcha, submitting, refreshCaptcha, loginWithPassword, loginWithSms };
}
