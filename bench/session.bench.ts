/**
 * The gateway's own work per JT/T 808 location, without its socket calls or the database's:
 * `node --import tsx bench/session.bench.ts [--runtime=built|tsx] [--rounds=150] [--repeats=3]`.
 *
 * 2 000 real `TerminalSession`s take 0x0200 frames, four per chunk as a terminal with a backlog
 * sends them, through sockets that only count what is written; the real `IngestBatcher` batches
 * and encodes the rows and writes them to a database that answers at once; replies go out as after
 * a real flush. So this is decoding, rows, batching, COPY encoding and replies — the JavaScript
 * the end-to-end ingest bench's gateway runs, where the kernel and PostgreSQL come on top.
 * `--runtime=built` (default) bundles this file with esbuild first and runs it with plain node,
 * as production runs the server; `tsx` runs it under the TypeScript loader. Prints JSON: CPU
 * µs per message (user + system of this process, its GC threads included) per repeat.
 */
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { build } from 'esbuild';
import { codecs, encodeJt808Location } from '../packages/protocols/src/index.ts';
import type { CopyQueryable, Db } from '../apps/server/src/db/types.ts';
import { IngestBatcher } from '../apps/server/src/gateway/ingestBatcher.ts';
import { TerminalSession, type SessionDeps } from '../apps/server/src/gateway/session.ts';
import { ConnectionDeadlines } from '../apps/server/src/gateway/frameDeadline.ts';
import { newGatewayStats } from '../apps/server/src/gateway/gatewayStats.ts';
import { createLogger } from '../apps/server/src/log.ts';
import { phoneOf } from './support/benchTerminal.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const RUNTIME = args.get('runtime') ?? 'built';
const ROUNDS = Number(args.get('rounds') ?? 150);
const REPEATS = Number(args.get('repeats') ?? 3);
const TERMINALS = 2000;
const PER_CHUNK = 4;
const repo = path.resolve(import.meta.dirname, '..');

if (RUNTIME === 'built' && !process.env.CHELIAN_BENCH_BUNDLED) {
  const outfile = path.join(repo, '.tmp/session.bench.mjs');
  // npm packages stay external; the workspace's own code is compiled in, as scripts/build-server.mjs does.
  await build({
    entryPoints: [import.meta.filename],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external',
        setup: (b) =>
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@chelian/') ? undefined : { path: a.path, external: true })),
      },
    ],
    banner: { js: `import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);` },
  });
  const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, CHELIAN_BENCH_BUNDLED: '1' },
  });
  process.exit(run.status ?? 1);
}

/** A socket that takes what the session writes and counts it. */
class CountingSocket extends EventEmitter {
  writable = true;
  writes = 0;
  setNoDelay() {}
  setTimeout() {}
  pause() {}
  resume() {}
  isPaused() {
    return false;
  }
  destroy() {}
  write(_bytes: Buffer) {
    this.writes++;
    return true;
  }
}

/** A database that stores nothing and answers at once. */
const answering: CopyQueryable = { query: async () => [], copyRows: async () => {} } as unknown as CopyQueryable;
const db = {
  ...answering,
  engine: 'postgres',
  one: async () => undefined,
  tx: (fn) => fn(answering),
  cursor: async function* () {},
  close: async () => {},
} as Db;

const log = createLogger('silent');
const stats = newGatewayStats();
const batcher = new IngestBatcher(db, log);
const deps = {
  db,
  bus: { publish() {} },
  log,
  batcher,
  presence: { touch() {} },
  commands: {},
  terminals: {},
  sessions: new Map(),
  stats,
  deadlines: new ConnectionDeadlines({ idleMs: 1e9, frameDeadlineMs: 1e9 }, stats, log), // never swept: the bench times the frame path
} as unknown as SessionDeps;

const sockets: CountingSocket[] = [];
const chunks: Buffer[][] = [];
const base = Date.now() - 3600_000;
for (let i = 0; i < TERMINALS; i++) {
  const socket = new CountingSocket();
  const session = new TerminalSession(socket as never, codecs.jt808, deps);
  const phone = phoneOf(i);
  // As after its login: the terminal is known and the connection goes by its identifier.
  session.terminal = {
    pk: i + 1,
    identifier: phone,
    key: phone.replace(/^0+/, ''),
    accountId: 1,
    accountPath: '/1/',
    enabled: true,
    serviceExpiresAt: null,
    vehicleId: null,
    plate: null,
    vehicleName: null,
    lastAlarms: [],
    latestAt: null,
    handedOverAt: null,
    authCode: null,
  };
  session.wireId = phone;
  sockets.push(socket);
  chunks.push(
    Array.from({ length: 8 }, (_, c) =>
      Buffer.concat(
        Array.from({ length: PER_CHUNK }, (_, j) => {
          const k = c * PER_CHUNK + j;
          return encodeJt808Location({ phone }, k + 1, {
            time: base + k * 1000,
            lat: 31.2 + i / 1e4,
            lon: 121.4,
            valid: true,
            speedKmh: 40 + (k % 30),
            course: k % 360,
            altitude: 12,
            acc: true,
          });
        }),
      ),
    ),
  );
}

const turn = () => new Promise((r) => setImmediate(r));
let messages = 0;
async function run(rounds: number) {
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < TERMINALS; i++) {
      sockets[i].emit('data', chunks[i][r % 8]);
      messages += PER_CHUNK;
    }
    await turn(); // flushes commit and replies go out, as between reads
  }
  await new Promise((r) => setTimeout(r, 100)); // the last rows wait out the batcher's 50 ms
}

await run(30); // warm-up: JIT and the first collections
const repeats: number[] = [];
for (let k = 0; k < REPEATS; k++) {
  messages = 0;
  const cpu0 = process.cpuUsage();
  await run(ROUNDS);
  const cpu = process.cpuUsage(cpu0);
  repeats.push(Math.round(((cpu.user + cpu.system) / messages) * 1000) / 1000);
}
console.log(
  JSON.stringify({
    bench: 'session',
    runtime: RUNTIME,
    node: process.version,
    terminals: TERMINALS,
    messagesPerRepeat: messages,
    cpuUsPerMessage: repeats,
    replyWrites: sockets.reduce((n, s) => n + s.writes, 0),
    positionsStored: batcher.stats.rows,
  }),
);
