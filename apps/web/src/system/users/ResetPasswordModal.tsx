import { Form, Input, Modal } from 'antd';
import { accountEndpoints, authEndpoints, PASSWORD_RULE_TEXT, type AdminUser } from '@chelian/contracts';
import { encryptPassword } from '../../shared/crypto/encryptPassword.ts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { S } from '../messages.ts';
import { useSaving } from '../../shared/request/useSaving.ts';

const U = S.user;
const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d).{8,32}$/;

/** 重置密码: RSA-encrypted like the login; the user's sessions end. */
export function ResetPasswordModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const { saving, run } = useSaving();
  if (!user) return null;
  const save = async () => {
    const v = await form.validateFields();
    await run(async () => {
      const { publicKey } = await call(authEndpoints.config);
      await call(accountEndpoints.userResetPassword, { id: user.id, password: await encryptPassword(publicKey, v.password) });
      toast.success(U.resetDone);
      onClose();
    });
  };
  return (
    <Modal
      open
      title={U.resetTitle(user.username)}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={S.common.save}
      cancelText={S.common.cancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="reset-password-form">
        <Form.Item
          name="password"
          label={U.newPassword}
          extra={PASSWORD_RULE_TEXT}
          rules={[
            { required: true, message: S.common.required(U.newPassword) },
            { pattern: PASSWORD, message: PASSWORD_RULE_TEXT },
          ]}
        >
          <Input.Password maxLength={32} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={U.confirmPassword}
          dependencies={['password']}
          rules={[
            { required: true, message: S.common.required(U.confirmPassword) },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(U.passwordMismatch)),
            }),
          ]}
        >
          <Input.Password maxLength={32} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
