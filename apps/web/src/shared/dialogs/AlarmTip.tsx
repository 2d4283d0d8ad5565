import { useEffect, useRef, useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { AlertOutlined, CloseOutlined } from '@ant-design/icons';
import { useClientStore } from '../stores/clientStore.ts';
import { T } from '../i18n/messages.ts';
import { alarmTipDecision } from './alarmTipRules.ts';
import { playAlarmBeep } from './beep.ts';

/** The alarm tip after login: count of unhandled real-time alarms, click-through, sound by alarmVoiceOn. */
export function AlarmTip({ onView }: { onView: () => void }) {
  const total = useClientStore((s) => s.alarmRealTime.total);
  const voiceOn = useClientStore((s) => s.alarmVoiceOn);
  const previous = useRef(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const decision = alarmTipDecision({ previousTotal: previous.current, total, voiceOn, dismissedAtTotal: dismissedAt });

  useEffect(() => {
    if (decision.beep) playAlarmBeep();
    if (total > previous.current && dismissedAt !== null && total > dismissedAt) setDismissedAt(null);
    previous.current = total;
  }, [total, decision.beep, dismissedAt]);

  if (!decision.show) return null;
  return (
    <Card
      size="small"
      data-testid="alarm-tip"
      style={{ position: 'fixed', right: 24, bottom: 96, width: 280, zIndex: 1000, boxShadow: '0 6px 24px rgba(0,0,0,.18)' }}
      title={
        <Space>
          <AlertOutlined style={{ color: '#f5222d' }} />
          {T.alarmTip.title}
        </Space>
      }
      extra={<Button type="text" size="small" aria-label={T.alarmTip.close} icon={<CloseOutlined />} onClick={() => setDismissedAt(total)} />}
    >
      <Typography.Paragraph style={{ marginBottom: 12 }}>{T.alarmTip.text(total)}</Typography.Paragraph>
      <Space>
        <Button type="primary" danger size="small" onClick={onView}>
          {T.alarmTip.view}
        </Button>
        <Button size="small" onClick={() => setDismissedAt(total)}>
          {T.alarmTip.later}
        </Button>
      </Space>
    </Card>
  );
}
