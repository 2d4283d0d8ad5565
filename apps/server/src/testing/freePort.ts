import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

/** Ports handed out lately, one file each, shared by every test process on the machine. */
const CLAIMS = path.join(os.tmpdir(), 'chelian-port-claims');
/** Long enough for a server to bind what it was given; by then `listens` sees the port taken. */
const CLAIM_MS = 5 * 60_000;

/**
 * Claims a port for this process: parallel test files (and the browser suite's servers) pick at
 * random and release the port before their server binds it, so two could draw the same one.
 */
function claim(port: number): boolean {
  fs.mkdirSync(CLAIMS, { recursive: true });
  const file = path.join(CLAIMS, String(port));
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    try {
      if (Date.now() - fs.statSync(file).mtimeMs < CLAIM_MS) return false;
      fs.rmSync(file, { force: true });
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * A TCP port free on the loopback right now (tests, e2e and benchmarks start servers on it),
 * picked at random below the ephemeral range: a port the kernel hands out for listen(0) can be
 * taken by any outgoing connection (to PostgreSQL, Redis, NATS…) before the server binds it, which
 * made a test server fail to start now and then on a busy machine. No other test process on this
 * machine is given the same port within five minutes.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (claim(port) && (await listens(port))) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}
