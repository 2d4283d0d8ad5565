/**
 * What the gateway's socket path costs with none of the platform's work (issue 33):
 * `npm run bench -- socket-floor [--connections=10000] [--interval=5] [--seconds=30]
 * [--warmup-seconds=10] [--modes=js,native]`.
 *
 * A server (support/socketFloorServer.ts) that reads each connection as the gateway does
 * (socketReads.readInto), pauses its loop as the gateway does (WakeSharing against a 100 ms batch)
 * and answers every message with a 20-byte reply when the batch is due; lean terminals
 * (support/socketFloorClient.ts) send one 64-byte message per connection per interval at its own
 * phase, as `steady`'s do. The server's user and kernel CPU per message is the floor under
 * `steady`'s server figure: what is left after the platform's own work is gone. `native` reads and
 * writes through a small addon (support/socketFloor/batchsock.c, built here with npm's node-gyp
 * into .tmp; skipped when it cannot be built): one entry into JavaScript per wake instead of one per
 * read, one call for a batch's replies — what a native socket layer could save.
 * Prints JSON on stdout, progress on stderr.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadAverage, userSystemMs } from './support/procStats.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const CONNECTIONS = Number(args.get('connections') ?? 10_000);
const INTERVAL = Number(args.get('interval') ?? 5);
const SECONDS = Number(args.get('seconds') ?? 30);
const WARMUP = Number(args.get('warmup-seconds') ?? 10);
const MODES = (args.get('modes') ?? 'js,native').split(',');
const repo = path.resolve(import.meta.dirname, '..');
const log = (...a: unknown[]) => console.error(new Date().toISOString().slice(11, 19), ...a);
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Builds the addon into .tmp with the node-gyp npm ships; null (and why) when it cannot. */
function buildAddon(): string | null {
  const dir = path.join(repo, '.tmp', 'socket-floor-native');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(repo, 'bench/support/socketFloor'), dir, { recursive: true });
  const gyp = path.resolve(path.dirname(process.execPath), '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js');
  const nodedir = path.resolve(path.dirname(process.execPath), '..');
  const built = spawnSync(process.execPath, [gyp, 'rebuild', `--nodedir=${nodedir}`], { cwd: dir, encoding: 'utf8' });
  const addon = path.join(dir, 'build/Release/batchsock.node');
  if (built.status === 0 && fs.existsSync(addon)) return addon;
  log(`native: not built (${(built.stderr || built.error?.message || '').trim().split('\n').slice(-3).join(' ')}); skipped`);
  return null;
}

/** The next message a child sends. */
const nextMessage = <T>(child: ChildProcess) => new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
const ask = <T>(child: ChildProcess) => {
  const answer = nextMessage<T>(child);
  child.send('report');
  return answer;
};

async function measure(mode: string, addon: string | null) {
  const script = (name: string) => path.join(repo, 'bench/support', name);
  const server = fork(script('socketFloorServer.ts'), [mode, addon ?? ''], { execArgv: ['--import', 'tsx'] });
  const { port } = await nextMessage<{ port: number }>(server);
  const client = fork(script('socketFloorClient.ts'), [String(port), String(CONNECTIONS), String(INTERVAL)], {
    execArgv: ['--import', 'tsx'],
  });
  await nextMessage<{ connected: number }>(client);
  log(`${mode}: ${CONNECTIONS} connected; ${WARMUP} s warm-up`);
  await sleep(WARMUP * 1000);
  const before = { cpu: userSystemMs(server.pid!), server: await ask<{ messages: number }>(server) };
  await sleep(SECONDS * 1000);
  const after = { cpu: userSystemMs(server.pid!), server: await ask<{ messages: number }>(server) };
  const counts = await ask<{ sent: number; replies: number }>(client);
  client.kill();
  server.kill();
  const messages = after.server.messages - before.server.messages;
  const [user, kernel] = after.cpu.map((ms, i) => ((ms - before.cpu[i]!) * 1000) / messages) as [number, number];
  log(
    `${mode}: ${messages} messages in ${SECONDS} s; server µs a message user ${round(user)} + kernel ${round(kernel)} = ${round(user + kernel)}`,
  );
  return {
    mode,
    messages,
    perSecond: Math.round(messages / SECONDS),
    serverUs: { user: round(user), kernel: round(kernel), total: round(user + kernel) },
    sent: counts.sent,
    replies: counts.replies,
  };
}

const addon = MODES.includes('native') ? buildAddon() : null;
const runs = [];
for (const mode of MODES) if (mode !== 'native' || addon) runs.push(await measure(mode, addon));
console.log(
  JSON.stringify(
    {
      bench: 'socket-floor',
      node: process.version,
      connections: CONNECTIONS,
      intervalSeconds: INTERVAL,
      seconds: SECONDS,
      runs,
      loadAverageAtEnd: loadAverage(),
    },
    null,
    2,
  ),
);
