import { Button, Form, Input } from 'antd';
import { MessageOutlined, MobileOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { authEndpoints } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { errorText } from '../../shared/request/RequestError.ts';
import { toast } from '../../shared/ui/toast.ts';
import { T } from '../../shared/i18n/messages.ts';
import type { SmsValues } from './useLoginFlow.ts';
import { PHONE_PATTERN, useCountdown } from './useCountdown.ts';

const L = T.login;

export function SmsLoginForm({ submitting, onSubmit }: { submitting: boolean; onSubmit: (v: SmsValues) => void }) {
  const [form] = Form.useForm<SmsValues>();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    try {
      const { phone } = await form.validateFields(['phone']);
      setSending(true);
      await call(authEndpoints.sendLoginSms, { phone: phone.trim() }, { silent: true });
      toast.success(L.smsSent);
      start(60);
    } catch (error) {
      if (error instanceof Error) toast.error(errorText(error, T.request.networkError));
    } finally {
      setSending(false);
    }
  };

  return (
    <Form form={form} size="large" onFinish={onSubmit} autoComplete="off" data-testid="sms-login-form">
      <Form.Item
        name="phone"
        rules={[
          { required: true, message: L.required(L.phone) },
          { pattern: PHONE_PATTERN, message: L.phoneInvalid },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder={L.phonePlaceholder} maxLength={11} />
      </Form.Item>
      <Form.Item required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="smsCode" noStyle rules={[{ required: true, message: L.required(L.smsCode) }]}>
            <Input prefix={<MessageOutlined />} placeholder={L.smsCodePlaceholder} maxLength={6} />
          </Form.Item>
          <Button style={{ width: 128 }} disabled={left > 0} loading={sending} onClick={send} data-testid="send-sms">
            {left > 0 ? L.resendIn(left) : L.sendSms}
          </Button>
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {L.submit}
      </Button>
    </Form>
  );
}
