import type { Queryable } from '../../db/types.ts';

export const captchaQueries = {
  /** A redrawn captcha under the same key replaces the old answer. */
  upsert: (q: Queryable, key: string, answer: string, ttlSeconds: number) =>
    q.query(
      `INSERT INTO captchas (code_key, answer, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (code_key) DO UPDATE SET answer = EXCLUDED.answer, expires_at = EXCLUDED.expires_at`,
      [key, answer, ttlSeconds],
    ),
  /** Single use: the row is deleted whether or not the answer matches. */
  take: async (q: Queryable, key: string) =>
    (
      await q.query<{ answer: string; live: boolean }>(
        'DELETE FROM captchas WHERE code_key = $1 RETURNING answer, expires_at > now() AS live',
        [key],
      )
    )[0],
  answer: async (q: Queryable, key: string) =>
    (await q.query<{ answer: string }>('SELECT answer FROM captchas WHERE code_key = $1', [key]))[0]?.answer,
};
