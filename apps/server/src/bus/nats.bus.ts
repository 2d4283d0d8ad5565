import { randomBytes } from 'node:crypto';
import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { FastifyBaseLogger } from 'fastify';
import { MemoryBus, type Bus, type BusHandler } from './bus.ts';

const codec = JSONCodec();

/**
 * Live positions (one a stored fix) go out only where some process listens: each process tells the
 * others which `pos.…` patterns it subscribes (its live feeds' account subtrees, the jobs role's MQTT
 * forwarding) on INTEREST, at once when they change and every ANNOUNCE_MS while it has any; a
 * process that starts or reconnects asks on INTEREST_QUERY and publishes everything for
 * OPEN_AFTER_CONNECT_MS meanwhile. A process that died stops counting after EXPIRE_MS.
 * Alarms, presence and commands are few and always go out.
 */
const GATED = 'pos.';
const INTEREST = 'ops.interest';
const INTEREST_QUERY = 'ops.interest.query';
const ANNOUNCE_MS = 15_000;
const EXPIRE_MS = 3 * ANNOUNCE_MS;
const OPEN_AFTER_CONNECT_MS = 2000;

interface Announcement {
  instance: string;
  patterns: string[];
}

export interface NatsBusOptions {
  /** How long after (re)connecting every position is published while the others' interest is asked (default 2 s). */
  openAfterConnectMs?: number;
}

/** The deployment prefix of every subject: tokens of letters, digits, '_' or '-', joined by dots. */
const PREFIX = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

/**
 * The bus over NATS: every gateway and API process connected to the same server (or cluster)
 * sees the same subjects, so a position stored by one gateway reaches every live feed, and a
 * command reaches whichever gateway holds the terminal's socket. Core NATS (at most once) is
 * enough: durable state is in the database, the bus only carries news about it.
 *
 * Every subject goes out under `prefix.` (NATS_PREFIX), so deployments sharing one NATS cluster
 * never hear each other; subscribers see subjects without it, as on the in-process bus.
 */
export async function connectNatsBus(url: string, log: FastifyBaseLogger, prefix: string, options: NatsBusOptions = {}): Promise<Bus> {
  if (!PREFIX.test(prefix)) throw new Error(`NATS_PREFIX 无效：「${prefix}」只能由字母、数字、_ 和 - 组成，可用 . 分段`);
  const nc = await connect({
    servers: url.split(','),
    name: `${prefix}-${process.pid}`,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
  });
  const bus = new NatsBus(nc, log, `${prefix}.`, options.openAfterConnectMs ?? OPEN_AFTER_CONNECT_MS);
  void watchStatus(nc, log, bus);
  return bus;
}

async function watchStatus(nc: NatsConnection, log: FastifyBaseLogger, bus: NatsBus) {
  for await (const s of nc.status()) {
    if (s.type === 'disconnect' || s.type === 'error') log.warn({ nats: s.type, data: String(s.data) }, 'NATS 连接异常');
    else if (s.type === 'reconnect') log.info({ nats: s.type }, 'NATS 已重新连接');
    // readiness (/readyz) and the chelian_bus_connected metric follow the connection
    if (s.type === 'disconnect') bus.connected = false;
    else if (s.type === 'reconnect') {
      bus.connected = true;
      bus.askInterest(); // what the others watch may have changed meanwhile, and they may have missed ours
    }
  }
}

class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  connected = true;
  private readonly subs = new Set<Subscription>();
  private readonly instance = randomBytes(6).toString('hex');
  /** This process's `pos.…` subscriptions, by pattern. */
  private readonly ownPatterns = new Map<string, number>();
  /** Every process's announced patterns (this one's too), with when they lapse. */
  private readonly announced = new Map<string, { patterns: string[]; expires: number }>();
  /** The announced patterns as a subscription tree, for matching a subject. */
  private watched = new MemoryBus();
  private openUntil = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly nc: NatsConnection,
    private readonly log: FastifyBaseLogger,
    private readonly prefix: string,
    private readonly openAfterConnectMs: number,
  ) {
    const listen = (subject: string, handle: (data: Uint8Array) => void) =>
      nc.subscribe(prefix + subject, {
        callback: (err, msg) => {
          if (!err) handle(msg.data);
        },
      });
    listen(INTEREST, (data) => {
      let a: Announcement;
      try {
        a = codec.decode(data) as Announcement;
      } catch {
        return;
      }
      if (!Array.isArray(a.patterns) || !a.patterns.length) this.announced.delete(a.instance);
      else this.announced.set(a.instance, { patterns: a.patterns, expires: Date.now() + EXPIRE_MS });
      this.rebuild();
    });
    listen(INTEREST_QUERY, () => {
      if (this.ownPatterns.size) this.announce();
    });
    this.timer = setInterval(() => {
      if (this.ownPatterns.size) this.announce();
      const now = Date.now();
      let lapsed = false;
      for (const [instance, a] of this.announced) if (a.expires < now) lapsed = this.announced.delete(instance);
      if (lapsed) this.rebuild();
    }, ANNOUNCE_MS);
    this.timer.unref();
    this.askInterest();
  }

  /** Whether a live position on this subject reaches anyone; other subjects always go out. */
  interested(subject: string): boolean {
    if (!subject.startsWith(GATED) || Date.now() < this.openUntil) return true;
    return this.watched.interested(subject);
  }

  askInterest() {
    this.openUntil = Date.now() + this.openAfterConnectMs;
    this.raw(INTEREST_QUERY, {});
    if (this.ownPatterns.size) this.announce();
  }

  private announce() {
    this.raw<Announcement>(INTEREST, { instance: this.instance, patterns: [...this.ownPatterns.keys()] });
  }

  private raw<T>(subject: string, message: T) {
    try {
      this.nc.publish(this.prefix + subject, codec.encode(message));
    } catch {
      // closed or draining: asked again on reconnect, announced again within ANNOUNCE_MS
    }
  }

  private rebuild() {
    const watched = new MemoryBus();
    for (const a of this.announced.values()) for (const p of a.patterns) watched.subscribe(p, () => {});
    this.watched = watched;
  }

  /** A `pos.…` pattern subscribed (+1) or let go (-1): the others hear at once when the set changes. */
  private own(subject: string, delta: 1 | -1) {
    const n = (this.ownPatterns.get(subject) ?? 0) + delta;
    if (n > 0) this.ownPatterns.set(subject, n);
    else this.ownPatterns.delete(subject);
    if (n === 0 || (delta === 1 && n === 1)) this.announce();
  }

  publish<T>(subject: string, message: T): void {
    try {
      this.nc.publish(this.prefix + subject, codec.encode(message));
    } catch (err) {
      // Closed or draining: news is lost, the database still holds the facts.
      this.log.warn({ err, subject }, 'NATS 发布失败');
    }
  }

  subscribe<T>(subject: string, handler: BusHandler<T>): () => void {
    const sub = this.nc.subscribe(this.prefix + subject, {
      callback: (err, msg) => {
        if (err) return void this.log.warn({ err, subject }, 'NATS 订阅错误');
        let data: T;
        try {
          data = codec.decode(msg.data) as T;
        } catch {
          return void this.log.warn({ subject: msg.subject }, 'NATS 消息不是 JSON，已忽略');
        }
        try {
          handler(data, msg.subject.slice(this.prefix.length));
        } catch (handlerErr) {
          this.log.error({ err: handlerErr, subject: msg.subject }, 'bus subscriber failed');
        }
      },
    });
    this.subs.add(sub);
    const gated = subject.startsWith(GATED);
    if (gated) this.own(subject, 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.subs.delete(sub);
      sub.unsubscribe();
      if (gated) this.own(subject, -1);
    };
  }

  async flush() {
    if (!this.nc.isClosed()) await this.nc.flush();
  }

  async close() {
    this.connected = false;
    clearInterval(this.timer);
    if (this.nc.isClosed()) return;
    if (this.ownPatterns.size) {
      this.ownPatterns.clear();
      this.announce(); // the others stop publishing for this process's feeds now, not after EXPIRE_MS
    }
    // Drain delivers what is in flight, then closes.
    await this.nc.drain().catch(() => this.nc.close());
  }
}
