import { useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { securityEndpoints, type SmsCodePurpose } from '@chelian/contracts';
import { call } from '../../../shared/request/call.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { T } from '../../../shared/i18n/messages.ts';
import { PHONE_PATTERN, useCountdown } from '../../login/useCountdown.ts';

const S = T.center.smsDialog;

/** Phone + SMS code dialog: sends a code for `purpose`, then hands phone and code to onConfirm. */
export function SmsCodeModal(props: {
  open: boolean;
  title: string;
  purpose: SmsCodePurpose;
  fixedPhone?: string;
  onConfirm: (phone: string, code: string) => Promise<void>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const [left, start] = useCountdown();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const { phone } = await form.validateFields(['phone']);
    await call(securityEndpoints.sendSmsCode, { phone: phone.trim(), purpose: props.purpose });
    toast.success(S.sent);
    start(60);
  };

  const confirm = async () => {
    const { phone, code } = await form.validateFields();
    setBusy(true);
    try {
      await props.onConfirm(phone.trim(), code.trim());
      form.resetFields();
      props.onClose();
    } catch {
      /* the request layer showed why */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      onOk={confirm}
      confirmLoading={busy}
      okText={T.common.ok}
      cancelText={T.common.cancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ phone: props.fixedPhone ?? '' }} data-testid="sms-code-form">
        <Form.Item
          name="phone"
          label={S.phone}
          rules={[
            { required: true, message: T.login.required(S.phone) },
            { pattern: PHONE_PATTERN, message: T.login.phoneInvalid },
          ]}
        >
          <Input maxLength={11} placeholder={T.login.phonePlaceholder} />
        </Form.Item>
        <Form.Item label={S.code} required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="code" noStyle rules={[{ required: true, message: T.login.required(S.code) }]}>
              <Input maxLength={6} placeholder={T.login.smsCodePlaceholder} />
            </Form.Item>
            <Button disabled={left > 0} onClick={() => void send().catch(() => undefined)} style={{ width: 128 }}>
              {left > 0 ? T.login.resendIn(left) : S.send}
            </Button>
          </div>
        </Form.Item>
      </Form>
    </Modal>
  );
}
