import { randomBytes } from 'node:crypto';
import {
  ALARM_PUSH_ERRORS,
  MAX_SMS_PHONES,
  OVERSPEED_DEFAULT_MIN_SECONDS,
  PUSH_CHANNELS,
  type AlarmControl,
  type AlarmPush,
  type PushChannel,
  type PushTargets,
  type PushTargetsInput,
} from '@chelian/contracts';
import type { Static } from 'typebox';
import { ALARM_NAMES_ZH, ALARM_TYPES, type AlarmType } from '@chelian/protocols/alarms.ts';
import type { AppContext } from '../../context.ts';
import { subjects } from '../../bus/subjects.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { PHONE_PATTERN } from '../auth/sms.service.ts';
import { alarmSettingsQueries, type ControlRow, type PushRow, type TargetsRow } from './alarmSettings.queries.ts';

/** Alarms an operator must not miss: on by default with sound and pop-up. Others are listed, quiet. */
const URGENT = new Set<AlarmType>([
  'sos',
  'powerCut',
  'collision',
  'rollover',
  'theft',
  'tamper',
  'illegalIgnition',
  'displacement',
  'overspeed',
  'platformOverspeed',
  'geofenceEnter',
  'geofenceExit',
  'fallDown',
  'petZoneExit',
]);

/** The rate limit of a type nobody set: browsers and SMS hear of a vehicle's alarm type at most every 5 minutes. */
export const DEFAULT_PUSH_INTERVAL_MINUTES = 5;
export const DEFAULT_TOPIC_PREFIX = 'chelian';

/** The one type with a minimum duration: 平台超速报警 (docs/car.md, "终端超速报警 and 平台超速报警"). */
const TIMED_TYPE: AlarmType = 'platformOverspeed';

export function defaultControl(type: AlarmType): AlarmControl {
  const urgent = URGENT.has(type);
  const control: AlarmControl = { alarmType: type, alarmName: ALARM_NAMES_ZH[type], enabled: true, sound: urgent, popup: urgent };
  if (type === TIMED_TYPE) control.minSeconds = OVERSPEED_DEFAULT_MIN_SECONDS;
  return control;
}

/** A type's setting: the stored row, else the default. */
function controlOf(type: AlarmType, row: ControlRow | undefined): AlarmControl {
  if (!row) return defaultControl(type);
  const control: AlarmControl = {
    alarmType: type,
    alarmName: ALARM_NAMES_ZH[type],
    enabled: row.enabled,
    sound: row.sound,
    popup: row.popup,
  };
  if (type === TIMED_TYPE) control.minSeconds = row.min_seconds ?? OVERSPEED_DEFAULT_MIN_SECONDS;
  return control;
}

export function defaultPush(type: AlarmType): AlarmPush {
  return {
    alarmType: type,
    alarmName: ALARM_NAMES_ZH[type],
    enabled: URGENT.has(type),
    channels: ['web'],
    quietStart: '',
    quietEnd: '',
    minIntervalMinutes: DEFAULT_PUSH_INTERVAL_MINUTES,
  };
}

/** A type's push setting: the stored row, else the default. Channels no longer offered are dropped. */
export function pushOf(type: AlarmType, row: Omit<PushRow, 'alarm_type'> | undefined): AlarmPush {
  if (!row) return defaultPush(type);
  const channels = row.channels.split(',').filter((c): c is PushChannel => (PUSH_CHANNELS as readonly string[]).includes(c));
  return {
    alarmType: type,
    alarmName: ALARM_NAMES_ZH[type],
    enabled: row.enabled,
    channels,
    quietStart: row.quiet_start,
    quietEnd: row.quiet_end,
    minIntervalMinutes: row.min_interval_minutes,
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const TOPIC_PREFIX = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/**
 * A row as the form sends it: the contract types its alarm type as the catalogue's union for callers
 * (AlarmTypeInput), but the wire takes any text until typed checks it (in Chinese, not by the schema).
 */
type Sent<T extends { alarmType: AlarmType }> = Omit<T, 'alarmType'> & { alarmType: string };

/** The row with its alarm type checked against the catalogue, typed by it. */
function typed<T extends { alarmType: string }>(item: T): Omit<T, 'alarmType'> & { alarmType: AlarmType } {
  return { ...item, alarmType: oneOfOrRefuse(ALARM_TYPES, item.alarmType, ALARM_PUSH_ERRORS.unknownAlarmType, 'name') };
}

export const NO_TARGETS: TargetsRow = {
  sms_phones: '',
  webhook_url: '',
  webhook_secret: '',
  mqtt_url: '',
  mqtt_username: '',
  mqtt_password: '',
  mqtt_topic_prefix: DEFAULT_TOPIC_PREFIX,
  mqtt_positions: false,
};

export const smsPhonesOf = (t: Pick<TargetsRow, 'sms_phones'>) => t.sms_phones.split(',').filter(Boolean);

function presentTargets(t: TargetsRow): PushTargets {
  return {
    smsPhones: smsPhonesOf(t),
    webhookUrl: t.webhook_url,
    webhookSecret: t.webhook_secret,
    mqttUrl: t.mqtt_url,
    mqttUsername: t.mqtt_username,
    mqttPasswordSet: t.mqtt_password !== '',
    mqttTopicPrefix: t.mqtt_topic_prefix,
    mqttPositions: t.mqtt_positions,
  };
}

function validUrl(text: string, protocols: string[]): boolean {
  try {
    const url = new URL(text);
    return protocols.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The stored destinations with the input applied: absent fields are kept, every field checked. */
export function mergeTargets(stored: TargetsRow, input: Static<typeof PushTargetsInput>): TargetsRow {
  const phones = input.smsPhones === undefined ? smsPhonesOf(stored) : [...new Set(input.smsPhones.map((p) => p.trim()).filter(Boolean))];
  for (const phone of phones) if (!PHONE_PATTERN.test(phone)) throw new AppError(ALARM_PUSH_ERRORS.badPhone, { params: { name: phone } });
  if (phones.length > MAX_SMS_PHONES) throw new AppError(ALARM_PUSH_ERRORS.tooManyPhones);
  const webhookUrl = (input.webhookUrl ?? stored.webhook_url).trim();
  if (webhookUrl && !validUrl(webhookUrl, ['http:', 'https:'])) throw new AppError(ALARM_PUSH_ERRORS.badWebhookUrl);
  const mqttUrl = (input.mqttUrl ?? stored.mqtt_url).trim();
  if (mqttUrl && !validUrl(mqttUrl, ['mqtt:', 'mqtts:'])) throw new AppError(ALARM_PUSH_ERRORS.badMqttUrl);
  const prefix = (input.mqttTopicPrefix ?? stored.mqtt_topic_prefix).trim() || DEFAULT_TOPIC_PREFIX;
  if (!TOPIC_PREFIX.test(prefix)) throw new AppError(ALARM_PUSH_ERRORS.badTopicPrefix);
  let secret = (input.webhookSecret ?? stored.webhook_secret).trim();
  // A webhook is always signed: one set up without a secret gets a new one.
  if (webhookUrl && !secret) secret = randomBytes(24).toString('hex');
  return {
    sms_phones: phones.join(','),
    webhook_url: webhookUrl,
    webhook_secret: secret,
    mqtt_url: mqttUrl,
    mqtt_username: (input.mqttUsername ?? stored.mqtt_username).trim(),
    mqtt_password: input.mqttPassword ?? stored.mqtt_password,
    mqtt_topic_prefix: prefix,
    mqtt_positions: input.mqttPositions ?? stored.mqtt_positions,
  };
}

/** Per-account alarm settings: every type listed, stored rows override the defaults. */
export const alarmSettings = {
  async controls(q: Queryable, accountId: number): Promise<AlarmControl[]> {
    const stored = new Map((await alarmSettingsQueries.controls(q, accountId)).map((r) => [r.alarm_type, r]));
    return ALARM_TYPES.map((type) => controlOf(type, stored.get(type)));
  },

  async saveControls(q: Queryable, accountId: number, items: Array<Sent<Omit<AlarmControl, 'alarmName'>>>) {
    const checked = items.map(typed); // every row before any is saved
    // Only 平台超速报警 has a minimum duration: another type's is not kept.
    for (const item of checked)
      await alarmSettingsQueries.upsertControl(q, accountId, item.alarmType === TIMED_TYPE ? item : { ...item, minSeconds: undefined });
    return this.controls(q, accountId);
  },

  async pushes(q: Queryable, accountId: number): Promise<AlarmPush[]> {
    const stored = new Map((await alarmSettingsQueries.pushes(q, accountId)).map((r) => [r.alarm_type, r]));
    return ALARM_TYPES.map((type) => pushOf(type, stored.get(type)));
  },

  async savePushes(
    q: Queryable,
    accountId: number,
    items: Array<Sent<Omit<AlarmPush, 'alarmName' | 'minIntervalMinutes'>> & { minIntervalMinutes?: number }>,
  ) {
    const checked = items.map((sent) => {
      const item = typed(sent);
      const quiet = [item.quietStart, item.quietEnd];
      if (
        quiet.some((t) => t !== '' && !TIME.test(t)) ||
        (quiet[0] === '') !== (quiet[1] === '') ||
        (quiet[0] !== '' && quiet[0] === quiet[1])
      ) {
        throw new AppError(ALARM_PUSH_ERRORS.badQuietHours);
      }
      return item;
    });
    // A client that does not know the rate limit keeps the stored one.
    const stored = new Map((await alarmSettingsQueries.pushes(q, accountId)).map((r) => [r.alarm_type, r.min_interval_minutes]));
    for (const item of checked) {
      const minIntervalMinutes = item.minIntervalMinutes ?? stored.get(item.alarmType) ?? DEFAULT_PUSH_INTERVAL_MINUTES;
      await alarmSettingsQueries.upsertPush(q, accountId, { ...item, channels: [...new Set(item.channels)], minIntervalMinutes });
    }
    return this.pushes(q, accountId);
  },

  async storedTargets(q: Queryable, accountId: number): Promise<TargetsRow> {
    return (await alarmSettingsQueries.targets(q, accountId)) ?? NO_TARGETS;
  },

  async targets(q: Queryable, accountId: number): Promise<PushTargets> {
    return presentTargets(await this.storedTargets(q, accountId));
  },

  async saveTargets(q: Queryable, accountId: number, input: Static<typeof PushTargetsInput>): Promise<PushTargets> {
    const merged = mergeTargets(await this.storedTargets(q, accountId), input);
    await alarmSettingsQueries.upsertTargets(q, accountId, merged);
    return presentTargets(merged);
  },
};

type ControlItem = Sent<Omit<AlarmControl, 'alarmName'>>;
type PushItem = Sent<Omit<AlarmPush, 'alarmName' | 'minIntervalMinutes' | 'quietStart' | 'quietEnd'>> & {
  quietStart?: string;
  quietEnd?: string;
  minIntervalMinutes?: number;
};

/** The settings of one account as the routes change them: in a transaction, and told to the processes that cache them. */
export class AlarmSettingsService {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'bus'>) {}

  async saveControls(accountId: number, items: ControlItem[]) {
    const saved = await this.ctx.db.tx((q) => alarmSettings.saveControls(q, accountId, items));
    // Open live feeds reload which types they push.
    this.ctx.bus.publish(subjects.alarmControlsChanged(accountId), {});
    return saved;
  }

  savePushes(accountId: number, items: PushItem[]) {
    return this.ctx.db.tx((q) =>
      alarmSettings.savePushes(
        q,
        accountId,
        items.map((p) => ({ ...p, quietStart: p.quietStart ?? '', quietEnd: p.quietEnd ?? '' })),
      ),
    );
  }

  async saveTargets(accountId: number, input: Static<typeof PushTargetsInput>) {
    const saved = await this.ctx.db.tx((q) => alarmSettings.saveTargets(q, accountId, input));
    // The jobs role's MQTT position forwarding follows at once.
    this.ctx.bus.publish(subjects.alarmPushChanged(accountId), {});
    return saved;
  }
}
