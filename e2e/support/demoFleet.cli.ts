/**
 * `node --import tsx e2e/support/demoFleet.cli.ts <file>`: starts the agreement test's demo
 * fleets — one on PGlite, one on PostgreSQL when DATABASE_URL is set — and writes their URLs and
 * start times to <file> once they drive (`{ fleets }`, or `{ error }`). scripts/test.mjs runs it at
 * the start of `npm test` and ends it at the end; it stops its servers when told to (SIGTERM,
 * SIGINT) or when its parent is gone (its stdin closes).
 */
import fs from 'node:fs';
import { startDemoFleet, type DemoFleet } from './demoFleet.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: demoFleet.cli.ts <fleets.json>');

const fleets: DemoFleet[] = [];
const starting = new AbortController();
let pending: Promise<unknown> = Promise.resolve();
let stopping = false;
async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  starting.abort();
  await pending.catch(() => {});
  await Promise.all(fleets.map((f) => f.stop().catch(() => {})));
  process.exit(code);
}
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGINT', () => void stopAll(0));
process.stdin.on('end', () => void stopAll(0));
process.stdin.on('error', () => void stopAll(0));
process.stdin.resume();

const engines = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
try {
  // One after the other: each seeds the demo's past week, and the machine is busy enough.
  for (const engine of engines) {
    if (stopping) break;
    const start = startDemoFleet(engine, { signal: starting.signal });
    pending = start;
    fleets.push(await start);
  }
  const written = fleets.map(({ stop: _stop, ...info }) => info);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify({ fleets: written }));
  fs.renameSync(`${file}.tmp`, file);
  console.log(`demo fleets driving: ${written.map((f) => `${f.engine} ${f.baseUrl}`).join(', ')}`);
} catch (error) {
  fs.writeFileSync(file, JSON.stringify({ error: String((error as Error).message ?? error).slice(0, 4000) }));
  console.error(error);
}
