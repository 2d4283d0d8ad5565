import { useEffect, useState } from 'react';
import { Table, Tag } from 'antd';
import { elecCarEndpoints, type PowerOrder } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';
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
  const [rows, setRows] = useState<PowerOrder[]>([]);
  useEffect(() => {
    call(elecCarEndpoints.powerOrders, { bikeId, pageSize: 10 }, { silent: true }).then(
      (p) => setRows(p.list),
      () => {},
    );
  }, [bikeId, version]);
  return (
    <section className="sp-card">
      <div className="sp-toolbar">
        <span className="sp-title">{O.title}</span>
      </div>
      <Table<PowerOrder>
        rowKey="orderId"
        size="small"
        dataSource={rows}
        pagination={false}
        data-testid="ec-power-orders"
        columns={[
          { title: O.action, dataIndex: 'actionName', width: 90 },
          { title: O.status, dataIndex: 'statusName', width: 120, render: (name: string, o) => <Tag color={COLORS[o.status]}>{name}</Tag> },
          { title: O.user, dataIndex: 'userName', width: 110 },
          { title: O.created, dataIndex: 'created', width: 130, render: time },
          { title: O.executed, dataIndex: 'executedAt', width: 130, render: time },
          { title: O.speed, key: 'speed', width: 120, render: (_, o) => `${kmh(o.speedAtRequest)} / ${kmh(o.speedAtExecution)} km/h` },
          { title: O.reason, dataIndex: 'reason', ellipsis: true },
        ]}
      />
    </section>
  );
}
