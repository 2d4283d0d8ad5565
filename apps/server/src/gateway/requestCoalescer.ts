/**
 * How long the first request of a run waits for others. Node accepts one connection per turn of
 * the event loop, so a reconnect storm's logins arrive one turn apart; on PGlite, whose queries
 * run in this thread and finish within the turn, a run that started at once always held one
 * request (three queries per login: 2 000 logins took 4.5 – 5.6 s). A few milliseconds gather a
 * few dozen; a lone login hardly notices.
 */
export const GATHER_MS = 5;

/**
 * Many small requests, few round trips: requests made within GATHER_MS of the first, or while a
 * run is in flight, go together in the next run (terminal look-ups, queued commands, online
 * marks). It only coalesces; whether a run writes anything is the caller's. `run` answers each
 * item, in the order given.
 */
export class RequestCoalescer<T, R> {
  private queue: Array<{ item: T; resolve: (r: R) => void; reject: (e: Error) => void }> = [];
  private running = false;

  constructor(
    private readonly run: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 1000,
  ) {}

  request(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running) return;
      this.running = true;
      setTimeout(() => void this.next(), GATHER_MS);
    });
  }

  private async next() {
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
