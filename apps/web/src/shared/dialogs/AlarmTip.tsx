import { useEffect, useRef, useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { AlertOutlined, CloseOutlined } from '@ant-design/icons';
import { useClientStore } from '../stores/clientStore.ts';
import { T } from '../i18n/messages.ts';
import { alarmTipDecision, alarmTipFoldsIn } from './alarmTipRules.ts';
import { playAlarmBeep } from './beep.ts';

/**
 * Under the AI智能助手's launcher and panel (999, assistant-widget/styles.ts): an operator typing a
 * question must see the input; above it the tip covered the panel's input box.
 */
const TIP_Z = 998;
/**
 * At the foot of the menu column (200 px wide in every sub-product and the system centre, empty
 * below its entries): there it covers no table, pagination or 操作 button, and no dialog either —
 * a sub-product's dialogs live in its frame, under anything the shell draws, and are centred
 * well clear of the menu. At the top right it hid the dialogs' × and the pages' toolbar buttons.
 */
const TIP_PLACE = { left: 6, bottom: 16, width: 188 } as const;

/**
 * The alarm tip after login: count of unhandled real-time alarms, click-through, sound by
 * alarmVoiceOn. It opens when the count rises and folds into the header bell by itself
 * (`alarmTipFoldsIn`), or at once with × / 稍后处理.
 */
export function AlarmTip({ onView }: { onView: () => void }) {
  const total = useClientStore((s) => s.alarmRealTime.total);
  const voiceOn = useClientStore((s) => s.alarmVoiceOn);
  const previous = useRef(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [openedAt, setOpenedAt] = useState(() => Date.now());
  const [hovered, setHovered] = useState(false);
  const decision = alarmTipDecision({ previousTotal: previous.current, total, voiceOn, dismissedAtTotal: dismissedAt });

  useEffect(() => {
    if (decision.beep) playAlarmBeep();
    // a rise opens it afresh (the pointer that rested on it may have left with it when it closed)
    if (total > previous.current) {
      setOpenedAt(Date.now());
      setHovered(false);
    }
    if (total > previous.current && dismissedAt !== null && total > dismissedAt) setDismissedAt(null);
    previous.current = total;
  }, [total, decision.beep, dismissedAt]);

  useEffect(() => {
    if (!decision.show) return undefined;
    const wait = alarmTipFoldsIn({ openedAt, now: Date.now(), hovered });
    if (wait === null) return undefined;
    const timer = setTimeout(() => setDismissedAt(total), wait);
    return () => clearTimeout(timer);
  }, [decision.show, openedAt, hovered, total]);

  if (!decision.show) return null;
  return (
    <Card
      size="small"
      data-testid="alarm-tip"
      style={{ position: 'fixed', ...TIP_PLACE, zIndex: TIP_Z, boxShadow: '0 6px 24px rgba(0,0,0,.18)' }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => (setHovered(false), setOpenedAt(Date.now()))}
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
