/**
 * What PostgreSQL spends on one gateway flush at the rates real fleets send (issue 33):
 * `npm run bench -- steady-flush [--sizes=25,100,400] [--flushes=200] [--terminals=4000]`.
 *
 * On a fresh database of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test, migrated,
 * dropped after), one connection writes flushes of `sizes` rows, one row per terminal as a steady
 * fleet sends them, in several ways: the gateway's flush (ingestQueries.storePositions: positions
 * by binary COPY and latest_positions by one upsert, one transaction), the same with one row in six
 * upserted (`latestSixth`: latest_positions written every 30 s a terminal reporting every 5 s),
 * each half alone (the COPY also inside BEGIN … COMMIT, `copyInTx`), and an empty transaction.
 * The backend's CPU (/proc/<pid>/stat) and this process's are read around each series and given per flush and per row: what a flush costs whatever its size, and what a row adds.
 * Prints JSON on stdout, progress on stderr.
 */
import { randomBytes } from 'node:crypto';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import type { Db } from '../apps/server/src/db/types.ts';
import { ingestQueries, type StoredPosition } from '../apps/server/src/gateway/ingest.queries.ts';
import { POSITION_COLUMNS, PositionCopyWriter } from '../apps/server/src/core/positionCopy.ts';
import { databaseUrl, onServer } from '../apps/server/src/testing/testDb.ts';
import { cpuMs, loadAverage } from './support/procStats.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const SIZES = (args.get('sizes') ?? '25,100,400').split(',').map(Number);
const FLUSHES = Number(args.get('flushes') ?? 200);
const TERMINALS = Number(args.get('terminals') ?? 4000);
const URL_ = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = (...a: unknown[]) => console.error(new Date().toISOString().slice(11, 19), ...a);
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

type Way = (db: Db, rows: StoredPosition[]) => Promise<unknown>;
const copyOf = (rows: StoredPosition[]) => {
  const w = new PositionCopyWriter(rows.length);
  w.addAll(rows);
  return w.finish();
};
const WAYS: Record<string, Way> = {
  flush: (db, rows) => ingestQueries.storePositions(db, copyOf(rows), rows),
  // The gateway's flush at a report every 5 s a terminal with LATEST_POSITION_SECONDS 30
  // (gateway/latestWrites.ts): every row in the COPY, one in six in the upsert.
  latestSixth: (db, rows) =>
    ingestQueries.storePositions(
      db,
      copyOf(rows),
      rows.filter((_, i) => i % 6 === 0),
    ),
  // Most flushes at the real pattern: positions alone, one COPY that is its own transaction.
  copyOnly: (db, rows) => ingestQueries.storePositions(db, copyOf(rows), []),
  // The same COPY inside BEGIN … COMMIT (a round trip more): what a flush that also upserts pays for its transaction.
  copyInTx: (db, rows) => db.tx((q) => q.copyRows('positions', POSITION_COLUMNS, copyOf(rows))),
  upsertOnly: (db, rows) => ingestQueries.upsertLatest(db, rows),
  emptyTx: (db) => db.tx((q) => q.query('SELECT 1')),
};

async function main() {
  const name = `chelian_bench_flush_${randomBytes(4).toString('hex')}`;
  await onServer(URL_, (c) => c.query(`CREATE DATABASE ${name}`));
  const db = openPostgres({ connectionString: databaseUrl(URL_, name), max: 1 });
  try {
    await migrate(db);
    await ingestQueries.ensurePartitions(db, 1, 3);
    const ids = (
      await db.query<{ id: number }>(
        `INSERT INTO terminals (identifier, identifier_key, protocol)
         SELECT 'F' || i, 'f' || i, 'jt808' FROM generate_series(1, $1::int) i RETURNING id`,
        [TERMINALS],
      )
    ).map((r) => Number(r.id));
    const [{ pid }] = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    let clock = Date.now() - 3600_000;
    let next = 0;
    const batch = (size: number): StoredPosition[] =>
      Array.from({ length: size }, () => {
        clock += 7;
        const terminalPk = ids[next++ % ids.length];
        return {
          terminalPk,
          gpsTime: clock,
          receivedAt: clock + 480,
          lat: 31.2 + (terminalPk % 1000) * 1.37e-4 + Math.random() * 1e-4,
          lon: 121.4 + (terminalPk % 997) * 1.41e-4 + Math.random() * 1e-4,
          speed: Math.round(Math.random() * 800) / 10,
          course: Math.floor(Math.random() * 360),
          altitude: 12,
          valid: true,
          satellites: 9,
          acc: true,
          mileage: Math.round(Math.random() * 1e6) / 10,
          alarms: [],
          extras: null,
        };
      });
    // Warm: every terminal has its latest row, the plans and caches are hot.
    for (let i = 0; i < Math.ceil(TERMINALS / 200); i++) await WAYS.flush(db, batch(200));
    const results: Array<Record<string, unknown>> = [];
    for (const size of SIZES)
      for (const [way, run] of Object.entries(WAYS)) {
        const input = Array.from({ length: FLUSHES }, () => batch(size));
        const pg0 = cpuMs(pid);
        const node0 = process.cpuUsage();
        const t0 = performance.now();
        for (const rows of input) await run(db, rows);
        const wall = performance.now() - t0;
        const node = process.cpuUsage(node0);
        const pgMs = cpuMs(pid) - pg0;
        const perFlush = (ms: number) => round((ms * 1000) / FLUSHES, 0);
        const r = {
          size,
          way,
          postgresUsPerFlush: perFlush(pgMs),
          postgresUsPerRow: round((pgMs * 1000) / FLUSHES / size),
          clientUsPerFlush: perFlush((node.user + node.system) / 1000),
          wallMsPerFlush: round(wall / FLUSHES, 2),
        };
        log(JSON.stringify(r));
        results.push(r);
      }
    console.log(JSON.stringify({ bench: 'steady-flush', flushes: FLUSHES, terminals: TERMINALS, load: loadAverage(), results }, null, 2));
  } finally {
    await db.close();
    await onServer(URL_, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

await main().catch((err) => {
  log(err);
  process.exitCode = 1;
});
