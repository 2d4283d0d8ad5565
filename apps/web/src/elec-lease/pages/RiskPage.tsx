import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Switch, Tabs, Tag } from 'antd';
import { elecLeaseEndpoints, type LeaseLock, type LeaseOverdue } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { toast } from '../../shared/ui/toast.ts';
import { ContractDrawer, lockColumns } from '../ContractDrawer.tsx';
import { yuan } from '../money.ts';
import { L } from '../messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const R = L.risk;

function Overdue({ onOpen }: { onOpen: (id: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const overdue = usePagedList(elecLeaseEndpoints.overdue, { keyword: keyword || undefined });
  return (
    <ListCard<LeaseOverdue>
      bare
      filters={<Input.Search allowClear placeholder={L.order.keyword} style={{ width: 260 }} onSearch={(k) => setKeyword(k.trim())} />}
      list={overdue}
      rowKey="contractId"
      columns={[
        {
          title: L.order.no,
          key: 'no',
          width: 150,
          fixed: 'left',
          render: (_, o) => <a onClick={() => onOpen(o.contractId)}>{o.contractNo}</a>,
        },
        { title: L.order.rider, key: 'r', width: 150, render: (_, o) => `${o.riderName} ${o.riderPhone}` },
        { title: R.emergency, dataIndex: 'emergencyPhone', width: 115 },
        { title: L.order.vehicle, key: 'v', width: 140, render: (_, o) => `${o.vehicleCode} ${o.plate}` },
        { title: L.order.due, key: 'd', width: 155, render: (_, o) => beijingDateTime(o.dueAt) },
        { title: R.overdueDays, dataIndex: 'overdueDays', width: 85 },
        {
          title: `${L.order.owed}（${L.common.yuan}）`,
          key: 'o',
          width: 100,
          render: (_, o) => <span className="ls-money">{yuan(o.owedFen)}</span>,
        },
        { title: R.graceEnds, key: 'g', width: 155, render: (_, o) => beijingDateTime(o.graceEnds) },
        {
          title: R.lockState,
          key: 'l',
          width: 80,
          render: (_, o) => (o.lockReason ? <Tag color="red">{L.order.locked}</Tag> : <Tag>未锁</Tag>),
        },
        { title: L.order.reminders, dataIndex: 'reminders', width: 85 },
      ]}
    />
  );
}

function Locks() {
  const locks = usePagedList(elecLeaseEndpoints.locks, {});
  return <ListCard<LeaseLock> bare size="small" list={locks} rowKey="lockId" columns={lockColumns(true)} />;
}

function Settings() {
  const [form] = Form.useForm();
  const canEdit = usePermission('lease:risk:edit');
  const settings = useWholeList(elecLeaseEndpoints.settings);
  const stored = settings.data;
  useEffect(() => {
    if (stored) form.setFieldsValue(stored);
  }, [form, stored]);
  const save = async () => {
    const v = await form.validateFields();
    // the rules as saved, in the form at once; a load still on its way is dropped
    settings.put(await call(elecLeaseEndpoints.saveSettings, v));
    toast.success(L.common.saved);
  };
  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 6 }} style={{ maxWidth: 560 }} disabled={!canEdit}>
      <Alert type="info" showIcon message={R.safeHint} style={{ marginBottom: 16 }} />
      <Form.Item name="graceDays" label={R.graceDays}>
        <InputNumber min={0} max={60} />
      </Form.Item>
      <Form.Item name="lockOnOverdue" label={R.lockOnOverdue} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="lockOutOfArea" label={R.lockOutOfArea} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="lockOnTamper" label={R.lockOnTamper} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 6 }}>
        <Button type="primary" onClick={() => void save().catch(() => {})}>
          {L.common.save}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** 逾期风控: the overdue list (reminders, the grace period, the lock), every lock and unlock with who and why, and the rules. */
export function RiskPage() {
  const [shown, setShown] = useState<number | null>(null);
  return (
    <div className="sp-page" data-testid="lease-risk">
      <section className="sp-card">
        <Tabs
          items={[
            { key: 'overdue', label: R.title, children: <Overdue onOpen={setShown} /> },
            { key: 'locks', label: R.locks, children: <Locks /> },
            { key: 'settings', label: R.settings, children: <Settings /> },
          ]}
        />
      </section>
      <ContractDrawer contractId={shown} onClose={() => setShown(null)} onChanged={() => {}} />
    </div>
  );
}
