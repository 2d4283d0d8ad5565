import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { resolveTarget } from './targetGuard.ts';
import { networkErrorText, type SendResult } from './sendError.ts';

export interface MqttTarget {
  url: string;
  username: string;
  password: string;
}

const CONNECT_TIMEOUT_MS = 10_000;
const PUBLISH_TIMEOUT_MS = 10_000;
/** A connection nobody published on for this long is closed. */
const IDLE_MS = 10 * 60_000;

/** A broker's refusal or a network failure, in Chinese. */
export function mqttErrorText(err: unknown): string {
  const e = err as { code?: unknown; message?: string };
  if (e?.code === 4 || e?.code === 134) return 'MQTT 服务器拒绝登录：用户名或密码错误';
  if (e?.code === 5 || e?.code === 135) return 'MQTT 服务器拒绝登录：未授权';
  if (typeof e?.code === 'number') return `MQTT 服务器拒绝连接（返回码 ${e.code}）`;
  if (e?.message === "Couldn't connect to server") return '无法连接 MQTT 服务器（连接被关闭或超时）';
  if (e?.message === 'publish timeout') return `发布超时（${PUBLISH_TIMEOUT_MS / 1000}秒内未确认）`;
  return typeof e?.code === 'string' ? `无法连接 MQTT 服务器：${networkErrorText(err)}` : networkErrorText(err);
}

interface Entry {
  key: string;
  client: Promise<MqttClient>;
  /** set once connected */
  ready?: MqttClient;
  lastUsed: number;
}

/**
 * One connection per account's broker, opened when first needed and kept while used; a changed
 * setting or a dropped connection opens a new one at the next publish. No background reconnecting:
 * a failed publish is the delivery queue's to retry.
 */
export class MqttPool {
  private entries = new Map<number, Entry>();
  private sweeper: NodeJS.Timeout;

  constructor(private readonly clientIdPrefix = 'chelian') {
    this.sweeper = setInterval(() => this.closeIdle(), 60_000);
    this.sweeper.unref();
  }

  /** Publishes and waits for the broker's acknowledgement (QoS 1) or the write (QoS 0). */
  async publish(
    accountId: number,
    target: MqttTarget,
    allowPrivate: boolean,
    topic: string,
    body: string,
    qos: 0 | 1,
  ): Promise<SendResult> {
    const started = Date.now();
    try {
      const client = await this.client(accountId, target, allowPrivate);
      await withTimeout(client.publishAsync(topic, body, { qos }), PUBLISH_TIMEOUT_MS, 'publish timeout');
      return { ok: true, httpStatus: null, error: '', durationMs: Date.now() - started };
    } catch (err) {
      this.drop(accountId);
      return { ok: false, httpStatus: null, error: mqttErrorText(err), durationMs: Date.now() - started };
    }
  }

  /** A connected client right now, or null (positions are not worth waiting for). */
  connectedNow(accountId: number): MqttClient | null {
    const entry = this.entries.get(accountId);
    return entry?.ready?.connected ? entry.ready : null;
  }

  async client(accountId: number, target: MqttTarget, allowPrivate: boolean): Promise<MqttClient> {
    const key = `${target.url}\n${target.username}\n${target.password}\n${allowPrivate}`;
    const existing = this.entries.get(accountId);
    if (existing && existing.key === key) {
      existing.lastUsed = Date.now();
      return existing.client;
    }
    if (existing) this.drop(accountId);
    const entry: Entry = { key, lastUsed: Date.now(), client: this.connect(accountId, target, allowPrivate) };
    this.entries.set(accountId, entry);
    entry.client.then(
      (client) => {
        entry.ready = client;
        client.on('close', () => this.entries.get(accountId) === entry && this.drop(accountId));
      },
      () => this.entries.get(accountId) === entry && this.entries.delete(accountId),
    );
    return entry.client;
  }

  private async connect(accountId: number, target: MqttTarget, allowPrivate: boolean): Promise<MqttClient> {
    const url = new URL(target.url);
    const secure = url.protocol === 'mqtts:';
    const host = await resolveTarget(url.hostname, allowPrivate);
    const port = Number(url.port) || (secure ? 8883 : 1883);
    // The checked address is what is connected to (the name could resolve elsewhere a moment later).
    return mqtt.connectAsync(
      `${secure ? 'mqtts' : 'mqtt'}://${host.includes(':') ? `[${host}]` : host}:${port}`,
      {
        servername: secure ? url.hostname : undefined,
        username: target.username || undefined,
        password: target.password || undefined,
        clientId: `${this.clientIdPrefix}-${accountId}-${randomBytes(4).toString('hex')}`,
        connectTimeout: CONNECT_TIMEOUT_MS,
        reconnectPeriod: 0,
        queueQoSZero: false,
        clean: true,
      },
      false,
    );
  }

  private drop(accountId: number) {
    const entry = this.entries.get(accountId);
    if (!entry) return;
    this.entries.delete(accountId);
    entry.client.then(
      (c) => c.end(true),
      () => {},
    );
  }

  private closeIdle() {
    const now = Date.now();
    for (const [accountId, entry] of this.entries) if (now - entry.lastUsed > IDLE_MS) this.drop(accountId);
  }

  async close() {
    clearInterval(this.sweeper);
    const clients = [...this.entries.values()].map((e) => e.client);
    this.entries.clear();
    await Promise.all(
      clients.map((p) =>
        p.then(
          (c) => c.endAsync(),
          () => {},
        ),
      ),
    );
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(
    () => clearTimeout(timer),
  );
}
