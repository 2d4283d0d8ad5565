import { useEffect, useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { AlertOutlined, CloseOutlined } from '@ant-design/icons';
import type { Alarm } from '@chelian/contracts';
import { useClientStore } from '../stores/clientStore.ts';
import { T } from '../i18n/messages.ts';
import { beijingFormat } from '../format/beijingTime.ts';
import { alarmTipFoldsIn, alarmTipRise } from './alarmTipRules.ts';
import { useAlarmNews } from './alarmNews.ts';
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
/** The named alarm's box: antd's light error colours, so it reads as the alarm the count is about. */
const LATEST_STYLE = { background: '#fff1f0', border: '1px solid #ffccc7', borderRadius: 4, padding: '4px 8px', marginBottom: 10 } as const;
/** 定位 and 处理 in line with the text above them. */
const LINK_STYLE = { padding: 0, height: 22 } as const;

interface Props {
  /** 立即查看: the alarm centre */
  onView: () => void;
  /** 定位: show the named alarm's vehicle (absent: no button) */
  onLocate?: (alarm: Alarm) => void;
  /** 处理: handle the named alarm (absent, e.g. without the permission: no button) */
  onProcess?: (alarm: Alarm) => void;
}

/**
 * The one real-time alarm notice: the count of unhandled alarms, the newest popping alarm (type,
 * vehicle, time, 定位 and 处理), click-through, and the sound. It opens when the count rises (as
 * the alarms' 报警设置 say, `alarmTipRise`) and folds into the header bell by itself
 * (`alarmTipFoldsIn`), or at once with × / 稍后处理.
 */
export function AlarmTip({ onView, onLocate, onProcess }: Props) {
  const total = useClientStore((s) => s.alarmRealTime.total);
  const voiceOn = useClientStore((s) => s.alarmVoiceOn);
  const { seq, news, latest, latestTypes } = useAlarmNews();
  // the count and news this tip has acted on; a change is handled while rendering, so a tip that
  // must stay folded never shows for a frame
  const [seen, setSeen] = useState({ total: 0, seq: 0 });
  const [open, setOpen] = useState({ folded: true, at: 0 });
  const [beeps, setBeeps] = useState(0);
  const [hovered, setHovered] = useState(false);

  if (total !== seen.total) {
    const rise = alarmTipRise({ previousTotal: seen.total, total, voiceOn, news: seq > seen.seq ? news : null });
    setSeen({ total, seq });
    if (rise.open) {
      // opened afresh (the pointer that rested on it may have left with it when it folded)
      setOpen({ folded: false, at: Date.now() });
      setHovered(false);
    }
    if (rise.beep) setBeeps((n) => n + 1);
  }

  useEffect(() => {
    if (beeps > 0) playAlarmBeep();
  }, [beeps]);

  const show = total > 0 && !open.folded;
  useEffect(() => {
    if (!show) return undefined;
    const wait = alarmTipFoldsIn({ openedAt: open.at, now: Date.now(), hovered });
    if (wait === null) return undefined;
    const timer = setTimeout(() => setOpen((o) => ({ ...o, folded: true })), wait);
    return () => clearTimeout(timer);
  }, [show, open.at, hovered]);

  if (!show) return null;
  const fold = () => setOpen((o) => ({ ...o, folded: true }));
  return (
    <Card
      size="small"
      data-testid="alarm-tip"
      style={{ position: 'fixed', ...TIP_PLACE, zIndex: TIP_Z, boxShadow: '0 6px 24px rgba(0,0,0,.18)' }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => (setHovered(false), setOpen((o) => ({ ...o, at: Date.now() })))}
      title={
        <Space>
          <AlertOutlined style={{ color: '#f5222d' }} />
          {T.alarmTip.title}
        </Space>
      }
      extra={<Button type="text" size="small" aria-label={T.alarmTip.close} icon={<CloseOutlined />} onClick={fold} />}
    >
      <Typography.Paragraph style={{ marginBottom: 8 }}>{T.alarmTip.text(total)}</Typography.Paragraph>
      {latest && <LatestAlarm alarm={latest} types={latestTypes} onLocate={onLocate} onProcess={onProcess} />}
      <Space>
        <Button type="primary" danger size="small" onClick={onView}>
          {T.alarmTip.view}
        </Button>
        <Button size="small" onClick={fold}>
          {T.alarmTip.later}
        </Button>
      </Space>
    </Card>
  );
}

/** The newest alarm whose type pops up, with the other types its asset raised with it: what, which vehicle, when, and what to do with it. */
function LatestAlarm({
  alarm,
  types,
  onLocate,
  onProcess,
}: { alarm: Alarm; types: readonly string[] } & Pick<Props, 'onLocate' | 'onProcess'>) {
  const locate = alarm.vehicleId !== null ? onLocate : undefined;
  return (
    <div style={LATEST_STYLE} data-testid="alarm-tip-latest" data-alarm-id={alarm.alarmId}>
      <Typography.Text strong ellipsis style={{ display: 'block' }}>
        {T.alarmTip.latest(types.length ? types.join('、') : alarm.typeName, alarm.plate || alarm.name || alarm.terminalId)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {beijingFormat(alarm.alarmTime)}
      </Typography.Text>
      {(locate || onProcess) && (
        <Space size={16} style={{ display: 'flex' }}>
          {locate && (
            <Button type="link" size="small" style={LINK_STYLE} data-testid="alarm-tip-locate" onClick={() => locate(alarm)}>
              {T.alarmTip.locate}
            </Button>
          )}
          {onProcess && (
            <Button type="link" size="small" style={LINK_STYLE} data-testid="alarm-tip-process" onClick={() => onProcess(alarm)}>
              {T.alarmTip.process}
            </Button>
          )}
        </Space>
      )}
    </div>
  );
}
