import { useEffect, useState } from 'react';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Select, Upload, type UploadFile } from 'antd';
import type { Dayjs } from 'dayjs';
import { beijingToday } from '../shared/format/beijingTime.ts';
import {
  LEASE_BACKDATE_DAYS,
  LEASE_PAY_METHODS,
  LEASE_PHOTOS_PER_INSPECTION,
  elecLeaseEndpoints,
  type LeaseContractDetail,
  type LeasePayment,
} from '@chelian/contracts';
import { call } from '../shared/request/call.ts';
import { usePagedList } from '../shared/list/usePagedList.ts';
import { toast } from '../shared/ui/toast.ts';
import { fenOf, yuan } from './money.ts';
import { L } from './messages.ts';

const O = L.order;
export type ContractAction =
  'pay' | 'handover' | 'extend' | 'swap' | 'giveBack' | 'terminate' | 'lock' | 'unlock' | 'remind' | { refund: LeasePayment };

const methods = Object.entries(LEASE_PAY_METHODS).map(([value, label]) => ({ value, label }));
const amountRule = {
  validator: (_: unknown, v: string) =>
    fenOf(v) !== null && fenOf(v)! > 0 ? Promise.resolve() : Promise.reject(new Error(L.common.badAmount)),
};
/** A receipt number for cash, made once per dialog so a double click records one payment. */
const cashRef = () =>
  `XJ${Date.now()}${Math.floor(Math.random() * 1000)
    .toString()
    .padStart(3, '0')}`;

const TITLES: Record<string, string> = {
  pay: O.pay,
  handover: O.handover,
  extend: O.extend,
  swap: O.swap,
  giveBack: O.giveBack,
  terminate: O.terminate,
  lock: O.lock,
  unlock: O.unlock,
  remind: O.remind,
};

/** The dialog of one action on a contract; `onDone` gets the contract as the server answers it afterwards. */
export function ContractActionModal({
  detail,
  action,
  onClose,
  onDone,
}: {
  detail: LeaseContractDetail;
  action: ContractAction | null;
  onClose: () => void;
  onDone: (next: LeaseContractDetail | null) => void;
}) {
  const [form] = Form.useForm();
  const payAmount: string | undefined = Form.useWatch('amount', form);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const c = detail.contract;
  const kind = action === null ? null : typeof action === 'string' ? action : 'refund';
  // the bikes a swap may hand over, loaded each time its dialog opens
  const available = usePagedList(elecLeaseEndpoints.vehicles, { state: 'available' }, { pageSize: 100, enabled: kind === 'swap' });
  const vehicles = available.rows.map((v) => ({ value: v.vehicleId, label: `${v.code} ${v.plate}` }));

  useEffect(() => {
    if (kind === null) return;
    form.resetFields();
    setFiles([]);
    if (kind === 'pay') form.setFieldsValue({ method: 'wechat', ref: '', amount: yuan(c.owedFen) });
    if (kind === 'refund' && action !== null && typeof action === 'object')
      form.setFieldsValue({ amount: yuan(action.refund.amountFen - action.refund.refundedFen), ref: '' });
    if (kind === 'giveBack') form.setFieldsValue({ refundMethod: 'cash' });
    if (kind === 'swap') form.setFieldsValue({ oldState: 'available' });
  }, [kind, action, c.owedFen, form]);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const id = c.contractId;
      let next: LeaseContractDetail | null = null;
      switch (kind) {
        case 'pay': {
          const ref = v.method === 'cash' && !v.ref ? cashRef() : v.ref;
          const r = await call(elecLeaseEndpoints.pay, {
            contractId: id,
            method: v.method,
            providerRef: ref,
            amountFen: fenOf(v.amount)!,
            note: v.note,
          });
          toast.success(r.duplicate ? O.duplicate : O.paid);
          next = r.detail;
          break;
        }
        case 'refund': {
          const p = (action as { refund: LeasePayment }).refund;
          next = (
            await call(elecLeaseEndpoints.refund, {
              paymentId: p.paymentId,
              amountFen: fenOf(v.amount)!,
              providerRef: v.ref ?? '',
              note: v.note,
            })
          ).detail;
          break;
        }
        case 'handover': {
          const start = v.startDate as Dayjs | undefined;
          const r = await call(elecLeaseEndpoints.handover, {
            contractId: id,
            batteryPercent: v.batteryPercent ?? undefined,
            note: v.note,
            startDate: start ? start.format('YYYY-MM-DD') : undefined,
          });
          for (const f of files)
            if (f.originFileObj) await call(elecLeaseEndpoints.uploadPhoto, { inspectionId: r.inspectionId, file: f.originFileObj });
          toast.success(O.handoverDone);
          next = await call(elecLeaseEndpoints.contract, { contractId: id });
          break;
        }
        case 'extend':
          next = await call(elecLeaseEndpoints.extend, { contractId: id, days: v.days });
          break;
        case 'swap':
          next = await call(elecLeaseEndpoints.swap, { contractId: id, vehicleId: v.vehicleId, oldState: v.oldState, note: v.note });
          break;
        case 'giveBack':
          next = await call(elecLeaseEndpoints.giveBack, {
            contractId: id,
            refundMethod: v.refundMethod,
            refundRef: v.refundRef || undefined,
            batteryPercent: v.batteryPercent ?? undefined,
            note: v.note,
          });
          break;
        case 'terminate':
          next = await call(elecLeaseEndpoints.terminate, { contractId: id, note: v.note });
          break;
        case 'remind':
          next = await call(elecLeaseEndpoints.remind, { contractId: id, text: v.text || undefined });
          break;
        case 'lock':
        case 'unlock': {
          const lock = await call(elecLeaseEndpoints[kind], { contractId: id, reason: v.reason });
          toast.success(`${lock.actionName}：${lock.answer}`);
          next = await call(elecLeaseEndpoints.contract, { contractId: id });
          break;
        }
      }
      onDone(next);
    } finally {
      setBusy(false);
    }
  };

  const title = kind === 'refund' ? L.pay.refund : kind ? TITLES[kind] : '';
  return (
    <Modal
      open={kind !== null}
      title={`${title} · ${c.contractNo}`}
      confirmLoading={busy}
      okText={kind === 'pay' ? L.pay.confirm(payAmount || '0.00') : undefined}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
      destroyOnHidden
      data-testid="contract-action"
    >
      <Form form={form} layout="vertical">
        {kind === 'pay' && (
          <>
            <Alert type="info" showIcon title={L.pay.explain} style={{ marginBottom: 12 }} data-testid="pay-explain" />
            <Form.Item name="method" label={L.pay.method}>
              <Select options={methods} />
            </Form.Item>
            <Form.Item noStyle shouldUpdate>
              {() => (
                <Form.Item
                  name="ref"
                  label={L.pay.ref}
                  rules={[{ required: form.getFieldValue('method') !== 'cash', message: L.common.required(L.pay.ref) }]}
                  extra={form.getFieldValue('method') === 'cash' ? '现金可不填，系统生成收据号' : undefined}
                >
                  <Input maxLength={64} data-testid="pay-ref" />
                </Form.Item>
              )}
            </Form.Item>
            <Form.Item name="amount" label={`${L.pay.amount}（待缴 ${yuan(c.owedFen)}）`} rules={[amountRule]}>
              <Input suffix={L.common.yuan} data-testid="pay-amount" />
            </Form.Item>
          </>
        )}
        {kind === 'refund' && (
          <>
            <Form.Item name="amount" label={L.pay.refundAmount} rules={[amountRule]}>
              <Input suffix={L.common.yuan} />
            </Form.Item>
            {/* A WeChat Pay or Alipay payment the rider made online may go back through the provider: no reference typed. */}
            {isOnline(action) ? (
              <Form.Item name="ref" label={L.pay.refundRef} extra={L.pay.refundOnlineHint}>
                <Input maxLength={64} placeholder={L.pay.refundOnlinePlaceholder} />
              </Form.Item>
            ) : (
              <Form.Item name="ref" label={L.pay.refundRef} rules={[{ required: true, message: L.common.required(L.pay.refundRef) }]}>
                <Input maxLength={64} />
              </Form.Item>
            )}
          </>
        )}
        {(kind === 'handover' || kind === 'giveBack') && (
          <Form.Item name="batteryPercent" label={O.battery}>
            <InputNumber min={0} max={100} />
          </Form.Item>
        )}
        {kind === 'handover' && (
          <Form.Item name="startDate" label={O.startDate} extra={O.startHint}>
            <DatePicker
              data-testid="handover-start"
              disabledDate={(d: Dayjs) =>
                d.isAfter(beijingToday(), 'day') || d.isBefore(beijingToday().subtract(LEASE_BACKDATE_DAYS, 'day'), 'day')
              }
            />
          </Form.Item>
        )}
        {kind === 'handover' && (
          <Form.Item label={O.photos} extra={O.photoHint}>
            <Upload
              listType="picture-card"
              accept="image/jpeg,image/png,image/webp"
              multiple
              fileList={files}
              beforeUpload={() => false}
              maxCount={LEASE_PHOTOS_PER_INSPECTION}
              onChange={({ fileList }) => setFiles(fileList)}
            >
              {files.length < LEASE_PHOTOS_PER_INSPECTION && '+ 照片'}
            </Upload>
          </Form.Item>
        )}
        {kind === 'extend' && (
          <Form.Item name="days" label={O.days} rules={[{ required: true, message: L.common.required(O.days) }]}>
            <InputNumber min={1} max={90} />
          </Form.Item>
        )}
        {kind === 'swap' && (
          <>
            <Form.Item name="vehicleId" label={O.newVehicle} rules={[{ required: true, message: L.common.required(O.newVehicle) }]}>
              <Select showSearch optionFilterProp="label" options={vehicles} />
            </Form.Item>
            <Form.Item name="oldState" label={O.oldState}>
              <Select
                options={[
                  { value: 'available', label: O.oldAvailable },
                  { value: 'repair', label: O.oldRepair },
                ]}
              />
            </Form.Item>
          </>
        )}
        {kind === 'giveBack' && (
          <>
            <Form.Item name="refundMethod" label={O.refundMethod}>
              <Select options={methods} />
            </Form.Item>
            <Form.Item name="refundRef" label={O.refundRef}>
              <Input maxLength={64} />
            </Form.Item>
          </>
        )}
        {(kind === 'lock' || kind === 'unlock') && (
          <Form.Item
            name="reason"
            label={O.lockReason}
            extra={L.risk.safeHint}
            rules={[{ required: true, whitespace: true, message: L.common.required(O.lockReason) }]}
          >
            <Input maxLength={200} />
          </Form.Item>
        )}
        {kind === 'terminate' && (
          <Form.Item
            name="note"
            label={O.terminateNote}
            rules={[{ required: true, whitespace: true, message: L.common.required(O.terminateNote) }]}
          >
            <Input maxLength={200} />
          </Form.Item>
        )}
        {kind === 'remind' && (
          <Form.Item name="text" label="提醒内容（选填）">
            <Input.TextArea maxLength={200} rows={3} />
          </Form.Item>
        )}
        {kind !== null && !['lock', 'unlock', 'terminate', 'remind'].includes(kind) && (
          <Form.Item name="note" label={L.common.note}>
            <Input maxLength={200} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** A payment through WeChat Pay or Alipay: the server refunds it through the provider when it was paid online. */
const isOnline = (action: ContractAction | null) =>
  typeof action === 'object' && action !== null && ['wechat', 'alipay'].includes(action.refund.method);
