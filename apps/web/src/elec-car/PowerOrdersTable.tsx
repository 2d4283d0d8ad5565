import { useEffect, useRef } from 'react';
import { Tag } from 'antd';
import { elecCarEndpoints, type PowerOrder } from '@chelian/contracts';
import { usePagedList } from '../shared/list/usePagedList.ts';
import { ListCard } from '../shared/ui/ListCard.tsx';
import { E } from './messages.ts';
import { beijingDateTime } from '../shared/format/beijingTime.ts';

const O = E.orders;
const COLORS: Record<string, string> = {
  pending: 'orange',
  sent: 'blue',
  done: 'green',
  failed: 'red',
  expired: 'default',
  cancelled: 'default',
};
const time = (at: number | null) => (at ? beijingDateTime(at) : '—');
const kmh = (v: number | null) => (v === null ? '—' : `${v}`);

/** 断电记录: every cut and restore of the bike, who sent it and what became of it. */
export function PowerOrdersTable({ bikeId, version }: { bikeId: number; version: number }) {
  const list = usePagedList(elecCarEndpoints.powerOrders, { bikeId });
  // A new version (a cut or restore sent, the bike's state moved): the page on screen again, quietly.
  const { reload } = list;
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    void reload(true);
  }, [version, reload]);
  return (
    <ListCard<PowerOrder>
      title={O.title}
      list={list}
      rowKey="orderId"
      size="small"
      identityColumn={false}
      table={{ 'data-testid': 'ec-power-orders' }}
      columns={[
        { title: O.action, dataIndex: 'actionName', width: 90 },
        { title: O.status, dataIndex: 'statusName', width: 120, render: (name: string, o) => <Tag color={COLORS[o.status]}>{name}</Tag> },
        { title: O.user, dataIndex: 'userName', width: 110 },
        { title: O.created, dataIndex: 'created', width: 130, render: time },
        { title: O.executed, dataIndex: 'executedAt', width: 130, render: time },
        { title: O.speed, key: 'speed', width: 120, render: (_, o) => `${kmh(o.speedAtRequest)} / ${kmh(o.speedAtExecution)} km/h` },
        { title: O.reason, dataIndex: 'reason', width: 200 },
      ]}
    />
  );
}
