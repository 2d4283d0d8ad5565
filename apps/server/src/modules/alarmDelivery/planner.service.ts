import type { AlarmType } from '@chelian/protocols/alarms.ts';
import type { Db } from '../../db/types.ts';
import { pathTokens } from '../../core/terminalScope.ts';
import { pushOf, smsPhonesOf } from '../alarmSettings/alarmSettings.service.ts';
import { alarmPayload } from './alarmMessage.ts';
import { deliveryQueries, type ChainAccountRow, type NewDelivery } from './delivery.queries.ts';
import { peopleGate, planDeliveries, rateLimitAllows, type PeopleGate, type PushRule } from './deliveryRules.ts';

/** Alarms older than this when first seen by the planner (the jobs role was down longer) are not pushed. */
export const PLAN_WINDOW_MINUTES = 30;

export type Geocode = (lon: number, lat: number) => Promise<string>;

function ruleOf(type: AlarmType, acc: ChainAccountRow): PushRule {
  const row =
    acc.push_enabled === null
      ? undefined
      : {
          enabled: acc.push_enabled,
          channels: acc.channels ?? '',
          quiet_start: acc.quiet_start ?? '',
          quiet_end: acc.quiet_end ?? '',
          min_interval_minutes: acc.min_interval_minutes ?? 0,
        };
  return pushOf(type, row);
}

/**
 * Decides where one alarm goes, once: for its account and every account above it, that
 * account's push setting for the type (quiet hours and the rate limit for browsers and SMS) and
 * destinations make delivery rows. Returns how many rows were made, or null when another process
 * had planned it. An alarm of an unassigned terminal goes nowhere.
 */
export async function planAlarm(db: Db, alarmId: number, geocode: Geocode): Promise<number | null> {
  // Read and placed before the transaction: the offline geocoder's first load takes seconds, and
  // on the embedded database a transaction holds the only connection.
  const alarm = await deliveryQueries.alarm(db, alarmId);
  const address =
    alarm?.account_path && alarm.lat !== null && alarm.lon !== null ? await geocode(alarm.lon, alarm.lat).catch(() => '') : '';
  return db.tx(async (q) => {
    if (!(await deliveryQueries.claimDispatch(q, alarmId))) return null;
    if (!alarm?.account_path) return 0;
    const chain = await deliveryQueries.chain(q, pathTokens(alarm.account_path).map(Number), alarm.type);
    const rows: NewDelivery[] = [];
    for (const acc of chain) {
      // An account that switched the type off in its alarm settings wants nothing of it.
      if (!acc.account_enabled || acc.control_enabled === false) continue;
      const rule = ruleOf(alarm.type, acc);
      if (!rule.enabled || rule.channels.length === 0) continue;
      const before = peopleGate(rule, alarm.received_at);
      let gate: PeopleGate = before === 'check' ? 'open' : before;
      if (before === 'check') {
        // The mark is locked until this transaction ends: two processes cannot both let one through.
        const last = await deliveryQueries.lockMark(q, acc.account_id, alarm.terminal_id, alarm.type);
        if (rateLimitAllows(last, alarm.received_at, rule.minIntervalMinutes))
          await deliveryQueries.setMark(q, acc.account_id, alarm.terminal_id, alarm.type, alarm.received_at);
        else gate = 'limited';
      }
      const planned = planDeliveries(
        rule,
        { smsPhones: smsPhonesOf({ sms_phones: acc.sms_phones ?? '' }), webhookUrl: acc.webhook_url ?? '', mqttUrl: acc.mqtt_url ?? '' },
        gate,
      );
      const payload = alarmPayload(alarm, { accountId: acc.account_id, accountName: acc.account_name }, address);
      for (const p of planned)
        rows.push({
          alarmId,
          accountId: acc.account_id,
          channel: p.channel,
          target: p.target,
          status: p.status,
          reason: p.reason,
          payload,
        });
    }
    await deliveryQueries.insert(q, rows);
    return rows.length;
  });
}

/**
 * Plans every alarm received in the last `windowSeconds` (at most PLAN_WINDOW_MINUTES) that nobody
 * planned yet; returns how many this process planned.
 */
export async function planPending(db: Db, geocode: Geocode, windowSeconds = PLAN_WINDOW_MINUTES * 60, batch = 100): Promise<number> {
  let planned = 0;
  for (;;) {
    const ids = await deliveryQueries.unplanned(db, Math.min(windowSeconds, PLAN_WINDOW_MINUTES * 60), batch);
    for (const { id } of ids) if ((await planAlarm(db, id, geocode)) !== null) planned++;
    if (ids.length < batch) return planned;
  }
}
