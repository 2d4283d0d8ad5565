import type { FormEvent } from 'react';
import { Button } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { CaptchaImage } from '@chelian/contracts';
import { T } from '../../shared/i18n/messages.ts';
import type { AccountValues } from './useLoginFlow.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { LoginField } from './LoginField.tsx';
import { LoginInput } from './LoginInput.tsx';
import { useLoginForm } from './loginForm.ts';

const L = T.login;
const RULES = {
  username: { required: L.required(L.username) },
  password: { required: L.required(L.password) },
  code: { required: L.required(L.captcha) },
};

/** Username and password (and the captcha once demanded); shared by both login screens. */
export function AccountLoginForm(props: {
  captcha: CaptchaImage | null;
  submitting: boolean;
  disabled: boolean;
  legacy?: boolean;
  onRefreshCaptcha: () => void;
  onSubmit: (v: AccountValues) => void;
}) {
  const size = props.legacy ? undefined : 'large';
  const form = useLoginForm(RULES);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = form.validate(props.captcha ? ['username', 'password', 'code'] : ['username', 'password']);
    if (values) props.onSubmit(props.captcha ? values : { username: values.username, password: values.password });
  };
  return (
    <form
      className={props.legacy ? 'cl-login-form cl-login-form-legacy' : 'cl-login-form'}
      onSubmit={submit}
      autoComplete="on"
      noValidate
      data-testid="account-login-form"
    >
      <LoginField label={props.legacy ? L.username : undefined} htmlFor="username" error={form.errors.username}>
        <LoginInput
          {...form.input('username')}
          size={size}
          prefix={<UserOutlined />}
          placeholder={L.usernamePlaceholder}
          autoComplete="username"
          maxLength={64}
        />
      </LoginField>
      <LoginField label={props.legacy ? L.password : undefined} htmlFor="password" error={form.errors.password}>
        <LoginInput
          {...form.input('password')}
          password
          size={size}
          prefix={<LockOutlined />}
          placeholder={L.passwordPlaceholder}
          autoComplete="current-password"
          maxLength={64}
        />
      </LoginField>
      {props.captcha && (
        <CaptchaField
          captcha={props.captcha}
          onRefresh={props.onRefreshCaptcha}
          size={size}
          input={form.input('code')}
          error={form.errors.code}
        />
      )}
      <Button
        type="primary"
        htmlType="submit"
        size={size}
        block
        loading={props.submitting}
        disabled={props.disabled}
        data-testid="login-submit"
      >
        {L.submit}
      </Button>
    </form>
  );
}
