/**
 * What one reply write costs the gateway (issue 33): `npm run bench -- reply-write [--connections=5000]
 * [--rounds=200] [--runs=4]`. This process holds `connections` accepted sockets whose peers (a child
 * process, reading everything) sit on loopback; every 10 ms it writes a 20-byte 0x8001 to a tenth of
 * them, as a flush's replies go out — through `socket.write` (the Writable stream) or through
 * `writeOut` (gateway/socketWrites.ts, straight to the handle), alternated `runs` times. Prints the
 * user and kernel CPU per write of this process (the kernel part includes the peer's receive path,
 * which loopback runs in the writer). JSON on stdout.
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import { writeOut } from '../apps/server/src/gateway/socketWrites.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const CONNECTIONS = Number(args.get('connections') ?? 5000);
const ROUNDS = Number(args.get('rounds') ?? 200);
const RUNS = Number(args.get('runs') ?? 4);
const REPLY = Buffer.from('7e8001000501234567890100010002000200007e', 'hex');

if (process.env.REPLY_WRITE_PEER) {
  // The peers: connect, read and drop everything.
  const port = Number(process.env.REPLY_WRITE_PEER);
  for (let i = 0; i < CONNECTIONS; i++) {
    const s = net.connect({ port, host: '127.0.0.1', noDelay: true });
    s.on('data', () => {});
    s.on('error', () => {});
    await new Promise((r) => s.once('connect', r));
  }
  process.send!('ready');
} else {
  const sockets: net.Socket[] = [];
  const server = net.createServer({ noDelay: true }, (s) => {
    s.on('error', () => {});
    sockets.push(s);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const peer = fork(import.meta.filename, process.argv.slice(2), {
    env: { ...process.env, REPLY_WRITE_PEER: String((server.address() as net.AddressInfo).port) },
    execArgv: ['--import', 'tsx'],
  });
  await new Promise((r) => peer.once('message', r));
  while (sockets.length < CONNECTIONS) await new Promise((r) => setTimeout(r, 10));

  const measure = (how: 'stream' | 'writeOut') =>
    new Promise<{ user: number; kernel: number }>((resolve) => {
      const started = process.cpuUsage();
      let round = 0;
      const timer = setInterval(() => {
        for (let i = round % 10; i < sockets.length; i += 10) {
          if (how === 'stream') sockets[i].write(REPLY);
          else writeOut(sockets[i], REPLY);
        }
        if (++round < ROUNDS) return;
        clearInterval(timer);
        // The stream's callbacks run on the next tick: counted too.
        setImmediate(() => {
          const used = process.cpuUsage(started);
          const writes = ROUNDS * Math.ceil(sockets.length / 10);
          resolve({ user: Math.round((used.user / writes) * 100) / 100, kernel: Math.round((used.system / writes) * 100) / 100 });
        });
      }, 10);
    });
  const runs: Record<'stream' | 'writeOut', Array<{ user: number; kernel: number }>> = { stream: [], writeOut: [] };
  for (let run = 0; run < RUNS; run++) for (const how of ['stream', 'writeOut'] as const) runs[how].push(await measure(how));
  console.log(JSON.stringify({ bench: 'reply-write', connections: CONNECTIONS, rounds: ROUNDS, usPerWrite: runs }, null, 2));
  peer.kill();
  for (const s of sockets) s.destroy();
  server.close();
}
