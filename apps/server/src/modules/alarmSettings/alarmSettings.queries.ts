import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { Queryable } from '../../db/types.ts';

export interface ControlRow {
  alarm_type: AlarmType;
  enabled: boolean;
  sound: boolean;
  popup: boolean;
  /** platformOverspeed's shortest episode (NULL: the default) */
  min_seconds: number | null;
}

export interface PushRow {
  alarm_type: AlarmType;
  enabled: boolean;
  channels: string;
  quiet_start: string;
  quiet_end: string;
  min_interval_minutes: number;
}

/** Where an account's pushes go (alarm_push_targets). */
export interface TargetsRow {
  sms_phones: string;
  webhook_url: string;
  webhook_secret: string;
  mqtt_url: string;
  mqtt_username: string;
  mqtt_password: string;
  mqtt_topic_prefix: string;
  mqtt_positions: boolean;
}

/** An account that forwards its vehicles' positions to its MQTT broker. */
export interface PositionTargetRow extends TargetsRow {
  account_id: number;
  account_name: string;
  account_path: string;
}

const TARGET_COLUMNS = 'sms_phones, webhook_url, webhook_secret, mqtt_url, mqtt_username, mqtt_password, mqtt_topic_prefix, mqtt_positions';

export const alarmSettingsQueries = {
  controls: (q: Queryable, accountId: number) =>
    q.query<ControlRow>('SELECT alarm_type, enabled, sound, popup, min_seconds FROM alarm_controls WHERE account_id = $1', [accountId]),
  /** minSeconds absent: the stored one is kept. */
  upsertControl: (
    q: Queryable,
    accountId: number,
    c: { alarmType: AlarmType; enabled: boolean; sound: boolean; popup: boolean; minSeconds?: number },
  ) =>
    q.query(
      `INSERT INTO alarm_controls (account_id, alarm_type, enabled, sound, popup, min_seconds) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id, alarm_type) DO UPDATE SET enabled = EXCLUDED.enabled, sound = EXCLUDED.sound, popup = EXCLUDED.popup,
         min_seconds = COALESCE(EXCLUDED.min_seconds, alarm_controls.min_seconds)`,
      [accountId, c.alarmType, c.enabled, c.sound, c.popup, c.minSeconds ?? null],
    ),
  pushes: (q: Queryable, accountId: number) =>
    q.query<PushRow>(
      'SELECT alarm_type, enabled, channels, quiet_start, quiet_end, min_interval_minutes FROM alarm_push WHERE account_id = $1',
      [accountId],
    ),
  upsertPush: (
    q: Queryable,
    accountId: number,
    p: {
      alarmType: AlarmType;
      enabled: boolean;
      channels: readonly string[];
      quietStart: string;
      quietEnd: string;
      minIntervalMinutes: number;
    },
  ) =>
    q.query(
      `INSERT INTO alarm_push (account_id, alarm_type, enabled, channels, quiet_start, quiet_end, min_interval_minutes) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (account_id, alarm_type) DO UPDATE SET enabled = EXCLUDED.enabled, channels = EXCLUDED.channels,
         quiet_start = EXCLUDED.quiet_start, quiet_end = EXCLUDED.quiet_end, min_interval_minutes = EXCLUDED.min_interval_minutes`,
      [accountId, p.alarmType, p.enabled, p.channels.join(','), p.quietStart, p.quietEnd, p.minIntervalMinutes],
    ),

  targets: async (q: Queryable, accountId: number) =>
    (await q.query<TargetsRow>(`SELECT ${TARGET_COLUMNS} FROM alarm_push_targets WHERE account_id = $1`, [accountId]))[0],
  upsertTargets: (q: Queryable, accountId: number, t: TargetsRow) =>
    q.query(
      `INSERT INTO alarm_push_targets (account_id, ${TARGET_COLUMNS}, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
       ON CONFLICT (account_id) DO UPDATE SET sms_phones = EXCLUDED.sms_phones, webhook_url = EXCLUDED.webhook_url,
         webhook_secret = EXCLUDED.webhook_secret, mqtt_url = EXCLUDED.mqtt_url, mqtt_username = EXCLUDED.mqtt_username,
         mqtt_password = EXCLUDED.mqtt_password, mqtt_topic_prefix = EXCLUDED.mqtt_topic_prefix, mqtt_positions = EXCLUDED.mqtt_positions, updated_at = now()`,
      [
        accountId,
        t.sms_phones,
        t.webhook_url,
        t.webhook_secret,
        t.mqtt_url,
        t.mqtt_username,
        t.mqtt_password,
        t.mqtt_topic_prefix,
        t.mqtt_positions,
      ],
    ),
  positionTargets: (q: Queryable) =>
    q.query<PositionTargetRow>(
      `SELECT a.id AS account_id, a.name AS account_name, a.path AS account_path, ${TARGET_COLUMNS.split(', ')
        .map((c) => `tg.${c}`)
        .join(', ')}
         FROM alarm_push_targets tg JOIN accounts a ON a.id = tg.account_id
        WHERE tg.mqtt_positions AND tg.mqtt_url <> '' AND a.enabled ORDER BY a.id`,
    ),
};
