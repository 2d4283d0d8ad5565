import { useEffect, useState } from 'react';
import { Button, Card, Col, Form, Input, Row, Select, Space, Switch, Typography } from 'antd';
import { ApiOutlined, ClusterOutlined, MessageOutlined } from '@ant-design/icons';
import { alarmPushEndpoints as api, MAX_SMS_PHONES, type PushTargets, type QueuedChannel } from '@chelian/contracts';
import { call } from '../../../shared/request/call.ts';
import { useWholeList } from '../../../shared/list/useLoaded.ts';
import { T } from '../../../shared/i18n/messages.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useClientStore } from '../../../shared/stores/clientStore.ts';
import { BrowserNotifyCard } from './BrowserNotifyCard.tsx';
import '../../../shared/alarmPush/alarmPush.css';

const P = T.center.alarmPush;

type Values = Omit<PushTargets, 'mqttPasswordSet'> & { mqttPassword: string };

/** A new webhook secret, made in the browser: 32 random bytes as hex. */
function newSecret(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Where the account's pushes go: SMS numbers, the webhook, the MQTT broker; each with a test button. */
export function PushTargetsTab() {
  const [form] = Form.useForm<Values>();
  // loaded once per visit; a save puts the targets it answers (a load still on its way is dropped)
  const targets = useWholeList(api.getTargets);
  const stored = targets.data;
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [testing, setTesting] = useState<QueuedChannel | null>(null);
  const accountId = useClientStore((s) => s.user?.accountId ?? '{账户ID}');
  const prefix = Form.useWatch('mqttTopicPrefix', form) || 'chelian';

  // The targets as stored, in the form (the password field empty) and not changed yet.
  useEffect(() => {
    if (!stored) return;
    form.setFieldsValue({ ...stored, mqttPassword: '' });
    setDirty(false);
  }, [form, stored]);

  const save = async () => {
    const { mqttPassword, ...v } = await form.validateFields();
    setSaving(true);
    try {
      // An empty password field keeps the stored one.
      targets.put(await call(api.saveTargets, { ...v, ...(mqttPassword ? { mqttPassword } : {}) }));
      toast.success(T.common.saved);
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };

  const test = async (channel: QueuedChannel) => {
    if (dirty) toast.warning(P.unsaved);
    setTesting(channel);
    try {
      const r = await call(api.testPush, { channel });
      if (r.ok) toast.success(P.testOk(r.target, r.durationMs));
      else toast.error(P.testFail(r.error));
    } catch {
      /* shown by the request layer */
    } finally {
      setTesting(null);
    }
  };
  const testButton = (channel: QueuedChannel) => (
    <Button size="small" loading={testing === channel} onClick={() => void test(channel)} data-testid={`test-${channel}`}>
      {P.test}
    </Button>
  );

  return (
    <div className="cl-push-targets" data-testid="push-targets">
      <BrowserNotifyCard />
      <Form form={form} layout="vertical" onValuesChange={() => setDirty(true)} disabled={!stored}>
        <Card
          size="small"
          title={
            <>
              <MessageOutlined />
              {P.sms.title}
            </>
          }
          extra={testButton('sms')}
        >
          <Form.Item name="smsPhones" label={P.sms.phones} extra={P.sms.help}>
            <Select
              mode="tags"
              open={false}
              suffixIcon={null}
              tokenSeparators={[',', '，', ' ']}
              maxCount={MAX_SMS_PHONES}
              placeholder={P.sms.phonesPlaceholder}
              data-testid="sms-phones"
            />
          </Form.Item>
        </Card>
        <Card
          size="small"
          title={
            <>
              <ApiOutlined />
              {P.webhook.title}
            </>
          }
          extra={testButton('webhook')}
        >
          <Row gutter={16}>
            <Col span={14}>
              <Form.Item name="webhookUrl" label={P.webhook.url}>
                <Input placeholder={P.webhook.urlPlaceholder} allowClear data-testid="webhook-url" />
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item label={P.webhook.secret}>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="webhookSecret" noStyle>
                    <Input.Password autoComplete="off" data-testid="webhook-secret" />
                  </Form.Item>
                  <Button onClick={() => (form.setFieldValue('webhookSecret', newSecret()), setDirty(true))}>{P.webhook.generate}</Button>
                </Space.Compact>
              </Form.Item>
            </Col>
          </Row>
          <div className="cl-push-help">{P.webhook.help}</div>
        </Card>
        <Card
          size="small"
          title={
            <>
              <ClusterOutlined />
              {P.mqtt.title}
            </>
          }
          extra={testButton('mqtt')}
        >
          <Row gutter={16}>
            <Col span={10}>
              <Form.Item name="mqttUrl" label={P.mqtt.url}>
                <Input placeholder={P.mqtt.urlPlaceholder} allowClear data-testid="mqtt-url" />
              </Form.Item>
            </Col>
            <Col span={7}>
              <Form.Item name="mqttUsername" label={P.mqtt.username}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col span={7}>
              <Form.Item name="mqttPassword" label={P.mqtt.password}>
                <Input.Password autoComplete="new-password" placeholder={stored?.mqttPasswordSet ? P.mqtt.passwordKeep : ''} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16} align="middle">
            <Col span={10}>
              <Form.Item name="mqttTopicPrefix" label={P.mqtt.prefix}>
                <Input placeholder="chelian" />
              </Form.Item>
            </Col>
            <Col span={14}>
              <Form.Item name="mqttPositions" label={P.mqtt.positions} valuePropName="checked">
                <Switch size="small" />
              </Form.Item>
            </Col>
          </Row>
          <div className="cl-push-help">{P.mqtt.topics(prefix, accountId)}</div>
        </Card>
      </Form>
      <Space>
        <Button type="primary" loading={saving} disabled={!stored} onClick={() => void save()} data-testid="save-push-targets">
          {P.saveTargets}
        </Button>
        {dirty && <Typography.Text type="warning">{P.unsaved}</Typography.Text>}
      </Space>
    </div>
  );
}
