import { useState, type FormEvent } from 'react';
import { Button } from 'antd';
import { MessageOutlined, MobileOutlined } from '@ant-design/icons';
import { authEndpoints } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { errorText } from '../../shared/request/RequestError.ts';
import { toast } from '../../shared/ui/toast.ts';
import { T } from '../../shared/i18n/messages.ts';
import type { SmsValues } from './useLoginFlow.ts';
import { PHONE_PATTERN, useCountdown } from './useCountdown.ts';
import { LoginField } from './LoginField.tsx';
import { LoginInput } from './LoginInput.tsx';
import { useLoginForm } from './loginForm.ts';

const L = T.login;
const RULES = {
  phone: { required: L.required(L.phone), pattern: PHONE_PATTERN, patternMessage: L.phoneInvalid },
  smsCode: { required: L.required(L.smsCode) },
};

export function SmsLoginForm({ submitting, onSubmit }: { submitting: boolean; onSubmit: (v: SmsValues) => void }) {
  const form = useLoginForm(RULES);
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const values = form.validate(['phone']);
    if (!values) return;
    try {
      setSending(true);
      await call(authEndpoints.sendLoginSms, { phone: values.phone.trim() }, { silent: true });
      toast.success(L.smsSent);
      start(60);
    } catch (error) {
      if (error instanceof Error) toast.error(errorText(error, T.request.networkError));
    } finally {
      setSending(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = form.validate(['phone', 'smsCode']);
    if (values) onSubmit(values);
  };

  return (
    <form className="cl-login-form" onSubmit={submit} autoComplete="off" noValidate data-testid="sms-login-form">
      <LoginField error={form.errors.phone}>
        <LoginInput {...form.input('phone')} size="large" prefix={<MobileOutlined />} placeholder={L.phonePlaceholder} maxLength={11} />
      </LoginField>
      <LoginField error={form.errors.smsCode}>
        <div style={{ display: 'flex', gap: 8 }}>
          <LoginInput
            {...form.input('smsCode')}
            size="large"
            prefix={<MessageOutlined />}
            placeholder={L.smsCodePlaceholder}
            maxLength={6}
          />
          <Button size="large" style={{ width: 128 }} disabled={left > 0} loading={sending} onClick={send} data-testid="send-sms">
            {left > 0 ? L.resendIn(left) : L.sendSms}
          </Button>
        </div>
      </LoginField>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {L.submit}
      </Button>
    </form>
  );
}
