import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  beijingMinuteOfDay,
  inQuietHours,
  peopleGate,
  planDeliveries,
  rateLimitAllows,
  RETRY_DELAYS_MS,
  type PushRule,
} from './deliveryRules.ts';

/** A moment given in Beijing time (UTC+8). */
const bj = (hhmm: string, day = '2026-03-01') => new Date(`${day}T${hhmm}:00+08:00`);

describe('quiet hours (Beijing time)', () => {
  it('reads the clock in Beijing whatever the server zone', () => {
    expect(beijingMinuteOfDay(new Date('2026-03-01T16:30:00Z'))).toBe(30); // 00:30 next day in Beijing
    expect(beijingMinuteOfDay(bj('23:59'))).toBe(23 * 60 + 59);
  });

  it('a range within one day: start inclusive, end exclusive', () => {
    expect(inQuietHours('12:00', '14:00', bj('11:59'))).toBe(false);
    expect(inQuietHours('12:00', '14:00', bj('12:00'))).toBe(true);
    expect(inQuietHours('12:00', '14:00', bj('13:59'))).toBe(true);
    expect(inQuietHours('12:00', '14:00', bj('14:00'))).toBe(false);
  });

  it('a range across midnight', () => {
    expect(inQuietHours('22:00', '07:00', bj('21:59'))).toBe(false);
    expect(inQuietHours('22:00', '07:00', bj('22:00'))).toBe(true);
    expect(inQuietHours('22:00', '07:00', bj('00:00'))).toBe(true);
    expect(inQuietHours('22:00', '07:00', bj('06:59'))).toBe(true);
    expect(inQuietHours('22:00', '07:00', bj('07:00'))).toBe(false);
  });

  it('none when either end is empty', () => {
    expect(inQuietHours('', '', bj('03:00'))).toBe(false);
    expect(inQuietHours('22:00', '', bj('23:00'))).toBe(false);
  });
});

describe('rate limit per vehicle and type', () => {
  const t0 = bj('10:00');
  it('lets the first through, holds repeats within the interval, lets one through after it', () => {
    expect(rateLimitAllows(null, t0, 5)).toBe(true);
    expect(rateLimitAllows(t0, new Date(t0.getTime() + 4 * 60_000 + 59_999), 5)).toBe(false);
    expect(rateLimitAllows(t0, new Date(t0.getTime() + 5 * 60_000), 5)).toBe(true);
  });
  it('0 minutes is no limit', () => expect(rateLimitAllows(t0, t0, 0)).toBe(true));
  it('an alarm older than the last push is held (out of order)', () =>
    expect(rateLimitAllows(t0, new Date(t0.getTime() - 60_000), 5)).toBe(false));
});

describe('retries', () => {
  it('waits 1 s, 5 s, 30 s, 2 min, 10 min, then gives up', () => {
    const now = new Date(0);
    expect(RETRY_DELAYS_MS).toEqual([1_000, 5_000, 30_000, 120_000, 600_000]);
    expect(afterFailure(1, now)).toEqual({ status: 'retrying', nextAt: new Date(1_000) });
    expect(afterFailure(5, now)).toEqual({ status: 'retrying', nextAt: new Date(600_000) });
    expect(afterFailure(6, now)).toEqual({ status: 'failed' });
  });
});

describe('which deliveries an alarm makes', () => {
  const rule: PushRule = {
    enabled: true,
    channels: ['web', 'sms', 'webhook', 'mqtt'],
    quietStart: '22:00',
    quietEnd: '07:00',
    minIntervalMinutes: 5,
  };
  const targets = {
    smsPhones: ['13800138000', '13900139000'],
    webhookUrl: 'https://example.com/hook',
    mqttUrl: 'mqtt://broker.example.com',
  };

  it('every channel when open: browsers at once, the rest queued, one SMS per phone', () => {
    expect(planDeliveries(rule, targets, 'open')).toEqual([
      { channel: 'web', target: '', status: 'sent', reason: '' },
      { channel: 'sms', target: '13800138000', status: 'pending', reason: '' },
      { channel: 'sms', target: '13900139000', status: 'pending', reason: '' },
      { channel: 'webhook', target: 'https://example.com/hook', status: 'pending', reason: '' },
      { channel: 'mqtt', target: 'mqtt://broker.example.com', status: 'pending', reason: '' },
    ]);
  });

  it('quiet hours and the rate limit hold people back, never systems', () => {
    const quiet = planDeliveries(rule, targets, 'quiet');
    expect(quiet.filter((d) => d.status === 'skipped').map((d) => d.channel)).toEqual(['web', 'sms', 'sms']);
    expect(quiet[0].reason).toBe('免打扰时段（22:00–07:00）内，未推送');
    expect(quiet.filter((d) => d.status === 'pending').map((d) => d.channel)).toEqual(['webhook', 'mqtt']);
    const limited = planDeliveries(rule, targets, 'limited');
    expect(limited[0].reason).toBe('同一车辆同类报警5分钟内已推送过，未重复推送');
    expect(limited.filter((d) => d.status === 'pending').map((d) => d.channel)).toEqual(['webhook', 'mqtt']);
  });

  it('a chosen channel without a destination is recorded as skipped, with why', () => {
    expect(
      planDeliveries(rule, { smsPhones: [], webhookUrl: '', mqttUrl: '' }, 'open')
        .filter((d) => d.status === 'skipped')
        .map((d) => d.reason),
    ).toEqual(['未设置短信接收号码', '未设置 Webhook 地址', '未设置 MQTT 服务器']);
  });

  it('nothing when push is off for the type', () => expect(planDeliveries({ ...rule, enabled: false }, targets, 'open')).toEqual([]));

  it('the people gate: quiet hours first, the rate limit only when it decides', () => {
    expect(peopleGate(rule, bj('23:00'))).toBe('quiet');
    expect(peopleGate(rule, bj('12:00'))).toBe('check');
    expect(peopleGate({ ...rule, channels: ['webhook'] }, bj('12:00'))).toBe('none');
  });
});
