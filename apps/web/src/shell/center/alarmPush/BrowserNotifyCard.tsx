import { useState } from 'react';
import { Alert, Button, Card, Space, Tag, Typography } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { T } from '../../../shared/i18n/messages.ts';
import { notifyState, requestNotify, showNotice, type NotifyState } from '../../../shared/alarmPush/browserNotify.ts';

const B = T.center.alarmPush.browser;
const COLOR: Record<string, string> = { granted: 'success', denied: 'error', default: 'default', unsupported: 'default' };

/** This browser's notification permission: shown, asked for, tried out. */
export function BrowserNotifyCard() {
  const [state, setState] = useState<NotifyState>(notifyState);
  return (
    <Card
      size="small"
      title={
        <>
          <DesktopOutlined />
          {B.title}
        </>
      }
      extra={
        <Tag color={COLOR[state]} data-testid="browser-notify-state">
          {B.state[state]}
        </Tag>
      }
    >
      <Typography.Paragraph type="secondary">{B.desc}</Typography.Paragraph>
      {state === 'denied' && <Alert type="warning" showIcon title={B.deniedHelp} style={{ marginBottom: 12 }} />}
      <Space>
        {state !== 'granted' && (
          <Button
            type="primary"
            disabled={state === 'unsupported' || state === 'denied'}
            onClick={async () => setState(await requestNotify())}
            data-testid="browser-notify-enable"
          >
            {B.enable}
          </Button>
        )}
        <Button disabled={state !== 'granted'} onClick={() => showNotice({ title: B.testTitle, body: B.testBody, tag: 'chelian-test' })}>
          {B.test}
        </Button>
      </Space>
    </Card>
  );
}
