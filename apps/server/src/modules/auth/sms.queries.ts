import type { Queryable } from '../../db/types.ts';

export const smsQueries = {
  /** Codes sent to the phone in the last `windowSeconds` and in the last day. */
  recentCounts: async (q: Queryable, phone: string, windowSeconds: number) =>
    (
      await q.query<{ last_window: number; today: number }>(
        `SELECT count(*) FILTER (WHERE created_at > now() - make_interval(secs => $2))::int AS last_window,
              count(*) FILTER (WHERE created_at > now() - interval '1 day')::int AS today
         FROM sms_codes WHERE phone = $1`,
        [phone, windowSeconds],
      )
    )[0],

  insertCode: (q: Queryable, c: { phone: string; purpose: string; code: string; ttlMinutes: number }) =>
    q.query(`INSERT INTO sms_codes (phone, purpose, code, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`, [
      c.phone,
      c.purpose,
      c.code,
      c.ttlMinutes,
    ]),

  /** The newest live code of that phone and purpose, locked for the check. */
  newestLiveCodeForUpdate: async (q: Queryable, phone: string, purpose: string) =>
    (
      await q.query<{ id: number; code: string; attempts: number }>(
        `SELECT id, code, attempts FROM sms_codes
        WHERE phone = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
        [phone, purpose],
      )
    )[0],

  countWrongAttempt: (q: Queryable, id: number) => q.query('UPDATE sms_codes SET attempts = attempts + 1 WHERE id = $1', [id]),
  markUsed: (q: Queryable, id: number) => q.query('UPDATE sms_codes SET used_at = now() WHERE id = $1', [id]),

  insertOutbox: (q: Queryable, phone: string, content: string, provider: string) =>
    q.query('INSERT INTO sms_outbox (phone, content, provider) VALUES ($1, $2, $3)', [phone, content, provider]),
};
