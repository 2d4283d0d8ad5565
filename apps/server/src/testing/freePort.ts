import fs from 'node:fs';
import net from 'node:net';

/** The kernel's ephemeral range (outgoing connections take their local ports from it). */
function ephemeralStart(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    return 32_768;
  }
}
const LOW = 20_000;
const HIGH = Math.max(LOW + 1000, ephemeralStart());

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port free on the loopback right now (tests, e2e and benchmarks start servers on it),
 * picked at random below the ephemeral range: a port the kernel hands out for listen(0) can be
 * taken by any outgoing connection (to PostgreSQL, Redis, NATS…) before the server binds it, which
 * made a test server fail to start now and then on a busy machine.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await listens(port)) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}
