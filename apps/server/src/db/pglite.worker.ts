import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { PgliteReply, PgliteRequest } from './pgliteThread.ts';
import { PGLITE_PARSERS } from './pglite.ts';

/**
 * The PGlite thread (pgliteThread.ts): the database's WASM runs here, so a query never holds the
 * event loop that reads the terminals' sockets. Requests are taken as they come and PGlite's own
 * lock orders them, exactly as on the main thread: a statement outside a transaction waits until
 * the open transaction ends; the transaction's own statements name it (`tx`).
 */
let pg: PGlite | undefined;
let nextTx = 0;
const txs = new Map<number, { q: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }>();
/** Thrown inside PGlite's transaction to roll it back when the caller's function failed. */
const ROLLBACK = Symbol('rollback');

const port = parentPort!;
const send = (reply: PgliteReply) => port.postMessage(reply);

function errorFields(err: unknown): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  if (err && typeof err === 'object') {
    for (const [key, value] of Object.entries(err)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    }
  }
  out.name = err instanceof Error ? err.name : 'Error';
  out.message = err instanceof Error ? err.message : String(err);
  return out;
}

const on = (tx: number | undefined) => {
  if (tx === undefined) return pg!;
  const open = txs.get(tx);
  if (!open) throw new Error(`PGlite transaction ${tx} is not open`);
  return open.q;
};

async function handle(req: PgliteRequest): Promise<unknown> {
  switch (req.op) {
    case 'open': {
      const blob = (b: ArrayBuffer | undefined) => (b ? new Blob([b]) : undefined);
      pg = await PGlite.create({
        dataDir: req.dataDir,
        loadDataDir: blob(req.loadDataDir),
        parsers: PGLITE_PARSERS,
        ...(req.wasmModule ? { pgliteWasmModule: req.wasmModule } : {}),
        ...(req.fsBundle ? { fsBundle: blob(req.fsBundle) } : {}),
      });
      return undefined;
    }
    case 'query':
      return (await on(req.tx).query(req.sql, req.params)).rows;
    case 'exec':
      await on(req.tx).exec(req.sql);
      return undefined;
    case 'copy':
      await on(req.tx).query(req.sql, [], { blob: new Blob([req.payload as BlobPart]) });
      return undefined;
    case 'begin': {
      const txId = ++nextTx;
      return new Promise<number>((opened, failed) => {
        const done = pg!
          .transaction(async (q) => {
            const commit = await new Promise<boolean>((end) => {
              txs.set(txId, { q, end, done });
              opened(txId);
            });
            if (!commit) throw ROLLBACK;
          })
          .catch((err: unknown) => {
            if (err !== ROLLBACK) throw err;
          })
          .finally(() => txs.delete(txId));
        done.catch(failed); // BEGIN itself failed (after opening, `end` reports)
      });
    }
    case 'end': {
      const open = txs.get(req.tx);
      if (!open) throw new Error(`PGlite transaction ${req.tx} is not open`);
      open.end(req.commit);
      await open.done;
      return undefined;
    }
    case 'close':
      await pg?.close();
      return undefined;
  }
}

port.on('message', (req: PgliteRequest) => {
  handle(req).then(
    (value) => send({ id: req.id, ok: true, value }),
    (err: unknown) => send({ id: req.id, ok: false, error: errorFields(err) }),
  );
});
