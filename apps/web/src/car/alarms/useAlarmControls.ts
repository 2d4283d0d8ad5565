import { useEffect, useState } from 'react';
import { carApi } from '../api/carApi.ts';
import type { AlarmControl } from '@chelian/contracts';

let cached: Promise<AlarmControl[]> | null = null;

/** The account's alarm settings (which types sound and pop up), read once per page load. */
export function alarmControls(): Promise<AlarmControl[]> {
  cached ??= carApi.alarmControls().catch(() => ((cached = null), []));
  return cached;
}

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
