import { useState } from 'react';
import { Button, DatePicker, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';

import { auditEndpoints, type AuditRecord } from '@chelian/contracts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { S } from '../messages.ts';
import { AuditDetail } from './AuditDetail.tsx';
import { beijingFormat, beijingPickerValue, beijingToday, pickedInstant } from '../../shared/format/beijingTime.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';

const A = S.audit;
type Outcome = 'all' | 'ok' | 'failed';
interface Filters {
  range: [Dayjs, Dayjs];
  username: string;
  action: string;
  object: string;
  outcome: Outcome;
}
const lastWeek = (): Filters => ({
  range: [beijingToday().subtract(7, 'day'), beijingPickerValue()],
  username: '',
  action: '',
  object: '',
  outcome: 'all',
});

/** 操作日志: every write through the API in the caller's subtree — who, from where, what, on what, and what changed. */
export function AuditLogPage() {
  const [draft, setDraft] = useState<Filters>(lastWeek);
  const [applied, setApplied] = useState<Filters>(draft);
  const list = usePagedList(auditEndpoints.list, {
    start: pickedInstant(applied.range[0]),
    end: pickedInstant(applied.range[1]),
    username: applied.username || undefined,
    action: applied.action || undefined,
    object: applied.object || undefined,
    ok: applied.outcome === 'all' ? undefined : applied.outcome === 'ok',
  });

  // New filters go back to page 1 (the list hook); 查询 with the same ones looks for new entries.
  const search = () => (draft === applied ? void list.reload() : setApplied(draft));

  const columns: ColumnsType<AuditRecord> = [
    { title: A.at, dataIndex: 'at', width: 160, render: (ms: number) => beijingFormat(ms) },
    {
      title: A.user,
      dataIndex: 'username',
      width: 120,
      render: (name: string) => name || <span className="sys-muted">{A.anonymous}</span>,
    },
    { title: A.ip, dataIndex: 'ip', width: 130 },
    { title: A.action, dataIndex: 'action', width: 150 },
    { title: A.object, key: 'object', width: 170, render: (_: unknown, r) => `${r.objectType}${r.objectId ? ` #${r.objectId}` : ''}` },
    {
      title: A.outcome,
      key: 'outcome',
      width: 150,
      render: (_: unknown, r) =>
        r.ok ? (
          <Tag color="green">{A.ok}</Tag>
        ) : (
          <>
            <Tag color="red">{A.failed}</Tag>
            <span className="sys-muted">{r.errorCode}</span>
          </>
        ),
    },
    { title: A.path, dataIndex: 'path', ellipsis: true },
  ];

  return (
    <div className="sys-page" data-testid="system-audit">
      <ListCard<AuditRecord>
        className="sys-main"
        title={A.title}
        filters={
          <>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              allowClear={false}
              value={draft.range}
              onChange={(v) => v?.[0] && v[1] && setDraft({ ...draft, range: [v[0], v[1]] })}
            />
            <Input
              allowClear
              placeholder={A.user}
              style={{ width: 130 }}
              value={draft.username}
              onChange={(e) => setDraft({ ...draft, username: e.target.value })}
              onPressEnter={search}
            />
            <Input
              allowClear
              placeholder={A.actionPlaceholder}
              style={{ width: 150 }}
              value={draft.action}
              onChange={(e) => setDraft({ ...draft, action: e.target.value })}
              onPressEnter={search}
              data-testid="audit-action"
            />
            <Input
              allowClear
              placeholder={A.objectPlaceholder}
              style={{ width: 150 }}
              value={draft.object}
              onChange={(e) => setDraft({ ...draft, object: e.target.value })}
              onPressEnter={search}
            />
            <Select<Outcome>
              style={{ width: 100 }}
              value={draft.outcome}
              onChange={(outcome) => setDraft({ ...draft, outcome })}
              options={[
                { value: 'all', label: A.all },
                { value: 'ok', label: A.ok },
                { value: 'failed', label: A.failed },
              ]}
            />
          </>
        }
        actions={
          <Button type="primary" onClick={search} data-testid="audit-search">
            {S.common.search}
          </Button>
        }
        list={list}
        rowKey="id"
        size="small"
        columns={columns}
        table={{ expandable: { expandedRowRender: (r) => <AuditDetail record={r} /> }, 'data-testid': 'audit-table' }}
      />
    </div>
  );
}
