import type { PGliteOptions } from '@electric-sql/pglite';
import { startThreadWorker } from '../core/threadWorker.ts';
import { pgliteDb } from './pglite.ts';
import type { CopyQueryable, Db, Row } from './types.ts';
import { copyPayload, copySql } from './types.ts';

/** What the main thread asks the PGlite thread (pglite.worker.ts). `tx`: the open transaction a statement belongs to. */
export type PgliteRequest = { id: number } & (
  | { op: 'open'; dataDir?: string; loadDataDir?: ArrayBuffer; wasmModule?: WebAssembly.Module; fsBundle?: ArrayBuffer }
  | { op: 'query'; tx?: number; sql: string; params: unknown[] }
  | { op: 'exec'; tx?: number; sql: string }
  | { op: 'copy'; tx?: number; sql: string; payload: string | Uint8Array }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
);
type Op = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
export type PgliteReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, string | number | boolean> };

/** The thread's error as the caller's: message, name and PostgreSQL's fields (code, detail, constraint…). */
function toError(fields: Record<string, string | number | boolean>): Error {
  const err = new Error(String(fields.message));
  Object.assign(err, fields);
  return err;
}

/**
 * PGlite in a thread of its own (PGLITE_WORKER=1, docs/configuration.md): the same Db as
 * wrapPglite, but every statement runs on the thread, so the main event loop keeps reading sockets
 * while the database works. Still one connection: the thread's PGlite lock serializes statements
 * and transactions exactly as in process. The thread holds the process open only while a request
 * is pending, as an in-process PGlite would.
 */
export async function openPgliteThread(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  runtime: Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'> = {},
): Promise<Db> {
  const worker = startThreadWorker(import.meta.filename, { source: 'pglite.worker.ts', built: 'pgliteWorker' });
  worker.unref();
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let nextId = 0;
  let dead: Error | undefined;
  const fail = (err: Error) => {
    dead ??= err;
    for (const p of pending.values()) p.reject(dead);
    pending.clear();
  };
  worker.on('message', (reply: PgliteReply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) p.resolve(reply.value);
    else p.reject(toError(reply.error));
  });
  worker.on('error', (err) => fail(err));
  worker.on('exit', (code) => fail(new Error(`PGlite thread ended (exit code ${code})`)));

  const call = <T>(op: Op): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (dead) return reject(dead);
      const id = ++nextId;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (pending.size === 1) worker.ref();
      worker.postMessage({ ...op, id });
    });

  const asQueryable = (tx: number | undefined): CopyQueryable => ({
    query: <T = Row>(sql: string, params: unknown[] = []) => call<T[]>({ op: 'query', tx, sql, params }),
    exec: (sql: string) => call<void>({ op: 'exec', tx, sql }),
    async copyRows(table, columns, rows) {
      if (rows.length === 0) return;
      await call<void>({ op: 'copy', tx, sql: copySql(table, columns, `'/dev/blob'`, rows), payload: copyPayload(rows) });
    },
  });

  const bytes = async (b: Blob | File | undefined) => (b ? await b.arrayBuffer() : undefined);
  try {
    await call<void>({
      op: 'open',
      dataDir,
      loadDataDir: await bytes(loadDataDir),
      wasmModule: runtime.pgliteWasmModule,
      fsBundle: await bytes(runtime.fsBundle),
    });
  } catch (err) {
    await worker.terminate();
    throw err;
  }

  let closed = false;
  const db = pgliteDb(
    asQueryable(undefined),
    async (fn) => {
      const tx = await call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(asQueryable(tx));
      } catch (err) {
        await call<void>({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
      await call<void>({ op: 'end', tx, commit: true });
      return result;
    },
    async () => {
      if (closed) return;
      closed = true;
      try {
        await call<void>({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  );
  return { ...db, inFlight: () => pending.size };
}
