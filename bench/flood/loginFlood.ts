/**
 * The flood bench's attacker: `concurrency` loops, each posting logins back to back to the API,
 * every one claiming another client address (X-Forwarded-For) and naming a user with a wrong but
 * properly encrypted password, as the outside probe did. Counts answers by HTTP status.
 */
import { randomInt } from 'node:crypto';
import http from 'node:http';
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

/**
 * Runs until `until` resolves; the loops' answers are counted as they come. node:http with a
 * keep-alive agent, not fetch: on this 2-core machine the attacker shares the cores with the
 * server it attacks, and fetch's own cost per request (~3× this) would be measured as the server's.
 */
export async function floodLogins(base: string, concurrency: number, until: Promise<void>): Promise<FloodCounts> {
  const publicKey = await publicKeyOf(base);
  // A few bodies made up front: the attacker's CPU is not the server's.
  const bodies = Array.from({ length: 100 }, (_, i) =>
    Buffer.from(
      new URLSearchParams({
        username: i % 2 ? 'admin' : `user${randomInt(1e6)}`,
        password: encryptForLogin(publicKey, `Wrong-pass-${i % 50}`),
      }).toString(),
    ),
  );
  const url = new URL('/oauth/v4/token', base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const counts: FloodCounts = { sent: 0, byStatus: {}, failed: 0 };
  let stop = false;
  void until.then(() => (stop = true));
  const attempt = (body: Buffer) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          timeout: 60_000,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': body.length,
            'x-forwarded-for': `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
          },
        },
        (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode ?? 0));
          res.once('error', reject);
        },
      );
      req.once('timeout', () => req.destroy(new Error('timeout')));
      req.once('error', reject);
      req.end(body);
    });
  const loop = async () => {
    while (!stop) {
      counts.sent++;
      try {
        const status = await attempt(bodies[randomInt(bodies.length)]);
        counts.byStatus[status] = (counts.byStatus[status] ?? 0) + 1;
      } catch {
        counts.failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  agent.destroy();
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
  // the attacker's own CPU: on this machine it competes with the server it attacks
  const cpu = process.cpuUsage();
  console.log(JSON.stringify({ ...counts, attackerCpuMs: Math.round((cpu.user + cpu.system) / 1000) }));
}
