import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LEASE_STAFF_POSITIONS, elecLeaseEndpoints, type LeaseStaff, type LeaseStaffPosition, type LeaseStore } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { L } from '../messages.ts';
import { browserPager } from '../../shared/ui/pagination.ts';

const S = L.store;
const positions = (Object.keys(LEASE_STAFF_POSITIONS) as LeaseStaffPosition[]).map((value) => ({
  value,
  label: LEASE_STAFF_POSITIONS[value],
}));

/** 门店人员: the operator's stores, and which of the account tree's users works where (their role is the platform's). */
export function StorePage() {
  const stores = useWholeList(elecLeaseEndpoints.stores);
  const staff = useWholeList(elecLeaseEndpoints.staff);
  const canEdit = usePermission('lease:store:edit');
  const [editing, setEditing] = useState<LeaseStore | 'new' | null>(null);
  const [form] = Form.useForm();
  const reload = () => (void stores.reload(), void staff.reload());

  const open = (s: LeaseStore | 'new') => {
    setEditing(s);
    form.setFieldsValue(s === 'new' ? { name: '', address: '', phone: '' } : s);
  };
  const save = async () => {
    const v = await form.validateFields();
    await call(elecLeaseEndpoints.saveStore, { ...v, storeId: editing === 'new' ? undefined : editing?.storeId });
    toast.success(L.common.saved);
    setEditing(null);
    reload();
  };
  const assign = (u: LeaseStaff, storeId: number | undefined, position = u.position || 'clerk') =>
    call(elecLeaseEndpoints.assignStaff, { userId: u.userId, storeId, position }).then(
      () => void staff.reload(),
      () => {},
    );

  return (
    <div className="sp-page" data-testid="lease-store">
      <ListCard<LeaseStore>
        title={S.title}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="store-add">
              {L.common.addOne(S.title)}
            </Button>
          )
        }
        list={stores}
        rowKey="storeId"
        columns={[
          { title: S.name, dataIndex: 'name', width: 180 },
          { title: S.address, dataIndex: 'address', width: 360 },
          { title: S.phone, dataIndex: 'phone', width: 140 },
          { title: S.staffCount, dataIndex: 'staffCount', width: 80 },
          { title: S.vehicleCount, dataIndex: 'vehicleCount', width: 80 },
          {
            title: L.common.actions,
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_, s) =>
              canEdit && (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => open(s)}>
                    {L.common.edit}
                  </Button>
                  <Popconfirm
                    title={L.common.deleteConfirm}
                    onConfirm={() => call(elecLeaseEndpoints.deleteStore, { storeId: s.storeId }).then(reload, () => {})}
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
      <ListCard<LeaseStaff>
        title={S.staffTitle}
        // the account tree's users come whole; the table pages them
        list={{ ...staff, pager: browserPager() }}
        rowKey="userId"
        columns={[
          { title: S.user, key: 'u', width: 240, render: (_, u) => `${u.name || u.username}（${u.username}）` },
          { title: S.role, dataIndex: 'roleName', width: 140 },
          { title: S.account, dataIndex: 'accountName', width: 160 },
          {
            title: S.store,
            key: 's',
            width: 200,
            render: (_, u) => (
              <Select
                size="small"
                style={{ width: 180 }}
                disabled={!canEdit}
                value={u.storeId ?? 0}
                options={[{ value: 0, label: S.noStore }, ...stores.rows.map((s) => ({ value: s.storeId, label: s.name }))]}
                onChange={(v: number) => void assign(u, v || undefined)}
              />
            ),
          },
          {
            title: S.position,
            key: 'p',
            width: 140,
            render: (_, u) =>
              u.storeId !== null && (
                <Select
                  size="small"
                  style={{ width: 110 }}
                  disabled={!canEdit}
                  value={u.position || 'clerk'}
                  options={positions}
                  onChange={(p: LeaseStaffPosition) => void assign(u, u.storeId!, p)}
                />
              ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? `${L.common.add}${S.title}` : `${L.common.edit}${S.title}`}
        onOk={() => void save().catch(() => {})}
        onCancel={() => setEditing(null)}
        okText={L.common.save}
        cancelText={L.common.cancel}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={S.name} rules={[{ required: true, whitespace: true, message: L.common.required(S.name) }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="address" label={S.address}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="phone" label={S.phone}>
            <Input maxLength={20} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
