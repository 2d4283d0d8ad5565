/**
 * One simulated terminal over real TCP: connects, does its protocol's handshake, reports its
 * vehicle every interval (heartbeats when quiet), answers commands, and keeps what the server
 * has not acknowledged: positions whose reply never came are resent after a reconnect, and
 * positions taken while offline are kept (blind-area storage) and uploaded once back.
 * Protocol subclasses supply the frames; this class owns the socket, timers and bookkeeping.
 */
import net from 'node:net';
import type { DeviceMessage, Framer, ProtocolCodec, ProtocolName } from '@chelian/protocols';
import type { City } from './cities.ts';
import { Delivery, type LocationRecord } from './delivery.ts';
import type { Report, SimVehicle } from './vehicle.ts';

export interface TerminalSpec {
  protocol: ProtocolName;
  /** JT/T 808 phone (12 digits) or IMEI (15). */
  id: string;
  city: City;
  seed: number;
  plate?: string;
  /** What the terminal sits in: a car (default) or an e-bike (GT06 with 0xF1 status and 0x40 BMS). */
  kind?: 'vehicle' | 'ebike';
}

export interface ConnectionOptions {
  host: string;
  port: number;
  /** Source address (spreads many clients over 127.0.0.x). */
  localAddress?: string;
  intervalSeconds: number;
  /**
   * The first reports of a fleet are spread over this many seconds after start, so it does not
   * report in lockstep. Default one interval; the demo's collars and badges, on a five-minute
   * interval, report within seconds so their pages are not empty for minutes.
   */
  firstReportWithinSeconds?: number;
  /** Report interval while parked with ACC off. Default max(interval, 60 s). */
  sleepIntervalSeconds?: number;
  /** A heartbeat goes out after this much silence. Default 30 s. */
  heartbeatSeconds?: number;
  /**
   * How often the vehicle is moved on between reports, so an ACC change is reported when it
   * happens. Default 1 s; a load test of many terminals sets its interval (one timer per report).
   */
  tickSeconds?: number;
  /** No reply to a position or handshake for this long: the link is judged dead. Default 30 s. */
  ackTimeoutMs?: number;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Positions kept while offline; the oldest go first beyond this. Default 5000. */
  maxBacklog?: number;
  /** Keep a record of every location message (tests): off by default to keep memory small. */
  record?: boolean;
  onEvent?: (event: TerminalEvent) => void;
}

export type TerminalEvent =
  { type: 'online' | 'offline'; terminal: string } | { type: 'command'; terminal: string; command: string; detail?: string };

export type TerminalState = 'idle' | 'connecting' | 'handshake' | 'online' | 'offline' | 'stopped';

export interface TerminalStats {
  connects: number;
  commands: number;
}

export abstract class SimTerminal {
  state: TerminalState = 'idle';
  readonly stats: TerminalStats = { connects: 0, commands: 0 };
  /** Sent, acknowledged and waiting positions (and, with `record`, every location message). */
  readonly delivery: Delivery;
  intervalSeconds: number;
  protected socket: net.Socket | null = null;
  protected readonly framer: Framer;
  private timer: NodeJS.Timeout | null = null;
  private handshakeTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private lastReportAt = 0;
  private lastReportAcc: boolean | null = null;
  private lastSentAt = 0;
  private firstReportDelayMs: number;
  private reconnectOverride: number | undefined;

  constructor(
    readonly spec: TerminalSpec,
    readonly vehicle: SimVehicle,
    protected readonly codec: ProtocolCodec,
    protected readonly opts: ConnectionOptions,
  ) {
    this.framer = codec.createFramer({ maxFrameLength: 4096 });
    this.delivery = new Delivery(opts.record ?? false, opts.maxBacklog ?? 5000);
    this.intervalSeconds = opts.intervalSeconds;
    this.firstReportDelayMs = (spec.seed % 1000) * (opts.firstReportWithinSeconds ?? opts.intervalSeconds);
  }

  get id(): string {
    return this.spec.id;
  }

  get records(): LocationRecord[] | null {
    return this.delivery.records;
  }

  start() {
    if (this.state !== 'idle' && this.state !== 'stopped') return;
    const now = Date.now();
    this.vehicle.advance(now);
    this.lastReportAt = now + this.firstReportDelayMs;
    this.lastReportAcc = null;
    this.connect();
    this.schedule();
  }

  stop() {
    this.state = 'stopped';
    if (this.timer) clearTimeout(this.timer);
    if (this.handshakeTimer) clearTimeout(this.handshakeTimer);
    this.timer = this.handshakeTimer = null;
    this.socket?.destroy();
    this.socket = null;
  }

  /** Drops the connection as a reboot or a lost signal would; it comes back by itself. */
  disconnect(reconnectAfterMs?: number) {
    this.reconnectOverride = reconnectAfterMs;
    this.socket?.destroy();
  }

  protected abstract handshake(): void;
  /** Writes these positions; returns the key their acknowledgement will carry, or null if none comes. */
  protected abstract sendReports(reports: Report[], backlog: boolean): { key: string; serial: number } | null;
  protected abstract sendHeartbeat(): void;
  protected abstract onMessage(message: DeviceMessage): void;
  protected abstract decode(frame: Buffer): ReturnType<ProtocolCodec['decode']>;

  protected write(frame: Buffer) {
    if (this.socket && !this.socket.destroyed) {
      this.socket.write(frame);
      this.lastSentAt = Date.now();
    }
  }

  private connect() {
    this.state = 'connecting';
    this.framer.reset();
    const socket = net.connect({ host: this.opts.host, port: this.opts.port, localAddress: this.opts.localAddress });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      if (this.socket !== socket) return;
      this.stats.connects++;
      this.state = 'handshake';
      this.handshakeTimer = setTimeout(() => socket.destroy(), this.opts.ackTimeoutMs ?? 30_000);
      this.handshake();
    });
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', () => {}); // 'close' follows
    socket.on('close', () => this.onClose(socket));
  }

  private onData(chunk: Buffer) {
    const out = this.framer.push(chunk);
    for (const frame of out.frames) {
      const decoded = this.decode(frame);
      if (!decoded.ok) continue;
      for (const m of decoded.value.messages) this.onMessage(m);
    }
    if (out.error) this.socket?.destroy();
  }

  private onClose(socket: net.Socket) {
    if (this.socket !== socket) return;
    this.socket = null;
    if (this.handshakeTimer) clearTimeout(this.handshakeTimer);
    this.handshakeTimer = null;
    const wasOnline = this.state === 'online';
    this.delivery.requeuePending();
    if (this.state === 'stopped') return;
    this.state = 'offline';
    if (wasOnline) this.opts.onEvent?.({ type: 'offline', terminal: this.id });
    const min = this.opts.reconnectMinMs ?? 1000;
    const max = this.opts.reconnectMaxMs ?? 60_000;
    this.failures++;
    const backoff = Math.min(max, min * 2 ** Math.max(0, this.failures - 1));
    const wait = this.reconnectOverride ?? backoff * (0.75 + ((this.spec.seed + this.failures) % 50) / 100);
    this.reconnectOverride = undefined;
    setTimeout(() => {
      if (this.state === 'offline') this.connect();
    }, wait).unref?.();
  }

  /** The handshake succeeded: report, and upload what waited. */
  protected online() {
    if (this.handshakeTimer) clearTimeout(this.handshakeTimer);
    this.handshakeTimer = null;
    this.state = 'online';
    this.failures = 0;
    this.opts.onEvent?.({ type: 'online', terminal: this.id });
    this.flushBacklog();
  }

  /** The server acknowledged the message with this key. */
  protected acknowledged(key: string) {
    this.delivery.onAck(key);
  }

  private flushBacklog() {
    while (this.delivery.backlogSize && this.state === 'online') this.send(this.delivery.takeBacklog(this.backlogChunk()), true);
  }

  /** How many backlog positions one message carries. */
  protected backlogChunk(): number {
    return 1;
  }

  private send(reports: Report[], backlog: boolean) {
    this.delivery.onSent(reports, this.sendReports(reports, backlog));
  }

  /** A location message that expects no acknowledgement (a position query's answer): counted and recorded. */
  protected noteSent(reports: Report[], serial: number) {
    this.delivery.onSent(reports, null, serial);
  }

  /** Sends a report now (position query, alarm): outside the schedule, still recorded. */
  protected reportNow(): Report {
    const now = Date.now();
    this.vehicle.advance(now);
    return this.vehicle.report(now);
  }

  protected sendNow(report: Report) {
    if (this.state === 'online') this.send([report], false);
    else this.delivery.keep(report);
  }

  /**
   * The first report comes at start (plus a spread); then one per interval, and at once when
   * ACC switches, as terminals do.
   */
  private nextReportAt(): number {
    const acc = this.vehicle.driver.phase !== 'parked';
    if (this.lastReportAcc === null) return this.lastReportAt;
    if (acc !== this.lastReportAcc) return 0;
    return this.lastReportAt + this.reportEveryMs();
  }

  private reportEveryMs(): number {
    const acc = this.vehicle.driver.phase !== 'parked';
    return (acc ? this.intervalSeconds : this.parkedIntervalSeconds()) * 1000;
  }

  /** The report interval while parked (ACC off) or asleep; a pet collar in lost mode keeps its fast one. */
  protected parkedIntervalSeconds(): number {
    return Math.max(this.intervalSeconds, this.opts.sleepIntervalSeconds ?? Math.max(this.intervalSeconds, 60));
  }

  private schedule() {
    if (this.state === 'stopped') return;
    const heartbeatMs = (this.opts.heartbeatSeconds ?? 30) * 1000;
    const now = Date.now();
    const nextReport = this.nextReportAt();
    const nextHeartbeat = this.lastSentAt + heartbeatMs;
    const wait = Math.max(10, Math.min(nextReport, nextHeartbeat, now + (this.opts.tickSeconds ?? 1) * 1000) - now);
    this.timer = setTimeout(() => this.tick(), wait);
  }

  private tick() {
    if (this.state === 'stopped') return;
    const now = Date.now();
    this.vehicle.advance(now);
    if (now >= this.nextReportAt()) {
      this.lastReportAt = now;
      this.lastReportAcc = this.vehicle.driver.phase !== 'parked';
      this.sendNow(this.vehicle.report(now));
    }
    if (this.state === 'online' && now >= this.lastSentAt + (this.opts.heartbeatSeconds ?? 30) * 1000) this.sendHeartbeat();
    this.checkAcks(now);
    this.schedule();
  }

  private checkAcks(now: number) {
    const oldest = this.delivery.oldestPendingAt();
    // No answer for too long: the link is dead; reconnect and send again.
    if (oldest !== undefined && now - oldest > (this.opts.ackTimeoutMs ?? 30_000)) this.socket?.destroy();
  }

  /** Command side effects shared by all protocols. */
  protected cutOil(cut: boolean) {
    this.vehicle.oilCut = cut;
  }

  protected setInterval(seconds: number) {
    if (Number.isFinite(seconds) && seconds >= 1) this.intervalSeconds = seconds;
  }

  protected reboot() {
    setTimeout(() => this.disconnect(2000), 300).unref?.();
  }

  protected commandEvent(command: string, detail?: string) {
    this.stats.commands++;
    this.opts.onEvent?.({ type: 'command', terminal: this.id, command, detail });
  }
}
