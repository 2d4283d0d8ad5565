import { useEffect, useState } from 'react';
import { Button, Col, Form, InputNumber, Row, Slider, Switch } from 'antd';
import { ELEC_CAR_LIMITS, elecCarEndpoints, type Bike, type BikeSettings } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { toast } from '../../shared/ui/toast.ts';
import { BikePageFrame } from '../BikePageFrame.tsx';
import { E } from '../messages.ts';

const G = E.guard;
const L = ELEC_CAR_LIMITS;

function SettingsForm({ bike, onSaved }: { bike: Bike; onSaved: () => void }) {
  const [form] = Form.useForm<BikeSettings>();
  const [saving, setSaving] = useState(false);
  const canEdit = usePermission('elecCar:guard:edit');
  const autoArm = Form.useWatch('autoArm', form);
  useEffect(() => form.setFieldsValue(bike.settings), [bike, form]);
  const save = (values: BikeSettings) => {
    setSaving(true);
    call(elecCarEndpoints.saveSettings, { bikeId: bike.bikeId, ...values })
      .then(() => (toast.success(E.common.saved), onSaved()))
      .catch(() => {})
      .finally(() => setSaving(false));
  };
  const number = (name: keyof typeof L, label: string, extra?: string) => (
    <Form.Item name={name} label={label} extra={extra ?? `${L[name][0]}–${L[name][1]}`}>
      <InputNumber
        min={L[name][0]}
        max={L[name][1]}
        style={{ width: 200 }}
        disabled={!canEdit || (name === 'autoArmDelay' && !autoArm)}
        data-testid={`ec-setting-${name}`}
      />
    </Form.Item>
  );
  return (
    <section className="sp-card ec-settings">
      <Form form={form} layout="vertical" onFinish={save} initialValues={bike.settings} disabled={!canEdit}>
        <Row gutter={48}>
          <Col xs={24} lg={12}>
            <div className="ec-section-title">{G.armSection}</div>
            <Form.Item name="autoArm" label={G.autoArm} extra={G.autoArmHelp} valuePropName="checked">
              <Switch />
            </Form.Item>
            {number('autoArmDelay', G.autoArmDelay)}
            <Form.Item name="vibrationLevel" label={G.vibration} extra={G.vibrationHelp}>
              <Slider
                min={L.vibrationLevel[0]}
                max={L.vibrationLevel[1]}
                marks={{ 0: '0', 5: '5', 10: '10', 15: '15' }}
                style={{ maxWidth: 360 }}
              />
            </Form.Item>
            {number('displacementRadius', G.radius, G.radiusHelp)}
          </Col>
          <Col xs={24} lg={12}>
            <div className="ec-section-title">{G.rideSection}</div>
            {number('overspeedKmh', G.overspeed, G.overspeedHelp)}
            {number('reportInterval', G.interval, G.intervalHelp)}
          </Col>
        </Row>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={saving} data-testid="ec-settings-save">
            {E.common.save}
          </Button>
        )}
      </Form>
    </section>
  );
}

/** 防盗设防: the bike's guard settings (auto-arm, vibration, displacement, overspeed, report interval). */
export function GuardPage() {
  return (
    <BikePageFrame title={G.title} testId="ec-guard">
      {(bike, reload) => <SettingsForm key={bike.bikeId} bike={bike} onSaved={reload} />}
    </BikePageFrame>
  );
}
