import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CopyData, CopyQueryable, Db, Row } from './types.ts';
import { copyPayload, copySql, preparedName } from './types.ts';

pg.types.setTypeParser(20, Number);
pg.types.setTypeParser(1700, Number);

export interface PostgresOptions {
  connectionString: string;
  /** Runs every connection inside this schema (tests give each file its own). */
  schema?: string;
  max?: number;
}

export function openPostgres(opts: PostgresOptions): Db {
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max ?? 10,
    // pg's 10 s closed a connection the once-a-second and five-second jobs had just grown the pool
    // to, and the next coincidence opened it again (issue 33: ~3 a minute on an idle server, each a
    // backend forked, authenticated and its named statements planned anew); the jobs use each one
    // again well within a minute.
    idleTimeoutMillis: 60_000,
    options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
  });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const query = async <T = Row>(sql: string, params: unknown[] = []) => (await pool.query(statement(sql, params), params)).rows as T[];
  /**
   * A checked-out client whose server goes away between two queries (the database restarted, a
   * proxy cut) emits 'error' with nobody listening, which would end the process. Listening here
   * turns that into the next query's rejection; a broken client is destroyed on release, never
   * handed out again.
   */
  const checkout = async () => {
    const client = await pool.connect();
    let broken: Error | undefined;
    const onError = (err: Error) => (broken = err);
    client.on('error', onError);
    return {
      client,
      release() {
        client.off('error', onError);
        client.release(broken);
      },
    };
  };
  return {
    engine: 'postgres',
    query,
    async one<T = Row>(sql: string, params: unknown[] = []) {
      return (await query<T>(sql, params))[0];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    /**
     * The transaction opens with its first statement: a COPY carries the BEGIN in its own query
     * string, one round trip less (issue 33: the gateway's flush is a COPY, an upsert, a commit).
     * Statements are sent in the order they are called, BEGIN first.
     */
    async tx(fn) {
      const { client, release } = await checkout();
      let open = false;
      const begin = () => {
        open = true;
        return client.query('BEGIN');
      };
      try {
        const q: CopyQueryable = {
          query: async (sql, params = []) => {
            if (!open) await begin();
            return (await client.query(statement(sql, params), params)).rows;
          },
          exec: async (sql) => {
            if (!open) await begin();
            await client.query(sql);
          },
          copyRows: async (table, columns, rows) => {
            if (!rows.length) return;
            const opens = !open;
            open = true;
            await copyOn(client, table, columns, rows, opens ? 'BEGIN; ' : '');
          },
        };
        const result = await fn(q);
        if (open) await client.query('COMMIT');
        return result;
      } catch (err) {
        if (open) await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        release();
      }
    },
    // One pooled connection, inside a transaction, for the cursor's life.
    async *cursor<T = Row>(sql: string, params: unknown[], batch: number) {
      const { client, release } = await checkout();
      let done = false;
      try {
        await client.query('BEGIN');
        await client.query(`DECLARE chelian_rows NO SCROLL CURSOR FOR ${sql}`, params);
        for (;;) {
          const rows = (await client.query(`FETCH FORWARD ${Math.max(1, Math.floor(batch))} FROM chelian_rows`)).rows as T[];
          if (rows.length > 0) yield rows;
          if (rows.length < batch) break;
        }
        done = true;
      } finally {
        await client.query(done ? 'COMMIT' : 'ROLLBACK').catch(() => {});
        release();
      }
    },
    async copyRows(table, columns, rows) {
      if (rows.length === 0) return;
      const { client, release } = await checkout();
      try {
        await copyOn(client, table, columns, rows);
      } finally {
        release();
      }
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }),
    inFlight: () => pool.totalCount - pool.idleCount + pool.waitingCount,
  };
}

/** A statement registered with prepared() runs by its name (parsed once per connection). */
function statement(sql: string, values: unknown[]): string | pg.QueryConfig {
  const name = preparedName(sql);
  return name ? { name, text: sql, values } : sql;
}

/**
 * COPY … FROM STDIN on one client (pooled, or the one holding a transaction), the data in one
 * piece: done when the server is ready again, failed on its error. `before`: statements sent in
 * the same query string ahead of the COPY (BEGIN).
 */
function copyOn(client: pg.PoolClient, table: string, columns: string[], rows: CopyData, before = '') {
  const stream = client.query(copyFrom(before + copySql(table, columns, 'STDIN', rows)));
  return new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(copyPayload(rows));
  });
}
