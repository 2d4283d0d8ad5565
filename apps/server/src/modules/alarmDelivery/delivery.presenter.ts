import type { Delivery } from '@chelian/contracts';
import type { AttemptRow, DeliveryRow } from './delivery.queries.ts';
import type { AlarmPayload } from './alarmMessage.ts';

/**
 * Where a delivery went, short enough for a table and without secrets: a masked phone, a
 * webhook's host and path (a query string may hold a token), a broker's host and port.
 */
export function displayTarget(channel: string, target: string): string {
  if (channel === 'web') return '';
  if (channel === 'sms') return /^\d{11}$/.test(target) ? `${target.slice(0, 3)}****${target.slice(-4)}` : target;
  try {
    const url = new URL(target);
    return channel === 'webhook' ? `${url.protocol}//${url.host}${url.pathname}` : `${url.protocol}//${url.host}`;
  } catch {
    return target;
  }
}

export function presentDelivery(row: DeliveryRow, attempts: AttemptRow[]): Delivery {
  const alarm = (row.payload as unknown as AlarmPayload).alarm;
  return {
    deliveryId: row.id,
    alarmId: row.alarm_id,
    accountId: row.account_id,
    channel: row.channel,
    target: displayTarget(row.channel, row.target),
    status: row.status,
    attempts: row.attempts,
    httpStatus: row.http_status,
    error: row.last_error,
    created: row.created_at.getTime(),
    updated: row.updated_at.getTime(),
    sentAt: row.sent_at?.getTime() ?? null,
    nextAt: row.status === 'retrying' || row.status === 'pending' ? (row.next_at?.getTime() ?? null) : null,
    log: attempts
      .filter((a) => a.delivery_id === row.id)
      .map((a) => ({
        attempt: a.attempt,
        at: a.at.getTime(),
        ok: a.ok,
        httpStatus: a.http_status,
        error: a.error,
        durationMs: a.duration_ms,
      })),
    alarm: { plate: alarm.plate || alarm.vehicleName, terminalId: alarm.terminalId, typeName: alarm.typeName, alarmTime: alarm.alarmTime },
  };
}
