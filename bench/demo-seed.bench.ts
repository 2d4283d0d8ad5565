// The demo's first start (issue 35): how long `--demo` seeds before the simulated terminals start —
// every feature's part (the car fleet and the e-bikes with their past week, 电单车租赁's operator,
// the 智能工牌 crew with its patrols and week, 新国标, the pets) and the week's rollup — on a fresh
// database, then a second start (which finds everything and creates nothing). Rows written per table.
// Prints JSON.
// Run: node --import tsx bench/demo-seed.bench.ts   (TEST_ENGINE=postgres DATABASE_URL=… for PostgreSQL; PGlite by default)
import os from 'node:os';
import { createTestServer } from '../apps/server/src/testing/testServer.ts';
import { seedDemo } from '../apps/server/src/demo/demo.seed.ts';

// Every protocol "served": seedDemo only asks which ports exist; nothing connects.
const PORTS = { jt808: 1, gt06: 1, h02: 1, watch: 1 };

const t = await createTestServer();
try {
  const firstAt = Date.now();
  const first = await seedDemo(t.ctx, PORTS, { password: 'bench2026demo' });
  const firstMs = Date.now() - firstAt;
  const secondAt = Date.now();
  const second = await seedDemo(t.ctx, PORTS);
  const secondMs = Date.now() - secondAt;
  const count = async (table: string) => (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
  const rows: Record<string, number> = {};
  for (const table of [
    'positions',
    'presence_events',
    'daily_terminal_stats',
    'daily_stays',
    'alarms',
    'elec_lease_contracts',
    'elec_gb_bikes',
  ])
    rows[table] = await count(table);
  console.log(
    JSON.stringify(
      {
        engine: t.ctx.db.engine,
        cpus: os.cpus().length,
        load: os.loadavg().map((x) => Math.round(x * 100) / 100),
        firstStartMs: firstMs,
        firstStartByPartMs: first.took,
        created: first.created,
        secondStartMs: secondMs,
        secondCreated: second.created,
        rows,
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
}
