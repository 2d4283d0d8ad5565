import { useEffect, useState } from 'react';
import { alarmPushEndpoints, type AlarmControl } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';

let cached: Promise<AlarmControl[]> | null = null;

/** The account's alarm settings (which types sound and pop up), read once per page load. */
export function alarmControls(): Promise<AlarmControl[]> {
  cached ??= call(alarmPushEndpoints.listControls, undefined, { silent: true }).catch(() => ((cached = null), []));
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
