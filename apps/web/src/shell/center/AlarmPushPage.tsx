import { useState } from 'react';
import { Badge, Card, Tabs, Typography } from 'antd';
import { T } from '../../shared/i18n/messages.ts';
import { PushRulesTab } from './alarmPush/PushRulesTab.tsx';
import { PushTargetsTab } from './alarmPush/PushTargetsTab.tsx';
import { DeliveryFailuresTab } from './alarmPush/DeliveryFailuresTab.tsx';

const P = T.center.alarmPush;

/** Push settings: per alarm type (channels, quiet hours, rate limit), where pushes go, and what failed. */
export function AlarmPushPage() {
  const [tab, setTab] = useState('rules');
  const [failures, setFailures] = useState(0);
  return (
    <Card variant="borderless" title={T.routes.alarmPush} data-testid="alarm-push-page">
      <Typography.Paragraph type="secondary">{P.desc}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'rules', label: P.tabs.rules, children: <PushRulesTab /> },
          { key: 'targets', label: P.tabs.targets, children: <PushTargetsTab /> },
          {
            key: 'failures',
            label: (
              <Badge count={failures} size="small" offset={[8, -2]} data-testid="push-failure-count">
                {P.tabs.failures}
              </Badge>
            ),
            // loaded at once, so the count shows before the tab is opened
            forceRender: true,
            children: <DeliveryFailuresTab onTotal={setFailures} />,
          },
        ]}
      />
    </Card>
  );
}
