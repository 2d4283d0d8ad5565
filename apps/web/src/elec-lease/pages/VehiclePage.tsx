import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Progress, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  LEASE_SETTABLE_VEHICLE_STATES,
  LEASE_VEHICLE_STATES,
  elecLeaseEndpoints,
  type LeaseVehicle,
  type LeaseVehicleState,
} from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { toast } from '../../shared/ui/toast.ts';
import { L } from '../messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const V = L.vehicle;
const STATE_COLOR: Record<LeaseVehicleState, string> = {
  available: 'green',
  reserved: 'gold',
  rented: 'blue',
  repair: 'orange',
  lost: 'red',
  sold: 'default',
};
const editableStates = LEASE_SETTABLE_VEHICLE_STATES.map((value) => ({ value, label: LEASE_VEHICLE_STATES[value] }));

/** 租赁车辆: code, plate, frame, model, battery, the bound tracker, state, and the live position and battery from the e-bike data. */
export function VehiclePage() {
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<LeaseVehicleState | ''>('');
  const vehicles = usePagedList(elecLeaseEndpoints.vehicles, { keyword: keyword || undefined, state: state || undefined });
  const stores = useWholeList(elecLeaseEndpoints.stores);
  const canEdit = usePermission('lease:vehicle:edit');
  const [editing, setEditing] = useState<LeaseVehicle | 'new' | null>(null);
  const [form] = Form.useForm();

  const open = (v: LeaseVehicle | 'new') => {
    setEditing(v);
    form.resetFields();
    if (v !== 'new') form.setFieldsValue({ ...v, storeId: v.storeId ?? 0 });
  };
  const save = async () => {
    const v = await form.validateFields();
    if (editing === 'new') await call(elecLeaseEndpoints.addVehicle, { ...v, storeId: v.storeId || undefined });
    else await call(elecLeaseEndpoints.updateVehicle, { ...v, vehicleId: editing!.vehicleId, storeId: v.storeId ?? 0 });
    toast.success(L.common.saved);
    setEditing(null);
    void vehicles.reload();
  };

  return (
    <div className="sp-page" data-testid="lease-vehicle">
      <ListCard<LeaseVehicle>
        title={V.title}
        filters={
          <>
            <Select
              style={{ width: 120 }}
              value={state}
              onChange={setState}
              options={[
                { value: '', label: L.common.all },
                ...Object.entries(LEASE_VEHICLE_STATES).map(([value, label]) => ({ value, label })),
              ]}
            />
            <Input.Search allowClear placeholder={V.keyword} style={{ width: 240 }} onSearch={(k) => setKeyword(k.trim())} />
          </>
        }
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="vehicle-add">
              {L.common.addOne('车辆')}
            </Button>
          )
        }
        list={vehicles}
        rowKey="vehicleId"
        columns={[
          { title: V.code, dataIndex: 'code', width: 100, fixed: 'left' },
          { title: V.plate, dataIndex: 'plate', width: 100 },
          { title: V.imei, dataIndex: 'terminalId', width: 140 },
          {
            title: V.model,
            key: 'm',
            width: 140,
            render: (_, v) => [v.model, v.batteryModel].filter(Boolean).join(' / ') || L.common.none,
          },
          { title: V.store, dataIndex: 'storeName', width: 110 },
          {
            title: V.state,
            key: 's',
            width: 190,
            render: (_, v) => (
              <Space size={4} wrap>
                <Tag color={STATE_COLOR[v.state]}>{v.stateName}</Tag>
                {v.status.online ? <Tag color="green">{V.online}</Tag> : <Tag>{V.offline}</Tag>}
                {v.status.powerCut && <Tag color="red">{V.powerCut}</Tag>}
                {v.outOfArea && <Tag color="volcano">{V.outOfArea}</Tag>}
              </Space>
            ),
          },
          { title: V.rider, key: 'r', width: 140, render: (_, v) => (v.riderName ? `${v.riderName}（${v.contractNo}）` : L.common.none) },
          {
            title: V.battery,
            key: 'b',
            width: 130,
            render: (_, v) =>
              v.status.batteryPercent === null ? (
                <span className="sp-muted">{L.common.none}</span>
              ) : (
                <Progress size="small" percent={v.status.batteryPercent} status={v.status.batteryPercent < 20 ? 'exception' : 'normal'} />
              ),
          },
          {
            title: V.position,
            key: 'p',
            width: 160,
            render: (_, v) =>
              v.status.lat === null ? L.common.none : <AddressText point={{ lon: v.status.lon!, lat: v.status.lat, mac: '' }} />,
          },
          {
            title: V.lastUpdate,
            key: 'l',
            width: 155,
            render: (_, v) => (v.status.lastUpdate ? beijingDateTime(v.status.lastUpdate) : L.common.none),
          },
          {
            title: L.common.actions,
            key: 'actions',
            width: 110,
            fixed: 'right',
            render: (_, v) =>
              canEdit && (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => open(v)}>
                    {L.common.edit}
                  </Button>
                  <Popconfirm
                    title={L.vehicle.removeConfirm}
                    onConfirm={() =>
                      call(elecLeaseEndpoints.deleteVehicle, { vehicleId: v.vehicleId }).then(
                        () => void vehicles.reload(),
                        () => {},
                      )
                    }
                  >
                    <Button type="link" size="small" danger>
                      {L.common.delete}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? `${L.common.add}${V.title}` : `${L.common.edit}${V.title}`}
        onOk={() => void save().catch(() => {})}
        onCancel={() => setEditing(null)}
        okText={L.common.save}
        cancelText={L.common.cancel}
        destroyOnHidden
        width={560}
      >
        <Form form={form} layout="vertical" className="ls-form">
          {editing === 'new' && (
            <Form.Item name="imei" label={V.imei} extra={V.imeiHint} rules={[{ required: true, message: L.common.required(V.imei) }]}>
              <Input maxLength={40} data-testid="vehicle-imei" />
            </Form.Item>
          )}
          <Space.Compact block>
            <Form.Item
              name="code"
              label={V.code}
              rules={[{ required: true, whitespace: true, message: L.common.required(V.code) }]}
              style={{ flex: 1 }}
            >
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="plate" label={V.plate} style={{ flex: 1, marginLeft: 8 }}>
              <Input maxLength={16} />
            </Form.Item>
          </Space.Compact>
          <Space.Compact block>
            <Form.Item name="frameNo" label={V.frameNo} style={{ flex: 1 }}>
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="model" label={V.model} style={{ flex: 1, marginLeft: 8 }}>
              <Input maxLength={30} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="batteryModel" label={V.batteryModel}>
            <Input maxLength={30} />
          </Form.Item>
          {editing === 'new' && (
            <Space.Compact block>
              <Form.Item name="batteryVoltage" label={V.batteryVoltage} style={{ flex: 1 }}>
                <InputNumber min={12} max={120} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="batteryCapacity" label={V.batteryCapacity} style={{ flex: 1, marginLeft: 8 }}>
                <InputNumber min={1} max={500} style={{ width: '100%' }} />
              </Form.Item>
            </Space.Compact>
          )}
          <Space.Compact block>
            <Form.Item name="storeId" label={V.store} style={{ flex: 1 }}>
              <Select
                allowClear
                options={[{ value: 0, label: L.store.noStore }, ...stores.rows.map((s) => ({ value: s.storeId, label: s.name }))]}
              />
            </Form.Item>
            {editing !== 'new' && editing?.contractId === null && (
              <Form.Item name="state" label={V.state} style={{ flex: 1, marginLeft: 8 }}>
                <Select options={editableStates} />
              </Form.Item>
            )}
          </Space.Compact>
        </Form>
      </Modal>
    </div>
  );
}
