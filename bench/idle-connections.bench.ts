/**
 * Idle connections: `node --import tsx bench/idle-connections.bench.ts [--connections=30000]
 * [--step=5000] [--hold-seconds=10] [--max-seconds=240]`.
 *
 * The gateway (apps/server/src/testing/gatewayProcess.ts) runs in a child process on PostgreSQL
 * (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, in a fresh schema dropped
 * afterwards). This process opens `connections` JT/T 808 connections to it from 127.0.0.2,
 * 127.0.0.3, … (20 000 per source address: one address has ~28 000 ephemeral ports), each one
 * registered (0x0100 → 0x8100) and authenticated (0x0102 → 0x8001), then silent. The child's RSS
 * (/proc/<pid>/status VmRSS) is read with no connection, after every `step` connections and after
 * holding them all `hold-seconds`; bytes per connection = RSS growth / connections (and the slope
 * over the last half, which leaves out one-time growth). Prints JSON.
 *
 * Both processes need one descriptor per connection: when `ulimit -n` is too low the bench
 * re-runs itself under `bash -c 'ulimit -n <connections + 4096> && exec node …'` (raising the
 * soft limit above the hard one needs root, or set it before running).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { codecs, decodeJt808, encodeJt808Auth, encodeJt808Register } from '../packages/protocols/src/index.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { identifierKey } from '../apps/server/src/modules/terminals/identifiers.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const REQUESTED = Number(args.get('connections') ?? 30_000);
const STEP = Number(args.get('step') ?? 5000);
const HOLD_SECONDS = Number(args.get('hold-seconds') ?? 10);
const MAX_SECONDS = Number(args.get('max-seconds') ?? 240);
const PER_SOURCE = 20_000;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const repo = path.resolve(import.meta.dirname, '..');
const log = (...a: unknown[]) => console.error(new Date().toISOString().slice(11, 19), ...a);

// Descriptors: one per connection here and one in the gateway, plus headroom. Neither process
// can go past the hard limit (raising it needs CAP_SYS_RESOURCE): the count is capped there.
const HEADROOM = 300;
const hardLimit = Number(execFileSync('bash', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim()) || Infinity;
const N = Math.min(REQUESTED, hardLimit - HEADROOM);
if (N < REQUESTED) log(`hard limit on open files is ${hardLimit}: capping at ${N} connections (one process per side)`);
const needFds = N + HEADROOM;
function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}
const MB = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
const phoneOf = (i: number) => `0138${String(i).padStart(8, '0')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Connects, registers and authenticates one terminal; resolves with its (now silent) socket. */
function openTerminal(port: number, i: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const target = { phone: phoneOf(i) };
    const framer = codecs.jt808.createFramer();
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: `127.0.0.${2 + Math.floor(i / PER_SOURCE)}` });
    const timer = setTimeout(() => (socket.destroy(), reject(new Error(`terminal ${i}: handshake timed out`))), 60_000);
    socket.once('error', (err) => (clearTimeout(timer), reject(err)));
    socket.once('connect', () => {
      socket.write(encodeJt808Register(target, 1, { province: 31, city: 100, maker: 'CHLN', model: 'CL-808S', deviceId: String(i % 1e7).padStart(7, '0'), plateColor: 0, plate: '' }));
    });
    const onData = (chunk: Buffer) => {
      for (const frame of framer.push(chunk).frames) {
        const r = decodeJt808(frame);
        if (!r.ok) continue;
        for (const m of r.value.messages) {
          const authCode = (m.detail as { authCode?: string } | undefined)?.authCode;
          if (m.messageType === '0x8100' && authCode) socket.write(encodeJt808Auth(target, 2, { authCode, imei: '', softwareVersion: '1.0' }));
          else if (m.messageType === '0x8001' && m.commandReply?.answered === '0x0102') {
            clearTimeout(timer);
            socket.off('data', onData);
            socket.removeAllListeners('error');
            socket.on('error', () => {});
            socket.on('data', () => {}); // a command now and then is read and dropped
            resolve(socket);
          }
        }
      }
    };
    socket.on('data', onData);
  });
}

async function main() {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = openPostgres({ connectionString: DATABASE_URL, max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = openPostgres({ connectionString: DATABASE_URL, schema, max: 1 });
  let child: ChildProcess | undefined;
  const sockets: net.Socket[] = [];
  try {
    await migrate(db);
    // Registered up front, as an operator would: the gateway finds each terminal on first contact.
    const phones = Array.from({ length: N }, (_, i) => phoneOf(i));
    await db.query(
      'INSERT INTO terminals (identifier, identifier_key, protocol) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT (identifier_key) DO NOTHING',
      [phones, phones.map(identifierKey), phones.map(() => 'jt808')],
    );
    child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'apps/server/src/testing/gatewayProcess.ts')], {
      cwd: repo, env: { ...process.env, DATABASE_URL, PG_SCHEMA: schema }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      let buf = '';
      child!.stdout!.on('data', (d) => {
        const m = /\{"port":(\d+)\}/.exec((buf += d));
        if (m) resolve(Number(m[1]));
      });
      child!.once('exit', (code) => reject(new Error(`gateway exited ${code}`)));
    });
    const pid = child.pid!;
    await sleep(3000);
    const baseline = rssBytes(pid);
    log('gateway', { pid, port, rssMB: MB(baseline) });

    const samples: Array<{ connections: number; rssMB: number; seconds: number }> = [{ connections: 0, rssMB: MB(baseline), seconds: 0 }];
    const t0 = performance.now();
    let failed = 0;
    let next = 0;
    let lastError = '';
    const deadline = t0 + MAX_SECONDS * 1000;
    while (next < N && performance.now() < deadline) {
      const upTo = Math.min(N, next + STEP);
      await Promise.all(Array.from({ length: 256 }, async () => {
        while (next < upTo && performance.now() < deadline) {
          const i = next++;
          try {
            sockets.push(await openTerminal(port, i));
          } catch (err) {
            failed++;
            lastError = String(err);
          }
        }
      }));
      await sleep(1000);
      samples.push({ connections: sockets.length, rssMB: MB(rssBytes(pid)), seconds: Math.round((performance.now() - t0) / 100) / 10 });
      log(samples.at(-1), { failed });
    }
    const openSeconds = (performance.now() - t0) / 1000;
    await sleep(HOLD_SECONDS * 1000);
    const held = rssBytes(pid);
    const alive = sockets.filter((s) => !s.destroyed).length;
    const online = Number((await db.one<{ n: string }>('SELECT count(*) AS n FROM terminals WHERE online'))!.n);
    const n = sockets.length;
    const mid = samples.reduce((best, s) => (Math.abs(s.connections - n / 2) < Math.abs(best.connections - n / 2) ? s : best), samples[0]);
    const perConn = (held - baseline) / n;
    const slope = ((held - mid.rssMB * 2 ** 20) / (n - mid.connections));
    const extrapolated100k = baseline + Math.max(perConn, slope) * 100_000;
    console.log(JSON.stringify({
      bench: 'idle-connections', node: process.version, cpus: os.cpus().length, loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100),
      protocol: 'jt808 (registered + authenticated, then silent)', fdLimit: Number(execFileSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()),
      requested: REQUESTED, target: N, hardFdLimit: hardLimit, opened: n, failed, lastError: lastError || undefined, aliveAfterHold: alive, onlineInDb: online,
      openSeconds: Math.round(openSeconds * 10) / 10, handshakesPerSecond: Math.round(n / openSeconds), holdSeconds: HOLD_SECONDS,
      serverRssMB: { baseline: MB(baseline), afterHold: MB(held) },
      bytesPerConnection: { overall: Math.round(perConn), lastHalfSlope: Math.round(slope) },
      extrapolatedTo100000: { serverRssMB: MB(extrapolated100k), note: 'extrapolation: baseline + 100 000 × the larger of the two per-connection figures; not measured' },
      clientRssMB: MB(process.memoryUsage().rss),
      samples,
    }, null, 2));
  } finally {
    for (const s of sockets) s.destroy();
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await db.close();
    await admin.exec(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
    await admin.close();
  }
}

const fdLimit = Number(execFileSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
if (fdLimit < needFds) {
  if (process.env.CHELIAN_BENCH_REEXEC) throw new Error(`ulimit -n is ${fdLimit}, need ${needFds}`);
  log(`ulimit -n ${fdLimit} < ${needFds}: re-running under bash with ulimit -n ${needFds}`);
  const cmd = [process.execPath, ...process.execArgv, process.argv[1], ...process.argv.slice(2)].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = spawn('bash', ['-c', `ulimit -n ${needFds} && exec ${cmd}`], { stdio: 'inherit', env: { ...process.env, CHELIAN_BENCH_REEXEC: '1' } });
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  await main();
}
