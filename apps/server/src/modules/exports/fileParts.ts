import { Readable } from 'node:stream';
import type { Queryable } from '../../db/types.ts';
import type { ByteSink } from './excelWorkbook.ts';
import { exportsQueries } from './exports.queries.ts';

/** About this many bytes a stored part: a few inserts for a large file, little memory. */
export const PART_BYTES = 1 << 20;

/** The job was taken by another claim (this worker's lease ran out): what it writes is no longer wanted. */
export class ExportLeaseLost extends Error {
  constructor(jobId: number) {
    super(`export job ${jobId}: claimed by another worker`);
  }
}

/**
 * Stores a file being written as parts of `partBytes` (export_file_parts), under the attempt
 * that holds the job: each full part is inserted while the writer goes on, in order; `drain`
 * waits for the inserts, so the writer never gets more than a window and a part ahead of the
 * database. A part refused because another attempt holds the job rejects with ExportLeaseLost.
 */
export class PartWriter implements ByteSink {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private seq = 0;
  private stored: Promise<unknown> = Promise.resolve();
  size = 0;

  constructor(
    private readonly db: Queryable,
    private readonly jobId: number,
    private readonly attempt: number,
    private readonly partBytes = PART_BYTES,
  ) {}

  write(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.size += chunk.length;
    if (this.buffered >= this.partBytes) this.flush();
  }

  async drain(): Promise<void> {
    await this.stored;
  }

  /** Stores what is left; resolves with the parts written. */
  async end(): Promise<number> {
    if (this.buffered > 0) this.flush();
    await this.stored;
    return this.seq;
  }

  private flush() {
    const data = Buffer.concat(this.chunks, this.buffered);
    const seq = this.seq++;
    this.chunks = [];
    this.buffered = 0;
    this.stored = this.stored.then(async () => {
      if (!(await exportsQueries.insertPart(this.db, this.jobId, this.attempt, seq, data))) throw new ExportLeaseLost(this.jobId);
    });
    this.stored.catch(() => {}); // reported by drain/end
  }
}

/** A stored file (the parts of the attempt that finished it) read back part by part, as the download sends it: one part in memory at a time. */
export function readParts(db: Queryable, jobId: number, attempt: number): Readable {
  return Readable.from(
    (async function* parts() {
      for (let seq = 0; ; seq++) {
        const data = await exportsQueries.part(db, jobId, attempt, seq);
        if (!data) return;
        yield Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      }
    })(),
    { objectMode: false },
  );
}
