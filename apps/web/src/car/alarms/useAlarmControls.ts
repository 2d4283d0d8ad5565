import type { AlarmControl } from '@chelian/contracts';
import { alarmControls } from '../../shared/alarms/alarmControls.ts';
import { useLoaded } from '../../shared/list/useLoaded.ts';

/** The account's 报警设置 as page state (the shared `alarmControls`, which never fails and never toasts). */
export function useAlarmControls(): AlarmControl[] {
  return useLoaded(alarmControls, null).rows;
}
