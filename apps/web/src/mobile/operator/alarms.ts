import { alarmEndpoints, type Alarm, type AlarmPage } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';

export const ALARM_PAGE_SIZE = 30;
/** The handle permission, as 报警中心's 处理 button checks it. */
export const PROCESS_PERMISSION = 'car:alarm:process';

export type AlarmScope = 'open' | 'history';

/** 未处理 (the desktop's 实时报警) or the last 7 days (历史报警), optionally one terminal's. */
export function loadAlarms(scope: AlarmScope, current: number, terminalId?: string): Promise<AlarmPage> {
  const query = { current, pageSize: ALARM_PAGE_SIZE, ...(terminalId ? { terminalId } : {}) };
  return scope === 'open' ? call(alarmEndpoints.realtime, query, { silent: true }) : call(alarmEndpoints.history, query, { silent: true });
}

export const processAlarm = (alarmId: number, note: string) =>
  call(alarmEndpoints.process, { alarmIds: String(alarmId), ...(note.trim() ? { note: note.trim() } : {}) });

/** New pushes first, no alarm twice (a push of one already listed replaces it). */
export function mergeAlarms(listed: readonly Alarm[], pushed: readonly Alarm[]): Alarm[] {
  const seen = new Set<number>();
  const out: Alarm[] = [];
  for (const a of [...pushed].sort((x, y) => y.alarmTime - x.alarmTime).concat(listed)) {
    if (seen.has(a.alarmId)) continue;
    seen.add(a.alarmId);
    out.push(a);
  }
  return out;
}
