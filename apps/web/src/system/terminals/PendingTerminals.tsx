import { useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { pendingTerminalEndpoints, type PendingTerminal } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { filterKey } from '../../shared/list/listLoader.ts';
import { toast } from '../../shared/ui/toast.ts';
import { ListCard, type ListCardProps } from '../../shared/ui/ListCard.tsx';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';
import { S } from '../messages.ts';

const P = S.terminal.pending;

/**
 * 待接入终端: ids nobody registered that tried to connect; the platform administrator adopts (接入) or blocks (屏蔽) them.
 * `frame`: 终端管理's title, buttons and tabs, so this tab's list sits in the same card.
 */
export function PendingTerminals(frame: Pick<ListCardProps<PendingTerminal>, 'className' | 'title' | 'actions' | 'above'>) {
  const [filters, setFilters] = useState<{ keyword?: string; blocked?: boolean }>({});
  const list = usePagedList(pendingTerminalEndpoints.list, filters);
  const { reload, paging, setPaging } = list;

  /** New filters go back to page 1 (the hook does that); the same ones asked again reload from page 1. */
  const filter = (change: typeof filters) => {
    if (filterKey({ ...filters, ...change }) !== filterKey(filters)) setFilters({ ...filters, ...change });
    else if (paging.current !== 1) setPaging({ ...paging, current: 1 });
    else void reload();
  };
  const adopt = (t: PendingTerminal) =>
    call(pendingTerminalEndpoints.adopt, { terminalIds: t.terminalId }).then(
      () => (toast.success(P.adopted(t.terminalId)), void reload()),
      () => {},
    );
  const block = (t: PendingTerminal, blocked: boolean) =>
    call(pendingTerminalEndpoints.block, { terminalIds: t.terminalId, blocked }).then(
      () => (toast.success(blocked ? P.blockedDone : P.unblockedDone), void reload()),
      () => {},
    );

  const columns: ColumnsType<PendingTerminal> = [
    { title: S.terminal.terminalId, dataIndex: 'terminalId', width: 160, fixed: 'left' },
    { title: S.terminal.protocol, dataIndex: 'protocolName', width: 90 },
    { title: P.address, dataIndex: 'address', width: 150 },
    { title: P.firstSeen, dataIndex: 'firstSeenAt', width: 150, render: beijingDateTime },
    { title: P.lastSeen, dataIndex: 'lastSeenAt', width: 150, render: beijingDateTime },
    { title: P.attempts, dataIndex: 'attempts', width: 90 },
    {
      title: P.frames,
      dataIndex: 'frames',
      width: 200,
      render: (frames: string[]) =>
        frames.length ? (
          <Tooltip
            title={
              <div style={{ wordBreak: 'break-all' }}>
                {frames.map((f, i) => (
                  <div key={i}>{f}</div>
                ))}
              </div>
            }
          >
            <code>{frames[0].slice(0, 24)}…</code>
          </Tooltip>
        ) : (
          <span className="sys-muted">—</span>
        ),
    },
    {
      title: P.state,
      dataIndex: 'blocked',
      width: 90,
      render: (b: boolean) => (b ? <Tag color="red">{P.blocked}</Tag> : <Tag color="gold">{P.waiting}</Tag>),
    },
    {
      title: S.common.actions,
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_: unknown, t) => (
        <Space size={0}>
          <Popconfirm title={P.adoptConfirm(t.terminalId)} onConfirm={() => void adopt(t)}>
            <Button type="link" size="small" data-testid="pending-adopt">
              {P.adopt}
            </Button>
          </Popconfirm>
          {t.blocked ? (
            <Button type="link" size="small" onClick={() => void block(t, false)} data-testid="pending-unblock">
              {P.unblock}
            </Button>
          ) : (
            <Popconfirm title={P.blockConfirm(t.terminalId)} onConfirm={() => void block(t, true)}>
              <Button type="link" size="small" danger data-testid="pending-block">
                {P.block}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListCard<PendingTerminal>
      {...frame}
      secondBar={
        <>
          <Input.Search
            allowClear
            placeholder={P.keyword}
            style={{ width: 220 }}
            onSearch={(k) => filter({ keyword: k.trim() || undefined })}
            data-testid="pending-search"
          />
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={P.allStates}
            value={filters.blocked}
            onChange={(v) => filter({ blocked: v })}
            options={[
              { value: false, label: P.waiting },
              { value: true, label: P.blocked },
            ]}
          />
          <span className="sys-muted">{P.help}</span>
        </>
      }
      list={list}
      rowKey="terminalId"
      size="small"
      columns={columns}
      table={{ locale: { emptyText: P.empty }, 'data-testid': 'pending-table' }}
    />
  );
}
