import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { DecodeContext, DeviceMessage, Framer, ProtocolCodec } from '@chelian/protocols/model.ts';
import { Jt808SubpackageAssembler } from '@chelian/protocols/jt808/subpackage.ts';
import type { Db } from '../db/types.ts';
import type { Bus } from '../bus/bus.ts';
import { identifierKey } from '../modules/terminals/identifiers.ts';
import type { CommandDispatcher } from './commandDispatcher.ts';
import type { NewAlarm, StoredPosition } from './ingest.queries.ts';
import type { IngestBatcher, IngestEntry } from './ingestBatcher.ts';
import { publishAlarm, publishPosition } from './liveEvents.ts';
import type { PresenceTracker } from './presence.ts';
import { toStoredPosition } from './positionRows.ts';
import { alarmEdges, resolveTerminal, type TerminalInfo } from './terminalDirectory.ts';

export interface SessionDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  batcher: IngestBatcher;
  presence: PresenceTracker;
  commands: CommandDispatcher;
  /** The session holding each terminal (by row id) in this process. */
  sessions: Map<number, TerminalSession>;
  stats: GatewayStats;
  /** A connection silent this long is closed, identified or not (idle sockets cost memory). */
  idleTimeoutMs: number;
}

export interface GatewayStats {
  connections: number;
  frames: number;
  badFrames: number;
  positions: number;
  closedForAbuse: number;
}

/** Frames decoded but not yet handled; past this the socket stops reading (TCP pushes back). */
const MAX_QUEUED_FRAMES = 256;
/** Entries waiting for storage; past this the connection waits for its acknowledgements. */
const MAX_IN_FLIGHT = 64;
/** Undecodable frames in a row before the connection is judged not a terminal. */
const MAX_BAD_FRAMES = 20;
/** Terminal identifiers are digits: JT/T 808 phone (12/20), IMEI (15), some H02 ids (10). */
const PLAUSIBLE_ID = /^\d{5,20}$/;
/** Frames handled before yielding to the event loop, so one busy connection cannot hog it. */
const FRAMES_PER_TURN = 32;

/**
 * One terminal connection: frames in, decoded in order; positions and alarms handed to the
 * batcher; each reply written only after what it acknowledges is stored, and in order.
 */
export class TerminalSession {
  terminal: TerminalInfo | null = null;
  /** The identifier as this terminal writes it on the wire (commands must use the same form). */
  wireId = '';
  private readonly framer: Framer;
  private readonly decodeCtx: DecodeContext;
  private readonly queue: Buffer[] = [];
  private running = false;
  private acks: Promise<void> = Promise.resolve();
  private inFlight = 0;
  private serial = 0;
  private badFrames = 0;
  private activeAlarms = new Set<string>();
  private lastFix: { lat: number; lon: number; speed: number } | null = null;
  private lastPublishedTime = -Infinity;
  private closed = false;
  readonly close = () => this.shutdown();

  constructor(
    private readonly socket: Socket,
    readonly codec: ProtocolCodec,
    private readonly deps: SessionDeps,
  ) {
    this.framer = codec.createFramer();
    this.decodeCtx = { nextSerial: () => this.nextSerial(), subpackages: codec.name === 'jt808' ? new Jt808SubpackageAssembler() : undefined };
    deps.stats.connections++;
    socket.setNoDelay(true);
    socket.setTimeout(deps.idleTimeoutMs, () => this.shutdown());
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('close', () => this.onClose());
    socket.on('error', () => {}); // 'close' follows; a reset by the terminal is not our error
  }

  nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  write(frame: Buffer) {
    if (!this.closed && this.socket.writable) this.socket.write(frame);
  }

  private onData(chunk: Buffer) {
    if (this.closed) return;
    const out = this.framer.push(chunk);
    this.queue.push(...out.frames);
    if (out.error) {
      // Oversized or endless frames: this connection is beyond repair; the others never notice.
      this.deps.stats.closedForAbuse++;
      this.deps.log.warn({ terminal: this.wireId, code: out.error.code, detail: out.error.detail }, '终端数据帧异常，断开连接');
      return this.shutdown();
    }
    if (this.queue.length > MAX_QUEUED_FRAMES) this.socket.pause();
    void this.pump();
  }

  private async pump() {
    if (this.running) return;
    this.running = true;
    try {
      let handled = 0;
      while (this.queue.length && !this.closed) {
        await this.handleFrame(this.queue.shift()!);
        if (++handled % FRAMES_PER_TURN === 0) await new Promise((r) => setImmediate(r));
        if (this.socket.isPaused() && this.queue.length < MAX_QUEUED_FRAMES / 2) this.socket.resume();
      }
    } catch (err) {
      this.deps.log.error({ err, terminal: this.wireId }, '终端会话处理失败');
      this.shutdown();
    } finally {
      this.running = false;
    }
  }

  private async handleFrame(frame: Buffer) {
    this.deps.stats.frames++;
    // The decoders are pure: the clock comes from here (untimed frames, H02/GT06 time replies,
    // sub-package ageing).
    this.decodeCtx.now = Date.now();
    const result = this.codec.decode(frame, this.decodeCtx);
    if (!result.ok) {
      this.deps.stats.badFrames++;
      if (++this.badFrames >= MAX_BAD_FRAMES) {
        this.deps.stats.closedForAbuse++;
        this.shutdown();
      }
      return;
    }
    this.badFrames = 0;
    for (const message of result.value.messages) {
      if (this.closed) return;
      await this.handleMessage(message);
    }
  }

  private async handleMessage(msg: DeviceMessage) {
    if (msg.terminalId && !PLAUSIBLE_ID.test(msg.terminalId)) {
      // Not a phone number or IMEI: nothing we could record it as, and no real terminal sends it.
      this.deps.stats.closedForAbuse++;
      return this.shutdown();
    }
    if (msg.terminalId && (!this.terminal || identifierKey(msg.terminalId) !== this.terminal.key)) await this.identify(msg.terminalId);
    const terminal = this.terminal;
    if (!terminal || this.closed) return; // e.g. GT06 data before its login: nobody to attribute it to
    this.deps.presence.touch(terminal.pk);
    if (msg.commandReply) void this.deps.commands.onReply(terminal.pk, msg.commandReply);

    const entry = this.entryFor(terminal, msg);
    const stored = entry ? this.deps.batcher.add(entry) : null;
    if (stored) this.inFlight++;
    const reply = msg.reply;
    this.acks = this.acks.then(async () => {
      if (stored) {
        try {
          this.published(terminal, entry!, await stored);
        } catch {
          return; // not stored, so not acknowledged: the terminal sends it again
        } finally {
          this.inFlight--;
        }
      }
      if (reply) this.write(reply);
    });
    if (this.inFlight >= MAX_IN_FLIGHT) await this.acks;
  }

  private async identify(wireId: string) {
    const info = await resolveTerminal(this.deps.db, this.codec.name, wireId);
    if (this.closed) return;
    if (!info.enabled) {
      this.deps.log.info({ terminal: wireId }, '设备已停用，拒绝连接');
      return this.shutdown();
    }
    if (this.terminal) this.forget();
    this.terminal = info;
    this.wireId = wireId;
    this.decodeCtx.terminalId = wireId;
    this.activeAlarms = new Set(info.lastAlarms);
    this.deps.sessions.set(info.pk, this);
    await this.deps.presence.arrive(info, this.codec.name, this.close);
    void this.deps.commands.deliverQueued(this);
  }

  /** An operator changed the terminal (owner, vehicle, enabled): later news carries the new labels. */
  async refresh() {
    if (!this.terminal || this.closed) return;
    const info = await resolveTerminal(this.deps.db, this.codec.name, this.wireId);
    if (!info.enabled) return this.shutdown();
    this.terminal = info;
    this.deps.presence.update(info);
  }

  private entryFor(t: TerminalInfo, msg: DeviceMessage): IngestEntry | null {
    const now = Date.now();
    const positions: StoredPosition[] = [];
    for (const p of msg.positions ?? []) {
      const row = toStoredPosition(p, t.pk, now);
      if (row) positions.push(row);
    }
    positions.sort((a, b) => a.gpsTime - b.gpsTime);
    const alarms: NewAlarm[] = [];
    const isEvent = msg.kind === 'alarm';
    for (const p of positions) {
      const edges = alarmEdges(this.activeAlarms, p.alarms, isEvent);
      this.activeAlarms = edges.active;
      for (const type of edges.raised) alarms.push(this.alarm(t, type, p.gpsTime, p));
      if (p.valid || p.lat !== 0 || p.lon !== 0) this.lastFix = { lat: p.lat, lon: p.lon, speed: p.speed };
    }
    const statusAlarms = msg.status?.alarms ?? [];
    if (positions.length === 0 && statusAlarms.length) {
      // An alarm without a fix of its own happened where the terminal last was.
      const edges = alarmEdges(this.activeAlarms, statusAlarms, isEvent);
      this.activeAlarms = edges.active;
      for (const type of edges.raised) alarms.push(this.alarm(t, type, now, this.lastFix));
    }
    this.deps.stats.positions += positions.length;
    return positions.length || alarms.length ? { positions, alarms } : null;
  }

  private alarm(t: TerminalInfo, type: string, time: number, at: { lat: number; lon: number; speed: number } | null): NewAlarm {
    return { terminalPk: t.pk, accountId: t.accountId, vehicleId: t.vehicleId, type, alarmTime: time, lat: at?.lat ?? null, lon: at?.lon ?? null, speed: at?.speed ?? null };
  }

  /** Live news once stored: the newest position (a blind-spot upload of old points does not move the marker back) and each alarm. */
  private published(t: TerminalInfo, entry: IngestEntry, alarmIds: number[]) {
    const newest = entry.positions[entry.positions.length - 1];
    if (newest && newest.gpsTime >= this.lastPublishedTime) {
      this.lastPublishedTime = newest.gpsTime;
      publishPosition(this.deps.bus, this.terminal ?? t, newest);
    }
    entry.alarms.forEach((a, i) => publishAlarm(this.deps.bus, this.terminal ?? t, alarmIds[i], a));
  }

  private forget() {
    if (!this.terminal) return;
    if (this.deps.sessions.get(this.terminal.pk) === this) this.deps.sessions.delete(this.terminal.pk);
    this.deps.presence.leave(this.terminal.pk, this.close);
  }

  private shutdown() {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.socket.destroy();
  }

  private onClose() {
    this.closed = true;
    this.queue.length = 0;
    this.forget();
    this.framer.reset();
    this.deps.stats.connections--;
  }
}
