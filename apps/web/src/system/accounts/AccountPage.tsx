import { useMemo, useState, type Key } from 'react';
import { useNavigate } from 'react-router';
import { Button, Input, Popconfirm, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { accountEndpoints, type Account, type PermissionCode, type StoredAccountKind } from '@chelian/contracts';
import { usePermission, usePermissionMenu } from '../../shared/permission/usePermission.ts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { S } from '../messages.ts';
import { AccountFormModal, type AccountDraft } from './AccountFormModal.tsx';
import { filterAccounts, holdsAnything, nestAccounts, type AccountNode } from './accountTree.ts';
import { useAccounts } from './useAccounts.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { partOf } from '../../shared/list/usePagedList.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';

const A = S.account;
const ADD: PermissionCode = 'system:account:add';
const EDIT: PermissionCode = 'system:account:edit';
const DELETE: PermissionCode = 'system:account:delete';
const USERS: PermissionCode = 'system:user';

type Row = Account & { children?: Row[] };
const toRows = (nodes: AccountNode[]): Row[] =>
  nodes.map((n) => ({ ...n.account, children: n.children.length ? toRows(n.children) : undefined }));
const dateText = (ms: number | null) => (ms ? beijingFormat(ms, 'YYYY-MM-DD') : A.neverExpires);
/** Every row that has rows under it: the tree shown all open. */
const parentIds = (rows: Row[]): Key[] => rows.flatMap((r) => (r.children ? [r.id, ...parentIds(r.children)] : []));

/** 账户管理: the caller's account tree (dealers, customers, sub-accounts to any depth), searched, added to, edited, disabled and deleted. */
export function AccountPage() {
  const navigate = useNavigate();
  const { list: accountList, accounts, reload } = useAccounts();
  const [keyword, setKeyword] = useState('');
  const [draft, setDraft] = useState<AccountDraft | null>(null);
  const canAdd = usePermission(ADD);
  const canEdit = usePermission(EDIT);
  const canDelete = usePermission(DELETE);
  const canSeeUsers = usePermissionMenu(USERS);
  const own = accounts[0];

  const tree = useMemo(() => filterAccounts(nestAccounts(accounts), keyword), [accounts, keyword]);
  const rows = useMemo(() => toRows(tree), [tree]);
  // Every match shows open after each search and each change in the number of accounts; between
  // those the rows the operator opened or closed stay so (across a reload after 停用, say).
  const openFor = `${keyword}|${accounts.length}`;
  const [opened, setOpened] = useState<{ for: string; keys: readonly Key[] }>({ for: '', keys: [] });
  const expandedRowKeys = opened.for === openFor ? opened.keys : parentIds(rows);

  const setEnabled = async (a: Account, enabled: boolean) => {
    await call(accountEndpoints.accountUpdate, { id: a.id, name: a.name, enabled }).then(
      () => toast.success(S.common.saved),
      () => {},
    );
    reload();
  };
  const remove = async (a: Account) => {
    await call(accountEndpoints.accountDelete, { id: a.id }).then(
      () => toast.success(A.deleted),
      () => {},
    );
    reload();
  };

  const columns: ColumnsType<Row> = [
    {
      title: A.name,
      dataIndex: 'name',
      width: 200,
      render: (name: string, a) => (
        <span className="sys-node" data-testid="account-row-name">
          <span className={a.enabled ? undefined : 'sys-node-off'}>{name}</span>
          {a.id === own?.id && <Tag color="blue">{A.own}</Tag>}
        </span>
      ),
    },
    {
      title: A.kind,
      dataIndex: 'kind',
      width: 90,
      render: (k: StoredAccountKind) => <Tag color={k === 'dealer' ? 'gold' : 'default'}>{A.kinds[k]}</Tag>,
    },
    {
      title: A.contact,
      dataIndex: 'contact',
      width: 110,
      render: (c: string, a) =>
        c || a.phone ? (
          <span>
            {c}
            <div className="sys-muted">{a.phone}</div>
          </span>
        ) : null,
    },
    {
      title: S.common.status,
      dataIndex: 'enabled',
      width: 70,
      render: (on: boolean) => (on ? <Tag color="green">{S.common.enabled}</Tag> : <Tag color="red">{S.common.disabled}</Tag>),
    },
    { title: A.expiresAt, dataIndex: 'expiresAt', width: 100, render: dateText },
    {
      title: A.holdingsShort,
      key: 'holdings',
      width: 230,
      render: (_: unknown, a) => (
        <span className="sys-muted" title={A.holdings}>
          {A.holdingsText(a)}
        </span>
      ),
    },
    {
      title: S.common.actions,
      key: 'actions',
      width: 290,
      fixed: 'right',
      render: (_: unknown, a) => {
        const isOwn = a.id === own?.id;
        const blocked = holdsAnything(a);
        return (
          <Space size={0} wrap>
            {canAdd && (
              <Button type="link" size="small" onClick={() => setDraft({ kind: 'add', parentId: a.id })} data-testid="account-add-child">
                {A.addChild}
              </Button>
            )}
            {canEdit && !isOwn && (
              <Button type="link" size="small" onClick={() => setDraft({ kind: 'edit', account: a })} data-testid="account-edit">
                {S.common.edit}
              </Button>
            )}
            {canEdit &&
              !isOwn &&
              (a.enabled ? (
                <Popconfirm title={A.disableConfirm(a.name)} onConfirm={() => setEnabled(a, false)}>
                  <Button type="link" size="small" danger data-testid="account-disable">
                    {S.common.disable}
                  </Button>
                </Popconfirm>
              ) : (
                <Button type="link" size="small" onClick={() => void setEnabled(a, true)} data-testid="account-enable">
                  {S.common.enable}
                </Button>
              ))}
            {canSeeUsers && (
              <Button type="link" size="small" onClick={() => navigate(`../user?accountId=${a.id}`)}>
                {A.users}
              </Button>
            )}
            {canDelete &&
              !isOwn &&
              (blocked ? (
                <Tooltip title={A.deleteBlocked}>
                  <Button type="link" size="small" danger disabled data-testid="account-delete">
                    {S.common.delete}
                  </Button>
                </Tooltip>
              ) : (
                <Popconfirm title={A.deleteConfirm(a.name)} onConfirm={() => remove(a)} okButtonProps={{ danger: true }}>
                  <Button type="link" size="small" danger data-testid="account-delete">
                    {S.common.delete}
                  </Button>
                </Popconfirm>
              ))}
          </Space>
        );
      },
    },
  ];

  return (
    <div className="sys-page" data-testid="system-account">
      <ListCard<Row>
        className="sys-main"
        title={A.title}
        filters={
          <Input.Search
            allowClear
            placeholder={A.searchPlaceholder}
            style={{ width: 280 }}
            onSearch={setKeyword}
            onChange={(e) => !e.target.value && setKeyword('')}
            data-testid="account-search"
          />
        }
        actions={
          <>
            <Button icon={<ReloadOutlined />} onClick={reload} />
            {canAdd && own && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDraft({ kind: 'add', parentId: own.id })}
                data-testid="account-add"
              >
                {A.add}
              </Button>
            )}
          </>
        }
        // the accounts as a tree: the loaded list's spinner and failure, the nested rows
        list={partOf(accountList, rows)}
        rowKey="id"
        size="small"
        columns={columns}
        table={{
          expandable: { expandedRowKeys, onExpandedRowsChange: (keys) => setOpened({ for: openFor, keys }) },
          locale: { emptyText: A.empty },
          'data-testid': 'account-table',
        }}
      />
      <AccountFormModal draft={draft} accounts={accounts} onClose={() => setDraft(null)} onSaved={() => (setDraft(null), reload())} />
    </div>
  );
}
