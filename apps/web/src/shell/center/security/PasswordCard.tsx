import { useState } from 'react';
import { Button, Card, Form, Input, Typography } from 'antd';
import { authEndpoints, PASSWORD_RULE_TEXT, securityEndpoints } from '@chelian/contracts';
import { call } from '../../../shared/request/call.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { T } from '../../../shared/i18n/messages.ts';
import { encryptPassword } from '../../../shared/crypto/encryptPassword.ts';

const S = T.center.security;
const STRONG = /^(?=.*[A-Za-z])(?=.*\d).{8,32}$/;

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Change password: both passwords RSA-encrypted like the login; other sessions are ended. */
export function PasswordCard() {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      const { publicKey } = await call(authEndpoints.config);
      const [oldCipher, newCipher] = await Promise.all([
        encryptPassword(publicKey, values.oldPassword),
        encryptPassword(publicKey, values.newPassword),
      ]);
      const { endedSessions } = await call(securityEndpoints.changePassword, { oldPassword: oldCipher, newPassword: newCipher });
      toast.success(S.passwordChanged(endedSessions));
      form.resetFields();
    } catch {
      /* shown by the request layer */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={S.password} variant="borderless" data-testid="password-card">
      <Typography.Paragraph type="secondary">{S.passwordDesc}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 360 }}>
        <Form.Item name="oldPassword" label={S.oldPassword} rules={[{ required: true, message: T.login.required(S.oldPassword) }]}>
          <Input.Password autoComplete="current-password" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={S.newPassword}
          extra={PASSWORD_RULE_TEXT}
          rules={[
            { required: true, message: T.login.required(S.newPassword) },
            { pattern: STRONG, message: PASSWORD_RULE_TEXT },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={S.confirmPassword}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: T.login.required(S.confirmPassword) },
            ({ getFieldValue }) => ({
              validator: (_, v) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(S.mismatch))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {S.password}
        </Button>
      </Form>
    </Card>
  );
}
