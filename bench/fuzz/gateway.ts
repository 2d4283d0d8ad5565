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
import { TestTerminal } from '../../apps/server/src/testing/testTerminal.ts';
import { rssBytes } from '../support/procStats.ts';
import { codecOf } from './corpus.ts';
import { nextInput, Rng } from './mutator.ts';

export interface GatewayFindings {
  protocols: string[];
  inputsPerProtocol: Record<string, number>;
  connections: number;
  processAlive: boolean;
  canaryAnswers: number;
  canaryMissed: number;
  canarySlowestMs: number;
  rssStartMb: number;
  rssEndMb: number;
  seconds: number;
}

const FRAMES_PER_CONNECTION = 200;
const PARALLEL = 8;

/** Writes `count` inputs on one connection, then closes it; resolves when the socket is gone. */
function burst(port: number, inputs: Buffer[]): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const done = () => (socket.destroy(), resolve());
    socket.setTimeout(5000, done);
    socket.on('error', done);
    socket.on('close', done);
    socket.on('data', () => {});
    socket.on('connect', () => {
      socket.end(Buffer.concat(inputs));
    });
  });
}

export async function fuzzGateway(corpus: Record<string, Buffer[]>, perProtocol: number, seed: number, log: (line: string) => void): Promise<GatewayFindings> {
  const setup = await prepareServer();
  const server = spawnServer(setup, { args: ['--role', 'gateway'] });
  try {
    await waitReady(server, setup.ports);
    const pid = server.child.pid!;
    const ports = setup.ports as unknown as Record<string, number>;
    const protocols = Object.keys(corpus).filter((p) => typeof ports[p] === 'number');
    const found: GatewayFindings = { protocols, inputsPerProtocol: {}, connections: 0, processAlive: true, canaryAnswers: 0, canaryMissed: 0, canarySlowestMs: 0, rssStartMb: 0, rssEndMb: 0, seconds: 0 };
    const started = performance.now();

    let stop = false;
    const canary = await TestTerminal.connect(ports.jt808, codecOf('jt808'));
    const canaryLoop = (async () => {
      for (let serial = 1; !stop; serial++) {
        const t0 = performance.now();
        canary.send(encodeJt808Location({ phone: '013700000001' }, serial & 0xffff, { time: Date.now(), lat: 22.5, lon: 114, valid: true, speedKmh: 10, course: 0, altitude: 0 }));
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
      const worker = async () => {
        while (written < perProtocol && server.child.exitCode === null) {
          const inputs: Buffer[] = [];
          for (let i = 0; i < FRAMES_PER_CONNECTION && written < perProtocol; i++, written++) inputs.push(nextInput(rng, protocol, corpus[protocol]));
          await burst(ports[protocol], inputs);
          found.connections++;
          if (found.connections === 200) found.rssStartMb = Math.round(rssBytes(pid) / 2 ** 20);
          if (written % 100_000 < FRAMES_PER_CONNECTION) log(`gateway ${protocol}: ${written} inputs`);
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      found.inputsPerProtocol[protocol] = written;
    }
    stop = true;
    await canaryLoop;
    canary.socket.destroy();
    found.processAlive = server.child.exitCode === null;
    found.rssEndMb = Math.round(rssBytes(pid) / 2 ** 20);
    found.seconds = Math.round(performance.now() - started) / 1000;
    return found;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await setup.cleanup();
  }
}
