import { useEffect, useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { AlertOutlined, CloseOutlined } from '@ant-design/icons';
import type { Alarm } from '@chelian/contracts';
import { useClientStore } from '../stores/clientStore.ts';
import { T } from '../i18n/messages.ts';
import { beijingFormat } from '../format/beijingTime.ts';
import { ALARM_TIP_LEAVE_MS, ALARM_TIP_OPEN_MS, alarmTipFoldsIn, alarmTipRise } from './alarmTipRules.ts';
import { useAlarmNews } from './alarmNews.ts';
import { playAlarmBeep } from './beep.ts';

/**
 * Under the AI智能助手's launcher and panel (999, assistant-widget/styles.ts): an operator typing a
 * question must see the input; above it the tip covered the panel's input box.
 */
const TIP_Z = 998;
/**
 * A passing tip pops at the foot of the menu column (200 px wide in every sub-product and the system
 * centre): there it covers no table, pagination or 操作 button, and no dialog either (a sub-product's
 * dialogs are centred well clear of the menu). It is gone within seconds (ALARM_TIP_OPEN_MS), so the
 * bottom menu entries it covered at 1366×768 are free again before long.
 */
const TIP_PLACE = { left: 6, bottom: 16, width: 188 } as const;
/**
 * An urgent tip stays until acknowledged, so it must cover no navigation: top right, under the 56 px
 * header, over the content's right edge — clear of the menu column, the pagination (at the foot) and
 * a 720 px dialog's × at 1366 px.
 */
const URGENT_PLACE = { right: 16, top: 64, width: 240 } as const;
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
 * (`alarmTipFoldsIn`: seconds after it popped, sooner once the pointer left it; an urgent one waits
 * to be acknowledged), on a click elsewhere, or at once with × / 稍后处理.
 */
export function AlarmTip({ onView, onLocate, onProcess }: Props) {
  const total = useClientStore((s) => s.alarmRealTime.total);
  const voiceOn = useClientStore((s) => s.alarmVoiceOn);
  const { seq, news, latest, latestTypes } = useAlarmNews();
  // the count and news this tip has acted on; a change is handled while rendering, so a tip that
  // must stay folded never shows for a frame
  const [seen, setSeen] = useState({ total: 0, seq: 0 });
  // urgent: an urgent alarm opened it (it stays until acknowledged); stay: how long it stays from `at`
  const [open, setOpen] = useState({ folded: true, at: 0, urgent: false, stay: ALARM_TIP_OPEN_MS });
  const [beeps, setBeeps] = useState(0);
  const [hovered, setHovered] = useState(false);

  if (total !== seen.total) {
    const rise = alarmTipRise({ previousTotal: seen.total, total, voiceOn, news: seq > seen.seq ? news : null });
    setSeen({ total, seq });
    if (rise.open) {
      // opened afresh (the pointer that rested on it may have left with it when it folded)
      const urgent = seq > seen.seq && news?.urgent === true;
      setOpen((o) => ({ folded: false, at: Date.now(), urgent: urgent || (o.urgent && !o.folded), stay: ALARM_TIP_OPEN_MS }));
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
    const wait = alarmTipFoldsIn({ openedAt: open.at, now: Date.now(), hovered, urgent: open.urgent, stay: open.stay });
    if (wait === null) return undefined;
    const timer = setTimeout(() => setOpen((o) => ({ ...o, folded: true })), wait);
    return () => clearTimeout(timer);
  }, [show, open.at, open.urgent, open.stay, hovered]);

  // A passing tip folds when the operator works elsewhere: a click outside it (but not in the
  // AI智能助手, which draws over it, nor in a dialog such as 处理's) or into the sub-product's frame
  // (the shell's window loses the focus).
  useEffect(() => {
    if (!show || open.urgent) return undefined;
    const fold = () => setOpen((o) => ({ ...o, folded: true }));
    const down = (e: PointerEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      if (!target?.closest('[data-testid="alarm-tip"], #chelian-assistant, .ant-modal-root')) fold();
    };
    document.addEventListener('pointerdown', down, true);
    window.addEventListener('blur', fold);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      window.removeEventListener('blur', fold);
    };
  }, [show, open.urgent]);

  if (!show) return null;
  const fold = () => setOpen((o) => ({ ...o, folded: true }));
  return (
    <Card
      size="small"
      data-testid="alarm-tip"
      data-urgent={open.urgent || undefined}
      style={{ position: 'fixed', ...(open.urgent ? URGENT_PLACE : TIP_PLACE), zIndex: TIP_Z, boxShadow: '0 6px 24px rgba(0,0,0,.18)' }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => (setHovered(false), setOpen((o) => ({ ...o, at: Date.now(), stay: ALARM_TIP_LEAVE_MS })))}
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
        <Button type="primary" danger size="small" onClick={() => (fold(), onView())}>
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
