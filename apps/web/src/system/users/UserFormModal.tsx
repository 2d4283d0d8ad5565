import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Select, Switch, TreeSelect } from 'antd';
import { accountEndpoints, authEndpoints, PASSWORD_RULE_TEXT, type Account, type AdminUser, type Role } from '@chelian/contracts';
import { encryptPassword } from '../../shared/crypto/encryptPassword.ts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { accountOptions } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';
import { usableRoles } from './usableRoles.ts';
import { useSaving } from '../../shared/request/useSaving.ts';

const U = S.user;
const PHONE = /^1[3-9]\d{9}$/;
const USERNAME = /^[A-Za-z0-9_.@-]{3,32}$/;
const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d).{8,32}$/;

export type UserDraft = { kind: 'add'; accountId?: number } | { kind: 'edit'; user: AdminUser };

interface Values {
  accountId: number;
  roleId: number;
  username: string;
  name: string;
  phone: string;
  password: string;
  enabled: boolean;
}

/** 新增 / 编辑用户: account, role (of the account or above), phone for SMS login, initial password. */
export function UserFormModal({
  draft,
  accounts,
  roles,
  onClose,
  onSaved,
}: {
  draft: UserDraft | null;
  accounts: Account[];
  roles: Role[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSaving();
  const accountId = Form.useWatch('accountId', form);
  const options = usableRoles(roles, accounts, accountId);

  useEffect(() => {
    if (!draft) return;
    const u = draft.kind === 'edit' ? draft.user : null;
    form.resetFields();
    form.setFieldsValue({
      accountId: u?.accountId ?? (draft.kind === 'add' ? draft.accountId : undefined) ?? accounts[0]?.id,
      roleId: u?.roleId,
      username: u?.username ?? '',
      name: u?.name ?? '',
      phone: '',
      password: '',
      enabled: u?.enabled ?? true,
    });
  }, [draft, form, accounts]);

  if (!draft) return null;
  const editing = draft.kind === 'edit' ? draft.user : null;
  const save = async () => {
    const v = await form.validateFields();
    const phone = v.phone.trim();
    await run(async () => {
      if (!editing) {
        const { publicKey } = await call(authEndpoints.config);
        const password = await encryptPassword(publicKey, v.password);
        await call(accountEndpoints.userAdd, {
          accountId: v.accountId,
          roleId: v.roleId,
          username: v.username.trim(),
          name: v.name.trim(),
          phone,
          password,
        });
      } else {
        // An empty phone keeps the one on file (the list only shows it masked).
        await call(accountEndpoints.userUpdate, {
          id: editing.id,
          accountId: v.accountId,
          roleId: v.roleId,
          name: v.name.trim(),
          enabled: v.enabled,
          ...(phone ? { phone } : {}),
        });
      }
      toast.success(S.common.saved);
      onSaved();
    });
  };
  return (
    <Modal
      open
      title={editing ? U.edit : U.add}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={S.common.save}
      cancelText={S.common.cancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="user-form">
        <Form.Item name="accountId" label={U.account} rules={[{ required: true }]}>
          <TreeSelect
            treeData={accountOptions(accounts)}
            treeDefaultExpandAll
            disabled={!!editing}
            showSearch
            treeNodeFilterProp="title"
            onChange={() => form.setFieldValue('roleId', undefined)}
            data-testid="user-account"
          />
        </Form.Item>
        <Form.Item name="roleId" label={U.role} rules={[{ required: true, message: S.common.required(U.role) }]}>
          <Select options={options.map((r) => ({ value: r.id, label: r.name }))} notFoundContent={U.noRoles} data-testid="user-role" />
        </Form.Item>
        <Form.Item
          name="username"
          label={U.username}
          rules={
            editing
              ? []
              : [
                  { required: true, message: S.common.required(U.username) },
                  { pattern: USERNAME, message: U.usernameRule },
                ]
          }
        >
          <Input disabled={!!editing} maxLength={32} placeholder={U.usernameRule} data-testid="user-username" />
        </Form.Item>
        <Form.Item name="name" label={U.name} rules={[{ max: 50 }]}>
          <Input maxLength={50} data-testid="user-name" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={U.phone}
          extra={editing?.phone ? `${U.phoneHelp}；${U.phoneKeep}（${editing.phone}）` : U.phoneHelp}
          rules={[{ pattern: PHONE, message: U.phoneInvalid }]}
        >
          <Input maxLength={11} placeholder={editing?.phone || undefined} data-testid="user-phone" />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="password"
            label={U.password}
            rules={[
              { required: true, message: S.common.required(U.password) },
              { pattern: PASSWORD, message: PASSWORD_RULE_TEXT },
            ]}
          >
            <Input.Password maxLength={32} autoComplete="new-password" data-testid="user-password" />
          </Form.Item>
        )}
        {editing && (
          <Form.Item name="enabled" label={S.common.status} valuePropName="checked">
            <Switch checkedChildren={S.common.enabled} unCheckedChildren={S.common.disabled} />
          </Form.Item>
        )}
        {accountId !== undefined && options.length === 0 && <Alert type="warning" showIcon message={U.noRoles} />}
      </Form>
    </Modal>
  );
}
