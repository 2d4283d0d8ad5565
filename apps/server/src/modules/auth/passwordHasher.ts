import type { Worker } from 'node:worker_threads';
import { BACKGROUND_NICENESS } from '../../core/threadPriority.ts';
import { startThreadWorker } from '../../core/threadWorker.ts';

/** How far below the rest of the process the hashing thread runs (core/threadPriority.ts). */
export const HASHER_NICENESS = BACKGROUND_NICENESS;

export interface ScryptJob {
  password: string;
  salt: Buffer;
  keyLength: number;
  N: number;
  r: number;
  p: number;
}

/**
 * Every password hash of the process on one thread of its own at the lowest priority: a hash is
 * ~140 ms of a core, and a login flood that reaches the hashes (the per-second budget lets ten a
 * second through) would otherwise take a whole core from the event loop and PostgreSQL that
 * answer the terminals. At nice 19 the hashes get the CPU nobody else wants; on an idle machine
 * they run as fast as ever. One thread: one hash at a time, queued in order.
 */
class PasswordHasher {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (key: Buffer) => void; reject: (err: Error) => void }>();
  /** The thread's niceness once it said (null: it could not lower it, e.g. not Linux). */
  niceness: Promise<number | null> | null = null;

  scrypt(job: ScryptJob): Promise<Buffer> {
    const worker = this.started();
    const id = this.nextId++;
    worker.ref();
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...job });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startThreadWorker(import.meta.filename, { source: 'password.worker.ts', built: 'passwordWorker' });
    let said: (n: number | null) => void = () => undefined;
    this.niceness = new Promise((resolve) => (said = resolve));
    worker.on('message', (message: { id?: number; key?: Uint8Array; error?: string; niceness?: number | null }) => {
      if (message.id === undefined) return said(message.niceness ?? null);
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (!waiter) return;
      if (message.error !== undefined) waiter.reject(new Error(message.error));
      else waiter.resolve(Buffer.from(message.key!));
    });
    // A thread that dies fails what it held; the next hash starts a new one.
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiter of this.pending.values()) waiter.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`password hasher exited (${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

export const passwordHasher = new PasswordHasher();
