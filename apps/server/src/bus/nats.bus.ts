import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus, BusHandler } from './bus.ts';

const codec = JSONCodec();

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
export async function connectNatsBus(url: string, log: FastifyBaseLogger, prefix: string): Promise<Bus> {
  if (!PREFIX.test(prefix)) throw new Error(`NATS_PREFIX 无效：「${prefix}」只能由字母、数字、_ 和 - 组成，可用 . 分段`);
  const nc = await connect({
    servers: url.split(','),
    name: `${prefix}-${process.pid}`,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
  });
  const bus = new NatsBus(nc, log, `${prefix}.`);
  void watchStatus(nc, log, bus);
  return bus;
}

async function watchStatus(nc: NatsConnection, log: FastifyBaseLogger, bus: NatsBus) {
  for await (const s of nc.status()) {
    if (s.type === 'disconnect' || s.type === 'error') log.warn({ nats: s.type, data: String(s.data) }, 'NATS 连接异常');
    else if (s.type === 'reconnect') log.info({ nats: s.type }, 'NATS 已重新连接');
    // readiness (/readyz) and the chelian_bus_connected metric follow the connection
    if (s.type === 'disconnect') bus.connected = false;
    else if (s.type === 'reconnect') bus.connected = true;
  }
}

class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  connected = true;
  private readonly subs = new Set<Subscription>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly log: FastifyBaseLogger,
    private readonly prefix: string,
  ) {}

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
    return () => {
      this.subs.delete(sub);
      sub.unsubscribe();
    };
  }

  async flush() {
    if (!this.nc.isClosed()) await this.nc.flush();
  }

  async close() {
    this.connected = false;
    if (this.nc.isClosed()) return;
    // Drain delivers what is in flight, then closes.
    await this.nc.drain().catch(() => this.nc.close());
  }
}
