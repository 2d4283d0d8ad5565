/**
 * The pieces of bench/cluster-load.bench.ts's report: the machine's and processes' CPU, and the
 * check that every acknowledged position was stored (reply latency: replyLatency.ts).
 */
import fs from 'node:fs';
import { openPostgres } from '../../apps/server/src/db/postgres.ts';

/** The whole machine's busy CPU time so far (every core, ms), from /proc/stat. */
export function machineBusyMs(): number {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  return ((f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) * 1000) / 100;
}

/** Loads the clients' acknowledged positions into a scratch table and counts those not stored. */
export async function verifyStored(url: string, files: string[]) {
  const db = openPostgres({ connectionString: url, max: 1 });
  try {
    await db.query('CREATE UNLOGGED TABLE bench_acked (identifier text NOT NULL, t timestamptz NOT NULL)');
    for (const file of files) {
      const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
      for (let i = 0; i < lines.length; i += 20_000) {
        const chunk = lines.slice(i, i + 20_000).map((l) => l.split('\t'));
        await db.query('INSERT INTO bench_acked SELECT i, to_timestamp(m / 1000.0) FROM unnest($1::text[], $2::float8[]) AS u(i, m)', [
          chunk.map((c) => c[0]),
          chunk.map((c) => Number(c[1])),
        ]);
      }
    }
    const row = await db.one<{ acknowledged: string; distinct_acknowledged: string; lost: string; stored: string; bytes: string }>(`
      WITH acked AS (SELECT DISTINCT identifier, t FROM bench_acked)
      SELECT (SELECT count(*) FROM bench_acked) AS acknowledged,
             (SELECT count(*) FROM acked) AS distinct_acknowledged,
             (SELECT count(*) FROM acked a WHERE NOT EXISTS (
                SELECT 1 FROM positions p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier = a.identifier AND p.gps_time = a.t)) AS lost,
             (SELECT count(*) FROM positions) AS stored,
             (SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = 'positions'::regclass) AS bytes`);
    return {
      acknowledged: Number(row!.acknowledged),
      distinctAcknowledged: Number(row!.distinct_acknowledged),
      storedRows: Number(row!.stored),
      lostAcknowledged: Number(row!.lost),
      bytesPerStoredRow: Number(row!.stored) ? Math.round(Number(row!.bytes) / Number(row!.stored)) : null,
    };
  } finally {
    await db.close();
  }
}

/** fn's number, or NaN when the process it reads is gone. */
export function safe(fn: () => number): number {
  try {
    return fn();
  } catch {
    return NaN;
  }
}

/** A process's children (nginx's worker processes, of its master). */
export function childPids(master: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === master) out.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
}
