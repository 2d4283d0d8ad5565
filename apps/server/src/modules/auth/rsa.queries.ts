import type { Queryable } from '../../db/types.ts';
import type { LoginKeyPair } from './rsa.ts';

const SETTING_KEY = 'login_rsa_keypair';

export const rsaQueries = {
  keyPair: async (q: Queryable) =>
    (await q.query<{ value: LoginKeyPair }>('SELECT value FROM settings WHERE key = $1', [SETTING_KEY]))[0]?.value,
  /** Keeps the first pair stored: another process may have stored one meanwhile. */
  insertKeyPair: (q: Queryable, pair: LoginKeyPair) =>
    q.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [SETTING_KEY, pair]),
};
