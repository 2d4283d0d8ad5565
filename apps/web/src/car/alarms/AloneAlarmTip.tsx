import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Alarm } from '@chelian/contracts';
import { AlarmTip } from '../../shared/dialogs/AlarmTip.tsx';
import { useAlarmPolling } from '../../shared/dialogs/useAlarmPolling.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { ProcessAlarmModal } from '../../shared/alarms/ProcessAlarmModal.tsx';

/**
 * Running alone (`/child/car/…`, no shell around it), the car app shows the shell's alarm tip
 * itself, as it shows the vehicle dialog: the same count, sound, named alarm, 定位 (the monitor
 * map) and 处理. Inside the shell the shell's tip is the only one.
 */
export function AloneAlarmTip() {
  useAlarmPolling(true, 'car');
  const navigate = useNavigate();
  const mayProcess = usePermission('car:alarm:process');
  const [processing, setProcessing] = useState<Alarm[]>([]);
  return (
    <>
      <AlarmTip
        onView={() => navigate('/alarm')}
        onLocate={(a) => navigate(`/monitor?vehicleId=${a.vehicleId}`)}
        onProcess={mayProcess ? (a) => setProcessing([a]) : undefined}
      />
      <ProcessAlarmModal alarms={processing} onClose={() => setProcessing([])} onDone={() => setProcessing([])} />
    </>
  );
}
