import { useState } from 'react';
import { Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { cardEndpoints, type BadgeBinding, type Staff } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useLoaded } from '../../shared/list/useLoaded.ts';
import { beijingTime } from '../cardTime.ts';
import { allStaff } from '../allStaff.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { C } from '../messages.ts';
import { browserPager } from '../../shared/ui/pagination.ts';

const D = C.device;

/** 工牌管理: who wears which badge; bind (one badge per person at a time), unbind, and each person's binding history. */
export function DevicePage() {
  const canEdit = usePermission('card:device:edit');
  const everyone = useLoaded(allStaff, null);
  const { rows: staff, reload } = everyone;
  const [keyword, setKeyword] = useState('');
  const [binding, setBinding] = useState<Staff | null>(null);
  const [terminalId, setTerminalId] = useState('');
  const [history, setHistory] = useState<{ staff: Staff; rows: BadgeBinding[] } | null>(null);
  const shown = keyword ? staff.filter((s) => [s.name, s.staffNo, s.terminalId].some((x) => x.includes(keyword))) : staff;
  const bind = () =>
    call(cardEndpoints.bind, { staffId: binding!.staffId, terminalId: terminalId.trim() }).then(
      () => (toast.success(C.common.saved), setBinding(null), void reload()),
      () => {},
    );
  const unbind = (s: Staff) =>
    call(cardEndpoints.unbind, { staffId: s.staffId }).then(
      () => void reload(),
      () => {},
    );
  const showHistory = (s: Staff) =>
    call(cardEndpoints.bindings, { staffId: s.staffId }).then(
      (rows) => setHistory({ staff: s, rows }),
      () => {},
    );
  return (
    <div className="sp-page" data-testid="card-device">
      <ListCard<Staff>
        title={D.title}
        filters={<Input.Search allowClear placeholder={C.common.keyword} style={{ width: 220 }} onSearch={(v) => setKeyword(v.trim())} />}
        // everyone is loaded for the keyword filter; the table pages them
        list={{ ...everyone, rows: shown, pager: browserPager() }}
        rowKey="staffId"
        size="small"
        table={{ 'data-testid': 'card-device-table' }}
        columns={[
          { title: C.staff.no, dataIndex: 'staffNo', width: 100 },
          { title: C.staff.name, dataIndex: 'name', width: 100 },
          { title: C.staff.team, dataIndex: 'teamName', width: 120 },
          {
            title: C.staff.badge,
            dataIndex: 'terminalId',
            width: 160,
            render: (v: string) => v || <span className="sp-muted">{C.common.none}</span>,
          },
          {
            title: D.online,
            key: 'on',
            width: 80,
            render: (_, s) => (s.terminalId ? <Tag color={s.online ? 'green' : 'default'}>{s.online ? D.online : D.offline}</Tag> : null),
          },
          { title: D.battery, dataIndex: 'battery', width: 80, render: (b: number | null) => (b === null ? C.common.none : `${b}%`) },
          { title: D.lastFix, dataIndex: 'gpsTime', width: 160, render: (t: number | null) => beijingTime(t) },
          {
            title: C.common.actions,
            key: 'actions',
            width: 170,
            render: (_, s) => (
              <Space>
                {canEdit && (
                  <a onClick={() => (setBinding(s), setTerminalId(''))} data-testid="card-bind">
                    {D.bind}
                  </a>
                )}
                {canEdit && s.terminalId && (
                  <Popconfirm title={D.unbindConfirm} onConfirm={() => void unbind(s)}>
                    <a>{D.unbind}</a>
                  </Popconfirm>
                )}
                <a onClick={() => void showHistory(s)}>{D.history}</a>
              </Space>
            ),
          },
        ]}
      />
      {binding && (
        <Modal
          open
          title={`${D.bind} · ${binding.name}`}
          onOk={() => void bind()}
          okButtonProps={{ disabled: !terminalId.trim() }}
          onCancel={() => setBinding(null)}
          okText={C.common.save}
          cancelText={C.common.cancel}
        >
          <Input
            placeholder={D.terminalId}
            value={terminalId}
            onChange={(e) => setTerminalId(e.target.value)}
            data-testid="card-bind-terminal"
          />
        </Modal>
      )}
      {history && (
        <Modal open title={`${D.history} · ${history.staff.name}`} footer={null} onCancel={() => setHistory(null)} width={680}>
          <Table<BadgeBinding>
            rowKey={(r) => `${r.terminalId}-${r.boundAt}`}
            size="small"
            pagination={false}
            dataSource={history.rows}
            columns={[
              { title: C.staff.badge, dataIndex: 'terminalId' },
              { title: D.boundAt, dataIndex: 'boundAt', render: (t: number) => beijingTime(t) },
              { title: D.boundBy, dataIndex: 'boundBy' },
              { title: D.unboundAt, dataIndex: 'unboundAt', render: (t: number | null) => beijingTime(t) },
              { title: D.unboundBy, dataIndex: 'unboundBy' },
            ]}
          />
        </Modal>
      )}
    </div>
  );
}
