import type { DeliveryStatus, PushChannel } from '@chelian/contracts';
import { prepared, type Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { terminalInScope } from '../../core/terminalScope.ts';
import type { AlarmRow } from '../../core/alarm.presenter.ts';
import { queryPage } from '../../db/queryPage.ts';

/** An alarm as the planner needs it: the listed alarm's fields without its handling, plus where it belongs. */
export type PlanAlarmRow = Omit<AlarmRow, 'handled' | 'handled_by_name' | 'handled_at' | 'handle_note'> & {
  terminal_id: number;
  account_id: number | null;
  account_path: string | null;
};

/** One account of an alarm's chain (its own and those above) with its settings for the alarm's type; null where nothing is stored. */
export interface ChainAccountRow {
  account_id: number;
  account_name: string;
  account_path: string;
  account_enabled: boolean;
  push_enabled: boolean | null;
  channels: string | null;
  quiet_start: string | null;
  quiet_end: string | null;
  min_interval_minutes: number | null;
  control_enabled: boolean | null;
  sms_phones: string | null;
  webhook_url: string | null;
  mqtt_url: string | null;
}

export interface NewDelivery {
  alarmId: number;
  accountId: number;
  channel: PushChannel;
  target: string;
  status: Extract<DeliveryStatus, 'pending' | 'sent' | 'skipped'>;
  reason: string;
  payload: unknown;
}

export interface DeliveryRow {
  id: number;
  alarm_id: number;
  account_id: number;
  account_path: string;
  channel: PushChannel;
  target: string;
  status: DeliveryStatus;
  attempts: number;
  next_at: Date | null;
  payload: Record<string, unknown>;
  http_status: number | null;
  last_error: string;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
}

export interface AttemptRow {
  delivery_id: number;
  attempt: number;
  at: Date;
  ok: boolean;
  http_status: number | null;
  error: string;
  duration_ms: number;
}

const DELIVERY_COLUMNS = `d.id, d.alarm_id, d.account_id, a.path AS account_path, d.channel, d.target, d.status, d.attempts, d.next_at,
  d.payload, d.http_status, d.last_error, d.created_at, d.updated_at, d.sent_at`;

// The statements of every pass of the jobs role, named (db/types.ts prepared): PostgreSQL parses and plans
// each once per connection, not at every run (issue 33: ~0.15–0.3 ms of its CPU a run, half of it planning).
const UNPLANNED = prepared(`SELECT al.id FROM alarms al
  WHERE al.received_at > now() - make_interval(secs => $1)
    AND NOT EXISTS (SELECT 1 FROM alarm_dispatch d WHERE d.alarm_id = al.id)
  ORDER BY al.id LIMIT $2`);
const CLAIM_DUE = prepared(`WITH taken AS (
   UPDATE alarm_deliveries SET status = 'sending', attempts = attempts + 1, updated_at = now()
    WHERE id IN (SELECT id FROM alarm_deliveries WHERE status IN ('pending', 'retrying') AND next_at <= now()
                  ORDER BY next_at LIMIT $1 FOR UPDATE SKIP LOCKED)
    RETURNING *)
 SELECT ${DELIVERY_COLUMNS} FROM taken d JOIN accounts a ON a.id = d.account_id ORDER BY d.id`);
// Milliseconds by the database's clock, which claims by it too (alarm_deliveries_due_idx).
const NEXT_DUE = prepared(`SELECT extract(epoch FROM min(next_at) - now()) * 1000 AS ms
  FROM alarm_deliveries WHERE status IN ('pending', 'retrying')`);

export const deliveryQueries = {
  /** Recent alarms no process has planned yet (a missed bus message, a restart). */
  unplanned: (q: Queryable, windowSeconds: number, limit: number) => q.query<{ id: number }>(UNPLANNED, [windowSeconds, limit]),

  /** True for the one process that plans this alarm; the key holds others until it commits. */
  claimDispatch: async (q: Queryable, alarmId: number) =>
    (await q.query('INSERT INTO alarm_dispatch (alarm_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING alarm_id', [alarmId])).length === 1,

  alarm: async (q: Queryable, alarmId: number) =>
    (
      await q.query<PlanAlarmRow>(
        `SELECT al.id, al.terminal_id, t.identifier, al.account_id, a.path AS account_path, al.vehicle_id, v.plate, v.name AS vehicle_name,
              al.type, al.alarm_time, al.received_at, al.lat, al.lon, al.speed, al.late
         FROM alarms al JOIN terminals t ON t.id = al.terminal_id
         LEFT JOIN accounts a ON a.id = al.account_id LEFT JOIN vehicles v ON v.id = al.vehicle_id
        WHERE al.id = $1`,
        [alarmId],
      )
    )[0],

  chain: (q: Queryable, accountIds: number[], alarmType: string) =>
    q.query<ChainAccountRow>(
      `SELECT a.id AS account_id, a.name AS account_name, a.path AS account_path, a.enabled AS account_enabled,
              p.enabled AS push_enabled, p.channels, p.quiet_start, p.quiet_end, p.min_interval_minutes,
              c.enabled AS control_enabled, tg.sms_phones, tg.webhook_url, tg.mqtt_url
         FROM accounts a
         LEFT JOIN alarm_push p ON p.account_id = a.id AND p.alarm_type = $2
         LEFT JOIN alarm_controls c ON c.account_id = a.id AND c.alarm_type = $2
         LEFT JOIN alarm_push_targets tg ON tg.account_id = a.id
        WHERE a.id = ANY($1::bigint[])
        ORDER BY a.path`,
      [accountIds, alarmType],
    ),

  /** The rate limit's row for an account, vehicle and type, locked until the deciding transaction ends. */
  lockMark: async (q: Queryable, accountId: number, terminalId: number, alarmType: string) => {
    await q.query(
      `INSERT INTO alarm_push_marks (account_id, terminal_id, alarm_type, last_at) VALUES ($1, $2, $3, to_timestamp(0)) ON CONFLICT DO NOTHING`,
      [accountId, terminalId, alarmType],
    );
    const row = (
      await q.query<{ last_at: Date }>(
        'SELECT last_at FROM alarm_push_marks WHERE account_id = $1 AND terminal_id = $2 AND alarm_type = $3 FOR UPDATE',
        [accountId, terminalId, alarmType],
      )
    )[0];
    return row && row.last_at.getTime() > 0 ? row.last_at : null;
  },

  setMark: (q: Queryable, accountId: number, terminalId: number, alarmType: string, at: Date) =>
    q.query('UPDATE alarm_push_marks SET last_at = $4 WHERE account_id = $1 AND terminal_id = $2 AND alarm_type = $3', [
      accountId,
      terminalId,
      alarmType,
      at,
    ]),

  insert: async (q: Queryable, rows: NewDelivery[]) => {
    if (rows.length === 0) return;
    const values: unknown[] = [];
    const tuples = rows.map((r, i) => {
      values.push(r.alarmId, r.accountId, r.channel, r.target, r.status, r.reason, JSON.stringify(r.payload));
      const p = i * 7;
      return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7}::jsonb,
               CASE WHEN $${p + 5} = 'pending' THEN now() END, CASE WHEN $${p + 5} = 'sent' THEN now() END)`;
    });
    await q.query(
      `INSERT INTO alarm_deliveries (alarm_id, account_id, channel, target, status, last_error, payload, next_at, sent_at)
       VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`,
      values,
    );
  },

  /** Takes due deliveries; SKIP LOCKED lets several workers share the queue, 'sending' keeps them taken. */
  claimDue: (q: Queryable, limit: number) => q.query<DeliveryRow>(CLAIM_DUE, [limit]),

  /** How long until the soonest waiting delivery falls due (≤ 0: due now), null when none waits. */
  nextDueInMs: async (q: Queryable) => {
    const ms = (await q.query<{ ms: number | string | null }>(NEXT_DUE))[0]?.ms;
    return ms === null || ms === undefined ? null : Number(ms);
  },

  finish: (
    q: Queryable,
    d: {
      id: number;
      attempt: number;
      status: 'sent' | 'retrying' | 'failed';
      nextAt: Date | null;
      target: string;
      httpStatus: number | null;
      error: string;
      durationMs: number;
    },
  ) =>
    q.query(
      `WITH upd AS (
         UPDATE alarm_deliveries SET status = $3, next_at = $4, target = $5, http_status = $6, last_error = $7, updated_at = now(),
                sent_at = CASE WHEN $3 = 'sent' THEN now() ELSE sent_at END
          WHERE id = $1 RETURNING id)
       INSERT INTO alarm_delivery_attempts (delivery_id, attempt, ok, http_status, error, duration_ms)
       SELECT id, $2, $3 = 'sent', $6, $7, $8 FROM upd ON CONFLICT DO NOTHING`,
      [d.id, d.attempt, d.status, d.nextAt, d.target, d.httpStatus, d.error, d.durationMs],
    ),

  /** Deliveries left 'sending' by a process that stopped: the attempt is recorded as cut off and retried. */
  requeueStale: (q: Queryable, minutes: number, error: string) =>
    q.query(
      `WITH stale AS (
         UPDATE alarm_deliveries SET status = 'retrying', next_at = now(), last_error = $2, updated_at = now()
          WHERE status = 'sending' AND updated_at < now() - make_interval(mins => $1) RETURNING id, attempts)
       INSERT INTO alarm_delivery_attempts (delivery_id, attempt, ok, error) SELECT id, attempts, false, $2 FROM stale ON CONFLICT DO NOTHING`,
      [minutes, error],
    ),

  /** An alarm's deliveries made by the settings of accounts the caller sees (parent accounts' destinations stay private). */
  ofAlarm: (q: Queryable, alarmId: number, accountScope: string) =>
    q.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM alarm_deliveries d JOIN accounts a ON a.id = d.account_id
        WHERE d.alarm_id = $1 AND ${accountInScope('a.path', 2)} ORDER BY d.account_id, d.channel, d.id`,
      [alarmId, accountScope],
    ),

  attemptsOf: (q: Queryable, deliveryIds: number[]) =>
    q.query<AttemptRow>(
      'SELECT delivery_id, attempt, at, ok, http_status, error, duration_ms FROM alarm_delivery_attempts WHERE delivery_id = ANY($1::bigint[]) ORDER BY delivery_id, attempt',
      [deliveryIds],
    ),

  /** The account's deliveries that failed or wait to be retried, newest first. */
  troubles: async (q: Queryable, accountId: number, limit: number, offset: number) => {
    const where = `d.account_id = $1 AND d.status IN ('failed', 'retrying')`;
    return queryPage<DeliveryRow>(
      q,
      {
        select: `SELECT ${DELIVERY_COLUMNS} FROM alarm_deliveries d JOIN accounts a ON a.id = d.account_id WHERE ${where}`,
        countFrom: `FROM alarm_deliveries d WHERE ${where}`,
        orderBy: 'd.updated_at DESC, d.id DESC',
        params: [accountId],
      },
      { limit, offset },
    );
  },

  /** Browser notifications for an account after `afterId`, of alarms the caller may see. */
  browserNotices: (q: Queryable, accountId: number, afterId: number, scope: string, limit: number) =>
    q.query<AlarmRow & { delivery_id: number }>(
      `SELECT d.id AS delivery_id, al.id, t.identifier, al.vehicle_id, v.plate, v.name AS vehicle_name, al.type, al.alarm_time, al.received_at,
              al.lat, al.lon, al.speed, al.handled, NULL::text AS handled_by_name, al.handled_at, al.handle_note
         FROM alarm_deliveries d JOIN alarms al ON al.id = d.alarm_id JOIN terminals t ON t.id = al.terminal_id
         LEFT JOIN accounts a ON a.id = al.account_id LEFT JOIN vehicles v ON v.id = al.vehicle_id
        WHERE d.account_id = $1 AND d.channel = 'web' AND d.status = 'sent' AND d.id > $2 AND ${terminalInScope('a.path', 3)}
        ORDER BY d.id DESC LIMIT $4`,
      [accountId, afterId, scope, limit],
    ),

  lastBrowserNotice: async (q: Queryable, accountId: number) =>
    (
      await q.query<{ id: number | null }>(
        `SELECT max(id) AS id FROM alarm_deliveries WHERE account_id = $1 AND channel = 'web' AND status = 'sent'`,
        [accountId],
      )
    )[0]?.id ?? 0,

  /** One of the account's deliveries by id (the push settings page acts on its own account's only). */
  ofAccount: async (q: Queryable, id: number, accountId: number) =>
    (
      await q.query<DeliveryRow>(
        `SELECT ${DELIVERY_COLUMNS} FROM alarm_deliveries d JOIN accounts a ON a.id = d.account_id WHERE d.id = $1 AND d.account_id = $2`,
        [id, accountId],
      )
    )[0],

  /** A given-up delivery gets one more attempt now. */
  retryNow: async (q: Queryable, id: number, accountId: number) =>
    (
      await q.query(
        `UPDATE alarm_deliveries SET status = 'retrying', next_at = now(), updated_at = now() WHERE id = $1 AND account_id = $2 AND status = 'failed' RETURNING id`,
        [id, accountId],
      )
    ).length === 1,

  accountName: async (q: Queryable, accountId: number) =>
    (await q.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1', [accountId]))[0]?.name ?? '',

  /** Takes or renews a named lease for `seconds`; true while this holder has it. */
  holdLease: async (q: Queryable, name: string, holder: string, seconds: number) =>
    (
      await q.query(
        `INSERT INTO job_leases (name, holder, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE job_leases.holder = EXCLUDED.holder OR job_leases.expires_at < now()
       RETURNING name`,
        [name, holder, seconds],
      )
    ).length === 1,

  releaseLease: (q: Queryable, name: string, holder: string) =>
    q.query('DELETE FROM job_leases WHERE name = $1 AND holder = $2', [name, holder]),
};
