import type { Queryable } from '../../db/types.ts';

export interface ControlRow {
  alarm_type: string;
  enabled: boolean;
  sound: boolean;
  popup: boolean;
}

export interface PushRow {
  alarm_type: string;
  enabled: boolean;
  channels: string;
  quiet_start: string;
  quiet_end: string;
}

export const alarmSettingsQueries = {
  controls: (q: Queryable, accountId: number) =>
    q.query<ControlRow>('SELECT alarm_type, enabled, sound, popup FROM alarm_controls WHERE account_id = $1', [accountId]),
  upsertControl: (q: Queryable, accountId: number, c: { alarmType: string; enabled: boolean; sound: boolean; popup: boolean }) =>
    q.query(
      `INSERT INTO alarm_controls (account_id, alarm_type, enabled, sound, popup) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, alarm_type) DO UPDATE SET enabled = EXCLUDED.enabled, sound = EXCLUDED.sound, popup = EXCLUDED.popup`,
      [accountId, c.alarmType, c.enabled, c.sound, c.popup],
    ),
  pushes: (q: Queryable, accountId: number) =>
    q.query<PushRow>('SELECT alarm_type, enabled, channels, quiet_start, quiet_end FROM alarm_push WHERE account_id = $1', [accountId]),
  upsertPush: (q: Queryable, accountId: number, p: { alarmType: string; enabled: boolean; channels: string[]; quietStart: string; quietEnd: string }) =>
    q.query(
      `INSERT INTO alarm_push (account_id, alarm_type, enabled, channels, quiet_start, quiet_end) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id, alarm_type) DO UPDATE SET enabled = EXCLUDED.enabled, channels = EXCLUDED.channels,
         quiet_start = EXCLUDED.quiet_start, quiet_end = EXCLUDED.quiet_end`,
      [accountId, p.alarmType, p.enabled, p.channels.join(','), p.quietStart, p.quietEnd],
    ),
};
