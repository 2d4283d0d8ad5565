import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CaptchaImage, LoginConfig, LoginFailure } from '@chelian/contracts';
import { authApi } from '../../shared/api/authApi.ts';
import { RequestError, errorText } from '../../shared/request/RequestError.ts';
import { toast } from '../../shared/ui/toast.ts';
import { T } from '../../shared/i18n/messages.ts';
import { completeLogin } from '../session/sessionActions.ts';
import { encryptPassword } from './encryptPassword.ts';

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

/** Shared by both login screens: config, captcha on demand, password and SMS login. */
export function useLoginFlow() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [config, setConfig] = useState<LoginConfig | null>(null);
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    authApi
      .getConfig()
      .then(setConfig)
      .catch(() => toast.error(T.login.configFailed));
  }, []);

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptcha(await authApi.getCode());
    } catch (error) {
      toast.error(errorText(error, T.request.networkError));
    }
  }, []);

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
        const failure = error instanceof RequestError ? (error.obj as LoginFailure | undefined) : undefined;
        // a captcha is single use: a new one after every failure once it is required
        if (failure?.captchaRequired || captcha) await refreshCaptcha();
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
        const form = { username: values.username.trim(), password, ...(captcha ? { code: values.code?.trim(), codeKey: captcha.codeKey } : {}) };
        return authApi.login(form);
      }),
    [captcha, config, finish],
  );

  const loginWithSms = useCallback(
    (values: SmsValues) => finish(() => authApi.login({ phone: values.phone.trim(), smsCode: values.smsCode.trim() })),
    [finish],
  );

  return { config, captcha, submitting, refreshCaptcha, loginWithPassword, loginWithSms };
}
