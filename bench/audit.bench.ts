// What the operation log adds to a write: the same POST over real HTTP to the real server, in
// interleaved rounds with the audit hook recording (and its batches being written) and with the
// recorder switched off. Target (issue 15): under 5 % added to the API's write latency. Prints JSON.
// Run: node --import tsx bench/audit.bench.ts [--rounds 6] [--calls 400]   (TEST_ENGINE=postgres DATABASE_URL=… for PostgreSQL)
import os from 'node:os';
import { createTestServer } from '../apps/server/src/testing/testServer.ts';
import type { AuditEntry } from '../apps/server/src/core/auditTrail.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 6);
const CALLS = arg('calls', 400);

const t = await createTestServer({ host: '127.0.0.1' });
const session = await t.login();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = t.app.server.address() as { port: number };
const url = `http://127.0.0.1:${port}/car/v1/api/user/updatePrivacy.json`;

/** One write: the privacy switches (a real UPDATE of the user row), form-encoded as the web sends it. */
const write = async (k: number) => {
  const res = await fetch(url, { method: 'POST', headers: { sessionId: session, 'content-type': 'application/x-www-form-urlencoded' }, body: `showPhone=${k % 2 === 0}` });
  const body = (await res.json()) as { flag: number };
  if (body.flag !== 1) throw new Error(`write refused: ${JSON.stringify(body)}`);
};

const record = t.ctx.audit.record.bind(t.ctx.audit);
const off = (_entry: AuditEntry) => {};
const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
const pct = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.floor(p * (v.length - 1))];
const round3 = (x: number) => Math.round(x * 1000) / 1000;

for (let k = 0; k < 200; k++) await write(k); // warm-up
const samples: Record<'on' | 'off', number[]> = { on: [], off: [] };
for (let r = 0; r < ROUNDS; r++) {
  for (const mode of r % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
    t.ctx.audit.record = mode === 'on' ? record : off;
    for (let k = 0; k < CALLS; k++) {
      const started = performance.now();
      await write(k);
      samples[mode].push(performance.now() - started);
    }
    await t.ctx.audit.flush();
  }
}
t.ctx.audit.record = record;
const logged = await t.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE path = '/car/v1/api/user/updatePrivacy.json'`);
const figure = (v: number[]) => ({ meanMs: round3(mean(v)), p50Ms: round3(pct(v, 0.5)), p99Ms: round3(pct(v, 0.99)) });
console.log(JSON.stringify({
  bench: 'audit',
  engine: t.ctx.db.engine,
  node: process.version,
  cpus: os.cpus().length,
  callsPerMode: ROUNDS * CALLS,
  withAudit: figure(samples.on),
  withoutAudit: figure(samples.off),
  addedMeanPercent: round3(((mean(samples.on) - mean(samples.off)) / mean(samples.off)) * 100),
  addedP50Percent: round3(((pct(samples.on, 0.5) - pct(samples.off, 0.5)) / pct(samples.off, 0.5)) * 100),
  entriesWritten: logged?.n ?? 0,
}, null, 2));
await t.close();
