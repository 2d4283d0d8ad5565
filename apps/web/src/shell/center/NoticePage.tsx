import { useState } from 'react';
import { Badge, Button, Segmented, Space, Switch, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { helpMessageEndpoints, type HelpMessage } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { T } from '../../shared/i18n/messages.ts';
import { toast } from '../../shared/ui/toast.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const N = T.center.notice;
type Filter = 'all' | HelpMessage['type'];
const TYPE_COLOR: Record<HelpMessage['type'], string> = { notice: 'blue', announcement: 'orange', article: 'green' };

/** Station messages and announcements with unread marks and mark-read. */
export function NoticePage() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  // other filters go back to page 1 by themselves
  const list = usePagedList(helpMessageEndpoints.page, {
    type: filter === 'all' ? undefined : filter,
    read: unreadOnly ? false : undefined,
  });
  const page = list.data;

  const mark = async (ids: number[] | 'all') => {
    const { updated } = await call(helpMessageEndpoints.markRead, ids === 'all' ? { all: true } : { id: ids.join(',') });
    toast.success(N.markedRead(updated));
    setSelected([]);
    await list.reload();
  };

  return (
    <ListCard<HelpMessage>
      title={
        <Space>
          {T.routes.notice}
          {page?.unread ? <Badge count={N.unreadCount(page.unread)} style={{ background: '#f5222d' }} /> : null}
        </Space>
      }
      actions={
        <Space>
          <Button disabled={selected.length === 0} onClick={() => mark(selected)}>
            {N.markRead}
          </Button>
          <Button type="primary" onClick={() => mark('all')} data-testid="mark-all-read">
            {N.markAllRead}
          </Button>
        </Space>
      }
      above={
        <Space style={{ marginBottom: 16 }} size={24}>
          <Segmented<Filter>
            value={filter}
            onChange={setFilter}
            options={[
              { value: 'all', label: N.all },
              { value: 'notice', label: N.notice },
              { value: 'announcement', label: N.announcement },
              { value: 'article', label: N.article },
            ]}
          />
          <Space>
            <Switch size="small" checked={unreadOnly} onChange={setUnreadOnly} />
            <Typography.Text>{N.unreadOnly}</Typography.Text>
          </Space>
        </Space>
      }
      list={list}
      rowKey="id"
      table={{
        rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) },
        rowClassName: (m) => (m.read ? 'cl-row-read' : 'cl-row-unread'),
        'data-testid': 'notice-table',
      }}
      columns={[
        {
          title: N.title,
          dataIndex: 'title',
          // the room the other columns leave (the table is as wide as the card)
          width: 400,
          render: (title: string, m) => (
            <a onClick={() => navigate(`/center/detail?id=${m.id}`)} style={{ fontWeight: m.read ? 400 : 600 }}>
              {!m.read && <span className="cl-unread-dot" />}
              {title}
            </a>
          ),
        },
        {
          title: N.type,
          dataIndex: 'type',
          width: 100,
          render: (t: HelpMessage['type']) => <Tag color={TYPE_COLOR[t]}>{N[t]}</Tag>,
        },
        { title: N.time, dataIndex: 'created', width: 180, render: (t: number) => beijingDateTime(t) },
        {
          title: N.status,
          dataIndex: 'read',
          width: 90,
          render: (read: boolean) => <Badge status={read ? 'default' : 'error'} text={read ? N.read : N.unread} />,
        },
        {
          title: T.common.operation,
          key: 'actions',
          width: 150,
          render: (_, m) => (
            <Space>
              <a onClick={() => navigate(`/center/detail?id=${m.id}`)}>{N.view}</a>
              {!m.read && <a onClick={() => mark([m.id])}>{N.markRead}</a>}
            </Space>
          ),
        },
      ]}
    />
  );
}
