import type { AlarmPushAlarm, AlarmPushMessage } from '@chelian/contracts';
import { alarmTypeName } from '../../core/alarm.presenter.ts';
import { beijingTime } from '../playback/trackSheet.ts';
import type { PlanAlarmRow } from './delivery.queries.ts';

/**
 * What leaves the platform for an alarm: the same facts for every channel, fixed when planned
 * (docs/alarm-delivery.md documents the JSON). Webhook bodies and MQTT messages add the delivery's
 * id, attempt and timestamp; SMS is one line of Chinese.
 */
export interface AlarmPayload {
  account: { accountId: number; accountName: string };
  alarm: AlarmPushAlarm;
}

export function alarmPayload(row: PlanAlarmRow, account: { accountId: number; accountName: string }, address: string): AlarmPayload {
  return {
    account,
    alarm: {
      alarmId: row.id,
      terminalId: row.identifier,
      vehicleId: row.vehicle_id,
      plate: row.plate ?? '',
      vehicleName: row.vehicle_name ?? '',
      type: row.type,
      typeName: alarmTypeName(row.type),
      alarmTime: row.alarm_time.getTime(),
      alarmTimeText: beijingTime(row.alarm_time),
      receivedAt: row.received_at.getTime(),
      lat: row.lat,
      lon: row.lon,
      speed: row.speed === null ? null : Math.round(row.speed * 10) / 10,
      address,
      late: row.late === true,
    },
  };
}

/** The JSON a webhook receives and an MQTT subscriber reads; `timestamp` in seconds, also in X-Chelian-Timestamp. */
export function alarmMessage(
  payload: AlarmPayload,
  delivery: { id: number; attempt: number },
  now: Date,
  event: AlarmPushMessage['event'] = 'alarm',
): AlarmPushMessage {
  return { event, deliveryId: delivery.id, attempt: delivery.attempt, timestamp: Math.floor(now.getTime() / 1000), ...payload };
}

/** An SMS: plate (or terminal), type (盲区补传 when it comes from a blind-area upload: not happening now), Beijing time, where, how fast. */
export function alarmSms(payload: AlarmPayload): string {
  const a = payload.alarm;
  const who = a.plate || a.vehicleName || `终端${a.terminalId}`;
  const where = a.address || (a.lat !== null && a.lon !== null ? `${a.lat.toFixed(5)},${a.lon.toFixed(5)}` : '');
  const parts = [`【车联】${who}发生${a.typeName}${a.late ? '（盲区补传）' : ''}`, `时间${a.alarmTimeText}`];
  if (where) parts.push(`位置${where}`);
  if (a.speed !== null) parts.push(`速度${a.speed}km/h`);
  return `${parts.join('，')}，请及时处理。`;
}

/** MQTT topics: '{prefix}/{accountId}/alarm/{terminalId}' and '{prefix}/{accountId}/position/{terminalId}'. */
export const mqttTopic = (prefix: string, accountId: number, kind: 'alarm' | 'position' | 'test', terminalId: string) =>
  `${prefix}/${accountId}/${kind}/${terminalId}`;

/** A made-up alarm for the settings page's test button: it says it is a test. */
export function testPayload(account: { accountId: number; accountName: string }, now: Date): AlarmPayload {
  return {
    account,
    alarm: {
      alarmId: 0,
      terminalId: '000000000000',
      vehicleId: null,
      plate: '测试车辆',
      vehicleName: '测试车辆',
      type: 'sos',
      typeName: alarmTypeName('sos'),
      alarmTime: now.getTime(),
      alarmTimeText: beijingTime(now),
      receivedAt: now.getTime(),
      lat: 22.543096,
      lon: 114.057865,
      speed: 0,
      address: '推送测试',
      late: false,
    },
  };
}
