import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { elecLeaseEndpoints, idNumberProblem, ID_NUMBER_PROBLEM_ZH, isMobilePhone, type LeaseRider } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { promptBox } from '../../shared/ui/promptBox.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { L } from '../messages.ts';
import { InviteRiderButton } from '../InviteRiderButton.tsx';

const R = L.rider;

/** 骑手管理: real-name registration (ID number by its check digit, in the form and again on the server), emergency contact, blacklist. */
export function RiderPage() {
  const [keyword, setKeyword] = useState('');
  const [onlyBlack, setOnlyBlack] = useState(false);
  const riders = usePagedList(elecLeaseEndpoints.riders, { keyword: keyword || undefined, blacklisted: onlyBlack ? true : undefined });
  const canEdit = usePermission('lease:rider:edit');
  const [editing, setEditing] = useState<LeaseRider | 'new' | null>(null);
  const [form] = Form.useForm();

  const open = (r: LeaseRider | 'new') => {
    setEditing(r);
    form.setFieldsValue(
      r === 'new' ? { name: '', idNumber: '', phone: '', emergencyName: '', emergencyPhone: '' } : { ...r, idNumber: '' },
    );
  };
  const save = async () => {
    const v = await form.validateFields();
    await call(elecLeaseEndpoints.saveRider, { ...v, riderId: editing === 'new' ? undefined : editing?.riderId });
    toast.success(L.common.saved);
    setEditing(null);
    void riders.reload();
  };
  const blacklist = async (r: LeaseRider) => {
    const reason = r.blacklisted ? '' : await promptBox({ title: R.blacklist, placeholder: R.reason });
    if (reason === null) return;
    await call(elecLeaseEndpoints.blacklist, { riderId: r.riderId, blacklisted: !r.blacklisted, reason: reason || undefined }).then(
      () => void riders.reload(),
      () => {},
    );
  };

  return (
    <div className="sp-page" data-testid="lease-rider">
      <ListCard<LeaseRider>
        title={R.title}
        filters={
          <>
            <Checkbox checked={onlyBlack} onChange={(e) => setOnlyBlack(e.target.checked)}>
              {R.onlyBlacklist}
            </Checkbox>
            <Input.Search allowClear placeholder={R.keyword} style={{ width: 260 }} onSearch={(k) => setKeyword(k.trim())} />
          </>
        }
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="rider-add">
              {L.common.addOne(R.one)}
            </Button>
          )
        }
        list={riders}
        rowKey="riderId"
        columns={[
          {
            title: R.name,
            key: 'n',
            width: 130,
            render: (_, r) => (
              <Space size={4}>
                {r.name}
                {r.blacklisted && <Tag color="red">{R.blacklisted}</Tag>}
              </Space>
            ),
          },
          { title: R.idNumber, dataIndex: 'idNumber', width: 165 },
          { title: R.phone, dataIndex: 'phone', width: 115 },
          {
            title: R.emergencyName,
            key: 'e',
            width: 160,
            render: (_, r) => [r.emergencyName, r.emergencyPhone].filter(Boolean).join(' ') || L.common.none,
          },
          {
            title: R.verify,
            key: 'v',
            width: 110,
            render: (_, r) => (
              <Tag color={r.verifyStatus === 'passed' ? 'green' : 'blue'} title={r.verifyNote}>
                {r.verifyStatusName}
              </Tag>
            ),
          },
          { title: R.open, dataIndex: 'openContracts', width: 95 },
          { title: `${R.blacklisted}${R.reason}`, dataIndex: 'blacklistReason', width: 120 },
          {
            title: L.common.actions,
            key: 'actions',
            width: 310,
            fixed: 'right',
            render: (_, r) =>
              canEdit && (
                <Space size={0}>
                  {!r.blacklisted && <InviteRiderButton rider={r} />}
                  <Button type="link" size="small" onClick={() => open(r)}>
                    {L.common.edit}
                  </Button>
                  <Button type="link" size="small" onClick={() => void blacklist(r)}>
                    {r.blacklisted ? R.unblacklist : R.blacklist}
                  </Button>
                  <Popconfirm
                    title={L.common.deleteConfirm}
                    onConfirm={() =>
                      call(elecLeaseEndpoints.deleteRider, { riderId: r.riderId }).then(
                        () => void riders.reload(),
                        () => {},
                      )
                    }
                  >
                    <Button type="link" size="small" danger data-testid="rider-delete">
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
        title={editing === 'new' ? `${L.common.add}${R.one}` : `${L.common.edit}${R.one}`}
        onOk={() => void save().catch(() => {})}
        onCancel={() => setEditing(null)}
        okText={L.common.save}
        cancelText={L.common.cancel}
        destroyOnHidden
      >
        <Alert type="info" showIcon message={R.verifyHint} style={{ marginBottom: 12 }} />
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={R.name}
            rules={[{ required: true, pattern: /^[\u4e00-\u9fa5][\u4e00-\u9fa5·]{0,18}[\u4e00-\u9fa5]$/, message: R.badName }]}
          >
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            name="idNumber"
            label={R.idNumber}
            rules={[
              {
                validator: (_, v: string) => {
                  if (!v && editing !== 'new') return Promise.resolve();
                  const p = idNumberProblem(v ?? '');
                  return p ? Promise.reject(new Error(ID_NUMBER_PROBLEM_ZH[p])) : Promise.resolve();
                },
              },
            ]}
          >
            <Input
              maxLength={18}
              placeholder={editing !== 'new' && editing ? R.keepIdNumber(editing.idNumber) : undefined}
              data-testid="rider-id-number"
            />
          </Form.Item>
          <Form.Item
            name="phone"
            label={R.phone}
            rules={[{ validator: (_, v: string) => (isMobilePhone(v ?? '') ? Promise.resolve() : Promise.reject(new Error(R.badPhone))) }]}
          >
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="emergencyName" label={R.emergencyName}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item
            name="emergencyPhone"
            label={R.emergencyPhone}
            rules={[{ validator: (_, v: string) => (!v || isMobilePhone(v) ? Promise.resolve() : Promise.reject(new Error(R.badPhone))) }]}
          >
            <Input maxLength={11} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
