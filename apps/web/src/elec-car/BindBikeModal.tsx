import { useEffect, useState } from 'react';
import { Button, Col, Divider, Form, Input, InputNumber, Modal, Row } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { elecCarEndpoints, type Bike, type BikeBindForm } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';
import { toast } from '../shared/ui/toast.ts';
import { bikeLabel } from './BikePicker.tsx';
import { QrScanner } from './QrScanner.tsx';
import { FIT_SCREEN_MODAL } from '../shared/ui/fitScreenModal.ts';
import { E } from './messages.ts';

const B = E.bikes;

/** Binds a bike by IMEI (typed, pasted from a QR code, or scanned with the camera), or edits one's profile. */
export function BindBikeModal({
  open,
  bike,
  onClose,
  onDone,
}: {
  open: boolean;
  bike: Bike | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<BikeBindForm>();
  const [saving, setSaving] = useState(false);
  const [scanning, setScanning] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (bike) {
      form.setFieldsValue({
        imei: bike.terminalId,
        plate: bike.plate,
        name: bike.name,
        brand: bike.brand,
        model: bike.model,
        frameNo: bike.frameNo,
        motorNo: bike.motorNo,
        batteryVoltage: bike.batteryVoltage ?? undefined,
        batteryCapacity: bike.batteryCapacity ?? undefined,
      });
    }
  }, [open, bike, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    const fields = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null)) as BikeBindForm;
    const { imei: _imei, ...profile } = fields; // the terminal of a bound bike does not change here
    const saved = bike ? call(elecCarEndpoints.update, { ...profile, bikeId: bike.bikeId }) : call(elecCarEndpoints.bind, fields);
    await saved
      .then((b) => (toast.success(bike ? E.common.saved : B.bound(bikeLabel(b))), onDone()))
      .catch(() => {})
      .finally(() => setSaving(false));
  };

  return (
    <Modal
      open={open}
      title={bike ? B.edit : B.bind}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={E.common.save}
      cancelText={E.common.cancel}
      width={620}
      destroyOnHidden
      {...FIT_SCREEN_MODAL}
      data-testid="bind-bike-modal"
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item label={B.imeiLabel} extra={bike ? undefined : B.imeiHelp} required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="imei" noStyle rules={[{ required: true, whitespace: true, message: B.imeiRequired }]}>
              <Input placeholder={B.imeiPlaceholder} disabled={!!bike} maxLength={300} data-testid="bind-imei" />
            </Form.Item>
            {!bike && (
              <Button icon={<ScanOutlined />} onClick={() => setScanning(true)}>
                {B.scan}
              </Button>
            )}
          </div>
        </Form.Item>
        {scanning && (
          <QrScanner onText={(text) => (form.setFieldValue('imei', text), setScanning(false))} onClose={() => setScanning(false)} />
        )}
        <Divider titlePlacement="start" plain>
          {B.profile}
        </Divider>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="plate" label={B.plate}>
              <Input maxLength={16} placeholder="如 沪A·12345" data-testid="bind-plate" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="name" label={B.name}>
              <Input maxLength={20} placeholder="默认与车牌相同" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="brand" label={B.brand}>
              <Input maxLength={20} placeholder="如 雅迪" data-testid="bind-brand" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="model" label={B.model}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="frameNo" label={B.frameNo}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="motorNo" label={B.motorNo}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {B.battery2}
        </Divider>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="batteryVoltage" label={B.batteryVoltage}>
              <InputNumber min={12} max={120} style={{ width: '100%' }} placeholder="48" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="batteryCapacity" label={B.batteryCapacity}>
              <InputNumber min={1} max={500} style={{ width: '100%' }} placeholder="20" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
