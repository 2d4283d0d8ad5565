import { useEffect, useState } from 'react';
import { App, Button, Space } from 'antd';
import dayjs from 'dayjs';
import { playAlarmBeep } from '../../shared/dialogs/beep.ts';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { postToShell } from '../../child/bridge/childBridge.ts';
import type { Alarm } from '@chelian/contracts';
import { useFleet } from '../fleet/FleetProvider.tsx';
import { M } from '../messages.ts';
import { ProcessAlarmModal } from './ProcessAlarmModal.tsx';
import { alarmControls } from './useAlarmControls.ts';
import { Permission } from '../../shared/permission/Permission.tsx';

/**
 * New alarms from the live feed: a sound when the type's setting says so and alarmVoiceOn is
 * on, and a pop-up when the type's setting says so. Each alarm once.
 */
export function AlarmWatcher() {
  const { live } = useFleet();
  const { notification } = App.useApp();
  const [processing, setProcessing] = useState<Alarm[]>([]);

  useEffect(() => {
    const seen = new Set<number>();
    return live.on((events) => {
      const fresh = events.flatMap((e) => (e.kind === 'alarm' && !e.data.handled && !seen.has(e.data.alarmId) ? [e.data] : []));
      if (fresh.length === 0) return;
      for (const a of fresh) seen.add(a.alarmId);
      void alarmControls().then((controls) => {
        const byType = new Map(controls.map((c) => [c.alarmType, c]));
        const setting = (a: Alarm) => byType.get(a.type) ?? { enabled: true, sound: true, popup: true };
        const wanted = fresh.filter((a) => setting(a).enabled);
        if (wanted.some((a) => setting(a).sound) && useClientStore.getState().alarmVoiceOn) playAlarmBeep();
        for (const a of wanted.filter((x) => setting(x).popup).slice(0, 3)) {
          notification.warning({
            key: `alarm-${a.alarmId}`,
            title: `${M.alarm.popupTitle} · ${a.typeName}`,
            description: (
              <div data-testid="alarm-popup">
                <div>{a.plate || a.name || a.terminalId}</div>
                <div style={{ color: '#8a8f98' }}>{dayjs(a.alarmTime).format('YYYY-MM-DD HH:mm:ss')}</div>
              </div>
            ),
            actions: (
              <Space>
                <Permission code="car:alarm:process">
                  <Button size="small" type="primary" data-testid="alarm-popup-process" onClick={() => (notification.destroy(`alarm-${a.alarmId}`), setProcessing([a]))}>
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
          });
        }
      });
    });
  }, [live, notification]);

  return <ProcessAlarmModal alarms={processing} onClose={() => setProcessing([])} onDone={() => setProcessing([])} />;
}
