import type { FastifyBaseLogger } from 'fastify';
import { connectionsRefused } from '../core/metrics.ts';

/**
 * Connections one source address may hold across the gateway's ports (MAX_CONNECTIONS_PER_ADDRESS;
 * docs/security.md says why 2 000: a carrier NAT address with 32 ports per subscriber).
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 2000;
/** A refused address is logged once a minute, with what it was refused since, not once per connection. */
const LOG_EVERY_MS = 60_000;

/**
 * Open connections per source address. `admit` takes a place or refuses; `release` gives it back
 * when the socket closes. 0 as the limit: no limit (behind a TCP balancer every connection comes
 * from its address, and the balancer limits per client instead).
 */
export class AddressLimits {
  private readonly open = new Map<string, number>();
  /** Per refused address: when it was last logged and how many were refused since. */
  private readonly refusals = new Map<string, { loggedAt: number; since: number }>();

  constructor(
    readonly max: number,
    private readonly stats: { refusedPerAddress: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  admit(address: string, protocol: string, now = Date.now()): boolean {
    if (this.max <= 0) return true;
    const held = this.open.get(address) ?? 0;
    if (held < this.max) {
      this.open.set(address, held + 1);
      return true;
    }
    this.stats.refusedPerAddress++;
    connectionsRefused.inc({ protocol, reason: 'per_address' });
    this.noteRefused(address, protocol, now);
    return false;
  }

  release(address: string) {
    if (this.max <= 0) return;
    const held = this.open.get(address) ?? 0;
    if (held <= 1) this.open.delete(address);
    else this.open.set(address, held - 1);
  }

  held(address: string): number {
    return this.open.get(address) ?? 0;
  }

  private noteRefused(address: string, protocol: string, now: number) {
    const r = this.refusals.get(address);
    if (r && now - r.loggedAt < LOG_EVERY_MS) {
      r.since++;
      return;
    }
    this.log.warn({ address, protocol, limit: this.max, refused: (r?.since ?? 0) + 1 }, '同一地址的终端连接数已达上限，拒绝新连接');
    if (this.refusals.size > 10_000) this.forgetQuiet(now);
    this.refusals.set(address, { loggedAt: now, since: 0 });
  }

  /** Addresses not refused for a minute are forgotten, so a scan from many addresses leaves nothing behind. */
  private forgetQuiet(now: number) {
    for (const [address, r] of this.refusals) if (now - r.loggedAt >= LOG_EVERY_MS) this.refusals.delete(address);
  }
}
