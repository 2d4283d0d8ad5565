/**
 * The socket half of the campaign: a real gateway process (`main.ts --role gateway`, its own
 * PGlite or a schema of DATABASE_URL) takes mutated frames and random bytes on every terminal
 * port it listens on, over many short connections (the gateway drops a connection after 20 bad
 * frames, so they churn), while a well-behaved JT/T 808 terminal reports once a second and must
 * be answered. Reports inputs written, whether the process survived, the canary's slowest answer
 * and the process's memory before and after.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { encodeJt808Location } from '../../packages/protocols/src/index.ts';
import { prepareServer, spawnServer, waitReady } from '../../apps/server/src/testing/serverProcess.ts';
import { fetchMetrics } from '../../apps/server/src/testing/metricsText.ts';
import { TestTerminal } from '../../apps/server/src/testing/testTerminal.ts';
import { rssBytes } from '../support/procStats.ts';
import { codecOf } from './corpus.ts';
import { nextInput, Rng } from './mutator.ts';

export interface GatewayFindings {
  protocols: string[];
  inputsPerProtocol: Record<string, number>;
  /** What the gateway's /metrics counted: frames decoded and frames rejected (bad frames, junk), per protocol. */
  framesSeen: Record<string, { decoded: number; rejected: number }>;
  connections: number;
  processAlive: boolean;
  canaryAnswers: number;
  canaryMissed: number;
  canarySlowestMs: number;
  rssStartMb: number;
  rssEndMb: number;
  seconds: number;
}

// The gateway drops a connection after 20 bad frames in a row: a real frame after every
// GOOD_EVERY inputs keeps it open, so every input written is read and decoded (/metrics counts
// the frames it took). A connection closed for other abuse (an endless frame) is opened again.
const GOOD_EVERY = 10;
const PARALLEL = 8;

/** Frames the gateway decoded and rejected, per protocol, from its /metrics. */
async function framesSeen(httpPort: number): Promise<Record<string, { decoded: number; rejected: number }>> {
  const text = await fetchMetrics(httpPort); // prepareServer gave it the test token
  const seen: Record<string, { decoded: number; rejected: number }> = {};
  for (const m of text.matchAll(/^chelian_frames_(decoded|rejected)_total\{[^}]*protocol="(\w+)"[^}]*\} (\d+)/gm)) {
    const entry = (seen[m[2]] ??= { decoded: 0, rejected: 0 });
    entry[m[1] as 'decoded' | 'rejected'] += Number(m[3]);
  }
  return seen;
}

/** One connection that takes inputs until the server closes it; `write` waits while the socket is full. */
function connection(port: number) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  let open = true;
  const closed = new Promise<void>((resolve) => socket.once('close', () => ((open = false), resolve())));
  socket.on('error', () => {});
  socket.on('data', () => {});
  const ready = new Promise<void>((resolve) => socket.once('connect', resolve).once('close', resolve));
  return {
    get open() {
      return open;
    },
    async write(bytes: Buffer) {
      await ready;
      if (open && !socket.write(bytes)) await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
    },
    async close() {
      socket.end();
      await Promise.race([closed, new Promise((r) => setTimeout(r, 3000))]);
      socket.destroy();
    },
  };
}

export async function fuzzGateway(
  corpus: Record<string, Buffer[]>,
  perProtocol: number,
  secondsPerProtocol: number,
  seed: number,
  log: (line: string) => void,
): Promise<GatewayFindings> {
  const setup = await prepareServer();
  const server = spawnServer(setup, { args: ['--role', 'gateway'] });
  try {
    await waitReady(server, setup.ports);
    const pid = server.child.pid!;
    const ports = setup.ports as unknown as Record<string, number>;
    const protocols = Object.keys(corpus).filter((p) => typeof ports[p] === 'number');
    const found: GatewayFindings = {
      protocols,
      inputsPerProtocol: {},
      framesSeen: {},
      connections: 0,
      processAlive: true,
      canaryAnswers: 0,
      canaryMissed: 0,
      canarySlowestMs: 0,
      rssStartMb: 0,
      rssEndMb: 0,
      seconds: 0,
    };
    const started = performance.now();

    let stop = false;
    const canary = await TestTerminal.connect(ports.jt808, codecOf('jt808'));
    const canaryLoop = (async () => {
      for (let serial = 1; !stop; serial++) {
        const t0 = performance.now();
        canary.send(
          encodeJt808Location({ phone: '013700000001' }, serial & 0xffff, {
            time: Date.now(),
            lat: 22.5,
            lon: 114,
            valid: true,
            speedKmh: 10,
            course: 0,
            altitude: 0,
          }),
        );
        try {
          await canary.next(5000);
          found.canaryAnswers++;
          found.canarySlowestMs = Math.max(found.canarySlowestMs, Math.round(performance.now() - t0));
        } catch {
          found.canaryMissed++;
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();

    for (const protocol of protocols) {
      const rng = new Rng(seed ^ protocol.length);
      let written = 0;
      const seeds = corpus[protocol];
      const until = performance.now() + secondsPerProtocol * 1000;
      const worker = async () => {
        let conn = connection(ports[protocol]);
        found.connections++;
        while (written < perProtocol && performance.now() < until && server.child.exitCode === null) {
          if (!conn.open) {
            conn = connection(ports[protocol]);
            found.connections++;
          }
          const inputs: Buffer[] = [];
          for (let i = 0; i < GOOD_EVERY && written < perProtocol; i++, written++) inputs.push(nextInput(rng, protocol, seeds));
          inputs.push(seeds[rng.below(seeds.length)]);
          await conn.write(Buffer.concat(inputs));
          if (found.rssStartMb === 0 && written >= 100_000) found.rssStartMb = Math.round(rssBytes(pid) / 2 ** 20);
          if (written % 500_000 < GOOD_EVERY) log(`gateway ${protocol}: ${written} inputs`);
        }
        await conn.close();
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      found.inputsPerProtocol[protocol] = written;
    }
    stop = true;
    await canaryLoop;
    canary.socket.destroy();
    found.processAlive = server.child.exitCode === null;
    if (found.processAlive) found.framesSeen = await framesSeen(setup.ports.http);
    found.rssEndMb = Math.round(rssBytes(pid) / 2 ** 20);
    found.seconds = Math.round(performance.now() - started) / 1000;
    return found;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await setup.cleanup();
  }
}
