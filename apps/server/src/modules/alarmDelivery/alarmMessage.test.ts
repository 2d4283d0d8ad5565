import { describe, expect, it } from 'vitest';
import { alarmPayload, alarmSms } from './alarmMessage.ts';
import type { PlanAlarmRow } from './delivery.queries.ts';

const row = (late: boolean): PlanAlarmRow => ({
  id: 987,
  terminal_id: 3,
  identifier: '013912340077',
  account_id: 5,
  account_path: '/1/5/',
  vehicle_id: 12,
  plate: '粤B7A077',
  vehicle_name: null,
  type: 'geofenceExit',
  alarm_time: new Date('2026-03-01T02:00:00Z'),
  received_at: new Date('2026-03-01T04:30:00Z'),
  lat: 22.543096,
  lon: 114.057865,
  speed: 48,
  late,
});
const account = { accountId: 5, accountName: '深圳物流' };

describe('what an alarm sends out', () => {
  it('says 补传 (late) for an alarm from a blind-area upload, in the JSON and in the SMS, and keeps the device time', () => {
    const late = alarmPayload(row(true), account, '广东省深圳市');
    expect(late.alarm).toMatchObject({ late: true, alarmTimeText: '2026-03-01 10:00:00', receivedAt: Date.parse('2026-03-01T04:30:00Z') });
    expect(alarmSms(late)).toBe(
      '【车联】粤B7A077发生离开围栏（盲区补传），时间2026-03-01 10:00:00，位置广东省深圳市，速度48km/h，请及时处理。',
    );
    const live = alarmPayload(row(false), account, '广东省深圳市');
    expect(live.alarm.late).toBe(false);
    expect(alarmSms(live)).toBe('【车联】粤B7A077发生离开围栏，时间2026-03-01 10:00:00，位置广东省深圳市，速度48km/h，请及时处理。');
  });
});
