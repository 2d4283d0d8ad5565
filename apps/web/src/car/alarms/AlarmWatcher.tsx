import { useEffect, useState } from 'react';
import { App, Button, Space } from 'antd';
import { playAlarmBeep } from '../../shared/dialogs/beep.ts';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { postToShell } from '../../child/bridge/childBridge.ts';
import type { Alarm } from '@chelian/contracts';
import { useFleet } from '../fleet/FleetProvider.tsx';
import { M } from '../messages.ts';
import { ProcessAlarmModal } from './ProcessAlarmModal.tsx';
import { alarmControls } from './useAlarmControls.ts';
import { Permission } from '../../shared/permission/Permission.tsx';
import { beijingFormat } from '../../shared/format/beijingTime.ts';

/** Pop-ups and beeps are gathered for this long, so a burst across the fleet makes one update, not a stack. */
const POPUP_EVERY_MS = 1000;
const POPUP_KEY = 'car-alarm-popup';

/**
 * New alarms from the live feed: a sound when the type's setting says so and alarmVoiceOn is
 * on, and a pop-up when the type's setting says so. Each alarm once. One pop-up at a time: it
 * names the newest alarm and counts the others that came while it was open (10 000 vehicles
 * raise several alarms a second; a pop-up each would bury the map and keep the page restyling).
 */
export function AlarmWatcher() {
  const { live } = useFleet();
  const { notification } = App.useApp();
  const [processing, setProcessing] = useState<Alarm[]>([]);

  useEffect(() => {
    const seen = new Set<number>();
    let queued: Alarm[] = [];
    let beep = false;
    /** alarms the open pop-up stands for */
    let counted = 0;
    let last = 0;
    let timer: number | undefined;

    const show = () => {
      timer = undefined;
      last = Date.now();
      if (beep && useClientStore.getState().alarmVoiceOn) playAlarmBeep();
      beep = false;
      const a = queued.at(-1);
      if (!a) return;
      counted += queued.length;
      queued = [];
      notification.warning({
        key: POPUP_KEY,
        title: `${M.alarm.popupTitle} · ${a.typeName}`,
        description: (
          <div data-testid="alarm-popup" data-count={counted}>
            <div>{a.plate || a.name || a.terminalId}</div>
            <div style={{ color: '#8a8f98' }}>{beijingFormat(a.alarmTime)}</div>
            {counted > 1 && <div style={{ color: '#8a8f98' }}>{M.alarm.popupMore(counted - 1)}</div>}
          </div>
        ),
        actions: (
          <Space>
            <Permission code="car:alarm:process">
              <Button size="small" type="primary" data-testid="alarm-popup-process" onClick={() => (notification.destroy(POPUP_KEY), setProcessing([a]))}>
                {M.alarm.process}
              </Button>
            </Permission>
            {a.vehicleId && (
              <Button size="small" onClick={() => postToShell('showVehInfo', { vehicleId: String(a.vehicleId), tab: 'follow' })}>
                {M.alarm.locate}
              </Button>
            )}
          </Space>
        ),
        placement: 'topRight',
        duration: 8,
        onClose: () => {
          counted = 0;
        },
      });
    };

    const off = live.on((events) => {
      const fresh = events.flatMap((e) => (e.kind === 'alarm' && !e.data.handled && !seen.has(e.data.alarmId) ? [e.data] : []));
      if (fresh.length === 0) return;
      for (const a of fresh) seen.add(a.alarmId);
      void alarmControls().then((controls) => {
        const byType = new Map(controls.map((c) => [c.alarmType, c]));
        const setting = (a: Alarm) => byType.get(a.type) ?? { enabled: true, sound: true, popup: true };
        const wanted = fresh.filter((a) => setting(a).enabled);
        beep ||= wanted.some((a) => setting(a).sound);
        queued.push(...wanted.filter((a) => setting(a).popup));
        if ((beep || queued.length > 0) && timer === undefined) timer = window.setTimeout(show, Math.max(0, last + POPUP_EVERY_MS - Date.now()));
      });
    });
    return () => {
      off();
      window.clearTimeout(timer);
    };
  }, [live, notification]);

  return <ProcessAlarmModal alarms={processing} onClose={() => setProcessing([])} onDone={() => setProcessing([])} />;
}
