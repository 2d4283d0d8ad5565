import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { CaptchaImage } from '@chelian/contracts';
import { T } from '../../shared/i18n/messages.ts';
import type { AccountValues } from './useLoginFlow.ts';
import { CaptchaField } from './CaptchaField.tsx';

const L = T.login;

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
  return (
    <Form
      size={size}
      layout={props.legacy ? 'horizontal' : 'vertical'}
      labelCol={props.legacy ? { flex: '64px' } : undefined}
      onFinish={props.onSubmit}
      autoComplete="on"
      data-testid="account-login-form"
      requiredMark={false}
    >
      <Form.Item name="username" label={props.legacy ? L.username : undefined} rules={[{ required: true, message: L.required(L.username) }]}>
        <Input prefix={<UserOutlined />} placeholder={L.usernamePlaceholder} autoComplete="username" maxLength={64} />
      </Form.Item>
      <Form.Item name="password" label={props.legacy ? L.password : undefined} rules={[{ required: true, message: L.required(L.password) }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={L.passwordPlaceholder} autoComplete="current-password" maxLength={64} />
      </Form.Item>
      {props.captcha && <CaptchaField captcha={props.captcha} onRefresh={props.onRefreshCaptcha} size={size} />}
      <Button type="primary" htmlType="submit" block loading={props.submitting} disabled={props.disabled} data-testid="login-submit">
        {L.submit}
      </Button>
    </Form>
  );
}
