import { useEffect } from 'react';
import { DatePicker, Form, Input, Modal, Select, Switch, TreeSelect } from 'antd';
import type { Dayjs } from 'dayjs';
import { beijingPickerValue, pickedInstant } from '../../shared/format/beijingTime.ts';
import { ACCOUNT_KINDS, accountEndpoints, type Account, type StoredAccountKind } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { S } from '../messages.ts';
import { accountOptions } from './useAccounts.ts';
import { useSaving } from '../../shared/request/useSaving.ts';

const A = S.account;
const PHONE = /^1[3-9]\d{9}$/;

/** What the dialog edits: a new account under `parentId`, or an existing one. */
export type AccountDraft = { kind: 'add'; parentId: number } | { kind: 'edit'; account: Account };

interface Values {
  parentId: number;
  name: string;
  kind: StoredAccountKind;
  contact: string;
  phone: string;
  expiresAt: Dayjs | null;
  enabled: boolean;
}

/** 新增 / 编辑账户. The caller's own account is never edited here (its settings belong to the account above). */
export function AccountFormModal({
  draft,
  accounts,
  onClose,
  onSaved,
}: {
  draft: AccountDraft | null;
  accounts: Account[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSaving();

  useEffect(() => {
    if (!draft) return;
    const a = draft.kind === 'edit' ? draft.account : null;
    form.setFieldsValue({
      parentId: draft.kind === 'add' ? draft.parentId : (a?.parentId ?? undefined),
      name: a?.name ?? '',
      kind: a?.kind ?? 'customer',
      contact: a?.contact ?? '',
      phone: a?.phone ?? '',
      expiresAt: a?.expiresAt ? beijingPickerValue(a.expiresAt) : null,
      enabled: a?.enabled ?? true,
    });
  }, [draft, form]);

  if (!draft) return null;
  const save = async () => {
    const v = await form.validateFields();
    const fields = {
      name: v.name.trim(),
      kind: v.kind,
      contact: v.contact.trim(),
      phone: v.phone.trim(),
      expiresAt: v.expiresAt ? pickedInstant(v.expiresAt.endOf('day')) : null,
    };
    await run(async () => {
      if (draft.kind === 'add') await call(accountEndpoints.accountAdd, { ...fields, parentId: v.parentId });
      else await call(accountEndpoints.accountUpdate, { ...fields, id: draft.account.id, enabled: v.enabled });
      toast.success(S.common.saved);
      onSaved();
    });
  };
  return (
    <Modal
      open
      title={draft.kind === 'add' ? A.add : A.edit}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={S.common.save}
      cancelText={S.common.cancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="account-form">
        <Form.Item name="parentId" label={A.parent} rules={[{ required: true }]}>
          <TreeSelect
            treeData={accountOptions(accounts)}
            treeDefaultExpandAll
            disabled={draft.kind === 'edit'}
            showSearch
            treeNodeFilterProp="title"
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={A.name}
          rules={[{ required: true, whitespace: true, message: S.common.required(A.name) }, { max: 50 }]}
        >
          <Input maxLength={50} data-testid="account-name" />
        </Form.Item>
        <Form.Item name="kind" label={A.kind}>
          <Select options={ACCOUNT_KINDS.map((k) => ({ value: k, label: A.kinds[k] }))} data-testid="account-kind" />
        </Form.Item>
        <Form.Item name="contact" label={A.contact} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="phone" label={A.phone} rules={[{ pattern: PHONE, message: A.phoneInvalid }]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="expiresAt" label={A.expiresAt} extra={A.expiresHelp}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        {draft.kind === 'edit' && (
          <Form.Item name="enabled" label={S.common.status} valuePropName="checked">
            <Switch checkedChildren={S.common.enabled} unCheckedChildren={S.common.disabled} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
