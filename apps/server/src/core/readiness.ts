import { randomBytes } from 'node:crypto';
import type { Db } from '../db/types.ts';
import type { Bus } from '../bus/bus.ts';
import { subjects } from '../bus/subjects.ts';
import { busLag, watchProcess } from './metrics.ts';

const DB_CHECK_TIMEOUT_MS = 2000;
const PROBE_EVERY_MS = 5000;

export interface ReadinessAnswer {
  ready: boolean;
  db: boolean;
  bus: boolean;
  draining: boolean;
}

/**
 * Whether this process should get traffic (`/readyz`): its database answers, its bus is
 * connected, and it is not draining. Liveness (`/healthz`) is a different question: a process that
 * cannot reach PostgreSQL is alive and must not be restarted for it.
 *
 * It also sends the bus probe: every few seconds on NATS a message to this process's own subject,
 * whose round trip is the bus lag metric (through NATS and back, as every position's news travels).
 */
export class Readiness {
  draining = false;
  private readonly instance = `${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
  ) {}

  start() {
    const subject = subjects.probe(this.instance);
    this.stops.push(this.bus.subscribe<{ t: number }>(subject, (m) => busLag.observe((performance.now() - m.t) / 1000)));
    // In one process the bus is a microtask away: one probe at start says so, and no timer wakes an idle server for more.
    if (this.bus.kind === 'nats') {
      const timer = setInterval(() => this.bus.publish(subject, { t: performance.now() }), PROBE_EVERY_MS);
      timer.unref();
      this.stops.push(() => clearInterval(timer));
    }
    this.bus.publish(subject, { t: performance.now() });
    this.stops.push(
      watchProcess({
        pool: () => this.db.poolStats?.() ?? null,
        busConnected: () => this.bus.connected,
        ready: async () => (await this.check()).ready,
        draining: () => this.draining,
      }),
    );
    return this;
  }

  stop() {
    for (const stop of this.stops.splice(0)) stop();
  }

  async check(): Promise<ReadinessAnswer> {
    const [db, bus] = await Promise.all([this.dbAnswers(), Promise.resolve(this.bus.connected)]);
    const ready = db && bus && !this.draining;
    return { ready, db, bus, draining: this.draining };
  }

  private async dbAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DB_CHECK_TIMEOUT_MS)));
    try {
      return await Promise.race([
        this.db.query('SELECT 1').then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
