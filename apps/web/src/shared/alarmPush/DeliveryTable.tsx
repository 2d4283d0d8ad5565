import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Delivery, DeliveryStatus } from '@chelian/contracts';
import { T } from '../i18n/messages.ts';
import './alarmPush.css';
import { beijingFormat } from '../format/beijingTime.ts';
import type { ListView } from '../list/usePagedList.ts';
import { ListCard } from '../ui/ListCard.tsx';

const P = T.center.alarmPush;
const STATUS_COLOR: Record<DeliveryStatus, string> = {
  pending: 'default',
  sending: 'processing',
  retrying: 'warning',
  sent: 'success',
  failed: 'error',
  skipped: 'default',
};
const time = (ms: number) => beijingFormat(ms);

export function DeliveryStatusTag({ d }: { d: Delivery }) {
  return (
    <>
      <Tag color={STATUS_COLOR[d.status]}>{P.statusNames[d.status]}</Tag>
      {d.status === 'retrying' && d.nextAt !== null && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {P.failures.nextAt(beijingFormat(d.nextAt, 'HH:mm:ss'))}
        </Typography.Text>
      )}
    </>
  );
}

/** Every attempt of a delivery: when, how it ended, the HTTP status or the error. */
function AttemptLog({ d }: { d: Delivery }) {
  if (d.log.length === 0) return <Typography.Text type="secondary">{d.error || T.common.empty}</Typography.Text>;
  return (
    <ol className="cl-delivery-log" data-testid="delivery-attempts">
      {d.log.map((a) => (
        <li key={a.attempt}>
          <span>{P.log.attempt(a.attempt)}</span>
          <span>{time(a.at)}</span>
          <Tag color={a.ok ? 'success' : 'error'}>{a.ok ? P.log.ok : P.log.failed}</Tag>
          {a.httpStatus !== null && <span>HTTP {a.httpStatus}</span>}
          {a.error && <Typography.Text type="danger">{a.error}</Typography.Text>}
          <Typography.Text type="secondary">{P.log.duration(a.durationMs)}</Typography.Text>
        </li>
      ))}
    </ol>
  );
}

interface Props {
  /** an alarm's deliveries (useWholeList) or a page of them (usePagedList) */
  list: ListView<Delivery>;
  /** the failures list shows which alarm each delivery was for */
  withAlarm?: boolean;
  action?: (d: Delivery) => ReactNode;
  /** the buttons and words above the table */
  bar?: ReactNode;
  testId?: string;
}

/** Deliveries with their outcome, in the list frame without a card (a tab, a drawer); a row opens to its attempts. */
export function DeliveryTable({ list, withAlarm, action, bar, testId }: Props) {
  const columns: ColumnsType<Delivery> = [];
  if (withAlarm) {
    columns.push(
      { title: P.failures.alarmTime, key: 'alarmTime', width: 155, render: (_, d) => time(d.alarm.alarmTime) },
      { title: P.failures.vehicle, key: 'vehicle', width: 95, render: (_, d) => d.alarm.plate || d.alarm.terminalId },
      { title: P.failures.type, key: 'type', width: 100, render: (_, d) => d.alarm.typeName },
    );
  }
  columns.push(
    { title: P.failures.channel, dataIndex: 'channel', width: 80, render: (c: Delivery['channel']) => P.channelNames[c] },
    {
      title: P.failures.target,
      dataIndex: 'target',
      width: 140,
      render: (t: string, d) => t || (d.channel === 'web' ? P.log.browserTarget : T.common.empty),
    },
    { title: P.failures.status, key: 'status', width: 120, render: (_, d) => <DeliveryStatusTag d={d} /> },
    { title: P.failures.attempts, dataIndex: 'attempts', width: 75, align: 'center' },
    {
      // what the operator must read: never squeezed away
      title: P.failures.error,
      key: 'error',
      width: 190,
      render: (_, d) =>
        d.error ? (
          <Typography.Text type={d.status === 'skipped' ? 'secondary' : 'danger'} title={d.error}>
            {d.error}
          </Typography.Text>
        ) : (
          ''
        ),
    },
    { title: P.failures.updated, dataIndex: 'updated', width: 155, render: (ms: number) => time(ms) },
  );
  if (action) columns.push({ title: T.common.operation, key: 'actions', width: 90, fixed: 'right', render: (_, d) => action(d) });
  return (
    <ListCard<Delivery>
      bare
      secondBar={bar}
      list={list}
      columns={columns}
      rowKey="deliveryId"
      size="small"
      table={{
        tableLayout: 'fixed',
        locale: { emptyText: withAlarm ? P.failures.empty : P.log.empty },
        expandable: { expandedRowRender: (d) => <AttemptLog d={d} />, rowExpandable: (d) => d.log.length > 0 },
        'data-testid': testId,
      }}
    />
  );
}
