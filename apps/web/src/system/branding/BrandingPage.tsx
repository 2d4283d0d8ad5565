import { useState } from 'react';
import { Button, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { brandingEndpoints, type BrandingEntry, type PermissionCode } from '@chelian/contracts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { call } from '../../shared/request/call.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { useAccounts } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';
import { BrandingFormModal, type BrandingDraft } from './BrandingFormModal.tsx';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const B = S.branding;
const EDIT: PermissionCode = 'system:branding:edit';
export const DEFAULT_ICON = '/favicon.svg';

/** 品牌设置: the hosts the caller may brand, each with its login page's title, icon, texts and style. */
export function BrandingPage() {
  const list = useWholeList(brandingEndpoints.list);
  const [draft, setDraft] = useState<BrandingDraft | null>(null);
  const canEdit = usePermission(EDIT);
  const { accounts } = useAccounts();

  const reload = () => void list.reload();

  const remove = async (e: BrandingEntry) => {
    await call(brandingEndpoints.remove, { host: e.host }).then(
      () => toast.success(B.deleted),
      () => {},
    );
    reload();
  };

  const columns: ColumnsType<BrandingEntry> = [
    { title: B.host, dataIndex: 'host', width: 200, render: (h: string) => <span className="sys-brand-host">{h}</span> },
    {
      title: B.icon,
      dataIndex: 'iconUrl',
      width: 70,
      render: (url: string) => <img className="sys-brand-icon" src={url || DEFAULT_ICON} alt="" />,
    },
    { title: B.pageTitle, dataIndex: 'title', width: 200, render: (t: string) => t || <span className="sys-muted">—</span> },
    {
      title: B.loginStyle,
      dataIndex: 'legacyLogin',
      width: 100,
      render: (legacy: boolean) => <Tag color={legacy ? 'default' : 'blue'}>{legacy ? B.styles.legacy : B.styles.modern}</Tag>,
    },
    { title: B.owner, dataIndex: 'accountName', width: 150 },
    { title: B.updated, dataIndex: 'updated', width: 170, render: (ms: number) => beijingDateTime(ms) },
    {
      title: S.common.actions,
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_: unknown, e) =>
        canEdit && (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setDraft({ kind: 'edit', entry: e })} data-testid="branding-edit">
              {S.common.edit}
            </Button>
            <Popconfirm title={B.deleteConfirm(e.host)} onConfirm={() => remove(e)}>
              <Button type="link" size="small" danger data-testid="branding-delete">
                {S.common.delete}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <div className="sys-page" data-testid="system-branding">
      <ListCard<BrandingEntry>
        className="sys-main"
        title={B.title}
        filters={<span className="sys-muted">{B.help}</span>}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft({ kind: 'add' })} data-testid="branding-add">
              {B.add}
            </Button>
          )
        }
        list={list}
        rowKey="host"
        size="small"
        columns={columns}
        table={{ locale: { emptyText: B.empty }, 'data-testid': 'branding-table' }}
      />
      <BrandingFormModal draft={draft} accounts={accounts} onClose={() => setDraft(null)} onSaved={() => (setDraft(null), reload())} />
    </div>
  );
}
