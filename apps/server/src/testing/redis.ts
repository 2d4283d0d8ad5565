import net from 'node:net';

/** The Redis the tests share: REDIS_URL, else the machine's own on 6379. */
export const TEST_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** '' when a Redis answers at TEST_REDIS_URL; otherwise why a Redis suite is skipped (printed). */
export async function redisSkipReason(suite: string): Promise<string> {
  const u = new URL(TEST_REDIS_URL);
  const up = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    socket.setTimeout(2000);
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
  const reason = up ? '' : `no Redis answers at ${TEST_REDIS_URL}`;
  if (reason) console.warn(`Redis suite skipped: ${reason} (${suite})`);
  return reason;
}
