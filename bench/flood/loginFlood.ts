/**
 * The flood bench's attacker: `concurrency` loops, each posting logins back to back to the API,
 * every one claiming another client address (X-Forwarded-For) and naming a user with a wrong but
 * properly encrypted password, as the outside probe did. Counts answers by HTTP status.
 */
import { randomInt } from 'node:crypto';
import { encryptForLogin } from '../../apps/server/src/modules/auth/rsa.ts';

export interface FloodCounts {
  sent: number;
  byStatus: Record<string, number>;
  failed: number;
}

export async function publicKeyOf(base: string): Promise<string> {
  const body = (await (await fetch(`${base}/oauthToken/getConfig`)).json()) as { obj: { publicKey: string } };
  return body.obj.publicKey;
}

/** Runs until `until` resolves; the loops' answers are counted as they come. */
export async function floodLogins(base: string, concurrency: number, until: Promise<void>): Promise<FloodCounts> {
  const publicKey = await publicKeyOf(base);
  // A few ciphertexts made up front: the attacker's CPU is not the server's.
  const passwords = Array.from({ length: 50 }, (_, i) => encryptForLogin(publicKey, `Wrong-pass-${i}`));
  const counts: FloodCounts = { sent: 0, byStatus: {}, failed: 0 };
  let stop = false;
  void until.then(() => (stop = true));
  const loop = async (k: number) => {
    while (!stop) {
      counts.sent++;
      try {
        const res = await fetch(`${base}/oauth/v4/token`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
          },
          body: new URLSearchParams({
            username: k % 2 ? 'admin' : `user${randomInt(1e6)}`,
            password: passwords[randomInt(passwords.length)],
          }),
          signal: AbortSignal.timeout(60_000),
        });
        await res.arrayBuffer();
        counts.byStatus[res.status] = (counts.byStatus[res.status] ?? 0) + 1;
      } catch {
        counts.failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, k) => loop(k)));
  return counts;
}

/**
 * Run as its own process (the flood bench spawns it), so the attacker's event loop is not the one
 * timing the terminals' acknowledgements: FLOOD_BASE, FLOOD_CONCURRENCY, FLOOD_SECONDS in the
 * environment; prints its counts as JSON on stdout.
 */
if (process.argv[1] === import.meta.filename) {
  const seconds = Number(process.env.FLOOD_SECONDS ?? 20);
  const counts = await floodLogins(
    process.env.FLOOD_BASE!,
    Number(process.env.FLOOD_CONCURRENCY ?? 200),
    new Promise((r) => setTimeout(r, seconds * 1000)),
  );
  console.log(JSON.stringify(counts));
}
