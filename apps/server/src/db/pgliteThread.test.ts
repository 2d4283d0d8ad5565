/**
 * PGlite in a thread (PGLITE_WORKER=1): the same Db as in process — rows, errors with PostgreSQL's
 * fields, COPY, cursors, transactions serialized on the one connection and rolled back on failure,
 * and a data folder that survives close and reopen.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';
import { openPgliteThread } from './pgliteThread.ts';
import type { Db } from './types.ts';

describe('PGlite in a thread', () => {
  let db: Db;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-pgthread-'));

  beforeAll(async () => {
    db = await openPgliteThread(path.join(dir, 'data'));
    await db.exec('CREATE TABLE t_thread (id int8 PRIMARY KEY, name text, at timestamptz, raw bytea, doc jsonb)');
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('returns rows with the same types as in process', async () => {
    const at = new Date('2026-12-02T08:00:00Z');
    await db.query('INSERT INTO t_thread VALUES ($1, $2, $3, $4, $5)', [1, '车辆', at, Buffer.from([1, 2, 3]), { a: 1 }]);
    const row = await db.one<{ id: number; name: string; at: Date; raw: Uint8Array; doc: unknown }>('SELECT * FROM t_thread WHERE id = 1');
    expect(row).toMatchObject({ id: 1, name: '车辆', doc: { a: 1 } });
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.at.getTime()).toBe(at.getTime());
    expect([...row!.raw]).toEqual([1, 2, 3]);
  });

  it("passes PostgreSQL's error fields", async () => {
    const err = await db.query('INSERT INTO t_thread (id) VALUES (1)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_thread_pkey' });
  });

  it('bulk inserts with COPY, as CSV rows and in a transaction', async () => {
    await db.copyRows(
      't_thread',
      ['id', 'name'],
      [
        [10, 'a,b'],
        [11, null],
      ],
    );
    await db.tx((q) => q.copyRows('t_thread', ['id', 'name'], '12,c\n'));
    const rows = await db.query<{ id: number; name: string | null }>('SELECT id, name FROM t_thread WHERE id >= 10 ORDER BY id');
    expect(rows).toEqual([
      { id: 10, name: 'a,b' },
      { id: 11, name: null },
      { id: 12, name: 'c' },
    ]);
  });

  it('commits a transaction, rolls back one that throws, and holds other statements until it ends', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tx = db.tx(async (q) => {
      await q.query('INSERT INTO t_thread (id) VALUES (20)');
      order.push('tx wrote');
      await gate;
      order.push('tx ends');
    });
    // wait until the transaction holds the connection
    while (order.length === 0) await new Promise((r) => setTimeout(r, 5));
    const outside = db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM t_thread WHERE id = 20').then((rows) => {
      order.push(`outside saw ${rows[0]!.n}`);
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await Promise.all([tx, outside]);
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside saw 1']);

    const failed = await db
      .tx(async (q) => {
        await q.query('INSERT INTO t_thread (id) VALUES (21)');
        throw new Error('stop');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('stop');
    expect(await db.query('SELECT 1 FROM t_thread WHERE id = 21')).toEqual([]);

    const broken = await db.tx((q) => q.query('INSERT INTO t_thread (id) VALUES (20)')).catch((e: { code?: string }) => e.code);
    expect(broken).toBe('23505');
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('reads through a cursor batch by batch', async () => {
    const batches: number[][] = [];
    for await (const rows of db.cursor<{ n: number }>('SELECT n::int8 FROM generate_series(1, 5) n', [], 2))
      batches.push(rows.map((r) => r.n));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('keeps its data folder across close and reopen, in a thread or in process', async () => {
    await db.close();
    const inProcess = await openPglite(path.join(dir, 'data'), undefined, {}, false);
    expect(await inProcess.query('SELECT count(*)::int8 AS n FROM t_thread')).toEqual([{ n: 5 }]);
    await inProcess.close();
    db = await openPgliteThread(path.join(dir, 'data'));
    expect(await db.query('SELECT count(*)::int8 AS n FROM t_thread')).toEqual([{ n: 5 }]);
    await expect(db.query('SELECT 1', [])).resolves.toEqual([{ '?column?': 1 }]);
  }, 120_000);
});
