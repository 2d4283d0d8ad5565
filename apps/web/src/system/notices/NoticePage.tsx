import { useState } from 'react';
import { Button, Modal, Popconfirm, Progress, Select, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SendOutlined } from '@ant-design/icons';
import { noticeEndpoints, type NoticeType, type PermissionCode, type PublishedNotice } from '@chelian/contracts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { call } from '../../shared/request/call.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { toast } from '../../shared/ui/toast.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { useAccounts } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';
import { NoticePublishModal } from './NoticePublishModal.tsx';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const N = S.notice;
const PUBLISH: PermissionCode = 'system:notice:publish';
const TYPE_COLOR: Record<NoticeType, string> = { notice: 'blue', announcement: 'orange', article: 'green' };

/** 内容发布: station messages and announcements published to accounts of the caller's subtree, with recipients and read counts. */
export function NoticePage() {
  const [type, setType] = useState<NoticeType | undefined>();
  const list = usePagedList(noticeEndpoints.list, { type });
  const reload = () => void list.reload();
  const [publishing, setPublishing] = useState(false);
  const [viewing, setViewing] = useState<PublishedNotice | null>(null);
  const canPublish = usePermission(PUBLISH);
  const { accounts } = useAccounts();

  const withdraw = async (n: PublishedNotice) => {
    await call(noticeEndpoints.withdraw, { id: n.id }).then(
      () => toast.success(N.withdrawn),
      () => {},
    );
    reload();
  };

  const columns: ColumnsType<PublishedNotice> = [
    { title: N.type, dataIndex: 'type', width: 80, render: (t: NoticeType) => <Tag color={TYPE_COLOR[t]}>{N.types[t]}</Tag> },
    {
      title: N.subject,
      dataIndex: 'title',
      width: 200,
      ellipsis: true,
      render: (title: string, n) => (
        <Button type="link" size="small" onClick={() => setViewing(n)}>
          {title}
        </Button>
      ),
    },
    {
      title: N.recipients,
      dataIndex: 'recipients',
      width: 240,
      render: (r: PublishedNotice['recipients']) => (
        <Tooltip title={r.map((a) => a.accountName).join('、')}>
          <span className="sys-notice-recipients">
            {r.slice(0, 3).map((a) => (
              <Tag key={a.accountId}>{a.accountName}</Tag>
            ))}
            {r.length > 3 && `+${r.length - 3}`}
          </span>
        </Tooltip>
      ),
    },
    {
      title: `${N.readCount} / ${N.audience}`,
      key: 'read',
      width: 170,
      render: (_: unknown, n) => (
        <Space size={6}>
          <Progress type="circle" size={22} percent={n.audience ? Math.round((n.readCount / n.audience) * 100) : 0} showInfo={false} />
          <span>{N.readRate(n.readCount, n.audience)}</span>
        </Space>
      ),
    },
    { title: N.publisher, dataIndex: 'publisher', width: 110 },
    { title: N.created, dataIndex: 'created', width: 170, render: (ms: number) => beijingDateTime(ms) },
    {
      title: S.common.actions,
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_: unknown, n) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setViewing(n)}>
            {N.view}
          </Button>
          {canPublish && (
            <Popconfirm title={N.withdrawConfirm} onConfirm={() => withdraw(n)}>
              <Button type="link" size="small" danger data-testid="notice-withdraw">
                {N.withdraw}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="sys-page" data-testid="system-notice">
      <ListCard<PublishedNotice>
        className="sys-main"
        title={N.title}
        filters={
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={N.allTypes}
            value={type}
            options={(['notice', 'announcement', 'article'] as const).map((t) => ({ value: t, label: N.types[t] }))}
            onChange={setType}
          />
        }
        actions={
          canPublish && (
            <Button type="primary" icon={<SendOutlined />} onClick={() => setPublishing(true)} data-testid="notice-publish">
              {N.publish}
            </Button>
          )
        }
        list={list}
        rowKey="id"
        size="small"
        columns={columns}
        table={{ 'data-testid': 'notice-table' }}
      />
      <NoticePublishModal
        open={publishing}
        accounts={accounts}
        onClose={() => setPublishing(false)}
        onPublished={() => (setPublishing(false), reload())}
      />
      <Modal open={!!viewing} width={720} title={viewing?.title} footer={null} onCancel={() => setViewing(null)}>
        {/* sanitised on the server before it was stored */}
        {viewing && <div className="sys-rich-text" dangerouslySetInnerHTML={{ __html: viewing.html }} />}
      </Modal>
    </div>
  );
}
