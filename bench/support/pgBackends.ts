import { cpuMs } from './procStats.ts';

/**
 * CPU (ms) of a run's PostgreSQL backends, found by their application_name. Each pid's last reading is
 * kept, so a backend that ends keeps its time; one born during the run counts all of it.
 */
export class PgBackends {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  /** pids: the backends now connected under the run's application_name (none without a database server). */
  constructor(private readonly pids: () => Promise<number[]>) {}
  async sample() {
    for (const pid of await this.pids()) {
      try {
        const ms = cpuMs(pid);
        if (!this.first.has(pid)) this.first.set(pid, 0); // born during the run: all its time is the run's
        this.last.set(pid, ms);
      } catch {
        // ended between the query and the read
      }
    }
  }
  /** Starts a window: what the backends used so far is not its. */
  async mark() {
    await this.sample();
    this.first.clear();
    for (const [pid, ms] of this.last) this.first.set(pid, ms);
  }
  get ms() {
    let sum = 0;
    for (const [pid, ms] of this.last) sum += ms - (this.first.get(pid) ?? 0);
    return sum;
  }
}
