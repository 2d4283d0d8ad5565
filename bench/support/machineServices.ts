/**
 * Restarts of this machine's own PostgreSQL and NATS, for the long fault forms of
 * bench/cluster-load.bench.ts (`--restart-postgres-at`, `--restart-nats-at`). They stop the
 * servers every other user of the machine shares: run them on a machine of your own, with nothing
 * else under way. Each resolves once the server accepts connections again; the tests never use
 * them (they cut a TCP proxy of their own instead, apps/server/src/testing/tcpProxy.ts).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { connects } from '../../apps/server/src/testing/serverProcess.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function untilAccepting(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await connects(port))) {
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** `pg_ctlcluster <version> main restart` (fast mode: sessions are ended, as an operator's restart does). */
export async function restartPostgres(port = 5432): Promise<void> {
  const version = fs.readdirSync('/etc/postgresql').sort().pop();
  if (!version) throw new Error('no PostgreSQL cluster under /etc/postgresql');
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart', '-m', 'fast'], { stdio: 'ignore' });
  await untilAccepting(port, 60_000);
}

/** SIGTERM to the running nats-server, then the same command line again (its JetStream store stays). */
export async function restartNats(port = 4222): Promise<void> {
  const pid = fs
    .readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .find((e) => {
      try {
        return fs.readFileSync(`/proc/${e}/comm`, 'utf8').trim() === 'nats-server';
      } catch {
        return false;
      }
    });
  if (!pid) throw new Error('no nats-server running');
  const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  process.kill(Number(pid), 'SIGTERM');
  while (fs.existsSync(`/proc/${pid}`)) await sleep(20);
  spawn(argv[0], argv.slice(1), { detached: true, stdio: 'ignore' }).unref();
  await untilAccepting(port, 30_000);
}
