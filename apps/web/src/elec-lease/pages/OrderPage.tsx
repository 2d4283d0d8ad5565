import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LEASE_CONTRACT_STATES, elecLeaseEndpoints, type LeaseContract, type LeaseContractState } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ContractDrawer, STATUS_COLOR } from '../ContractDrawer.tsx';
import { yuan } from '../money.ts';
import { L } from '../messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const O = L.order;
type Option = { value: number; label: string };

/** 租赁订单: contracts by state; a new one binds rider, bike and plan; the drawer carries its life (pay, hand over, renew … return). */
export function OrderPage() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<LeaseContractState | ''>('');
  const contracts = usePagedList(elecLeaseEndpoints.contracts, { keyword: keyword || undefined, status: status || undefined });
  const canEdit = usePermission('lease:order:edit');
  const [shown, setShown] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [options, setOptions] = useState<{ riders: Option[]; vehicles: Option[] }>({ riders: [], vehicles: [] });
  const plans = useWholeList(elecLeaseEndpoints.plans);
  const [form] = Form.useForm();

  const startCreate = async () => {
    form.resetFields();
    setCreating(true);
    const [riders, vehicles] = await Promise.all([
      call(elecLeaseEndpoints.riders, { blacklisted: false, pageSize: 100 }),
      call(elecLeaseEndpoints.vehicles, { state: 'available', pageSize: 100 }),
    ]);
    setOptions({
      riders: riders.list.map((r) => ({ value: r.riderId, label: `${r.name} ${r.phone}` })),
      vehicles: vehicles.list.filter((v) => v.contractId === null).map((v) => ({ value: v.vehicleId, label: `${v.code} ${v.plate}` })),
    });
  };
  const create = async () => {
    const v = await form.validateFields();
    const d = await call(elecLeaseEndpoints.createContract, v);
    setCreating(false);
    void contracts.reload();
    setShown(d.contract.contractId);
  };

  return (
    <div className="sp-page" data-testid="lease-order">
      <ListCard<LeaseContract>
        title={O.title}
        filters={
          <>
            <Select
              style={{ width: 120 }}
              value={status}
              onChange={setStatus}
              options={[
                { value: '', label: L.common.all },
                ...Object.entries(LEASE_CONTRACT_STATES).map(([value, label]) => ({ value, label })),
              ]}
            />
            <Input.Search allowClear placeholder={O.keyword} style={{ width: 260 }} onSearch={(k) => setKeyword(k.trim())} />
          </>
        }
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void startCreate().catch(() => {})} data-testid="order-create">
              {O.create}
            </Button>
          )
        }
        list={contracts}
        rowKey="contractId"
        columns={[
          {
            title: O.no,
            key: 'no',
            width: 150,
            fixed: 'left',
            render: (_, c) => (
              <a onClick={() => setShown(c.contractId)} data-testid="order-no">
                {c.contractNo}
              </a>
            ),
          },
          {
            title: O.status,
            key: 's',
            width: 140,
            render: (_, c) => (
              <>
                <Tag color={STATUS_COLOR[c.status]}>{c.statusName}</Tag>
                {c.lockReason && <Tag color="red">{O.locked}</Tag>}
              </>
            ),
          },
          { title: O.rider, key: 'r', width: 165, render: (_, c) => `${c.riderName} ${c.riderPhone}` },
          { title: O.vehicle, key: 'v', width: 135, render: (_, c) => `${c.vehicleCode} ${c.plate}` },
          { title: O.plan, dataIndex: 'planName', width: 100 },
          { title: O.started, key: 'st', width: 150, render: (_, c) => (c.started ? beijingDateTime(c.started) : L.common.none) },
          { title: O.due, key: 'd', width: 150, render: (_, c) => (c.dueAt ? beijingDateTime(c.dueAt) : L.common.none) },
          {
            title: `${O.owed}（${L.common.yuan}）`,
            key: 'o',
            width: 100,
            render: (_, c) => <span className="ls-money">{yuan(c.owedFen)}</span>,
          },
        ]}
      />
      <ContractDrawer contractId={shown} onClose={() => setShown(null)} onChanged={() => void contracts.reload()} />
      <Modal
        open={creating}
        title={O.create}
        onOk={() => void create().catch(() => {})}
        onCancel={() => setCreating(false)}
        okText={L.common.save}
        cancelText={L.common.cancel}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="riderId" label={O.rider} rules={[{ required: true, message: L.common.required(O.rider) }]}>
            <Select showSearch optionFilterProp="label" options={options.riders} data-testid="create-rider" />
          </Form.Item>
          <Form.Item name="vehicleId" label={O.vehicle} rules={[{ required: true, message: L.common.required(O.vehicle) }]}>
            <Select showSearch optionFilterProp="label" options={options.vehicles} data-testid="create-vehicle" />
          </Form.Item>
          <Form.Item name="planId" label={O.plan} rules={[{ required: true, message: L.common.required(O.plan) }]}>
            <Select
              options={plans.rows
                .filter((p) => p.enabled)
                .map((p) => ({
                  value: p.planId,
                  label: `${p.name}（租金 ${yuan(p.rentFen)} / ${p.periodDays} 天，押金 ${yuan(p.depositFen)}）`,
                }))}
              data-testid="create-plan"
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
