// What the operation log adds to a write: the same POST over real HTTP to the real server, in
// interleaved rounds with the audit hook recording (and its batches being written) and with the
// recorder switched off. Target (issue 15): under 5 % added to the API's write latency. Prints JSON.
// Besides wall-clock latency (at the mercy of a shared machine's load) it reports the process's
// CPU time per write in each mode — on PGlite the database runs in this process, so that is the
// whole cost, log batches included — and what one log entry costs to write, in batches of 50.
// Run: node --import tsx bench/audit.bench.ts [--rounds 6] [--calls 400]   (TEST_ENGINE=postgres DATABASE_URL=… for PostgreSQL)
import os from 'node:os';
import { auditQueries } from '../apps/server/src/modules/audit/audit.queries.ts';
import { loadAverage } from './support/procStats.ts';
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
  const res = await fetch(url, {
    method: 'POST',
    headers: { sessionId: session, 'content-type': 'application/x-www-form-urlencoded' },
    body: `showPhone=${k % 2 === 0}`,
  });
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
const cpuUs: Record<'on' | 'off', number> = { on: 0, off: 0 };
/** Per round, each mode's mean latency and CPU per write: the two modes of a round run back to back, so their ratio shares the machine's load. */
const rounds: Record<'on' | 'off', Array<{ ms: number; cpuUs: number }>> = { on: [], off: [] };
for (let r = 0; r < ROUNDS; r++) {
  for (const mode of r % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
    t.ctx.audit.record = mode === 'on' ? record : off;
    const cpuBefore = process.cpuUsage();
    for (let k = 0; k < CALLS; k++) {
      const started = performance.now();
      await write(k);
      samples[mode].push(performance.now() - started);
    }
    await t.ctx.audit.flush();
    const cpu = process.cpuUsage(cpuBefore);
    cpuUs[mode] += cpu.user + cpu.system;
    rounds[mode].push({ ms: mean(samples[mode].slice(-CALLS)), cpuUs: (cpu.user + cpu.system) / CALLS });
  }
}
t.ctx.audit.record = record;
const logged = await t.ctx.db.one<{ n: number }>(
  `SELECT count(*)::int AS n FROM audit_log WHERE path = '/car/v1/api/user/updatePrivacy.json'`,
);

/** One log entry's share of a 50-entry batch INSERT (the median of 40 batches). */
const entry = (k: number): AuditEntry => ({
  at: new Date(),
  userId: 1,
  username: 'admin',
  accountPath: '/1/',
  ip: '127.0.0.1',
  method: 'POST',
  path: '/car/v1/api/user/updatePrivacy.json',
  action: '修改隐私设置',
  objectType: '用户',
  objectId: '1',
  ok: true,
  errorCode: '',
  input: { showPhone: k % 2 === 0 },
  changes: null,
});
const batches: number[] = [];
for (let b = 0; b < 40; b++) {
  const batch = Array.from({ length: 50 }, (_, k) => entry(k));
  const started = performance.now();
  await auditQueries.insertMany(t.ctx.db, batch);
  batches.push(((performance.now() - started) * 1000) / 50);
}
const perWrite = (mode: 'on' | 'off') => Math.round(cpuUs[mode] / samples[mode].length);
/** The median over rounds of (with log / without log − 1), in percent: robust to a load that comes and goes. */
const pairedAdded = (key: 'ms' | 'cpuUs') =>
  round3(
    (pct(
      rounds.on.map((on, r) => on[key] / rounds.off[r][key]),
      0.5,
    ) -
      1) *
      100,
  );
const figure = (v: number[]) => ({ meanMs: round3(mean(v)), p50Ms: round3(pct(v, 0.5)), p99Ms: round3(pct(v, 0.99)) });
console.log(
  JSON.stringify(
    {
      bench: 'audit',
      engine: t.ctx.db.engine,
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: loadAverage(),
      callsPerMode: ROUNDS * CALLS,
      withAudit: figure(samples.on),
      withoutAudit: figure(samples.off),
      addedMeanPercent: round3(((mean(samples.on) - mean(samples.off)) / mean(samples.off)) * 100),
      addedP50Percent: round3(((pct(samples.on, 0.5) - pct(samples.off, 0.5)) / pct(samples.off, 0.5)) * 100),
      cpuUsPerWrite: { withAudit: perWrite('on'), withoutAudit: perWrite('off') },
      addedCpuPercent: round3(((perWrite('on') - perWrite('off')) / perWrite('off')) * 100),
      roundsPaired: ROUNDS,
      pairedAddedMeanPercent: pairedAdded('ms'),
      pairedAddedCpuPercent: pairedAdded('cpuUs'),
      insertUsPerEntry: round3(pct(batches, 0.5)),
      entriesWritten: logged?.n ?? 0,
    },
    null,
    2,
  ),
);
await t.close();
