/**
 * What one stored position costs on disk: `npm run bench -- position-bytes [--rows=500000] [--terminals=5000]`.
 *
 * A fresh database of DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres,
 * dropped afterwards), migrated; `rows` positions of `terminals` JT/T 808 terminals, each made as
 * the gateway makes it (a real 0x0200 frame decoded by the gateway's decoder and row code, the
 * extras a typical terminal sends included), written by the batcher's binary COPY into one day's
 * partition; then VACUUM ANALYZE and the partition's size: heap, its indexes, TOAST. The figure
 * docs/scaling.md multiplies. Prints JSON.
 */
import { randomBytes } from 'node:crypto';
import { decodeJt808, encodeJt808Location } from '../packages/protocols/src/index.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openPostgres } from '../apps/server/src/db/postgres.ts';
import { ingestQueries, type StoredPosition } from '../apps/server/src/gateway/ingest.queries.ts';
import { toStoredPosition } from '../apps/server/src/gateway/positionRows.ts';
import { identifierKey } from '../apps/server/src/core/identifiers.ts';
import { databaseUrl, onServer } from '../apps/server/src/testing/testDb.ts';
import { fixAt, phoneOf } from './support/benchTerminal.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROWS = Number(args.get('rows') ?? 500_000);
const TERMINALS = Number(args.get('terminals') ?? 5000);
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const name = `chelian_bench_bytes_${randomBytes(4).toString('hex')}`;
await onServer(SERVER_URL, (c) => c.query(`CREATE DATABASE ${name}`));
const db = openPostgres({ connectionString: databaseUrl(SERVER_URL, name), max: 2 });
try {
  await migrate(db);
  await ingestQueries.ensurePartitions(db, 1, 1);
  const phones = Array.from({ length: TERMINALS }, (_, i) => phoneOf(i));
  await db.query(`INSERT INTO terminals (identifier, identifier_key, protocol) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`, [
    phones,
    phones.map(identifierKey),
    phones.map(() => 'jt808'),
  ]);
  const ids = (await db.query<{ id: number }>('SELECT id FROM terminals ORDER BY id')).map((r) => Number(r.id));
  // Today, one report every 10 s per terminal: the rows land in today's partition.
  const start = Date.now() - (Math.ceil(ROWS / TERMINALS) + 1) * 10_000;
  for (let done = 0; done < ROWS;) {
    const chunk: StoredPosition[] = [];
    for (; done < ROWS && chunk.length < 50_000; done++) {
      const i = done % TERMINALS;
      const k = Math.floor(done / TERMINALS);
      const decoded = decodeJt808(encodeJt808Location({ phone: phoneOf(i) }, k & 0xffff, fixAt(i, k, start + k * 10_000)), {
        now: Date.now(),
      });
      const p = decoded.ok ? decoded.value.messages[0].positions?.[0] : undefined;
      const row = p && toStoredPosition(p, ids[i], Date.now());
      if (!row) throw new Error('frame did not decode to a row');
      chunk.push(row);
    }
    await ingestQueries.copyPositions(db, chunk);
  }
  await db.exec('VACUUM ANALYZE positions');
  const parts = await db.query<{ rows: number; heap: number; indexes: number; toast: number }>(`
    SELECT c.reltuples::bigint AS rows, pg_relation_size(c.oid) AS heap, pg_indexes_size(c.oid) AS indexes,
           coalesce(pg_total_relation_size(c.reltoastrelid), 0) AS toast
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'positions'::regclass AND c.reltuples > 0`);
  const sum = (k: 'rows' | 'heap' | 'indexes' | 'toast') => parts.reduce((n, p) => n + Number(p[k]), 0);
  const rows = sum('rows');
  const per = (k: 'heap' | 'indexes' | 'toast') => Math.round((sum(k) / rows) * 10) / 10;
  const total = per('heap') + per('indexes') + per('toast');
  process.stdout.write(
    `${JSON.stringify({ bench: 'position-bytes', at: new Date().toISOString(), rows, terminals: TERMINALS, bytesPerRow: { heap: per('heap'), indexes: per('indexes'), toast: per('toast'), total: Math.round(total * 10) / 10 } }, null, 2)}\n`,
  );
} finally {
  await db.close();
  await onServer(SERVER_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
