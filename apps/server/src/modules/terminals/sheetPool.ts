import type { Worker, WorkerOptions } from 'node:worker_threads';
import { startThreadWorker } from '../../core/threadWorker.ts';
import { SHEET_LIMITS, type SheetRefusal } from './sheetLimits.ts';

/**
 * One worker thread parses every uploaded sheet, one file at a time, the others queued: a hostile
 * file spends the worker's heap (SHEET_LIMITS.workerHeapMb) and clock (parseMs), never the event
 * loop that answers terminals and other requests. A worker past its heap or its time is ended, and
 * its memory with it; the next file starts a fresh one. An idle worker ends after a while too.
 */

export type SheetOutcome = { ok: true; rows: string[][] } | { ok: false; reason: SheetRefusal };

interface Job {
  content: Uint8Array;
  fileName: string;
  done: (outcome: SheetOutcome) => void;
}

const IDLE_MS = 30_000;
/** Loading the worker's code (ExcelJS; under tsx also compiling the sources) on a busy machine. */
const STARTUP_MS = 60_000;

/** The worker: sheet.worker.ts, built as sheetWorker.js (core/threadWorker.ts). */
const startWorker = (options: WorkerOptions) =>
  startThreadWorker(import.meta.filename, { source: 'sheet.worker.ts', built: 'sheetWorker' }, options);

class SheetPool {
  private worker: Worker | null = null;
  /** The worker has loaded its code: a file's clock starts only then. */
  private ready = false;
  /** The niceness the last worker set its thread to (core/threadPriority.ts); null where it could not. */
  niceness: number | null = null;
  private running: { job: Job; worker: Worker; timer: NodeJS.Timeout | null } | null = null;
  private readonly queue: Job[] = [];
  private idle: NodeJS.Timeout | null = null;

  parse(content: Buffer, fileName: string): Promise<SheetOutcome> {
    if (this.queue.length >= SHEET_LIMITS.queued) return Promise.resolve({ ok: false, reason: 'queueFull' });
    return new Promise((done) => {
      this.queue.push({ content, fileName, done });
      this.next();
    });
  }

  /** Ends the worker (server shutdown); queued files are refused. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.done({ ok: false, reason: 'queueFull' });
    if (this.running) this.finish(this.running.worker, { ok: false, reason: 'failed' }, true);
    if (this.idle) clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private next() {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    if (this.idle) clearTimeout(this.idle);
    const worker = (this.worker ??= this.spawn());
    worker.ref();
    this.running = { job, worker, timer: null };
    if (this.ready) this.start();
  }

  /** Hands the running file to the ready worker and starts its clock. */
  private start() {
    const running = this.running!;
    running.timer = setTimeout(() => this.finish(running.worker, { ok: false, reason: 'timeout' }, true), SHEET_LIMITS.parseMs);
    running.worker.postMessage({ content: running.job.content, fileName: running.job.fileName });
  }

  private spawn(): Worker {
    this.ready = false;
    const worker = startWorker({ resourceLimits: { maxOldGenerationSizeMb: SHEET_LIMITS.workerHeapMb } });
    const startup = setTimeout(() => this.finish(worker, { ok: false, reason: 'failed' }, true), STARTUP_MS).unref();
    worker.on('message', (message: SheetOutcome | { ready: true; niceness: number | null }) => {
      if (!('ready' in message)) return this.finish(worker, message, false);
      clearTimeout(startup);
      this.niceness = message.niceness;
      if (this.worker !== worker) return;
      this.ready = true;
      if (this.running?.worker === worker) this.start();
    });
    // Past its heap the worker stops with ERR_WORKER_OUT_OF_MEMORY: the file was too big once unpacked.
    worker.on('error', (err: NodeJS.ErrnoException) =>
      this.finish(worker, { ok: false, reason: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'unzippedTooLarge' : 'unreadable' }, true),
    );
    worker.on('exit', () => {
      clearTimeout(startup);
      this.finish(worker, { ok: false, reason: 'failed' }, true);
    });
    return worker;
  }

  /** The running file's outcome, from its worker only; `end` ends that worker (it failed, or ran out of time). */
  private finish(worker: Worker, outcome: SheetOutcome, end: boolean) {
    if (end && this.worker === worker) {
      this.worker = null;
      void worker.terminate();
    }
    const running = this.running;
    if (running?.worker !== worker) return;
    if (running.timer) clearTimeout(running.timer);
    this.running = null;
    running.job.done(outcome);
    if (this.queue.length) return this.next();
    if (this.worker) {
      this.worker.unref();
      this.idle = setTimeout(() => void this.close(), IDLE_MS).unref();
    }
  }
}

/** The server's one sheet pool. */
export const sheetPool = new SheetPool();
