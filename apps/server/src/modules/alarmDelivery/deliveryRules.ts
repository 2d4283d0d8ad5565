import type { PushChannel } from '@chelian/contracts';
import { BEIJING_OFFSET_MS } from '@chelian/contracts/beijingTime.ts';

/**
 * The rules of alarm delivery, pure: quiet hours, the rate limit, the retry schedule, and which
 * deliveries an account's settings make of one alarm. docs/alarm-delivery.md says the same in words.
 */

const BEIJING_OFFSET_MINUTES = BEIJING_OFFSET_MS / 60_000;
const DAY_MINUTES = 24 * 60;

/** Minutes since midnight, Beijing time (UTC+8 all year): quiet hours are set as operators read clocks. */
export function beijingMinuteOfDay(at: Date): number {
  const minutes = Math.floor(at.getTime() / 60_000) + BEIJING_OFFSET_MINUTES;
  return ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Within quiet hours 'HH:mm'–'HH:mm' (start inclusive, end exclusive, may cross midnight); '' means none. */
export function inQuietHours(start: string, end: string, at: Date): boolean {
  if (!start || !end) return false;
  const s = minuteOf(start);
  const e = minuteOf(end);
  const now = beijingMinuteOfDay(at);
  return s < e ? now >= s && now < e : now >= s || now < e;
}

/** The rate limit: a vehicle's alarm type reaches people at most once per `minutes` (0: always). */
export function rateLimitAllows(lastAt: Date | null, at: Date, minutes: number): boolean {
  return minutes <= 0 || lastAt === null || at.getTime() - lastAt.getTime() >= minutes * 60_000;
}

/** Waits before the 2nd, 3rd … attempt; after the last one fails the delivery is given up. */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000];

export type AfterFailure = { status: 'retrying'; nextAt: Date } | { status: 'failed' };

/** What becomes of a delivery whose `attempts`-th attempt failed. */
export function afterFailure(attempts: number, now: Date, delays: readonly number[] = RETRY_DELAYS_MS): AfterFailure {
  const wait = delays[attempts - 1];
  return wait === undefined ? { status: 'failed' } : { status: 'retrying', nextAt: new Date(now.getTime() + wait) };
}

/** Channels that reach people; quiet hours and the rate limit hold them back. Webhook and MQTT feed systems, which get every alarm. */
export const PEOPLE_CHANNELS: ReadonlySet<PushChannel> = new Set<PushChannel>(['web', 'sms']);

export interface PushRule {
  enabled: boolean;
  channels: PushChannel[];
  quietStart: string;
  quietEnd: string;
  minIntervalMinutes: number;
}

export interface PushTargets {
  smsPhones: string[];
  webhookUrl: string;
  mqttUrl: string;
}

/** Where an alarm stands for the people channels: none chosen, held by quiet hours, by the rate limit, or open. */
export type PeopleGate = 'none' | 'quiet' | 'limited' | 'open';

/** Before the rate limit is consulted (it records a push, so only when it decides). */
export function peopleGate(rule: PushRule, at: Date): 'none' | 'quiet' | 'check' {
  if (!rule.enabled || !rule.channels.some((c) => PEOPLE_CHANNELS.has(c))) return 'none';
  return inQuietHours(rule.quietStart, rule.quietEnd, at) ? 'quiet' : 'check';
}

export interface PlannedDelivery {
  channel: PushChannel;
  /** phone, URL or broker; '' for browsers */
  target: string;
  /** 'sent' for browsers: they fetch it; 'pending' for the deliverer; 'skipped' with the reason. */
  status: 'pending' | 'sent' | 'skipped';
  reason: string;
}

/** The deliveries one account's settings make of one alarm. */
export function planDeliveries(rule: PushRule, targets: PushTargets, gate: PeopleGate): PlannedDelivery[] {
  if (!rule.enabled) return [];
  const out: PlannedDelivery[] = [];
  const held =
    gate === 'quiet'
      ? `免打扰时段（${rule.quietStart}–${rule.quietEnd}）内，未推送`
      : gate === 'limited'
        ? `同一车辆同类报警${rule.minIntervalMinutes}分钟内已推送过，未重复推送`
        : '';
  const skipped = (channel: PushChannel, target: string, reason: string): PlannedDelivery => ({
    channel,
    target,
    status: 'skipped',
    reason,
  });
  for (const channel of rule.channels) {
    if (channel === 'web') out.push(held ? skipped('web', '', held) : { channel, target: '', status: 'sent', reason: '' });
    else if (channel === 'sms') {
      if (targets.smsPhones.length === 0) out.push(skipped('sms', '', '未设置短信接收号码'));
      else
        for (const phone of targets.smsPhones)
          out.push(held ? skipped('sms', phone, held) : { channel, target: phone, status: 'pending', reason: '' });
    } else if (channel === 'webhook') {
      out.push(
        targets.webhookUrl
          ? { channel, target: targets.webhookUrl, status: 'pending', reason: '' }
          : skipped('webhook', '', '未设置 Webhook 地址'),
      );
    } else if (channel === 'mqtt') {
      out.push(
        targets.mqttUrl ? { channel, target: targets.mqttUrl, status: 'pending', reason: '' } : skipped('mqtt', '', '未设置 MQTT 服务器'),
      );
    }
  }
  return out;
}
