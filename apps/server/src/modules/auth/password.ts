import { randomBytes, timingSafeEqual } from 'node:crypto';
import { passwordHasher } from './passwordHasher.ts';

// scrypt is memory-hard: N=2^15, r=8 needs 32 MiB per hash.
const PARAMS = { N: 1 << 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * Hashes run one at a time on a thread of their own at the lowest priority (./passwordHasher.ts):
 * each is ~140 ms of a core, and the terminals' replies come first.
 */
let waiting = 0;
async function scrypt(password: string, salt: Buffer, opts: { N: number; r: number; p: number }): Promise<Buffer> {
  waiting++;
  try {
    return await passwordHasher.scrypt({ password, salt, keyLength: KEY_LENGTH, ...opts });
  } finally {
    waiting--;
  }
}

/** Password checks queued or running in this process (logins past a few seconds' worth are refused). */
export const passwordChecksWaiting = () => waiting;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: unknown usernames are checked against it so they take as long as known ones. */
export const DECOY_HASH_PROMISE = hashPassword(randomBytes(12).toString('hex'));

/** The strength rule for new passwords: 8–32 characters with letters and digits. */
export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && password.length <= 32 && /[A-Za-z]/.test(password) && /\d/.test(password);
}
