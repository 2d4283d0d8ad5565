import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Input, Popconfirm, Space, Tag, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { accountEndpoints, type AdminUser, type PermissionCode } from '@chelian/contracts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { accountOptions, useAccounts } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { UserFormModal, type UserDraft } from './UserFormModal.tsx';
import { useRoles } from './useRoles.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';

const U = S.user;
const ADD: PermissionCode = 'system:user:add';
const EDIT: PermissionCode = 'system:user:edit';
const RESET: PermissionCode = 'system:user:resetPassword';

/** 用户管理: the users of an account (or of the whole subtree): add, edit, disable, reset password, role, SMS phone. */
export function UserPage() {
  const [params, setParams] = useSearchParams();
  const accountId = params.get('accountId') ? Number(params.get('accountId')) : undefined;
  const { accounts } = useAccounts();
  const { roles } = useRoles();
  const [keyword, setKeyword] = useState('');
  const list = usePagedList(accountEndpoints.userList, { accountId, keyword: keyword || undefined });
  const reload = () => void list.reload();
  const [draft, setDraft] = useState<UserDraft | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const canAdd = usePermission(ADD);
  const canEdit = usePermission(EDIT);
  const canReset = usePermission(RESET);
  const me = useClientStore((s) => s.user?.userId);

  const pickAccount = (id: number | undefined) => {
    setParams(id ? { accountId: String(id) } : {});
  };
  const setEnabled = async (u: AdminUser, enabled: boolean) => {
    await call(accountEndpoints.userUpdate, { id: u.id, accountId: u.accountId, roleId: u.roleId, enabled }).then(
      () => toast.success(S.common.saved),
      () => {},
    );
    reload();
  };

  const columns: ColumnsType<AdminUser> = [
    { title: U.username, dataIndex: 'username', width: 130 },
    { title: U.name, dataIndex: 'name', width: 100 },
    { title: U.account, dataIndex: 'accountName', width: 140 },
    { title: U.role, dataIndex: 'roleName', width: 120, render: (name: string) => <Tag>{name}</Tag> },
    { title: U.phone, dataIndex: 'phone', width: 120, render: (p: string) => p || <span className="sys-muted">—</span> },
    {
      title: S.common.status,
      dataIndex: 'enabled',
      width: 70,
      render: (on: boolean) => (on ? <Tag color="green">{S.common.enabled}</Tag> : <Tag color="red">{S.common.disabled}</Tag>),
    },
    {
      title: U.lastLogin,
      dataIndex: 'lastLoginAt',
      width: 160,
      render: (ms: number | null) => (ms ? beijingDateTime(ms) : <span className="sys-muted">{S.common.never}</span>),
    },
    {
      title: S.common.actions,
      key: 'actions',
      width: 210,
      fixed: 'right',
      render: (_: unknown, u) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setDraft({ kind: 'edit', user: u })} data-testid="user-edit">
              {S.common.edit}
            </Button>
          )}
          {canEdit &&
            u.id !== me &&
            (u.enabled ? (
              <Popconfirm title={`${S.common.disable}“${u.username}”？`} onConfirm={() => setEnabled(u, false)}>
                <Button type="link" size="small" danger data-testid="user-disable">
                  {S.common.disable}
                </Button>
              </Popconfirm>
            ) : (
              <Button type="link" size="small" onClick={() => void setEnabled(u, true)}>
                {S.common.enable}
              </Button>
            ))}
          {canReset && (
            <Button type="link" size="small" onClick={() => setResetting(u)} data-testid="user-reset">
              {U.resetPassword}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="sys-page" data-testid="system-user">
      <ListCard<AdminUser>
        className="sys-main"
        title={U.title}
        filters={
          <>
            <TreeSelect
              allowClear
              showSearch
              treeDefaultExpandAll
              treeNodeFilterProp="title"
              style={{ width: 220 }}
              placeholder={U.allAccounts}
              treeData={accountOptions(accounts)}
              value={accountId}
              onChange={(v) => pickAccount(v ?? undefined)}
              data-testid="user-filter-account"
            />
            <Input.Search allowClear placeholder={U.keyword} style={{ width: 220 }} onSearch={(k) => setKeyword(k.trim())} />
          </>
        }
        actions={
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft({ kind: 'add', accountId })} data-testid="user-add">
              {U.add}
            </Button>
          )
        }
        list={list}
        rowKey="id"
        size="small"
        columns={columns}
        table={{ 'data-testid': 'user-table' }}
      />
      <UserFormModal
        draft={draft}
        accounts={accounts}
        roles={roles}
        onClose={() => setDraft(null)}
        onSaved={() => (setDraft(null), reload())}
      />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
