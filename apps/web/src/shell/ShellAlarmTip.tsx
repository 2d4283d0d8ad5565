import { Suspense, lazy, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Alarm } from '@chelian/contracts';
import { AlarmTip } from '../shared/dialogs/AlarmTip.tsx';
import { usePermission } from '../shared/permission/usePermission.ts';
import { useUiStore } from '../shared/stores/uiStore.ts';
import { ALARM_PAGE, CAR_MONITOR_PAGE, PROCESS_ALARM } from './constants.ts';

// The alarm pages' handling dialog (note, 保存; shared/alarms/), fetched when first used, as the vehicle panel is.
const ProcessAlarmModal = lazy(async () => ({ default: (await import('../shared/alarms/ProcessAlarmModal.tsx')).ProcessAlarmModal }));

/** On the car pages the vehicle is shown on the monitor map (the page's own frame follows the path). */
const onCarPages = (pathname: string) => pathname === '/car' || pathname.startsWith('/car/');

/**
 * The shell's real-time alarm tip with its actions: 立即查看 opens the alarm centre; 定位 shows the
 * named alarm's vehicle on the monitor map on the car pages and in the vehicle dialog's 实时跟踪
 * elsewhere (the operator stays on their page); 处理 opens the handling dialog over the page.
 */
export function ShellAlarmTip() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const mayProcess = usePermission(PROCESS_ALARM);
  const [processing, setProcessing] = useState<Alarm[]>([]);
  const [processOpened, setProcessOpened] = useState(false);

  const locate = (a: Alarm) => {
    if (a.vehicleId === null) return;
    if (onCarPages(pathname)) navigate(`${CAR_MONITOR_PAGE}?vehicleId=${a.vehicleId}`);
    else useUiStore.getState().openVehicle(String(a.vehicleId), 'follow');
  };
  const process = (a: Alarm) => {
    setProcessOpened(true);
    setProcessing([a]);
  };

  return (
    <>
      <AlarmTip onView={() => navigate(ALARM_PAGE)} onLocate={locate} onProcess={mayProcess ? process : undefined} />
      {processOpened && (
        <Suspense fallback={null}>
          <ProcessAlarmModal alarms={processing} onClose={() => setProcessing([])} onDone={() => setProcessing([])} />
        </Suspense>
      )}
    </>
  );
}
