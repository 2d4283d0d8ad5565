/**
 * What a terminal knows about the positions it reported: those sent and not yet acknowledged
 * (pending, by the key their acknowledgement will carry), those waiting for a connection
 * (the blind-area backlog), and — for tests — a record of every location message.
 */
import type { Report } from './vehicle.ts';

/** One location message as sent, and whether the server acknowledged it. */
export interface LocationRecord {
  /** The message's serial (JT/T 808 flow number, GT06 serial; H02 has none: -1). */
  serial: number;
  /** Position times (epoch ms) the message carried. */
  times: number[];
  /** False for messages the protocol never acknowledges (H02, a JT/T 808 0x0201 answer). */
  expectsAck: boolean;
  acked: boolean;
  /** Sent → acknowledged, in ms (the reply comes after the server committed it). */
  ackMs?: number;
}

interface Pending {
  reports: Report[];
  sentAt: number;
  record?: LocationRecord;
}

export class Delivery {
  sent = 0;
  acked = 0;
  dropped = 0;
  readonly records: LocationRecord[] | null;
  private readonly pending = new Map<string, Pending>();
  private backlog: Report[] = [];

  constructor(
    record: boolean,
    private readonly maxBacklog: number,
  ) {
    this.records = record ? [] : null;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get backlogSize(): number {
    return this.backlog.length;
  }

  /** A message went out; `ack` says what its acknowledgement will carry (null: none comes). */
  onSent(reports: Report[], ack: { key: string; serial: number } | null, serial = ack?.serial ?? -1) {
    this.sent += reports.length;
    const record = this.records ? { serial, times: reports.map((r) => r.time), expectsAck: ack !== null, acked: false } : undefined;
    if (record) this.records!.push(record);
    if (ack) this.pending.set(ack.key, { reports, sentAt: Date.now(), record });
  }

  onAck(key: string) {
    const p = this.pending.get(key);
    if (!p) return;
    this.pending.delete(key);
    this.acked += p.reports.length;
    if (p.record) {
      p.record.acked = true;
      p.record.ackMs = Date.now() - p.sentAt;
    }
  }

  /** When the oldest unacknowledged message went out, if any. */
  oldestPendingAt(): number | undefined {
    for (const p of this.pending.values()) return p.sentAt; // Map keeps insertion order
    return undefined;
  }

  keep(report: Report) {
    this.backlog.push(report);
    this.trim();
  }

  /** The connection is gone: whatever it never acknowledged waits with the backlog, oldest first. */
  requeuePending() {
    const unacked = [...this.pending.values()].flatMap((p) => p.reports);
    this.pending.clear();
    if (unacked.length) this.backlog = [...unacked, ...this.backlog].sort((a, b) => a.time - b.time);
    this.trim();
  }

  takeBacklog(max: number): Report[] {
    return this.backlog.splice(0, max);
  }

  private trim() {
    if (this.backlog.length > this.maxBacklog) this.dropped += this.backlog.splice(0, this.backlog.length - this.maxBacklog).length;
  }
}
