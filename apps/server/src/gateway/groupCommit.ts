/**
 * Many small requests, few round trips: a request made while a run is in flight waits and goes
 * with the others in the next run. No timer: an idle system answers at once, a busy one batches
 * by itself. `run` answers each item, in the order given.
 */
export class GroupCommit<T, R> {
  private queue: Array<{ item: T; resolve: (r: R) => void; reject: (e: Error) => void }> = [];
  private running = false;

  constructor(
    private readonly run: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 1000,
  ) {}

  request(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) void this.next();
    });
  }

  private async next() {
    this.running = true;
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const results = await this.run(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i]));
      } catch (err) {
        for (const b of batch) b.reject(err as Error);
      }
    }
    this.running = false;
  }
}
