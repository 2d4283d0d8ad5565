import { useEffect, useState } from 'react';
import type { AlarmControl } from '@chelian/contracts';
import { alarmControls } from '../../shared/alarms/alarmControls.ts';

/** The account's 报警设置 as page state (the shared `alarmControls`). */
export function useAlarmControls(): AlarmControl[] {
  const [controls, setControls] = useState<AlarmControl[]>([]);
  useEffect(() => {
    let alive = true;
    void alarmControls().then((c) => alive && setControls(c));
    return () => {
      alive = false;
    };
  }, []);
  return controls;
}
