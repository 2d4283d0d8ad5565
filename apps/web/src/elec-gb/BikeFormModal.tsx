import { useEffect, useState } from 'react';
import { Alert, Col, Divider, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import {
  GB_BATTERY_TYPES,
  GB_USE_TYPES,
  ID_NUMBER_PROBLEM_ZH,
  elecGbEndpoints,
  idNumberProblem,
  isMobilePhone,
  type GbBike,
  type GbBikeForm,
} from '@chelian/contracts';
import { call } from '../shared/request/call.ts';
import { toast } from '../shared/ui/toast.ts';
import { G } from './messages.ts';

const R = G.record;
const options = (names: Record<string, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));

/** 新增 / 编辑备案: the bike, its pack and charger, the module, the owner (identity number checked as GB 11643 does, here and on the server). */
export function BikeFormModal({
  open,
  bike,
  onClose,
  onDone,
}: {
  open: boolean;
  bike: GbBike | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<GbBikeForm>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (bike) {
      form.setFieldsValue({
        ...bike,
        batteryCapacity: bike.batteryCapacity ?? undefined,
        batteryVoltage: bike.batteryVoltage ?? undefined,
      });
    } else form.setFieldsValue({ batteryType: 'lithium', useType: 'personal', positioningConsent: false });
  }, [open, bike, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    const fields = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ''])).valueOf() as GbBikeForm;
    if (values.batteryCapacity == null) delete (fields as Partial<GbBikeForm>).batteryCapacity;
    if (values.batteryVoltage == null) delete (fields as Partial<GbBikeForm>).batteryVoltage;
    const saved = bike ? call(elecGbEndpoints.update, { ...fields, bikeId: bike.bikeId }) : call(elecGbEndpoints.add, fields);
    await saved
      .then(() => (toast.success(bike ? R.saved : R.added), onDone()))
      .catch(() => {})
      .finally(() => setSaving(false));
  };

  const text = (name: keyof GbBikeForm, label: string, max: number, extra?: object) => (
    <Col span={8}>
      <Form.Item name={name} label={label} {...extra}>
        <Input maxLength={max} data-testid={`gb-form-${name}`} />
      </Form.Item>
    </Col>
  );
  return (
    <Modal
      open={open}
      title={bike ? R.edit : R.add}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={G.common.save}
      cancelText={G.common.cancel}
      width={820}
      destroyOnHidden
      data-testid="gb-bike-modal"
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Divider titlePlacement="start" plain>
          {R.sections.bike}
        </Divider>
        <Row gutter={12}>
          {text('frameNo', R.frameNo, 40, {
            rules: [
              { required: true, whitespace: true, message: `请填写${R.frameNo}` },
              { pattern: /^\s*[A-Za-z0-9]{6,30}\s*$/, message: `${R.frameNo}应为${R.frameNoRule}` },
            ],
          })}
          {text('bikeCode', R.bikeCode, 40)}
          {text('plate', R.plate, 16)}
          {text('brand', R.brand, 20)}
          {text('model', R.model, 30)}
          {text('motorNo', R.motorNo, 40)}
          {text('cccCert', R.cccCert, 40)}
        </Row>
        <Divider titlePlacement="start" plain>
          {R.sections.battery}
        </Divider>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="batteryType" label={R.batteryType}>
              <Select options={options(GB_BATTERY_TYPES)} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="batteryCapacity" label={R.batteryCapacity}>
              <InputNumber min={1} max={500} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="batteryVoltage" label={R.batteryVoltage}>
              <InputNumber min={6} max={120} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {text('batteryCode', R.batteryCode, 40)}
          {text('chargerCode', R.chargerCode, 40)}
        </Row>
        <Divider titlePlacement="start" plain>
          {R.sections.module}
        </Divider>
        <Row gutter={12}>
          {text('terminalId', R.terminalId, 24)}
          {text('iccid', R.iccid, 24)}
          <Col span={8}>
            <Form.Item name="useType" label={R.useType}>
              <Select options={options(GB_USE_TYPES)} data-testid="gb-form-useType" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="positioningConsent" label={R.consent} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Alert type="info" showIcon message={R.commercialHint} style={{ marginBottom: 12 }} />
        <Divider titlePlacement="start" plain>
          {R.sections.owner}
        </Divider>
        <Row gutter={12}>
          {text('ownerName', R.ownerName, 20)}
          {text('ownerPhone', R.ownerPhone, 20, {
            rules: [
              {
                validator: (_: unknown, v?: string) =>
                  !v || isMobilePhone(v) ? Promise.resolve() : Promise.reject(new Error('手机号格式不正确')),
              },
            ],
          })}
          {text('ownerIdNo', R.ownerIdNo, 20, {
            extra: R.idHint,
            rules: [
              {
                validator: (_: unknown, v?: string) => {
                  const p = v?.trim() ? idNumberProblem(v) : null;
                  return p ? Promise.reject(new Error(ID_NUMBER_PROBLEM_ZH[p])) : Promise.resolve();
                },
              },
            ],
          })}
        </Row>
      </Form>
    </Modal>
  );
}
