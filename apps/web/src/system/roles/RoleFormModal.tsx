import { useEffect, useMemo, useState } from 'react';
import { Form, Input, Modal, Tag, Tree, TreeSelect, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { accountEndpoints, RESOURCE_TYPE_BUTTON, type Account, type ResourceNode, type Role } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { accountOptions } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';
import { grantable, indexTree, toggle } from './resourceChecks.ts';
import { useSaving } from '../../shared/request/useSaving.ts';

const R = S.role;

export type RoleDraft = { kind: 'add'; accountId?: number } | { kind: 'edit'; role: Role };

const toData = (nodes: readonly ResourceNode[]): DataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title:
      n.type === RESOURCE_TYPE_BUTTON ? (
        <span>
          {n.name}{' '}
          <Tag bordered={false} color="blue">
            {R.button}
          </Tag>
        </span>
      ) : (
        n.name
      ),
    children: toData(n.children),
  }));

/** 新增 / 编辑角色: name, description and the menus and buttons it grants, from what the caller holds. */
export function RoleFormModal({
  draft,
  accounts,
  resources,
  onClose,
  onSaved,
}: {
  draft: RoleDraft | null;
  accounts: Account[];
  resources: ResourceNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<{ accountId: number; name: string; description: string }>();
  const [granted, setGranted] = useState<Set<number>>(new Set());
  const { saving, run } = useSaving();
  const index = useMemo(() => indexTree(resources), [resources]);
  const treeData = useMemo(() => toData(resources), [resources]);

  useEffect(() => {
    if (!draft) return;
    const role = draft.kind === 'edit' ? draft.role : null;
    form.resetFields();
    form.setFieldsValue({
      accountId: role?.accountId ?? (draft.kind === 'add' ? draft.accountId : undefined) ?? accounts[0]?.id,
      name: role?.name ?? '',
      description: role?.description ?? '',
    });
    setGranted(new Set(role?.resourceIds ?? []));
  }, [draft, form, accounts]);

  if (!draft) return null;
  const editing = draft.kind === 'edit' ? draft.role : null;
  const save = async () => {
    const v = await form.validateFields();
    await run(async () => {
      await call(accountEndpoints.roleSave, {
        id: editing?.id,
        accountId: v.accountId,
        name: v.name.trim(),
        description: v.description.trim(),
        resourceIds: grantable(index, granted),
      });
      toast.success(S.common.saved);
      onSaved();
    });
  };
  const checked = [...granted].filter((id) => index.below.has(id));
  return (
    <Modal
      open
      width={640}
      title={editing ? R.edit : R.add}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={S.common.save}
      cancelText={S.common.cancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="role-form">
        <Form.Item name="accountId" label={R.account} rules={[{ required: true }]}>
          <TreeSelect treeData={accountOptions(accounts)} treeDefaultExpandAll disabled={!!editing} showSearch treeNodeFilterProp="title" />
        </Form.Item>
        <Form.Item
          name="name"
          label={R.name}
          rules={[{ required: true, whitespace: true, message: S.common.required(R.name) }, { max: 50 }]}
        >
          <Input maxLength={50} data-testid="role-name" />
        </Form.Item>
        <Form.Item name="description" label={R.description} rules={[{ max: 200 }]}>
          <Input.TextArea maxLength={200} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Form.Item label={`${R.resources}（${R.grantedCount(checked.length)}）`} extra={R.resourcesHelp}>
          <div className="sys-resource-tree" data-testid="role-resources">
            {treeData.length === 0 ? (
              <Typography.Text type="secondary">—</Typography.Text>
            ) : (
              <Tree
                checkable
                checkStrictly
                selectable={false}
                defaultExpandAll
                treeData={treeData}
                checkedKeys={checked}
                onCheck={(_, info) => setGranted((g) => toggle(index, g, Number(info.node.key), info.checked))}
              />
            )}
          </div>
        </Form.Item>
      </Form>
    </Modal>
  );
}
