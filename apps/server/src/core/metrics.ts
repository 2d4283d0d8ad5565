import client from 'prom-client';

/**
 * The process's Prometheus metrics (`GET /metrics`, http/opsRoutes.ts). One registry per process:
 * Prometheus scrapes processes, and a test process running several servers simply sums them.
 *
 * The gateway's per-frame figures are plain numbers (an object per protocol, a property increment
 * per frame) turned into counters only when scraped: prom-client's labelled `inc` hashes its
 * labels on every call, and frames come at 150 000 a second.
 */
export const registry = new client.Registry();
/**
 * The event-loop delay histogram samples on a timer of this period, which wakes an idle process
 * each time (issue 33: at 20 ms, 50 wakes a second, ~0.1 CPU-s a minute alone; at 100 ms, most of a
 * silent server's wakes). A stall longer than this is caught whole; a shorter one shows in the
 * samples that fall into it, as often as its share of the time (a loop busy with 200 ms turns shows
 * them in most samples, a lone 200 ms stall in one scrape of five), so the percentiles still say how
 * late a timer or a read is served, from fewer samples. The lag gauge is measured at each scrape.
 */
const EVENT_LOOP_SAMPLE_MS = 1000;
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });

/** A protocol's live figures, incremented by its sessions. */
export interface ProtocolCounters {
  connections: number;
  decoded: number;
  /** Rejected frames by reason (the decoder's or framer's error code). */
  rejected: Map<string, number>;
}

const protocols = new Map<string, ProtocolCounters>();

export function protocolCounters(protocol: string): ProtocolCounters {
  let c = protocols.get(protocol);
  if (!c) protocols.set(protocol, (c = { connections: 0, decoded: 0, rejected: new Map() }));
  return c;
}

export function countRejected(c: ProtocolCounters, reason: string) {
  c.rejected.set(reason, (c.rejected.get(reason) ?? 0) + 1);
}

new client.Gauge({
  name: 'chelian_terminal_connections',
  help: 'Open terminal connections, by protocol',
  labelNames: ['protocol'],
  registers: [registry],
  collect() {
    for (const [protocol, c] of protocols) this.set({ protocol }, c.connections);
  },
});

new client.Counter({
  name: 'chelian_frames_decoded_total',
  help: 'Terminal frames decoded, by protocol',
  labelNames: ['protocol'],
  registers: [registry],
  collect() {
    this.reset();
    for (const [protocol, c] of protocols) this.inc({ protocol }, c.decoded);
  },
});

new client.Counter({
  name: 'chelian_frames_rejected_total',
  help: 'Terminal frames rejected, by protocol and reason',
  labelNames: ['protocol', 'reason'],
  registers: [registry],
  collect() {
    this.reset();
    for (const [protocol, c] of protocols) for (const [reason, n] of c.rejected) this.inc({ protocol, reason }, n);
  },
});

/** Terminal connections closed at accept, by protocol and reason (`per_address`: gateway/connectionLimits.ts). */
export const connectionsRefused = new client.Counter({
  name: 'chelian_terminal_connections_refused_total',
  help: 'Terminal connections refused when accepted, by protocol and reason',
  labelNames: ['protocol', 'reason'],
  registers: [registry],
});

/** Ingest: what each flush stored, how big and how long (gateway/ingestBatcher.ts). */
export const ingestMetrics = {
  positionsStored: new client.Counter({
    name: 'chelian_positions_stored_total',
    help: 'Positions committed to the database (rate() = positions stored per second)',
    registers: [registry],
  }),
  batchRows: new client.Histogram({
    name: 'chelian_ingest_batch_rows',
    help: 'Rows written by one ingest flush (positions, alarms, e-bike rows)',
    buckets: [1, 10, 50, 100, 500, 1000, 2000, 5000, 10000],
    registers: [registry],
  }),
  flushSeconds: new client.Histogram({
    name: 'chelian_ingest_flush_seconds',
    help: 'Time one ingest flush took to commit',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  }),
  flushFailures: new client.Counter({
    name: 'chelian_ingest_flush_failures_total',
    help: 'Ingest flushes that failed (their messages were not acknowledged)',
    registers: [registry],
  }),
  refused: new client.Counter({
    name: 'chelian_ingest_refused_total',
    help: 'Messages refused by the batcher (overloaded or closing): not stored, not acknowledged',
    registers: [registry],
  }),
};

/** The position engines' input (core/positionFeed.ts): fixes this process's gateway committed and handed to them. */
export const engineMetrics = {
  fixesFed: new client.Counter({
    name: 'chelian_engine_fixes_fed_total',
    help: "Committed fixes handed to this process's position engines (each fix to one gateway's engines)",
    registers: [registry],
  }),
};

/**
 * A histogram for the per-message path: an observation is a few comparisons and additions into
 * plain numbers (prom-client's `observe` measured ~450 ns, 10 % of a gateway's cost per position
 * in a burst); the Prometheus text is made at scrape time.
 */
export class FastHistogram {
  private readonly counts: Float64Array;
  private sum = 0;
  private count = 0;

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
  ) {
    this.counts = new Float64Array(buckets.length);
    registry.registerMetric(this as unknown as client.Metric);
  }

  observe(value: number) {
    this.sum += value;
    this.count++;
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]) this.counts[i]++;
  }

  /** What the registry formats (prom-client's metric shape). */
  async get() {
    const values = this.buckets.map((le, i) => ({ metricName: `${this.name}_bucket`, labels: { le }, value: this.counts[i] }));
    values.push({ metricName: `${this.name}_bucket`, labels: { le: '+Inf' as unknown as number }, value: this.count });
    return {
      name: this.name,
      help: this.help,
      type: 'histogram',
      aggregator: 'sum',
      values: [
        ...values,
        { metricName: `${this.name}_sum`, labels: {}, value: this.sum },
        { metricName: `${this.name}_count`, labels: {}, value: this.count },
      ],
    };
  }
}

/** Arrival of a message to the write of its acknowledgement, which waits for its commit. */
export const replyAfterCommit = new FastHistogram(
  'chelian_reply_after_commit_seconds',
  'Time from a message read to its acknowledgement written, after its rows committed',
  [0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
);

export const busLag = new client.Histogram({
  name: 'chelian_bus_lag_seconds',
  help: 'Round trip of a probe published on the bus and heard back by this process',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1],
  registers: [registry],
});

export const httpDuration = new client.Histogram({
  name: 'chelian_http_request_duration_seconds',
  help: 'HTTP request duration, by method, route (the registered path, not the URL) and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** What the process's storage and bus say about themselves at scrape time (registered by server.ts). */
export interface ProcessGauges {
  pool?: () => { total: number; idle: number; waiting: number; max: number } | null;
  busConnected?: () => boolean;
  ready?: () => Promise<boolean>;
  draining?: () => boolean;
}

const gaugeSources = new Set<ProcessGauges>();

/** Registers a server's sources; the returned function takes them out (on close). */
export function watchProcess(sources: ProcessGauges): () => void {
  gaugeSources.add(sources);
  return () => void gaugeSources.delete(sources);
}

new client.Gauge({
  name: 'chelian_db_pool_connections',
  help: 'Database pool connections by state (total, idle, waiting clients, max)',
  labelNames: ['state'],
  registers: [registry],
  collect() {
    const sum = { total: 0, idle: 0, waiting: 0, max: 0 };
    for (const s of gaugeSources) {
      const p = s.pool?.();
      if (p) for (const k of Object.keys(sum) as Array<keyof typeof sum>) sum[k] += p[k];
    }
    for (const [state, n] of Object.entries(sum)) this.set({ state }, n);
  },
});

const flagGauge = (name: string, help: string, read: (s: ProcessGauges) => Promise<boolean> | boolean | undefined) =>
  new client.Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      let value = 0;
      for (const s of gaugeSources) if (await read(s)) value = 1;
      this.set(value);
    },
  });

flagGauge('chelian_bus_connected', '1 while the bus (NATS) is connected', (s) => s.busConnected?.());
flagGauge('chelian_ready', '1 while /readyz answers 200', (s) => s.ready?.());
flagGauge('chelian_draining', '1 once SIGTERM started the drain', (s) => s.draining?.());
