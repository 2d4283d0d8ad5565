import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Select, Spin, Switch } from 'antd';
import {
  GB_USE_TYPES,
  ID_NUMBER_PROBLEM_ZH,
  elecGbEndpoints,
  idNumberProblem,
  isMobilePhone,
  type GbDeclareForm,
  type GbDeclareSubmit,
} from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { G } from '../messages.ts';
import '../../shared/ui/subProduct.css';
import '../elecGb.css';

const F = G.form;
const R = G.record;
type Values = Omit<GbDeclareSubmit, 't'>;

/**
 * What the bike's QR code opens on the owner's phone, without a login: the bike as registered (its
 * frame number partly hidden), and the owner's declaration, checked here as the server checks it.
 */
export function DeclareFormPage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  // Silent: a link that is wrong or expired says so in the page (F.invalid), not in a toast.
  const asked = useWholeList(elecGbEndpoints.declareForm, { t: token }, { silent: true, enabled: token !== '' });
  const bike: GbDeclareForm | null | 'invalid' = token === '' || asked.error !== null ? 'invalid' : asked.data;
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    document.title = F.title;
  }, []);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    await call(elecGbEndpoints.declareSubmit, { ...values, t: token, plate: values.plate ?? '' })
      .then(
        () => setDone(true),
        () => {},
      )
      .finally(() => setSaving(false));
  };

  let body;
  if (bike === null) body = <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  else if (bike === 'invalid') body = <Result status="warning" title={F.invalid} data-testid="gb-form-invalid" />;
  else if (done) body = <Result status="success" title={F.submitted} data-testid="gb-form-done" />;
  else {
    body = (
      <Card title={F.title} data-testid="gb-declare-form">
        <p className="sp-muted">{F.intro}</p>
        <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={R.frameNo}>{bike.frameNo}</Descriptions.Item>
          <Descriptions.Item label={`${R.brand}/${R.model}`}>
            {[bike.brand, bike.model].filter(Boolean).join(' ') || G.common.none}
          </Descriptions.Item>
          <Descriptions.Item label={R.state}>{bike.stateName}</Descriptions.Item>
        </Descriptions>
        {bike.pending && <Alert type="info" showIcon message={F.pending} style={{ marginBottom: 12 }} />}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ useType: 'personal', positioningConsent: false, plate: bike.plate }}
          requiredMark={false}
        >
          <Form.Item name="ownerName" label={R.ownerName} rules={[{ required: true, whitespace: true, message: F.required(R.ownerName) }]}>
            <Input maxLength={20} data-testid="gb-f-name" />
          </Form.Item>
          <Form.Item
            name="ownerPhone"
            label={R.ownerPhone}
            rules={[
              {
                validator: (_, v?: string) => (v && isMobilePhone(v) ? Promise.resolve() : Promise.reject(new Error('请填写正确的手机号'))),
              },
            ]}
          >
            <Input maxLength={11} inputMode="numeric" data-testid="gb-f-phone" />
          </Form.Item>
          <Form.Item
            name="ownerIdNo"
            label={R.ownerIdNo}
            extra={R.idHint}
            rules={[
              {
                validator: (_, v?: string) => {
                  const p = idNumberProblem(v ?? '');
                  return p ? Promise.reject(new Error(ID_NUMBER_PROBLEM_ZH[p])) : Promise.resolve();
                },
              },
            ]}
          >
            <Input maxLength={18} data-testid="gb-f-id" />
          </Form.Item>
          <Form.Item name="plate" label={R.plate}>
            <Input maxLength={16} />
          </Form.Item>
          <Form.Item name="useType" label={R.useType}>
            <Select options={Object.entries(GB_USE_TYPES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="positioningConsent" label={F.consentText} valuePropName="checked">
            <Switch data-testid="gb-f-consent" />
          </Form.Item>
          <Button type="primary" block size="large" loading={saving} onClick={() => void submit()} data-testid="gb-f-submit">
            {F.submit}
          </Button>
        </Form>
      </Card>
    );
  }
  return <div className="gb-public">{body}</div>;
}
