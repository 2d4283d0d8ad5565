import { useState } from 'react';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { accountEndpoints, type PermissionCode, type Role } from '@chelian/contracts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { useAccounts } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';
import { useRoles } from '../users/useRoles.ts';
import { RoleFormModal, type RoleDraft } from './RoleFormModal.tsx';

const R = S.role;
const EDIT: PermissionCode = 'system:role:edit';

/** 角色管理: the roles of the caller's subtree and the menus and buttons each grants (never more than the caller holds). */
export function RolePage() {
  const { accounts } = useAccounts();
  const { list, reload } = useRoles();
  const { rows: resources } = useWholeList(accountEndpoints.resourceTree);
  const [draft, setDraft] = useState<RoleDraft | null>(null);
  const canEdit = usePermission(EDIT);

  const columns: ColumnsType<Role> = [
    {
      title: R.name,
      dataIndex: 'name',
      width: 300,
      render: (name: string, r) => (
        <span className="sys-node" data-testid="role-row-name">
          {name}
          {r.isAdmin && <Tag color="gold">{R.admin}</Tag>}
          {r.isOwn && <Tag color="blue">{R.own}</Tag>}
        </span>
      ),
    },
    { title: R.account, dataIndex: 'accountName', width: 180 },
    // the width the rest of the card gave it before the frame (1366 px screen)
    { title: R.description, dataIndex: 'description', width: 300, ellipsis: true },
    { title: R.users, dataIndex: 'userCount', width: 80 },
    { title: R.resources, dataIndex: 'resourceIds', width: 130, render: (ids: number[]) => R.grantedCount(ids.length) },
    {
      title: S.common.actions,
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_: unknown, r) => {
        if (!canEdit) return null;
        const locked = r.isAdmin ? R.adminLocked : r.isOwn ? R.ownLocked : null;
        return locked ? (
          <Tooltip title={locked}>
            <Button type="link" size="small" disabled>
              {S.common.edit}
            </Button>
          </Tooltip>
        ) : (
          <Button type="link" size="small" onClick={() => setDraft({ kind: 'edit', role: r })} data-testid="role-edit">
            {S.common.edit}
          </Button>
        );
      },
    },
  ];

  return (
    <div className="sys-page" data-testid="system-role">
      <ListCard<Role>
        className="sys-main"
        title={R.title}
        actions={
          <Space>
            <Button icon={<ReloadOutlined />} onClick={reload} />
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft({ kind: 'add' })} data-testid="role-add">
                {R.add}
              </Button>
            )}
          </Space>
        }
        list={list}
        rowKey="id"
        size="small"
        columns={columns}
        table={{ locale: { emptyText: R.empty }, 'data-testid': 'role-table' }}
      />
      <RoleFormModal
        draft={draft}
        accounts={accounts}
        resources={resources}
        onClose={() => setDraft(null)}
        onSaved={() => (setDraft(null), reload())}
      />
    </div>
  );
}
