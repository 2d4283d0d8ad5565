import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CaptchaImage, LoginConfig } from '@chelian/contracts';
import { errorText } from '../../shared/request/RequestError.ts';
import { coreTexts } from '../../shared/i18n/coreTexts.ts';
import { loginConfig, loginWithPassword, loginWithSms, needsCaptcha, newCaptcha, PHONE_PATTERN, sendSmsCode } from './login.ts';
import { startSession } from './session.ts';
import { useMobileSession } from './useMobileSession.ts';
import { safeRedirect } from './navigation.ts';
import { useCountdown } from './useCountdown.ts';
import { M } from './texts.ts';
import './login.css';

const L = coreTexts.login;
type Mode = 'password' | 'sms';
type Fields = { username: string; password: string; code: string; phone: string; smsCode: string };
const EMPTY: Fields = { username: '', password: '', code: '', phone: '', smsCode: '' };

function Field({ label, error, children, extra }: { label: string; error?: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <label className={`m-field${error ? ' m-field-error' : ''}`}>
      <span className="m-field-label">{label}</span>
      <span className="m-field-input">
        {children}
        {extra}
      </span>
      {error && (
        <span className="m-field-message" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

/** What is missing or wrong before a try (the server checks the rest). */
function validate(mode: Mode, v: Fields, captcha: boolean): Partial<Fields> {
  const errors: Partial<Fields> = {};
  if (mode === 'password') {
    if (!v.username.trim()) errors.username = L.required(L.username);
    if (!v.password) errors.password = L.required(L.password);
    if (captcha && !v.code.trim()) errors.code = L.required(L.captcha);
  } else {
    if (!v.phone.trim()) errors.phone = L.required(L.phone);
    else if (!PHONE_PATTERN.test(v.phone.trim())) errors.phone = L.phoneInvalid;
    if (!v.smsCode.trim()) errors.smsCode = L.required(L.smsCode);
  }
  return errors;
}

/**
 * 密码登录 / 短信登录 (the platform's RSA login and SMS login); then back to the page the user
 * came from (?redirect). Plain HTML fields, buttons and messages in place: no component
 * library in the login screen, so it stays within /m/'s first-load budget (docs/mobile.md).
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const open = useMobileSession((s) => s.open);
  const [mode, setMode] = useState<Mode>(params.get('by') === 'sms' ? 'sms' : 'password');
  const [values, setValues] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [config, setConfig] = useState<LoginConfig | null>(null);
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [left, startCountdown] = useCountdown();

  useEffect(() => {
    loginConfig()
      .then(setConfig)
      .catch(() => setFailure(L.configFailed));
  }, []);

  const set = (key: keyof Fields) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const refreshCaptcha = async () => {
    try {
      setCaptcha(await newCaptcha());
    } catch (error) {
      setFailure(errorText(error, coreTexts.request.networkError));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate(mode, values, captcha !== null);
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      let sessionId: string;
      if (mode === 'sms') sessionId = await loginWithSms(values);
      else {
        // a quick hand can press 登录 before the key arrived: wait for it rather than fail
        const key = config ?? (await loginConfig().catch(() => null));
        if (!key) throw new Error(L.configFailed);
        if (!config) setConfig(key);
        sessionId = await loginWithPassword(key, values, captcha);
      }
      await open(await startSession(sessionId));
      void navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      setFailure(errorText(error, coreTexts.request.networkError));
      if (mode === 'password' && (needsCaptcha(error) || captcha)) await refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const sendSms = async () => {
    const phone = values.phone.trim();
    if (!PHONE_PATTERN.test(phone)) {
      setErrors((e) => ({ ...e, phone: phone ? L.phoneInvalid : L.required(L.phone) }));
      return;
    }
    try {
      await sendSmsCode(phone);
      setNotice(L.smsSent);
      startCountdown(60);
    } catch (error) {
      setFailure(errorText(error, coreTexts.request.networkError));
    }
  };

  const tab = (key: Mode, title: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === key}
      className={`m-login-tab${mode === key ? ' m-login-tab-active' : ''}`}
      onClick={() => {
        setMode(key);
        setErrors({});
        setFailure('');
      }}
    >
      {title}
    </button>
  );

  return (
    <div className="m-login">
      <header className="m-login-brand">
        <img src="/m/icons/icon.svg" alt="" width={64} height={64} />
        <h1>{M.appName}</h1>
        <p>{M.slogan}</p>
      </header>
      <div className="m-login-tabs" role="tablist">
        {tab('password', M.login.password)}
        {tab('sms', M.login.sms)}
      </div>
      <form className="m-login-card" onSubmit={(e) => void submit(e)} noValidate data-testid={`m-login-${mode}`}>
        {mode === 'password' ? (
          <>
            <Field label={L.username} error={errors.username}>
              <input
                className="m-input"
                value={values.username}
                onChange={set('username')}
                placeholder={L.usernamePlaceholder}
                autoComplete="username"
                name="username"
              />
            </Field>
            <Field label={L.password} error={errors.password}>
              <input
                className="m-input"
                value={values.password}
                onChange={set('password')}
                placeholder={L.passwordPlaceholder}
                type="password"
                autoComplete="current-password"
                name="password"
              />
            </Field>
            {captcha && (
              <Field
                label={L.captcha}
                error={errors.code}
                extra={
                  <img
                    className="m-captcha"
                    src={captcha.image}
                    alt={L.captchaRefresh}
                    title={L.captchaRefresh}
                    onClick={() => void refreshCaptcha()}
                  />
                }
              >
                <input
                  className="m-input"
                  value={values.code}
                  onChange={set('code')}
                  placeholder={L.captchaPlaceholder}
                  maxLength={8}
                  name="code"
                />
              </Field>
            )}
          </>
        ) : (
          <>
            <Field label={L.phone} error={errors.phone}>
              <input
                className="m-input"
                value={values.phone}
                onChange={set('phone')}
                placeholder={L.phonePlaceholder}
                type="tel"
                inputMode="numeric"
                maxLength={11}
                autoComplete="tel"
                name="phone"
              />
            </Field>
            <Field
              label={L.smsCode}
              error={errors.smsCode}
              extra={
                <button type="button" className="m-link-button" disabled={left > 0} onClick={() => void sendSms()} data-testid="send-sms">
                  {left > 0 ? L.resendIn(left) : L.sendSms}
                </button>
              }
            >
              <input
                className="m-input"
                value={values.smsCode}
                onChange={set('smsCode')}
                placeholder={L.smsCodePlaceholder}
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                name="smsCode"
              />
            </Field>
          </>
        )}
        {failure && (
          <div className="m-login-failure" role="alert" data-testid="m-login-failure">
            {failure}
          </div>
        )}
        {notice && !failure && <div className="m-login-notice">{notice}</div>}
        <button type="submit" className="m-button m-button-primary m-button-block" disabled={submitting} aria-busy={submitting}>
          {submitting && <span className="m-spinner m-spinner-small" aria-hidden="true" />}
          {L.submit}
        </button>
      </form>
    </div>
  );
}
