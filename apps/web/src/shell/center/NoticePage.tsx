import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Card, Segmented, Space, Switch, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, helpMessageEndpoints, type HelpMessage, type HelpMessagePage } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { T } from '../../shared/i18n/messages.ts';
import { toast } from '../../shared/ui/toast.ts';
import { pagerOf } from '../../shared/ui/pagination.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const N = T.center.notice;
type Filter = 'all' | HelpMessage['type'];
const TYPE_COLOR: Record<HelpMessage['type'], string> = { notice: 'blue', announcement: 'orange', article: 'green' };

/** Station messages and announcements with unread marks and mark-read. */
export function NoticePage() {
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>('all');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [paging, setPaging] = useState({ current: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE });
  const [page, setPage] = useState<HelpMessagePage | null>(null);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setPage(
        await call(helpMessageEndpoints.page, {
          ...paging,
          type: filter === 'all' ? undefined : filter,
          read: unreadOnly ? false : undefined,
        }),
      );
    } catch {
      setPage(null);
    } finally {
      setLoading(false);
    }
  }, [filter, unreadOnly, paging]);

  useEffect(() => {
    void load();
  }, [load]);

  const mark = async (ids: number[] | 'all') => {
    const { updated } = await call(helpMessageEndpoints.markRead, ids === 'all' ? { all: true } : { id: ids.join(',') });
    toast.success(N.markedRead(updated));
    setSelected([]);
    await load();
  };

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          {T.routes.notice}
          {page?.unread ? <Badge count={N.unreadCount(page.unread)} style={{ background: '#f5222d' }} /> : null}
        </Space>
      }
      extra={
        <Space>
          <Button disabled={selected.length === 0} onClick={() => mark(selected)}>
            {N.markRead}
          </Button>
          <Button type="primary" onClick={() => mark('all')} data-testid="mark-all-read">
            {N.markAllRead}
          </Button>
        </Space>
      }
    >
      <Space style={{ marginBottom: 16 }} size={24}>
        <Segmented<Filter>
          value={filter}
          onChange={(v) => (setFilter(v), setPaging((p) => ({ ...p, current: 1 })))}
          options={[
            { value: 'all', label: N.all },
            { value: 'notice', label: N.notice },
            { value: 'announcement', label: N.announcement },
            { value: 'article', label: N.article },
          ]}
        />
        <Space>
          <Switch size="small" checked={unreadOnly} onChange={(v) => (setUnreadOnly(v), setPaging((p) => ({ ...p, current: 1 })))} />
          <Typography.Text>{N.unreadOnly}</Typography.Text>
        </Space>
      </Space>
      <Table<HelpMessage>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={page?.list ?? []}
        data-testid="notice-table"
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        rowClassName={(m) => (m.read ? 'cl-row-read' : 'cl-row-unread')}
        pagination={pagerOf(null, paging, setPaging, { total: page?.total ?? 0 })}
        columns={[
          {
            title: N.title,
            dataIndex: 'title',
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
    </Card>
  );
}
