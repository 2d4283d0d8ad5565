import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LEASE_PLAN_KINDS, elecLeaseEndpoints, type LeasePlan } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { fenOf, yuan } from '../money.ts';
import { L } from '../messages.ts';

const P = L.plan;
const money = (label: string, name: string, required = true) => (
  <Form.Item
    name={name}
    label={label}
    rules={[
      { required, message: L.common.badAmount },
      {
        validator: (_, v) =>
          v === undefined || v === null || v === '' || fenOf(v) !== null
            ? Promise.resolve()
            : Promise.reject(new Error(L.common.badAmount)),
      },
    ]}
  >
    <Input suffix={L.common.yuan} />
  </Form.Item>
);

/** 租赁方案: daily, weekly, monthly and rent-to-own plans with deposit, insurance and a late fee per day (yuan typed, fen stored). */
export function PlanPage() {
  const plans = useWholeList(elecLeaseEndpoints.plans);
  const canEdit = usePermission('lease:plan:edit');
  const [editing, setEditing] = useState<LeasePlan | 'new' | null>(null);
  const [form] = Form.useForm();
  const kind = Form.useWatch('kind', form) as string | undefined;

  const open = (p: LeasePlan | 'new') => {
    setEditing(p);
    form.setFieldsValue(
      p === 'new'
        ? {
            name: '',
            kind: 'monthly',
            periodDays: 30,
            rent: '',
            deposit: '0',
            insurance: '0',
            lateFee: '0',
            periods: undefined,
            enabled: true,
          }
        : {
            ...p,
            rent: yuan(p.rentFen),
            deposit: yuan(p.depositFen),
            insurance: yuan(p.insuranceFen),
            lateFee: yuan(p.lateFeeFen),
            periods: p.periods ?? undefined,
          },
    );
  };
  const save = async () => {
    const v = await form.validateFields();
    await call(elecLeaseEndpoints.savePlan, {
      planId: editing === 'new' ? undefined : editing!.planId,
      name: v.name,
      kind: v.kind,
      periodDays: v.periodDays,
      periods: v.kind === 'rentToOwn' ? v.periods : undefined,
      rentFen: fenOf(v.rent)!,
      depositFen: fenOf(v.deposit)!,
      insuranceFen: fenOf(v.insurance)!,
      lateFeeFen: fenOf(v.lateFee) ?? 0,
      enabled: v.enabled,
    });
    toast.success(L.common.saved);
    setEditing(null);
    void plans.reload();
  };

  return (
    <div className="sp-page" data-testid="lease-plan">
      <ListCard<LeasePlan>
        title={P.title}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="plan-add">
              {L.common.addOne('方案')}
            </Button>
          )
        }
        list={plans}
        rowKey="planId"
        columns={[
          { title: P.name, dataIndex: 'name', width: 160 },
          { title: P.kind, dataIndex: 'kindName', width: 90 },
          { title: P.periodDays, dataIndex: 'periodDays', width: 90 },
          { title: P.rent, key: 'r', width: 120, render: (_, p) => <span className="ls-money">{yuan(p.rentFen)}</span> },
          { title: P.deposit, key: 'd', width: 100, render: (_, p) => yuan(p.depositFen) },
          { title: P.insurance, key: 'i', width: 110, render: (_, p) => yuan(p.insuranceFen) },
          { title: P.lateFee, key: 'l', width: 130, render: (_, p) => yuan(p.lateFeeFen) },
          { title: P.periods, key: 'n', width: 140, render: (_, p) => p.periods ?? L.common.none },
          {
            title: P.enabled,
            key: 'e',
            width: 70,
            render: (_, p) => (p.enabled ? <Tag color="green">{P.enabled}</Tag> : <Tag>{P.disabled}</Tag>),
          },
          {
            title: L.common.actions,
            key: 'actions',
            width: 70,
            fixed: 'right',
            render: (_, p) =>
              canEdit && (
                <Button type="link" size="small" onClick={() => open(p)}>
                  {L.common.edit}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? `${L.common.add}${P.title}` : `${L.common.edit}${P.title}`}
        onOk={() => void save().catch(() => {})}
        onCancel={() => setEditing(null)}
        okText={L.common.save}
        cancelText={L.common.cancel}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={P.name}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="kind" label={P.kind}>
            <Select
              options={Object.entries(LEASE_PLAN_KINDS).map(([value, label]) => ({ value, label }))}
              onChange={(k: string) => form.setFieldValue('periodDays', { daily: 1, weekly: 7 }[k] ?? 30)}
            />
          </Form.Item>
          <Form.Item name="periodDays" label={P.periodDays}>
            <InputNumber min={1} max={366} />
          </Form.Item>
          {kind === 'rentToOwn' && (
            <Form.Item name="periods" label={P.periods} rules={[{ required: true, message: L.common.required(P.periods) }]}>
              <InputNumber min={1} max={120} />
            </Form.Item>
          )}
          {money(P.rent, 'rent')}
          {money(P.deposit, 'deposit')}
          {money(P.insurance, 'insurance')}
          {money(P.lateFee, 'lateFee', false)}
          <Form.Item name="enabled" label={P.enabled} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
