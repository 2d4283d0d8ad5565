/**
 * The gateway's deadline sweep (gateway/frameDeadline.ts): one pass over every connection's idle
 * and frame clocks, run once a second. `npm run bench -- deadline-sweep [--connections=10000,20000]`
 * prints, per size, the median and fastest of 7 runs of 100 sweeps, in µs per sweep.
 */
import { ConnectionDeadlines } from '../apps/server/src/gateway/frameDeadline.ts';
import { newGatewayStats } from '../apps/server/src/gateway/gatewayStats.ts';
import { createLogger } from '../apps/server/src/log.ts';

const arg = process.argv.find((a) => a.startsWith('--connections='))?.split('=')[1] ?? '10000,20000';
const results = [];
for (const n of arg.split(',').map(Number)) {
  const deadlines = new ConnectionDeadlines({ idleMs: 300_000, frameDeadlineMs: 30_000 }, newGatewayStats(), createLogger('silent'));
  const subject = { counters: { connections: 0, decoded: 0, rejected: new Map() }, wireId: '', codec: { name: 'jt808' }, close() {} };
  // Every connection silent but within its limits: the sweep reads all of them and closes none.
  for (let i = 0; i < n; i++) deadlines.watch(subject, '127.0.0.1');
  for (let i = 0; i < 200; i++) deadlines.sweep(Date.now());
  const runs: number[] = [];
  for (let r = 0; r < 7; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 100; i++) deadlines.sweep(Date.now());
    runs.push(Number(process.hrtime.bigint() - t0) / 100 / 1000);
  }
  runs.sort((a, b) => a - b);
  results.push({ connections: n, medianMicrosPerSweep: Math.round(runs[3]), fastestMicrosPerSweep: Math.round(runs[0]) });
}
console.log(JSON.stringify({ bench: 'deadline-sweep', node: process.version, results }, null, 2));
