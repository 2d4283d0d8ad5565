import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt is memory-hard: N=2^15, r=8 needs 32 MiB per hash.
const PARAMS = { N: 1 << 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, KEY_LENGTH, { ...opts, maxmem: 128 * opts.N! * opts.r! * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * One scrypt at a time per process: each is ~140 ms of a core (on a libuv thread), and four at
 * once (the thread pool's size) on a 2-core machine left the event loop — and the terminals'
 * replies — a fraction of a core. Queued, a flood of logins takes one core at most.
 */
let hashing: Promise<unknown> = Promise.resolve();
let waiting = 0;
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  waiting++;
  const run = hashing.then(work, work).finally(() => waiting--);
  hashing = run.catch(() => undefined);
  return run;
}

/** Password checks queued or running in this process (logins past a few seconds' worth are refused). */
export const passwordChecksWaiting = () => waiting;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await oneAtATime(() => scrypt(password, salt, PARAMS));
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await oneAtATime(() => scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) }));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: unknown usernames are checked against it so they take as long as known ones. */
export const DECOY_HASH_PROMISE = hashPassword(randomBytes(12).toString('hex'));

/** The strength rule for new passwords: 8–32 characters with letters and digits. */
export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && password.length <= 32 && /[A-Za-z]/.test(password) && /\d/.test(password);
}
